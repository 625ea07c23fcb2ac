import type { DayCandle } from '../../../../shared/day-candles'
import { isNonNegativeDecimalString, nonNegativeAtMost } from '../../../../shared/decimal'
import type { OhlcUpdateMessage } from './stream-proto'
import { msOfNanos, streamedInstant } from './streamed-prices'

/**
 * One OHLCUpdate of the minute stream read as the chart's minute: the token's side (the chart draws
 * the token), its four prices the decimal strings sent, its bucket start from the uint64
 * nanoseconds exactly. Null when it is not one to take: another symbol, a price that is not a
 * non-negative decimal (more than 40 digits included: never rounded), a low above the high, a
 * timestamp 0, before 2000 or more than a minute ahead of `now`.
 */
export function readMinute(
  update: OhlcUpdateMessage,
  symbol: string,
  now: number,
): { candle: DayCandle; closed: boolean } | null {
  const side = update?.primary_market
  if (!side || side.symbol !== symbol) return null
  const { open, high, low, close } = side
  if (![open, high, low, close].every(isNonNegativeDecimalString)) return null
  if (!nonNegativeAtMost(low, high)) return null
  const nanos = streamedInstant(update.timestamp, now)
  if (nanos === null) return null
  return { candle: { t: msOfNanos(nanos), open, high, low, close }, closed: update.is_closed === true }
}
