import type { Snapshot } from '../../../shared/domain'
import type { StreamDrops, StreamStatus } from '../../../shared/stream-status'
import type { PackedDelta } from '../../../shared/packed-histories'
import type { ListedAsset } from '../../../shared/domain'
import type { AssetPauseReading } from '../../../shared/service-status'
import type { EndpointName, EndpointStatus } from '../../../shared/status'
import type { Cadences } from '../../../shared/settings'
import type { EndpointMode } from '../api/endpoint-fetchers'
import type { PauseReason } from './poll-scheduler'
import type { RecordingLink } from '../recording-port'
import type { DepthView } from '../../../shared/depth'
import type { HeldDepthUpdate } from './stream/held-depth-stream'
import type { DayCandlesView } from '../../../shared/day-candles'

/**
 * The poll pipeline as AppCore sees it: told which service, key, cadences and symbols to poll,
 * it pushes deltas and status changes. Two implementations: LocalPollFeed runs the pipeline on the
 * calling thread (the CLI's and the tests' virtual clocks need that); WorkerPollFeed runs the same
 * LocalPollFeed in a worker thread, so that fetching and parsing never hold up the app's main
 * thread (the window, the tray and every IPC message wait on it).
 */

/** Which service to poll, with what key (null: none stored, every poll says so). */
export interface FeedConnection {
  baseUrl: string
  apiKey: string | null
  demo: boolean
  timeoutMs?: number
  /** The "Streaming address" setting (stream/stream-address.ts); absent: derived from baseUrl. */
  streamAddress?: string
  /** The requests' user agent (ApiClientOptions.userAgent). */
  userAgent?: string
}

export interface FeedEvents {
  /** From a worker, with its histories packed (packed-histories.ts): they go to the window as they are. */
  onDelta: (delta: PackedDelta) => void
  onStatusChange: () => void
  /** A whole snapshot replaces what was pushed before (a restarted worker's first one). */
  onSnapshot?: (snapshot: Snapshot) => void
  /** The open symbol's depth (stream/depth-stream.ts), at most 4 times a second. */
  onDepth?: (view: DepthView) => void
  /** The held symbols' ladders (stream/held-depth-stream.ts), at most once a second. */
  onHeldDepth?: (update: HeldDepthUpdate) => void
  /** The 1D chart's minutes (stream/candle-stream.ts), at most 4 times a second. */
  onDayCandles?: (view: DayCandlesView) => void
}

export interface PollPlan {
  symbols: readonly string[]
  mode: EndpointMode
  /** Whether prices stream or are polled now, and since when (absent before the feed knows). */
  stream?: StreamStatus
  /** The stream's records dropped so far (bad, unknown symbol, older or duplicate). */
  streamDrops?: StreamDrops
}

/**
 * What the app wants streamed or polled beyond the prices; each field given replaces what was
 * told before, each left out stays as it was.
 */
export interface FeedInterest {
  /** The symbols polled (and streamed): the shown list, the alerted and the held ones. */
  watchlist?: readonly string[]
  /** The detail panel's symbol (null: closed): its depth ladder alone is streamed, beside the prices. */
  depthSymbol?: string | null
  /** The held symbols (and those a depth alert watches): their ladders stream on one call. */
  heldDepthSymbols?: readonly string[]
  /** The symbol the detail's 1D chart shows (null: none): its live minute alone is streamed. */
  chartSymbol?: string | null
}

/** The window hidden (slower polls, no depth), or a pause (user, sleep, offline) begun or ended. */
export type FeedActivity = { hidden: boolean } | { reason: PauseReason; paused: boolean }

/** How each endpoint fares, why polling is paused, and what is polled now. */
export interface FeedStatus {
  endpoints: Record<EndpointName, EndpointStatus>
  pauseReasons: PauseReason[]
  plan: PollPlan
}

/**
 * The feed as the app drives it: ten methods, each change the app makes in one of them. What is
 * asked of the service beside the prices (the listing, the asset pauses), the cache and the
 * recording are PollPipeline's, each handed by app/ to the one room that uses it.
 */
export interface PollFeed {
  connect(connection: FeedConnection): void
  setCadences(cadences: Cadences): void
  setInterest(interest: FeedInterest): void
  setActivity(activity: FeedActivity): void
  /**
   * Starts polling from `seed` (a cached snapshot of the same service, shown stale until the first
   * poll answers); resolves once snapshot() holds the feed's first snapshot.
   */
  start(seed?: Snapshot | null): Promise<void>
  stop(): Promise<void>
  /** Polls every endpoint now; `afresh`: after the key or service changed, its failures forgotten. */
  refreshNow(options?: { afresh?: boolean }): void
  status(): FeedStatus
  /**
   * The latest snapshot, at once. WorkerPollFeed leaves the 24-hour histories out (empty): they
   * are most of a snapshot's weight, the worker holds them, and only the window shows them.
   */
  snapshot(): Snapshot
  /** The latest snapshot with the histories. */
  fullSnapshot(): Promise<Snapshot>
}

/** Every asset the service lists (for search and import), reused for LISTING_TTL_MS. */
export interface AssetListing {
  listAssets(): Promise<ListedAsset[]>
}

/**
 * What runs the polls hands the app: the feed, and beside it what must run in the same thread,
 * each of which app/ hands to the one room that uses it: the listing (lists, holdings), the
 * asset pauses (service-status/), the snapshot's cache (storage/) and the recording (history/,
 * through recording-port.ts).
 */
export interface PollPipeline extends PollFeed, AssetListing {
  /**
   * `/v1/status/assets` asked and parsed where the prices are polled (in the app, the poll worker):
   * up to a mebibyte of JSON, every minute, kept off the main thread. null: the service does not publish it.
   */
  assetPauses(): Promise<AssetPauseReading[] | null>
  /**
   * Writes the snapshot to the cache in `userDataDir` (SnapshotCache), where the snapshot lives:
   * checking and serialising hundreds of assets' histories takes tens of milliseconds.
   */
  saveSnapshot(userDataDir: string): Promise<void>
  readonly recording: RecordingLink
}
