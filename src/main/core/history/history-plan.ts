import type { CandleInterval, CandleRange } from '../api/wire/candle-pairs'
import { INTERVAL_MS } from '../api/wire/candle-pairs'
import type { HistoryRange } from '../../../shared/history'

/**
 * Which candles each chart range asks the service for (issue #31): 1W and 1M from `1hour/1month`
 * (1W a slice of it), 3M and 6M from `1day/3month` and `1day/6month` with a slice of `1day/1year`
 * when the service refuses those pairs (its own documents disagree on them), 1Y `1day/1year`,
 * All `1day/all`, 1D `5min/1day`. Only pairs both documents list are asked without a fallback.
 */

export interface CandleRequest {
  interval: CandleInterval
  range: CandleRange
}

export interface HistoryPlan {
  request: CandleRequest
  /** Asked when `request` is answered 400 (a pair this service does not take). */
  fallback: CandleRequest | null
  /** How far back the range shows; null for all. */
  spanMs: number | null
  intervalMs: number
}

const DAY_MS = 86_400_000

const plan = (
  interval: CandleInterval,
  range: CandleRange,
  spanDays: number | null,
  fallback: CandleRequest | null = null,
): HistoryPlan => ({
  request: { interval, range },
  fallback,
  spanMs: spanDays === null ? null : spanDays * DAY_MS,
  intervalMs: INTERVAL_MS[interval],
})

const DAILY_YEAR: CandleRequest = { interval: '1day', range: '1year' }

export const HISTORY_PLANS: Readonly<Record<HistoryRange, HistoryPlan>> = {
  '1d': plan('5min', '1day', 1),
  '1w': plan('1hour', '1month', 7),
  '1m': plan('1hour', '1month', 30),
  '3m': plan('1day', '3month', 91, DAILY_YEAR),
  '6m': plan('1day', '6month', 182, DAILY_YEAR),
  '1y': plan('1day', '1year', 365),
  all: plan('1day', 'all', null),
}

/** Where a range begins at `now` (Unix ms); 0 for all. */
export function rangeStart(range: HistoryRange, now: number): number {
  const span = HISTORY_PLANS[range].spanMs
  return span === null ? 0 : now - span
}
