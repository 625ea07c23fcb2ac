/**
 * The candle endpoint's words (real-service-notes.md, "Beyond the spec"): its intervals, its
 * ranges and which pairs of them it accepts. The service's own sources disagree on the pairs: the
 * endpoint's description lists one set, the error catalogue's INVALID_INTERVAL_RANGE_PAIR message
 * another. Both are kept, so the simulator can answer either way and the app can ask only the
 * pairs both accept (with a fallback where they differ).
 */

export const CANDLE_INTERVALS = ['1min', '5min', '15min', '1hour', '4hour', '12hour', '1day'] as const
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]

export const CANDLE_RANGES = ['1day', '1month', '3month', '6month', '1year', 'all'] as const
export type CandleRange = (typeof CANDLE_RANGES)[number]

export type CandlePair = `${CandleInterval}/${CandleRange}`

/** The pairs of the endpoint's description. */
export const DESCRIBED_PAIRS: ReadonlySet<CandlePair> = new Set<CandlePair>([
  '1min/1day',
  '5min/1day',
  '15min/1day',
  '1hour/1month',
  '4hour/1month',
  '12hour/3month',
  '1day/3month',
  '1day/6month',
  '1day/1year',
  '1day/all',
])

/** The pairs of the error catalogue's message. */
export const CATALOGUE_PAIRS: ReadonlySet<CandlePair> = new Set<CandlePair>([
  '1min/1day',
  '5min/1day',
  '15min/1day',
  '1hour/1month',
  '4hour/3month',
  '12hour/6month',
  '1day/1year',
  '1day/all',
])

export const INTERVAL_MS: Readonly<Record<CandleInterval, number>> = {
  '1min': 60_000,
  '5min': 300_000,
  '15min': 900_000,
  '1hour': 3_600_000,
  '4hour': 14_400_000,
  '12hour': 43_200_000,
  '1day': 86_400_000,
}

const DAY_MS = 86_400_000

/** How far back a range reaches; `all` goes back to the asset's listing. */
export const RANGE_MS: Readonly<Record<Exclude<CandleRange, 'all'>, number>> = {
  '1day': DAY_MS,
  '1month': 30 * DAY_MS,
  '3month': 91 * DAY_MS,
  '6month': 182 * DAY_MS,
  '1year': 365 * DAY_MS,
}

export const isCandleInterval = (value: string): value is CandleInterval =>
  (CANDLE_INTERVALS as readonly string[]).includes(value)
export const isCandleRange = (value: string): value is CandleRange =>
  (CANDLE_RANGES as readonly string[]).includes(value)
