import { describe, expect, it } from 'vitest'
import { evaluateAlerts, nextAlertCheckAt } from '../../../src/main/core/alerts/alert-engine'
import { makeAlert, quote, run, series, SYMBOL, T0 } from './alert-fixtures'

/** 24h change %, premium to fair value and stale-data alerts. */

const MINUTE = 60_000

function firedValues(...args: Parameters<typeof run>): Array<string | null> {
  return run(...args).fired.map((firing) => firing.value)
}

describe('24h change alerts', () => {
  it('up: fires at or above +X, re-arms X minus the band (in points) below it', () => {
    const alert = makeAlert({ kind: 'change-pct', thresholdPct: '5', direction: 'up', rearmBand: '0.25' })
    const values = ['4', '5.1', '4.9', '5.2', '4.74', '5', '-7']
    expect(firedValues([alert], series('changePct24h', values))).toEqual(['5.1', '5'])
  })

  it('down: fires at or below -X and ignores rises', () => {
    const alert = makeAlert({ kind: 'change-pct', thresholdPct: '5', direction: 'down' })
    const values = ['-4', '6', '-5', '-4.8', '-6', '-4.7', '-5.000000000000000001']
    expect(firedValues([alert], series('changePct24h', values))).toEqual(['-5', '-5.000000000000000001'])
  })

  it('either: fires beyond ±X in both directions', () => {
    const alert = makeAlert({ kind: 'change-pct', thresholdPct: '5', direction: 'either' })
    const { fired } = run([alert], series('changePct24h', ['1', '5.5', '0', '-5.5']))
    expect(fired.map((firing) => firing.message)).toEqual([
      'AAPLon 24h change reached +5.5% (alert at ±5%)',
      'AAPLon 24h change reached -5.5% (alert at ±5%)',
    ])
  })
})

describe('premium and discount alerts', () => {
  it('up fires on a premium, down on a discount, either on both, with the words to match', () => {
    const values = ['0.5', '2.25', '0', '-2.5']
    const messages = (direction: 'up' | 'down' | 'either') =>
      run(
        [makeAlert({ kind: 'premium-pct', thresholdPct: '2', direction })],
        series('premiumPct', values),
      ).fired.map((firing) => firing.message)
    const premium = 'AAPLon trades at a 2.25% premium to fair value'
    const discount = 'AAPLon trades at a 2.5% discount to fair value'
    expect(messages('up')).toEqual([`${premium} (alert at +2%)`])
    expect(messages('down')).toEqual([`${discount} (alert at -2%)`])
    expect(messages('either')).toEqual([`${premium} (alert at ±2%)`, `${discount} (alert at ±2%)`])
  })

  it('does nothing while fair value is unknown', () => {
    const alert = makeAlert({ kind: 'premium-pct', thresholdPct: '1', direction: 'either' })
    expect(firedValues([alert], series('premiumPct', ['0']))).toEqual([])
    const unknown = evaluateAlerts([alert], {}, new Map([[SYMBOL, quote({ premiumPct: null })]]), T0)
    expect(unknown.states.a1?.beyond).toBeNull()
  })
})

describe('stale data alerts', () => {
  const alert = makeAlert({ kind: 'stale', minutes: 10 }, { cooldownMs: 0 })
  const at = (minutes: number, stale: boolean, priceMinute = 0) => ({
    at: T0 + minutes * MINUTE,
    asset: quote({ price: '1', priceTimestamp: T0 + priceMinute * MINUTE, stale }),
  })

  it('fires once when stale data passes the limit, and again only after fresh data came back', () => {
    const steps = [
      at(1, false),
      at(5, true), // stale, but only 5 minutes old
      at(10, true), // 10 minutes: fires
      at(30, true),
      at(31, false, 31), // fresh again: re-arms
      at(35, true, 31),
      at(41, true, 31), // 10 minutes after the last price: fires again
    ]
    const { fired } = run([alert], steps)
    expect(fired.map((firing) => [firing.at - T0, firing.value, firing.message])).toEqual([
      [10 * MINUTE, '10', 'AAPLon data is stale: no new price for 10 minutes (alert after 10)'],
      [41 * MINUTE, '10', 'AAPLon data is stale: no new price for 10 minutes (alert after 10)'],
    ])
  })

  it('stays quiet while the data stays stale after firing', () => {
    const steps = [at(1, false), at(10, true), at(20, true), at(30, true), at(40, true)]
    expect(run([alert], steps).fired.map((firing) => firing.at - T0)).toEqual([10 * MINUTE])
    // A newer price the feed still calls stale is not data back: only fresh data re-arms.
    const stillStale = [
      at(1, false),
      at(10, true),
      at(12, true, 11),
      at(21, true, 11),
      at(22, false, 22),
      at(32, true, 22),
    ]
    expect(run([alert], stillStale).fired.map((firing) => firing.at - T0)).toEqual([10 * MINUTE, 32 * MINUTE])
  })

  it('needs the feed to call the data stale: an old price that is still current does not fire', () => {
    expect(run([alert], [at(1, false), at(60, false)]).fired).toEqual([])
  })

  it('takes a stale quote that never had a price as no observation', () => {
    const neverPriced = {
      at: T0 + 20 * MINUTE,
      asset: quote({ price: null, priceTimestamp: null, stale: true }),
    }
    const { fired, states } = run([alert], [at(1, false), neverPriced])
    expect(fired).toEqual([])
    expect(states.a1?.beyond).toBe(false)
  })

  it('asks to be checked again when stale data will pass the limit, and not while data is fresh', () => {
    const quotes = (stale: boolean) => new Map([[SYMBOL, quote({ priceTimestamp: T0, stale })]])
    expect(nextAlertCheckAt([alert], quotes(true), T0 + 3 * MINUTE)).toBe(T0 + 10 * MINUTE)
    expect(nextAlertCheckAt([alert], quotes(true), T0 + 11 * MINUTE)).toBeNull()
    expect(nextAlertCheckAt([alert], quotes(false), T0 + 3 * MINUTE)).toBeNull()
    expect(nextAlertCheckAt([{ ...alert, enabled: false }], quotes(true), T0)).toBeNull()
    // No quote of the symbol at all: nothing to time.
    expect(nextAlertCheckAt([alert], new Map(), T0 + 3 * MINUTE)).toBeNull()
    // Due this very moment: the evaluation running now handles it; no timer for the past.
    expect(nextAlertCheckAt([alert], quotes(true), T0 + 10 * MINUTE)).toBeNull()
  })

  it('asks for the earliest of several time-driven checks, in any order', () => {
    const quotes = new Map([[SYMBOL, quote({ priceTimestamp: T0, stale: true })]])
    const sooner = makeAlert({ kind: 'stale', minutes: 5 }, { id: 'a2' })
    const later = makeAlert({ kind: 'stale', minutes: 20 }, { id: 'a3' })
    expect(nextAlertCheckAt([alert, sooner, later], quotes, T0 + MINUTE)).toBe(T0 + 5 * MINUTE)
    expect(nextAlertCheckAt([later, alert, sooner], quotes, T0 + MINUTE)).toBe(T0 + 5 * MINUTE)
    expect(nextAlertCheckAt([sooner, later], quotes, T0 + 6 * MINUTE)).toBe(T0 + 20 * MINUTE)
  })
})
