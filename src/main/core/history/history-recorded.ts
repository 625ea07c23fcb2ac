import { nonNegativeAtMost } from '../../../shared/decimal'
import { sessionStateAt } from '../../../shared/session-clock'
import type { Candle, MultiplierStep } from '../api/wire/wire-history'
import type { RecordedRow } from '../recording-port'

/**
 * What Tokenwatch recorded of an asset (the poll worker's database), made into the same candles
 * and multiplier steps the service's answers give, so one alignment serves both. A recorded row
 * is a raw poll (open = high = low = close) or an already rolled-up candle (1 minute, a day).
 */

export interface RecordedCandles {
  token: Candle[]
  stock: Candle[]
  multiplier: MultiplierStep[]
}

const greater = (a: string, b: string): boolean => !nonNegativeAtMost(a, b)

/**
 * Rows (time order) into candles of `intervalMs` (0: one per row). The stock gets a candle only
 * where a conventional session was running: the price a poll reports for it on a weekend is
 * Friday's, carried, not a trade.
 */
export function recordedCandles(rows: readonly RecordedRow[], intervalMs: number): RecordedCandles {
  const token: Candle[] = []
  const stock: Candle[] = []
  const multiplier: MultiplierStep[] = []
  let stockOpenUntil = Number.NEGATIVE_INFINITY
  let stockOpenFrom = Number.POSITIVE_INFINITY
  let stockOpen = false
  for (const row of rows) {
    const t = intervalMs > 0 ? Math.floor(row.t / intervalMs) * intervalMs : row.t
    extend(token, t, row)
    if (row.underlying !== null) {
      if (row.t >= stockOpenUntil || row.t < stockOpenFrom) {
        const state = sessionStateAt(row.t)
        stockOpen = state.phase !== 'closed'
        stockOpenFrom = row.t
        stockOpenUntil = state.nextChangeAt
      }
      if (stockOpen)
        extend(stock, t, {
          open: row.underlying,
          high: row.underlying,
          low: row.underlying,
          close: row.underlying,
        })
    }
    if (row.multiplier !== null && multiplier.at(-1)?.value !== row.multiplier)
      multiplier.push({ t: row.t, value: row.multiplier })
  }
  return { token, stock, multiplier }
}

/** Adds a row to the candle starting at `t`: the last one when it starts there, else a new one. */
export function extend(
  candles: Candle[],
  t: number,
  row: Pick<RecordedRow, 'open' | 'high' | 'low' | 'close'>,
): void {
  const last = candles.at(-1)
  if (last?.t !== t) {
    candles.push({ t, open: row.open, high: row.high, low: row.low, close: row.close })
    return
  }
  if (greater(row.high, last.high)) last.high = row.high
  if (greater(last.low, row.low)) last.low = row.low
  last.close = row.close
}

/** Candles of `bucketMs` from rows in time order (a poll is a candle of one price). */
export function rollUp(
  rows: readonly Omit<RecordedRow, 'multiplier'>[],
  bucketMs: number,
): (Candle & { underlying: string | null })[] {
  const candles: Candle[] = []
  const underlying: (string | null)[] = []
  for (const row of rows) {
    const t = Math.floor(row.t / bucketMs) * bucketMs
    const count = candles.length
    extend(candles, t, row)
    if (candles.length > count) underlying.push(row.underlying)
    else if (row.underlying !== null) underlying[count - 1] = row.underlying
  }
  return candles.map((candle, i) => ({ ...candle, underlying: underlying[i] ?? null }))
}
