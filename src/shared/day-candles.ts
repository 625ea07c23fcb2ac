/**
 * The open detail's 1D chart as the minute candles make it (docs/streaming.md, "The live minute"):
 * the REST 1-minute candles of the last 24 hours, each minute the OHLC stream closes appended, and
 * the live minute the stream keeps moving. Prices stay the decimal strings sent. Plain data: it
 * crosses the worker and IPC.
 */

/** One minute: its bucket's start (Unix ms) and its prices as sent. */
export interface DayCandle {
  t: number
  open: string
  high: string
  low: string
  close: string
}

/**
 * - `connecting`: the stream is opening (the REST candles may already be in);
 * - `streaming`: the stream has sent the live minute;
 * - `retrying`: the stream ended or failed (`reason`), tried again later; what came before is kept;
 * - `paused`: updates are paused (or the window hidden): nothing streams, what came is kept;
 * - `off`: no streaming address or key (`reason`); `unavailable`: the service has no OHLC stream.
 *   In both the chart draws the polled 24 h history, as without streams.
 */
export type DayCandlesState = 'connecting' | 'streaming' | 'retrying' | 'paused' | 'off' | 'unavailable'

export interface DayCandlesView {
  symbol: string
  state: DayCandlesState
  reason: string | null
  /**
   * The minutes before the live one, oldest first; null when unchanged since the last view of the
   * same symbol (a closed minute is sent once, the live one at every view).
   */
  closed: DayCandle[] | null
  /** The live minute as last streamed (null: none yet). */
  live: DayCandle | null
  /** When the stream last sent this symbol's minute (ms), or null. */
  streamedAt: number | null
  /** When the REST candles last answered (ms), or null. */
  filledAt: number | null
}

/** What the window holds of the 1D chart's minutes: the last view with its closed minutes filled in. */
export type DayCandles = Omit<DayCandlesView, 'closed'> & { closed: readonly DayCandle[] }

/** Folds a view into what was held: a view of another symbol starts afresh; `closed: null` keeps them. */
export function applyDayCandles(held: DayCandles | null, view: DayCandlesView): DayCandles {
  const kept = held?.symbol === view.symbol ? held.closed : []
  return { ...view, closed: view.closed ?? kept }
}

/** The chart's minutes in time order: the closed ones, then the live one. */
export const dayMinutes = (candles: DayCandles): readonly DayCandle[] =>
  candles.live === null ? candles.closed : [...candles.closed, candles.live]
