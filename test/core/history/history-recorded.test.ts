import { describe, expect, it } from 'vitest'
import type { Candle } from '../../../src/main/core/api/wire/wire-history'
import { alignHistory, multiplierChanges } from '../../../src/main/core/history/history-align'
import { extend, recordedCandles, rollUp } from '../../../src/main/core/history/history-recorded'
import type { RecordedRow } from '../../../src/main/core/recording-port'
import { sessionStateAt } from '../../../src/shared/session-clock'

/**
 * Recorded rows made into candles, and the alignment at its edges: raw points (no bucket), the
 * multiplier step at the last millisecond of a bucket or just after it, the open bucket read at
 * `asOf`, the stock's session ending between two rows, the high and low by value, the last known
 * stock price of a bucket.
 */

const MINUTE = 60_000
const HOUR = 3_600_000
/** Monday 2026-11-16 10:00 ET. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)

const row = (
  t: number,
  close: string,
  underlying: string | null = '234.80',
  multiplier: string | null = '1.000000000000000000',
): RecordedRow => ({ t, open: close, high: close, low: close, close, underlying, multiplier })
const candle = (t: number, close: string): Candle => ({ t, open: close, high: close, low: close, close })

describe('recorded rows into candles', () => {
  it('the high and the low by value, not as text; the close the last row; a bucket per start', () => {
    const candles: Candle[] = []
    extend(candles, 0, { open: '9.50', high: '9.50', low: '9.50', close: '9.50' })
    extend(candles, 0, { open: '10.25', high: '10.25', low: '10.25', close: '10.25' })
    extend(candles, 0, { open: '9.75', high: '9.80', low: '9.05', close: '9.75' })
    extend(candles, 0, { open: '9.90', high: '9.90', low: '9.90', close: '9.90' })
    extend(candles, MINUTE, { open: '9.60', high: '9.70', low: '9.40', close: '9.65' })
    expect(candles).toEqual([
      { t: 0, open: '9.50', high: '10.25', low: '9.05', close: '9.90' },
      { t: MINUTE, open: '9.60', high: '9.70', low: '9.40', close: '9.65' },
    ])
  })

  it('rolled up, a bucket keeps its last known stock price; a bucket without one has none', () => {
    const rows = [
      row(MONDAY_10_00_ET, '235.10', '234.80'),
      row(MONDAY_10_00_ET + 10_000, '235.20', '234.90'),
      row(MONDAY_10_00_ET + 20_000, '235.30', null),
      row(MONDAY_10_00_ET + MINUTE, '235.40', null),
    ]
    expect(rollUp(rows, MINUTE)).toEqual([
      {
        t: MONDAY_10_00_ET,
        open: '235.10',
        high: '235.30',
        low: '235.10',
        close: '235.30',
        underlying: '234.90',
      },
      {
        t: MONDAY_10_00_ET + MINUTE,
        open: '235.40',
        high: '235.40',
        low: '235.40',
        close: '235.40',
        underlying: null,
      },
    ])
  })

  it('rolled up, each bucket keeps its own stock price, a bucket of one row too', () => {
    const rows = [row(MONDAY_10_00_ET, '235.10', '234.80'), row(MONDAY_10_00_ET + MINUTE, '235.45', '234.95')]
    expect(rollUp(rows, MINUTE).map((c) => [c.t - MONDAY_10_00_ET, c.close, c.underlying])).toEqual([
      [0, '235.10', '234.80'],
      [MINUTE, '235.45', '234.95'],
    ])
  })

  it('raw (interval 0): a candle per row at its own time; a multiplier step only where it changes', () => {
    const rows = [
      row(MONDAY_10_00_ET + 1_234, '235.10', '234.80', null),
      row(MONDAY_10_00_ET + 5_678, '235.20', null, '1.000000000000000000'),
      row(MONDAY_10_00_ET + 9_012, '235.30', '234.90', '1.000000000000000000'),
      row(MONDAY_10_00_ET + 13_456, '235.40', '234.90', '1.000700000000000000'),
    ]
    const candles = recordedCandles(rows, 0)
    expect(candles.token.map((c) => [c.t - MONDAY_10_00_ET, c.close])).toEqual([
      [1_234, '235.10'],
      [5_678, '235.20'],
      [9_012, '235.30'],
      [13_456, '235.40'],
    ])
    expect(candles.stock.map((c) => [c.t - MONDAY_10_00_ET, c.close])).toEqual([
      [1_234, '234.80'],
      [9_012, '234.90'],
      [13_456, '234.90'],
    ])
    expect(candles.multiplier).toEqual([
      { t: MONDAY_10_00_ET + 5_678, value: '1.000000000000000000' },
      { t: MONDAY_10_00_ET + 13_456, value: '1.000700000000000000' },
    ])
  })

  it('the stock gets no candle from the instant its last session of the week ends', () => {
    // Friday 2026-11-20, 19:00 ET: the post-market ends at 19:59 ET, then the market is closed.
    const end = sessionStateAt(Date.UTC(2026, 10, 21, 0, 0)).nextChangeAt
    expect(end).toBe(Date.UTC(2026, 10, 21, 0, 59))
    const candles = recordedCandles(
      [row(end - MINUTE, '235.10'), row(end - 1, '235.20'), row(end, '235.30'), row(end + MINUTE, '235.40')],
      0,
    )
    expect(candles.token).toHaveLength(4)
    expect(candles.stock.map((c) => c.t)).toEqual([end - MINUTE, end - 1])
  })
})

describe('the alignment at its edges', () => {
  const steps = (at: number) => [
    { t: 0, value: '1.000000000000000000' },
    { t: at, value: '2.000000000000000000' },
  ]

  it("a bucket's close is made at its last millisecond: a step then counts, one at its end does not", () => {
    const token = [candle(MONDAY_10_00_ET, '470.20')]
    const stock = [candle(MONDAY_10_00_ET, '235.10')]
    const at = (stepAt: number) =>
      alignHistory({
        token,
        stock,
        multiplier: steps(stepAt),
        intervalMs: HOUR,
        asOf: MONDAY_10_00_ET + 2 * HOUR,
      })
    expect(at(MONDAY_10_00_ET + HOUR - 1)[0]).toMatchObject({
      multiplier: '2.000000000000000000',
      premium: '0',
    })
    expect(at(MONDAY_10_00_ET + HOUR)[0]).toMatchObject({ multiplier: '1.000000000000000000', premium: '1' })
  })

  it('the open bucket closes at asOf: a step after it does not count yet', () => {
    const token = [candle(MONDAY_10_00_ET, '470.20')]
    const stock = [candle(MONDAY_10_00_ET, '235.10')]
    const points = alignHistory({
      token,
      stock,
      multiplier: steps(MONDAY_10_00_ET + 20 * MINUTE),
      intervalMs: HOUR,
      asOf: MONDAY_10_00_ET + 20 * MINUTE - 1,
    })
    expect(points[0]).toMatchObject({ multiplier: '1.000000000000000000', premium: '1' })
  })

  it('raw points close at their own time', () => {
    const points = alignHistory({
      token: [candle(MONDAY_10_00_ET, '470.20'), candle(MONDAY_10_00_ET + 5_000, '470.20')],
      stock: [candle(MONDAY_10_00_ET, '235.10')],
      multiplier: steps(MONDAY_10_00_ET + 1),
      intervalMs: 0,
      asOf: MONDAY_10_00_ET + HOUR,
    })
    expect(points.map((p) => [p.multiplier, p.premium, p.underlyingCarried])).toEqual([
      ['1.000000000000000000', '1', false],
      ['2.000000000000000000', '0', true],
    ])
  })

  it('a stock close that changes back to an earlier one gives the premium on the close in force', () => {
    const points = alignHistory({
      token: [0, 1, 2].map((i) => candle(MONDAY_10_00_ET + i * HOUR, '100.10')),
      stock: [
        candle(MONDAY_10_00_ET, '100.10'),
        candle(MONDAY_10_00_ET + HOUR, '91.00'),
        candle(MONDAY_10_00_ET + 2 * HOUR, '100.10'),
      ],
      multiplier: [{ t: 0, value: '1.000000000000000000' }],
      intervalMs: HOUR,
      asOf: MONDAY_10_00_ET + 3 * HOUR,
    })
    expect(points.map((p) => p.premium)).toEqual(['0', '0.1', '0'])
  })

  it('a multiplier change is marked from the range start on, only where the value changes', () => {
    const all = [
      { t: MONDAY_10_00_ET - 2 * HOUR, value: '1.0' },
      { t: MONDAY_10_00_ET - HOUR, value: '4.0' },
      { t: MONDAY_10_00_ET, value: '4.0' },
      { t: MONDAY_10_00_ET + HOUR, value: '4.004' },
    ]
    expect(multiplierChanges(all, MONDAY_10_00_ET - HOUR)).toEqual([
      { t: MONDAY_10_00_ET - HOUR, from: '1.0', to: '4.0' },
      { t: MONDAY_10_00_ET + HOUR, from: '4.0', to: '4.004' },
    ])
    expect(multiplierChanges(all, MONDAY_10_00_ET - HOUR + 1)).toEqual([
      { t: MONDAY_10_00_ET + HOUR, from: '4.0', to: '4.004' },
    ])
  })
})
