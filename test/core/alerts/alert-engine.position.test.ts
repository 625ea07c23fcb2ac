import { describe, expect, it } from 'vitest'
import { evaluateAlerts, type AlertStates } from '../../../src/main/core/alerts/alert-engine'
import type { Alert, AlertFiring } from '../../../src/shared/alerts'
import type { ValuedPosition } from '../../../src/shared/holdings'
import { makeAlert, quote, SYMBOL, T0 } from './alert-fixtures'

/**
 * Alerts on a position: its value crosses a level, its unrealized P&L % crosses a threshold, on
 * main's positions (the ledger valued at the same quotes). Fixed market time: a Tuesday,
 * 2026-01-13 10:00 ET (T0), one observation every 5 s.
 */

function position(value: string | null, unrealizedPct: string | null, fields: Partial<ValuedPosition> = {}) {
  return { symbol: SYMBOL, quantity: '10', value, unrealizedPct, stale: false, ...fields } as ValuedPosition
}

/** Feeds positions one by one through the engine with a live quote, and collects the firings. */
function runPositions(alert: Alert, positions: readonly (ValuedPosition | undefined)[]) {
  const fired: AlertFiring[] = []
  let states: AlertStates = {}
  positions.forEach((held, i) => {
    const held$ = new Map(held ? [[SYMBOL, held]] : [])
    const result = evaluateAlerts(
      [alert],
      states,
      new Map([[SYMBOL, quote({ price: '1' })]]),
      T0 + i * 5_000,
      { positionsBySymbol: held$ },
    )
    fired.push(...result.fired)
    states = result.states
  })
  return fired
}

describe('position alerts', () => {
  it('fires when the value crosses above its level, once, and again only after re-arming', () => {
    const alert = makeAlert({ kind: 'value-above', level: '10000', rearmBand: '1' })
    const values = ['9800', '10000.5', '10200', '9950', '9890', '10010']
    const fired = runPositions(
      alert,
      values.map((value) => position(value, '5')),
    )
    expect(fired.map((firing) => firing.value)).toEqual(['10000.5', '10010'])
    expect(fired[0]?.message).toBe('AAPLon position value crossed above 10000 at 10000.50')
  })

  it('fires when the value falls below its level', () => {
    const alert = makeAlert({ kind: 'value-below', level: '5000' })
    const fired = runPositions(
      alert,
      ['5200', '4999.99'].map((value) => position(value, '0')),
    )
    expect(fired.map((firing) => [firing.value, firing.message])).toEqual([
      ['4999.99', 'AAPLon position value crossed below 5000 at 4999.99'],
    ])
  })

  it('fires on unrealized P&L % in the chosen direction: a loss of 10 % or more', () => {
    const alert = makeAlert({ kind: 'pnl-pct', thresholdPct: '10', direction: 'down', rearmBand: '1' })
    const pcts = ['12', '-9.5', '-10', '-15', '-8.9', '-10.2']
    const fired = runPositions(
      alert,
      pcts.map((pct) => position('1', pct)),
    )
    expect(fired.map((firing) => firing.value)).toEqual(['-10', '-10.2'])
    expect(fired[0]?.message).toBe('AAPLon unrealized P&L reached -10.00% of cost (alert at -10%)')
  })

  it('never fires on a figure it cannot trust: not held, no price, or a stale price', () => {
    const alert = makeAlert({ kind: 'value-above', level: '100' })
    const fired = runPositions(alert, [
      position('50', '0'),
      undefined,
      position(null, null),
      position('150', '0', { stale: true }),
      position('150', '0', { quantity: '0' }),
    ])
    expect(fired).toEqual([])
  })

  it('takes a P&L % without a price as no observation: the loss after it still fires', () => {
    const alert = makeAlert({ kind: 'pnl-pct', thresholdPct: '10', direction: 'down' })
    const fired = runPositions(alert, [position('1', '-4.5'), position(null, null), position('1', '-12.3')])
    expect(fired.map((firing) => firing.value)).toEqual(['-12.3'])
  })
})
