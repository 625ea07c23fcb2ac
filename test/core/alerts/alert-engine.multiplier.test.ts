import { describe, expect, it } from 'vitest'
import { nextAlertCheckAt } from '../../../src/main/core/alerts/alert-engine'
import { checkAlertInput } from '../../../src/shared/alerts'
import { describeAlert } from '../../../src/shared/alert-text'
import { makeAlert, quote, run, SYMBOL, T0, type Step } from './alert-fixtures'

/** "Shares multiplier changed": a split steps the multiplier, a reinvested dividend nudges it. */

const MINUTE = 60_000

/** One live observation per multiplier, a minute apart. */
function multipliers(values: readonly (string | null)[], stale = false): Step[] {
  return values.map((sharesMultiplier, i) => ({
    at: T0 + i * MINUTE,
    asset: quote({ sharesMultiplier, stale, price: '100', priceTimestamp: T0 + i * MINUTE }),
  }))
}

describe('shares multiplier alerts', () => {
  const alert = makeAlert({ kind: 'multiplier-change' })

  it('fires on a 10-for-1 split, with the step and the new multiplier', () => {
    const { fired } = run([alert], multipliers(['1.0011', '1.0011', '10.011', '10.011']))
    expect(fired).toHaveLength(1)
    expect(fired[0]).toMatchObject({
      kind: 'multiplier-change',
      value: '10.011',
      at: T0 + 2 * MINUTE,
      message: 'AAPLon shares multiplier changed from 1.0011 to 10.011 (x10)',
    })
  })

  it('fires on a dividend nudging a multiplier below 1, and on each later change', () => {
    const { fired } = run([alert], multipliers(['0.4812', '0.4819', '0.4819', '0.4826']))
    expect(fired.map((firing) => firing.message)).toEqual([
      'AAPLon shares multiplier changed from 0.4812 to 0.4819 (x1.00145)',
      'AAPLon shares multiplier changed from 0.4819 to 0.4826 (x1.00145)',
    ])
  })

  it('fires on a multiplier leaving zero, with no step to give', () => {
    const { fired } = run([alert], multipliers(['0', '1']))
    expect(fired.map((firing) => firing.message)).toEqual(['AAPLon shares multiplier changed from 0 to 1'])
  })

  it('never fires on the first value, nor when only the digits are written differently', () => {
    expect(run([alert], multipliers(['10', '10.0', '10.000000'])).fired).toEqual([])
  })

  it('takes no stale or missing value as an observation: a change across an outage fires once', () => {
    const steps = [
      ...multipliers(['1.0011']),
      ...multipliers([null]).map((step) => ({ ...step, at: T0 + MINUTE })),
      ...multipliers(['10.011'], true).map((step) => ({ ...step, at: T0 + 2 * MINUTE })),
      ...multipliers(['10.011']).map((step) => ({ ...step, at: T0 + 3 * MINUTE })),
    ]
    const { fired } = run([alert], steps)
    expect(fired.map((firing) => [firing.at, firing.value])).toEqual([[T0 + 3 * MINUTE, '10.011']])
  })

  it('keeps to its cooldown, and remembers the new value either way', () => {
    const cooling = makeAlert({ kind: 'multiplier-change' }, { cooldownMs: 10 * MINUTE })
    const { fired } = run([cooling], multipliers(['1', '2', '3', '3']))
    expect(fired.map((firing) => firing.value)).toEqual(['2'])
  })

  it('is a valid alert with nothing to set, reads in plain words, and needs no timer', () => {
    expect(checkAlertInput({ symbol: SYMBOL, condition: { kind: 'multiplier-change' } }).ok).toBe(true)
    expect(checkAlertInput({ symbol: SYMBOL, condition: { kind: 'multiplier-change', level: '1' } }).ok).toBe(
      false,
    )
    expect(describeAlert(alert)).toBe('AAPLon shares multiplier changes (a split or a reinvested dividend)')
    expect(nextAlertCheckAt([alert], new Map([[SYMBOL, quote({ sharesMultiplier: '1' })]]), T0)).toBeNull()
  })
})
