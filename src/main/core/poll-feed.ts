import type { Snapshot, SnapshotSource } from '../../shared/domain'
import type { PackedDelta } from '../../shared/packed-histories'
import type { EndpointName, EndpointStatus, ListedAsset } from '../../shared/ipc-contract'
import type { Cadences } from '../../shared/settings'
import type { WireMarketRecord } from '../../shared/wire'
import { ApiClient } from './api-client'
import { ApiError } from './api-errors'
import { listedAssetsOf } from './listed-assets'
import type { EndpointMode } from './endpoint-fetchers'
import { cadenceOf, MarketFeed } from './market-feed'
import { type PauseReason, type SchedulerClock, realClock } from './poll-scheduler'
import { SnapshotCache } from './snapshot-cache'

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
}

export interface FeedEvents {
  /** From a worker, with its histories packed (packed-histories.ts): they go to the window as they are. */
  onDelta: (delta: PackedDelta) => void
  onStatusChange: () => void
  /** A whole snapshot replaces what was pushed before (a restarted worker's first one). */
  onSnapshot?: (snapshot: Snapshot) => void
}

export interface PollPlan {
  symbols: readonly string[]
  mode: EndpointMode
}

export interface PollFeed {
  connect(connection: FeedConnection): void
  setCadences(cadences: Cadences): void
  /** A cached snapshot of the same service, shown stale until the first poll answers. */
  seed(snapshot: Snapshot): void
  setWatchlist(symbols: readonly string[]): void
  /** Starts polling; resolves once snapshot() holds the feed's first snapshot. */
  start(): Promise<void>
  stop(): Promise<void>
  refreshNow(): void
  /** After the key or service changed: forget failures and poll at once. */
  reset(): void
  setHidden(hidden: boolean): void
  setPaused(reason: PauseReason, paused: boolean): void
  pauseReasons(): PauseReason[]
  endpointStatus(endpoint: EndpointName): EndpointStatus
  /**
   * The latest snapshot, at once. WorkerPollFeed leaves the 24-hour histories out (empty): they
   * are most of a snapshot's weight, the worker holds them, and only the window shows them.
   */
  snapshot(): Snapshot
  /** The latest snapshot with the histories. */
  fullSnapshot(): Promise<Snapshot>
  pollPlan(): PollPlan
  /** Every asset the service lists (for search and import), reused for LISTING_TTL_MS. */
  listAssets(): Promise<ListedAsset[]>
  /**
   * Writes the snapshot to the cache in `userDataDir` (SnapshotCache), where the snapshot lives:
   * checking and serialising hundreds of assets' histories takes tens of milliseconds.
   */
  saveSnapshot(userDataDir: string): Promise<void>
}

/** How long the list of all assets (for search) is reused before it is fetched again. */
export const LISTING_TTL_MS = 10 * 60_000

export interface LocalPollFeedOptions {
  clock?: SchedulerClock
  random?: () => number
}

/** The pipeline on this thread: a MarketFeed, the ApiClient it polls through and the listing. */
export class LocalPollFeed implements PollFeed {
  private readonly feed: MarketFeed
  private readonly clock: SchedulerClock
  private client: ApiClient | null = null
  private cadences: Cadences | null = null
  private listing: { assets: ListedAsset[]; at: number } | null = null

  constructor(events: FeedEvents, options: LocalPollFeedOptions = {}) {
    this.clock = options.clock ?? realClock
    this.feed = new MarketFeed({ baseUrl: '', demo: true }, [], {
      cadenceMs: cadenceOf(() => {
        if (!this.cadences) throw new Error('setCadences must come before start')
        return this.cadences
      }),
      onDelta: events.onDelta,
      onStatusChange: events.onStatusChange,
      onListing: (records) => this.rememberListing(records),
      listedCount: () => this.listing?.assets.length ?? null,
      clock: this.clock,
      random: options.random,
    })
  }

  connect(connection: FeedConnection): void {
    const previous = this.client
    this.client = new ApiClient({
      baseUrl: connection.baseUrl,
      apiKey: connection.apiKey,
      timeoutMs: connection.timeoutMs,
      // Arrival stamps and Retry-After dates on the feed's own clock, which measures their age.
      now: () => this.clock.now(),
    })
    void previous?.close()
    this.listing = null
    const source: SnapshotSource = { baseUrl: connection.baseUrl, demo: connection.demo }
    this.feed.setClient(this.client, source)
  }

  setCadences(cadences: Cadences): void {
    const changed = this.cadences !== null && JSON.stringify(cadences) !== JSON.stringify(this.cadences)
    this.cadences = cadences
    if (changed) this.feed.refreshNow()
  }

  seed(snapshot: Snapshot): void {
    this.feed.seed(snapshot)
  }

  setWatchlist(symbols: readonly string[]): void {
    this.feed.setWatchlist(symbols)
  }

  async start(): Promise<void> {
    this.feed.start()
  }

  async stop(): Promise<void> {
    this.feed.stop()
    await this.client?.close()
    this.client = null
  }

  refreshNow(): void {
    this.feed.refreshNow()
  }

  reset(): void {
    this.feed.reset()
  }

  setHidden(hidden: boolean): void {
    this.feed.setHidden(hidden)
  }

  setPaused(reason: PauseReason, paused: boolean): void {
    this.feed.setPaused(reason, paused)
  }

  pauseReasons(): PauseReason[] {
    return this.feed.pauseReasons()
  }

  endpointStatus(endpoint: EndpointName): EndpointStatus {
    return this.feed.endpointStatus(endpoint)
  }

  snapshot(): Snapshot {
    return this.feed.snapshot()
  }

  async fullSnapshot(): Promise<Snapshot> {
    return this.feed.snapshot()
  }

  pollPlan(): PollPlan {
    return this.feed.pollPlan()
  }

  async listAssets(): Promise<ListedAsset[]> {
    if (this.listing && this.clock.now() - this.listing.at < LISTING_TTL_MS) return this.listing.assets
    if (!this.client) throw new ApiError({ kind: 'network', message: 'Not connected yet.' })
    const result = await this.client.allMarket()
    return this.rememberListing(result.records)
  }

  saveSnapshot(userDataDir: string): Promise<void> {
    return new SnapshotCache(userDataDir).save(this.feed.snapshot())
  }

  private rememberListing(records: readonly WireMarketRecord[]): ListedAsset[] {
    const assets = listedAssetsOf(records)
    this.listing = { at: this.clock.now(), assets }
    return assets
  }
}
