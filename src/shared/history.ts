/**
 * A token's history beyond 24 hours, as the detail chart, the CLI's `history` command and the
 * history export see it: one point per token bucket, the stock's close on the token's scale and
 * the premium between them. Built in main (from the service's candles, the multiplier history and
 * what the poll worker recorded), sent to the renderer as it is: every price a decimal string
 * exactly as received, every time Unix milliseconds.
 */

/** The ranges a person can choose, in the order of the chart's buttons. */
export const HISTORY_RANGES = ['1d', '1w', '1m', '3m', '6m', '1y', 'all'] as const
export type HistoryRange = (typeof HISTORY_RANGES)[number]

/** Where the points came from: the service's candles, the local recording, or both joined. */
export type HistorySource = 'service' | 'recorded' | 'both'

export interface HistoryPoint {
  /** Bucket start, Unix ms. */
  t: number
  open: string
  high: string
  low: string
  close: string
  /**
   * The stock's close for this bucket (or the last one before it, see `underlyingCarried`); null where
   * unknown.
   */
  underlyingClose: string | null
  /**
   * True where the stock had no candle for this bucket (a weekend, a holiday) and its last close was carried.
   */
  underlyingCarried: boolean
  /** The shares multiplier in force at `t`; null where unknown. */
  multiplier: string | null
  /**
   * close / (underlyingClose x multiplier) - 1 as a decimal fraction ("0.0012" is +0.12 %); null where
   * unknown.
   */
  premium: string | null
}

/** A step of the shares multiplier (a split, a reverse split, a dividend reinvested). */
export interface MultiplierChange {
  t: number
  from: string
  to: string
}

export interface HistorySeries {
  symbol: string
  range: HistoryRange
  /**
   * The bucket width the points use, in the service's words (`1hour`, `1day`) or `1min` / `raw` for recorded
   * points.
   */
  interval: string
  source: HistorySource
  /**
   * One sentence for the person when the history is partial (a service without history, since when recorded),
   * else null.
   */
  note: string | null
  points: HistoryPoint[]
  multiplierChanges: MultiplierChange[]
  /** Candles left out because they failed validation: counted, said in the readout's tooltip. */
  rejectedCandles: number
  /** When this answer was put together, Unix ms: the chart says how fresh it is. */
  asOf: number
}
