import type { Snapshot, SnapshotSource } from '../../../shared/domain'
import type { ListedAsset } from '../../../shared/domain'
import type { AssetPauseReading } from '../../../shared/service-status'
import { pauseReading } from '../api/wire/status-readings'
import { ENDPOINT_NAMES, type EndpointName, type EndpointStatus } from '../../../shared/status'
import type { Cadences } from '../../../shared/settings'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/api-errors'
import { withoutKey } from '../api/key-scrub'
import { clientForConnection } from './connection-client'
import { cadenceOf, MarketFeed } from './market-feed'
import type {
  FeedActivity,
  FeedConnection,
  FeedEvents,
  FeedInterest,
  FeedStatus,
  PollPipeline,
  PollPlan,
} from './poll-feed'
import type { ActivityChange, PollScheduler } from './poll-scheduler'
import { type Clock, realClock } from '../clock'
import { SnapshotCache } from '../storage/snapshot-cache'
import type { RecordingFactory, RecordingLink, RecordingPort } from '../recording-port'
import { FrameCoalescer } from './stream/frame-coalescer'
import { PriceStream } from './stream/price-stream'
import { DepthStream } from './stream/depth-stream'
import { HeldDepthStream } from './stream/held-depth-stream'
import { CandleStream } from './stream/candle-stream'
import { streamPlace } from './stream/stream-address'

/** How long the list of all assets (for search) is reused before it is fetched again. */
export const LISTING_TTL_MS = 10 * 60_000

export interface LocalPollFeedOptions {
  clock?: Clock
  random?: () => number
  /**
   * The recording every delta is handed to (history's HistoryRecording, wired by app/ or the poll
   * worker's entry); none: nothing is recorded.
   */
  recording?: RecordingFactory
}

/** The pipeline on this thread: a MarketFeed, the ApiClient it polls through and the listing. */
export class LocalPollFeed implements PollPipeline {
  private readonly feed: MarketFeed
  /**
   * The feed's scheduler, which owns the pause reasons and whether the window is hidden: the poll
   * worker's host pauses it directly (docs/architecture.md, "Suspend and resume").
   */
  readonly scheduler: PollScheduler
  private readonly clock: Clock
  private client: ApiClient | null = null
  private cadences: Cadences | null = null
  private listing: { assets: ListedAsset[]; at: number } | null = null
  private readonly recorder: RecordingPort | null
  /** The recording as the app asks it: started, read and its sentence, here where it is written. */
  readonly recording: RecordingLink
  /** The price stream beside the polls; it opens with start() and follows every connect after. */
  private readonly stream: PriceStream
  /** Streamed prices into the feed at most once a display frame. */
  private readonly frames: FrameCoalescer
  /** The open symbol's depth ladder, on the price stream's connection. */
  private readonly depth: DepthStream
  /** The held symbols' ladders, on the same connection. */
  private readonly heldDepth: HeldDepthStream
  /** The live minute of the 1D chart's symbol, on the price stream's connection. */
  private readonly candles: CandleStream
  private connection: FeedConnection | null = null
  private started = false

  constructor(events: FeedEvents, options: LocalPollFeedOptions = {}) {
    this.clock = options.clock ?? realClock
    const recorder = (this.recorder = options.recording?.(events.onStatusChange) ?? null)
    this.recording = {
      start: (folder) => recorder?.start(folder, this.feed.snapshot().assets),
      read: async (symbol, from, daily) => recorder?.read(symbol, from, daily) ?? { rows: [], since: null },
      notice: () => recorder?.notice() ?? null,
    }
    this.feed = new MarketFeed({ baseUrl: '', demo: true }, [], {
      cadenceMs: cadenceOf(() => {
        if (!this.cadences) throw new Error('setCadences must come before start')
        return this.cadences
      }),
      onDelta: (delta) => {
        this.recorder?.recordDelta(delta)
        events.onDelta(delta)
      },
      onStatusChange: events.onStatusChange,
      onActivity: (change) => this.followActivity(change),
      onListing: (listed) => this.rememberListing(listed),
      wantsListing: () => this.freshListing() === null,
      listedCount: () => this.listing?.assets.length ?? null,
      clock: this.clock,
      random: options.random,
    })
    this.scheduler = this.feed.scheduler
    this.frames = new FrameCoalescer(this.clock, (records, receivedAt) =>
      this.feed.applyStreamedPrices(records, receivedAt),
    )
    this.stream = new PriceStream({
      clock: this.clock,
      random: options.random,
      onPrices: (records, receivedAt) => this.frames.push(records, receivedAt),
      onChange: () => {
        this.feed.setStreamed(this.stream.streamed())
        events.onStatusChange()
      },
    })
    this.depth = new DepthStream({
      clock: this.clock,
      random: options.random,
      onView: (view) => events.onDepth?.(view),
    })
    this.heldDepth = new HeldDepthStream({
      clock: this.clock,
      random: options.random,
      onUpdate: (update) => events.onHeldDepth?.(update),
    })
    this.candles = new CandleStream({
      clock: this.clock,
      random: options.random,
      fillCandles: async (symbol) => {
        const answer = await this.client?.candles(symbol, '1min', '1day')
        return answer?.available ? answer.value.token : null
      },
      onView: (view) => events.onDayCandles?.(view),
    })
  }

  connect(connection: FeedConnection): void {
    this.connection = connection
    if (this.started) this.connectStream()
    const previous = this.client
    this.client = clientForConnection(connection, this.clock)
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

  setInterest(interest: FeedInterest): void {
    if (interest.watchlist) {
      this.stream.setSymbols(interest.watchlist)
      this.feed.setWatchlist(interest.watchlist)
    }
    if (interest.depthSymbol !== undefined) this.depth.setSymbol(interest.depthSymbol)
    if (interest.heldDepthSymbols) this.heldDepth.setSymbols(interest.heldDepthSymbols)
    if (interest.chartSymbol !== undefined) this.candles.setSymbol(interest.chartSymbol)
  }

  async start(seed?: Snapshot | null): Promise<void> {
    if (seed) this.feed.seed(seed)
    this.started = true
    this.feed.start()
    this.connectStream()
  }

  async stop(): Promise<void> {
    this.started = false
    this.stream.close()
    this.frames.clear()
    this.depth.close()
    this.heldDepth.close()
    this.candles.close()
    this.feed.stop()
    this.recorder?.stop()
    await this.client?.close()
    this.client = null
  }

  refreshNow(options: { afresh?: boolean } = {}): void {
    if (options.afresh) this.feed.reset()
    else this.feed.refreshNow()
  }

  /** Told to the scheduler, which owns the pause reasons; the streams follow it (followActivity). */
  setActivity(activity: FeedActivity): void {
    if ('hidden' in activity) this.scheduler.setHidden(activity.hidden)
    else this.scheduler.setPaused(activity.reason, activity.paused)
  }

  /** The polls paused or resumed, or the window hid or showed: what streams beside them follows. */
  private followActivity({ changed, paused, hidden }: ActivityChange): void {
    // The price stream stops with the polls (prices standing still while the app says Paused: a
    // frame waiting to be shown is forgotten) and reopens with them; connectStream reads the pause.
    if (changed === 'paused') {
      if (paused) this.frames.clear()
      if (this.started) this.connectStream()
    }
    // The depth ladder and the chart's minute too: paused, nothing of the market is asked; hidden,
    // nothing only the window shows (the held symbols' ladders go on: the depth alerts read them).
    this.depth.setHidden(hidden || paused)
    this.heldDepth.setPaused(paused)
    this.candles.setHeld(hidden || paused)
  }

  status(): FeedStatus {
    const endpoints = Object.fromEntries(
      ENDPOINT_NAMES.map((name) => [name, this.feed.endpointStatus(name)]),
    ) as Record<EndpointName, EndpointStatus>
    return { endpoints, pauseReasons: this.scheduler.pauseReasons(), plan: this.pollPlan() }
  }

  snapshot(): Snapshot {
    return this.feed.snapshot()
  }

  async fullSnapshot(): Promise<Snapshot> {
    return this.feed.snapshot()
  }

  private pollPlan(): PollPlan {
    return { ...this.feed.pollPlan(), stream: this.stream.status(), streamDrops: { ...this.stream.drops() } }
  }

  /** Opens the price stream where the connection says it is (or says why there is none). */
  private connectStream(): void {
    const connection = this.connection
    if (!connection) return
    if (this.scheduler.isPaused()) return this.stream.pause()
    const place = streamPlace(connection.baseUrl, connection.streamAddress ?? '')
    this.stream.setSymbols(this.feed.pollPlan().symbols)
    for (const stream of [this.stream, this.depth, this.heldDepth, this.candles])
      stream.connect(place.ok ? place.target : null, connection.apiKey, place.ok ? '' : place.reason)
  }

  async listAssets(): Promise<ListedAsset[]> {
    const fresh = this.freshListing()
    if (fresh) return fresh
    if (!this.client) throw new ApiError({ kind: 'network', message: 'Not connected yet.' })
    return this.rememberListing(await this.client.listedAssets())
  }

  async assetPauses(): Promise<AssetPauseReading[] | null> {
    if (!this.client) throw new ApiError({ kind: 'network', message: 'Not connected yet.' })
    const answer = await this.client.assetPauses()
    return answer.available ? answer.value.records.map(pauseReading) : null
  }

  saveSnapshot(userDataDir: string): Promise<void> {
    // The key in use withheld from the file, whatever road brought it into the snapshot.
    return new SnapshotCache(userDataDir).save(
      withoutKey(this.feed.snapshot(), this.connection?.apiKey ?? null),
    )
  }

  /** The listing while younger than LISTING_TTL_MS, else null (to be read again). */
  private freshListing(): ListedAsset[] | null {
    const { listing } = this
    return listing && this.clock.now() - listing.at < LISTING_TTL_MS ? listing.assets : null
  }

  private rememberListing(assets: ListedAsset[]): ListedAsset[] {
    this.listing = { at: this.clock.now(), assets }
    return assets
  }
}
