import DecimalJs from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { type AlertStates, evaluateAlerts } from '../../../src/main/core/alerts/alert-engine'
import {
  type DepthKnown,
  depthAlertSymbols,
  idleDepthAlerts,
} from '../../../src/main/core/alerts/depth-alerts'
import type { Alert, AlertConditionInput, AlertFiring } from '../../../src/shared/alerts'
import type { DepthLadder, DepthLevel } from '../../../src/shared/depth'
import { ladder, level, makeAlert, tight, wide } from './alert-fixtures'

/**
 * The depth alerts on the held depth stream's ladders, at fixed market times: a spread widening on a
 * regular Tuesday and overnight, a ladder with an error (market closed on a weekend, a paused asset)
 * that never fires, liquidity on the best levels against a decimal sum computed here.
 */

const Decimal = DecimalJs.clone({ precision: 80 })
const TUESDAY_11 = Date.parse('2026-11-17T11:00:00-05:00')
const TUESDAY_OVERNIGHT = Date.parse('2026-11-17T22:30:00-05:00')
const SATURDAY = Date.parse('2026-11-21T12:00:00-05:00')
const MINUTE = 60_000

function streaming(...ladders: DepthLadder[]): DepthKnown {
  return {
    state: 'streaming',
    reason: null,
    ladders: new Map(ladders.map((one) => [one.symbol, { ladder: one, receivedAt: 0 }])),
  }
}

/** Each ladder observed at its time, in turn, as AlertCenter does; the firings collected. */
function run(alerts: readonly Alert[], steps: readonly { at: number; depth: DepthKnown }[]) {
  const fired: AlertFiring[] = []
  let states: AlertStates = {}
  for (const step of steps) {
    const result = evaluateAlerts(alerts, states, new Map(), step.at, { depth: step.depth })
    fired.push(...result.fired)
    states = result.states
  }
  return fired
}

const spreadAlert = (thresholdBp: string, cooldownMs = 5 * MINUTE) =>
  makeAlert({ kind: 'spread-bp', thresholdBp }, { cooldownMs })

/** The spread in bp of the mid, computed here apart from the engine. */
const spreadBp = (bid: string, ask: string) =>
  new Decimal(ask).minus(bid).dividedBy(new Decimal(ask).plus(bid).dividedBy(2)).times(10_000)

describe('spread alerts', () => {
  it('a regular Tuesday: fires once when the spread widens past 25 bp, once per cooldown', () => {
    expect(spreadBp('100.10', '100.37').gt(25)).toBe(true)
    expect(spreadBp('100.10', '100.20').gt(25)).toBe(false)
    const alert = spreadAlert('25')
    const fired = run(
      [alert],
      [
        { at: TUESDAY_11, depth: streaming(tight) },
        { at: TUESDAY_11 + 1_000, depth: streaming(wide) },
        // Still wide: the same widening, no news.
        { at: TUESDAY_11 + 2_000, depth: streaming(wide) },
        // Back and wide again within the cooldown: dropped.
        { at: TUESDAY_11 + 3_000, depth: streaming(tight) },
        { at: TUESDAY_11 + 4_000, depth: streaming(wide) },
        // Back and wide again after the cooldown: fires.
        { at: TUESDAY_11 + 6 * MINUTE, depth: streaming(tight) },
        { at: TUESDAY_11 + 6 * MINUTE + 1_000, depth: streaming(wide) },
      ],
    )
    expect(fired.map((firing) => firing.at)).toEqual([TUESDAY_11 + 1_000, TUESDAY_11 + 6 * MINUTE + 1_000])
    expect(fired[0]?.kind).toBe('spread-bp')
    expect(fired[0]?.value).toBe(spreadBp('100.10', '100.37').toFixed(2))
    expect(fired[0]?.message).toBe(
      'AAPLon depth spread 26.94 bp of the mid (bid 100.10, ask 100.37), alert above 25 bp',
    )
  })

  it('exactly at the threshold is not wider than it (compared exactly, no division)', () => {
    // 99.875 / 100.125: 0.25 over a mid of 100 is exactly 25 bp.
    expect(spreadBp('99.875', '100.125').toFixed()).toBe('25')
    const alert = spreadAlert('25')
    const at = ladder([level('99.875', '5')], [level('100.125', '5')])
    const past = ladder([level('99.875', '5')], [level('100.126', '5')])
    expect(
      run(
        [alert],
        [
          { at: TUESDAY_11, depth: streaming(tight) },
          { at: TUESDAY_11 + 1_000, depth: streaming(at) },
        ],
      ),
    ).toEqual([])
    expect(
      run(
        [alert],
        [
          { at: TUESDAY_11, depth: streaming(tight) },
          { at: TUESDAY_11 + 1_000, depth: streaming(past) },
        ],
      ),
    ).toHaveLength(1)
  })

  it('overnight: the ladder widening into the night fires', () => {
    const night = { session: 'overnight', knownSession: 'overnight' as const }
    const fired = run(
      [spreadAlert('25')],
      [
        { at: TUESDAY_OVERNIGHT, depth: streaming(ladder(tight.bids, tight.asks, night)) },
        { at: TUESDAY_OVERNIGHT + 1_000, depth: streaming(ladder(wide.bids, wide.asks, night)) },
      ],
    )
    expect(fired).toHaveLength(1)
  })

  it('a ladder with an error never fires, even with wide levels beside it, and the alert says why', () => {
    const closed = ladder(wide.bids, wide.asks, { error: 'MARKET_CLOSED: weekend' })
    const paused = ladder(wide.bids, wide.asks, { error: 'ASSET_PAUSED: stock split' })
    const alert = spreadAlert('25')
    const fired = run(
      [alert],
      [
        { at: SATURDAY, depth: streaming(tight) },
        { at: SATURDAY + 1_000, depth: streaming(closed) },
        { at: SATURDAY + 2_000, depth: streaming(paused) },
      ],
    )
    expect(fired).toEqual([])
    expect(idleDepthAlerts([alert], streaming(closed))).toEqual({ a1: 'no depth: market closed' })
    expect(idleDepthAlerts([alert], streaming(paused))).toEqual({ a1: 'no depth: paused for a stock split' })
    expect(idleDepthAlerts([alert], streaming(wide))).toEqual({})
    expect(idleDepthAlerts([alert], { state: 'unavailable', reason: 'x', ladders: new Map() })).toEqual({
      a1: 'this service publishes no depth',
    })
  })

  it('a crossed ladder is no observation', () => {
    const crossed = ladder([level('100.40', '3')], [level('100.10', '3')], { crossed: true })
    expect(
      run(
        [spreadAlert('25')],
        [
          { at: TUESDAY_11, depth: streaming(tight) },
          { at: TUESDAY_11 + 1_000, depth: streaming(crossed) },
        ],
      ),
    ).toEqual([])
  })
  it('a ladder with one side empty is no observation: the widening after it still fires', () => {
    const fired = run(
      [spreadAlert('25')],
      [
        { at: TUESDAY_11, depth: streaming(tight) },
        // The asks emptied for a moment: no spread to read, and the alert keeps its state.
        { at: TUESDAY_11 + 1_000, depth: streaming(ladder(tight.bids, [])) },
        { at: TUESDAY_11 + 2_000, depth: streaming(ladder([], wide.asks)) },
        { at: TUESDAY_11 + 3_000, depth: streaming(wide) },
      ],
    )
    expect(fired.map((firing) => firing.at)).toEqual([TUESDAY_11 + 3_000])
  })

  it('says why each enabled depth alert is idle: not streaming, no ladder yet, a crossed ladder', () => {
    const alerts = [
      spreadAlert('25'),
      makeAlert({ kind: 'spread-bp', thresholdBp: '12.5' }, { id: 'a2', symbol: 'NVDAon' }),
      makeAlert({ kind: 'spread-bp', thresholdBp: '12.5' }, { id: 'a3', symbol: 'TSLAon', enabled: false }),
      makeAlert({ kind: 'price-above', level: '120.20' }, { id: 'a4', symbol: 'MSFTon' }),
    ]
    const crossed = ladder([level('100.40', '3')], [level('100.10', '3')], { crossed: true })
    expect(idleDepthAlerts(alerts, streaming(crossed))).toEqual({
      a1: 'no depth: the ladder is crossed',
      a2: 'no depth yet',
    })
    expect(
      idleDepthAlerts(alerts, {
        state: 'retrying',
        reason: 'the service did not answer',
        ladders: new Map(),
      }),
    ).toEqual({
      a1: 'no depth: the service did not answer',
      a2: 'no depth: the service did not answer',
    })
    expect(idleDepthAlerts(alerts, { state: 'connecting', reason: null, ladders: new Map() })).toEqual({
      a1: 'no depth: not streaming',
      a2: 'no depth: not streaming',
    })
  })
})

describe('liquidity alerts', () => {
  const bids = [level('100.10', '1.25'), level('100.05', '0.75'), level('99.98', '2.5'), level('99.90', '9')]
  const deep = ladder([level('100.10', '4'), ...bids.slice(1)], [level('100.37', '6')])
  const thin = ladder(bids, [level('100.37', '6')])

  function sumOf(levels: readonly DepthLevel[], count: number, unit: 'tokens' | 'dollars') {
    return levels
      .slice(0, count)
      .reduce(
        (sum, one) => sum.plus(unit === 'tokens' ? one.quantity : new Decimal(one.price).times(one.quantity)),
        new Decimal(0),
      )
  }

  const liquidity = (condition: Partial<Extract<AlertConditionInput, { kind: 'depth-below' }>>) =>
    makeAlert({ kind: 'depth-below', side: 'bids', levels: 3, size: '5', unit: 'tokens', ...condition })

  it('a weekend, an off-hours token: tokens on the best 3 bids fall below 5, counted as summed here', () => {
    const offhours = { session: 'offhours', knownSession: 'offhours' as const }
    const fired = run(
      [liquidity({})],
      [
        { at: SATURDAY, depth: streaming(ladder(deep.bids, deep.asks, offhours)) },
        { at: SATURDAY + 1_000, depth: streaming(ladder(thin.bids, thin.asks, offhours)) },
      ],
    )
    expect(sumOf(deep.bids, 3, 'tokens').gte(5)).toBe(true)
    expect(fired).toHaveLength(1)
    expect(fired[0]?.value).toBe(sumOf(thin.bids, 3, 'tokens').toFixed())
    expect(fired[0]?.message).toBe('AAPLon depth: 4.5 tokens on the best 3 bid levels, alert under 5 tokens')
  })

  it('dollars on the best 2 levels: the exact sum of price x quantity', () => {
    const fired = run(
      [liquidity({ levels: 2, unit: 'dollars', size: '250.40' })],
      [
        { at: TUESDAY_11, depth: streaming(deep) },
        { at: TUESDAY_11 + 1_000, depth: streaming(thin) },
      ],
    )
    const expected = sumOf(thin.bids, 2, 'dollars')
    expect(sumOf(deep.bids, 2, 'dollars').gte('250.40')).toBe(true)
    expect(expected.lt('250.40')).toBe(true)
    expect(fired.map((firing) => firing.value)).toEqual([expected.toFixed()])
    expect(fired[0]?.message).toBe(
      `AAPLon depth: $${expected.toDecimalPlaces(2).toFixed(2)} on the best 2 bid levels,` +
        ' alert under $250.40',
    )
  })

  it('the ask side is summed for an asks alert; an emptied side holds none', () => {
    const fired = run(
      [liquidity({ side: 'asks', levels: 1, size: '3.5' })],
      [
        { at: TUESDAY_11, depth: streaming(deep) },
        { at: TUESDAY_11 + 1_000, depth: streaming(ladder(deep.bids, [])) },
      ],
    )
    expect(fired.map((firing) => [firing.value, firing.message])).toEqual([
      ['0', 'AAPLon depth: 0 tokens on the best ask level, alert under 3.5 tokens'],
    ])
  })

  it('the symbols streamed for depth alerts: enabled depth alerts only', () => {
    const alerts = [
      liquidity({}),
      makeAlert({ kind: 'spread-bp', thresholdBp: '25' }, { id: 'a2', symbol: 'NVDAon' }),
      makeAlert({ kind: 'spread-bp', thresholdBp: '25' }, { id: 'a3', symbol: 'TSLAon', enabled: false }),
      makeAlert({ kind: 'price-above', level: '120.20' }, { id: 'a4', symbol: 'MSFTon' }),
    ]
    expect(depthAlertSymbols(alerts)).toEqual(['AAPLon', 'NVDAon'])
    // Each symbol once, sorted, whatever the order of the alerts.
    expect(depthAlertSymbols([alerts[1] as Alert, ...alerts, alerts[1] as Alert])).toEqual([
      'AAPLon',
      'NVDAon',
    ])
  })
})
