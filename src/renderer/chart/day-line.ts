import { type DayCandles, dayMinutes } from '../../shared/day-candles'
import type { HistoryPoint } from '../../shared/domain'

/**
 * What the 1D chart draws: the minutes (the REST 1-minute candles, the closed minutes and the live
 * one streamed after them), each at its close, wherever the minute stream serves this symbol; else
 * the polled 24 h history of the market data, as without streams.
 */
export interface DayLine {
  points: readonly HistoryPoint[]
  source: 'minutes' | 'history'
}

export function dayLine(candles: DayCandles | null, history: readonly HistoryPoint[]): DayLine {
  const served = candles !== null && candles.state !== 'off' && candles.state !== 'unavailable'
  const minutes = served ? dayMinutes(candles) : []
  if (minutes.length < 2) return { points: history, source: 'history' }
  return { points: minutes.map((minute) => ({ t: minute.t, price: minute.close })), source: 'minutes' }
}
