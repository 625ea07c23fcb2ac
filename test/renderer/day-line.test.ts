import { describe, expect, it } from 'vitest'
import { dayLine } from '../../src/renderer/chart/day-line'
import { applyDayCandles, type DayCandlesView } from '../../src/shared/day-candles'

/** What the 1D chart draws: the streamed minutes where the minute stream serves, else the polled history. */

const T = Date.UTC(2026, 10, 17, 16, 30, 0)
const minute = (i: number, close: string) => ({
  t: T + i * 60_000,
  open: '100.10',
  high: '120.20',
  low: '100.10',
  close,
})
const view = (fields: Partial<DayCandlesView>): DayCandlesView => ({
  symbol: 'AAPLon',
  state: 'streaming',
  reason: null,
  closed: [minute(0, '100.10'), minute(1, '100.12')],
  live: minute(2, '100.15'),
  streamedAt: T + 150_000,
  filledAt: T + 120_000,
  ...fields,
})
const history = [
  { t: T - 900_000, price: '99.95' },
  { t: T, price: '100.10' },
]

describe('dayLine', () => {
  it('draws each minute at its close, the live one last, while the minutes stream', () => {
    expect(dayLine(applyDayCandles(null, view({})), history)).toEqual({
      source: 'minutes',
      points: [
        { t: T, price: '100.10' },
        { t: T + 60_000, price: '100.12' },
        { t: T + 120_000, price: '100.15' },
      ],
    })
  })

  it('keeps the closed minutes a view leaves out (null), and forgets them for another symbol', () => {
    const held = applyDayCandles(null, view({}))
    const next = applyDayCandles(held, view({ closed: null, live: minute(2, '100.16') }))
    expect(dayLine(next, history).points.map((point) => point.price)).toEqual(['100.10', '100.12', '100.16'])
    const other = applyDayCandles(next, view({ symbol: 'MSFTon', closed: null, live: minute(2, '420.50') }))
    expect(other.closed).toEqual([])
  })

  it('draws the polled history where the minutes are not streamed, or fewer than two have come', () => {
    for (const state of ['off', 'unavailable'] as const)
      expect(dayLine(applyDayCandles(null, view({ state })), history)).toEqual({
        source: 'history',
        points: history,
      })
    expect(dayLine(applyDayCandles(null, view({ closed: [] })), history).source).toBe('history')
    expect(dayLine(null, history).source).toBe('history')
  })
})
