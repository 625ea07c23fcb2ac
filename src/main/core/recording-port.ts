import type { AssetQuote, Delta } from '../../shared/domain'

/**
 * The recording of prices (history.sqlite, history/history-recording.ts) as the rooms around it
 * see it. It sits at the core's root so that the feed, which takes the prices in, can hand them
 * on without importing history/: app/ and the poll worker's entry wire history's recording to
 * the feed through these two ports.
 */

/** One recorded row: a raw poll (open = high = low = close) or a rolled-up candle (1 minute, a day). */
export interface RecordedRow {
  /** The poll's time, or the candle's start. */
  t: number
  open: string
  high: string
  low: string
  close: string
  /** The stock's price then; null where the answer had none. */
  underlying: string | null
  multiplier: string | null
}

export interface RecordedHistory {
  rows: RecordedRow[]
  /** When recording of this symbol began (Unix ms); null when nothing is recorded. */
  since: number | null
}

/** The recording in the thread that polls: the feed hands it every delta it takes in. */
export interface RecordingPort {
  /** Opens the recording in `folder`; `known`: the quotes the feed holds already. */
  start(folder: string, known: readonly AssetQuote[]): void
  recordDelta(delta: Delta): void
  stop(): void
  /** The status bar's sentence about the recording (damaged file set aside, disk full), or null. */
  notice(): string | null
  read(symbol: string, from: number, daily: boolean): RecordedHistory
}

/** Makes the recording of a feed, telling `onNotice` when its sentence changes. */
export type RecordingFactory = (onNotice: () => void) => RecordingPort

/** The recording as the app sees it, whichever thread polls: started once, read where it is written. */
export interface RecordingLink {
  /** Records every answer the feed takes in to history.sqlite in `folder` (in the polling thread). */
  start(folder: string): void
  /** What was recorded of `symbol` from `from` on; `daily`: one row a day is enough. */
  read(symbol: string, from: number, daily: boolean): Promise<RecordedHistory>
  notice(): string | null
}
