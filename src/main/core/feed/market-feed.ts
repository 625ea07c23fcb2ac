import {
  type Delta,
  type ListedAsset,
  type Snapshot,
  type SnapshotSource,
  STALE_AFTER_CADENCES,
} from '../../../shared/domain'
import { ENDPOINT_NAMES, type EndpointName, type EndpointStatus } from '../../../shared/status'
import type { Cadences } from '../../../shared/settings'
import type { WirePriceRecord } from '../api/wire/wire'
import type { ApiClient } from '../api/api-client'
import {
  type EndpointMode,
  chooseEndpointMode,
  fetchLimits,
  fetchMarket,
  fetchPrices,
  unreadableAnswer,
} from '../api/endpoint-fetchers'
import { type ActivityChange, BACKOFF, PollScheduler } from './poll-scheduler'
import { type Clock, realClock } from '../clock'
import { SnapshotState } from './snapshot-state'
import { Deadline } from './deadline'
import { describeFailure } from './status-errors'

/**
 * The polling heart shared by the app and the headless `watch` CLI: a poll scheduler whose three
 * jobs fetch prices, market data and limits through one ApiClient into a SnapshotState, and a
 * Delta pushed whenever anything changed (nothing when nothing did).
 */

/** MarketFeedOptions.cadenceMs from the settings' cadences, read afresh at each poll. */
export function cadenceOf(cadences: () => Cadences): (endpoint: EndpointName) => number {
  return (endpoint) => {
    const current = cadences()
    return endpoint === 'prices'
      ? current.pricesMs
      : endpoint === 'market'
        ? current.marketMs
        : current.limitsMs
  }
}

export interface MarketFeedOptions {
  cadenceMs: (endpoint: EndpointName) => number
  onDelta: (delta: Delta) => void
  onStatusChange: () => void
  /** What an all-assets market answer lists, for the search, where `wantsListing` asked for it. */
  onListing?: (listed: ListedAsset[]) => void
  /**
   * Whether the next all-assets market answer should also be read for its listing (every asset's
   * symbol, ticker and name) for onListing; without it, always, and never without onListing. A
   * listing changes in days and the answer comes every minute: its 400 stubs read each time made
   * most of the answer's garbage beside its bytes (BENCHMARKS.md, "Streaming against polling").
   */
  wantsListing?: () => boolean
  /** How many assets the service lists, when known (it steers per-symbol vs all-assets). */
  listedCount?: () => number | null
  clock?: Clock
  random?: () => number
  /** The scheduler paused or resumed, or the window hid or showed (SchedulerOptions.onActivity). */
  onActivity?: (change: ActivityChange) => void
}

/**
 * While prices stream, at most this many REST requests a minute per endpoint for market data and
 * for limits (issue 46: prices and market data together at most 6 a minute at 20 symbols).
 */
export const STREAMING_REST_PER_MINUTE = 6

export class MarketFeed {
  private readonly state: SnapshotState
  /**
   * Owns the pause reasons and whether the window is hidden: those who pause or hide the polls tell
   * it directly (LocalPollFeed, the poll worker's host), not through this class.
   */
  readonly scheduler: PollScheduler
  private readonly clock: Clock
  private client: ApiClient | null = null
  /** When the next fresh row turns stale: a publish then shows it stale. */
  private readonly staleCheck: Deadline
  private running = false
  /** The symbols whose prices a live stream carries: their price polls stop (stream/price-stream.ts). */
  private streamed: ReadonlySet<string> = new Set()

  constructor(
    source: SnapshotSource,
    watchlist: readonly string[],
    private readonly options: MarketFeedOptions,
  ) {
    this.clock = options.clock ?? realClock
    this.state = new SnapshotState(source, watchlist)
    this.staleCheck = new Deadline(this.clock, () => {
      this.publish()
      this.scheduleStaleCheck() // rows seen later than the ones that just turned stale
    })
    this.scheduler = new PollScheduler(
      ENDPOINT_NAMES.map((name) => ({
        name,
        run: (signal) => this.poll(name, signal),
      })),
      {
        cadenceMs: options.cadenceMs,
        describeFailure: (error) => describeFailure(error, this.clock.now()),
        onChange: options.onStatusChange,
        onActivity: options.onActivity,
        clock: this.clock,
        random: options.random,
        // A failure is retried within one cadence, so the data is back within a cadence of the
        // service recovering (an outage costs it at most about twice the normal requests). A 429
        // without Retry-After follows the service's advice instead: exponential backoff to the cap.
        maxBackoffMs: (endpoint, failure) =>
          failure.error.kind === 'rate-limited' && failure.retryAfterMs === null
            ? BACKOFF.capMs
            : this.scheduler.effectiveCadenceMs(endpoint),
      },
    )
  }

  /** Points the feed at a (new) service; errors of the old one are forgotten. */
  setClient(client: ApiClient, source: SnapshotSource): void {
    this.client = client
    this.state.setSource(source)
    for (const endpoint of ENDPOINT_NAMES) this.state.setErrors(endpoint, [])
    this.publish()
  }

  seed(snapshot: Snapshot): void {
    this.state.seed(snapshot)
  }

  setWatchlist(symbols: readonly string[]): void {
    this.state.setWatchlist(symbols)
    this.publish()
    this.scheduler.refreshNow()
  }

  start(): void {
    this.running = true
    this.scheduler.start()
  }

  stop(): void {
    this.running = false
    this.scheduler.stop()
    this.staleCheck.clear()
  }

  refreshNow(): void {
    this.scheduler.refreshNow()
  }

  /**
   * The symbols a live stream carries from now on. Those it no longer carries (a stream that ended,
   * failed or fell silent) have their prices polled at once, so none waits a cadence with nothing
   * fresh coming; but not while paused (the stream closing as updates pause): resuming polls them.
   * Market data and limits never came from the stream: they keep their cadence (re-asking them
   * at every hand-back cost 40 requests at 20 symbols each time a stream fell silent).
   */
  setStreamed(symbols: ReadonlySet<string>): void {
    const handedBack = [...this.streamed].some((symbol) => !symbols.has(symbol))
    this.streamed = symbols
    if (handedBack && !this.scheduler.isPaused()) this.scheduler.refreshNow('prices')
  }

  /** Prices from the stream: the same fold, freshness and delta as polled ones. */
  applyStreamedPrices(records: readonly WirePriceRecord[], receivedAt: number): void {
    this.state.applyPrices(records, receivedAt)
    this.publish()
    this.scheduleStaleCheck()
  }

  /** After the key or service changed: forget failures and poll at once. */
  reset(): void {
    this.scheduler.reset()
  }

  endpointStatus(endpoint: EndpointName): EndpointStatus {
    return this.scheduler.status(endpoint)
  }

  snapshot(): Snapshot {
    return this.state.snapshot()
  }

  /** What the next polls fetch: these symbols, per symbol or through the all-assets endpoints. */
  pollPlan(): { symbols: readonly string[]; mode: EndpointMode } {
    return { symbols: this.state.watchlist(), mode: this.endpointMode() }
  }

  private endpointMode(): EndpointMode {
    return chooseEndpointMode(this.state.watchlist().length, this.options.listedCount?.() ?? null)
  }

  /**
   * Per endpoint, what a poll asks for: while a stream carries prices, the prices poll asks only
   * for the symbols it does not (none: no request at all). Market data and limits stay on REST,
   * within STREAMING_REST_PER_MINUTE each: one all-assets request where per-symbol ones would pass it.
   */
  private planFor(endpoint: EndpointName): { symbols: string[]; mode: EndpointMode } {
    const watchlist = [...this.state.watchlist()]
    if (this.streamed.size === 0) return { symbols: watchlist, mode: this.endpointMode() }
    if (endpoint !== 'prices') {
      const perMinute = (watchlist.length * 60_000) / this.scheduler.effectiveCadenceMs(endpoint)
      return { symbols: watchlist, mode: perMinute > STREAMING_REST_PER_MINUTE ? 'all' : this.endpointMode() }
    }
    const polled = watchlist.filter((symbol) => !this.streamed.has(symbol))
    return { symbols: polled, mode: chooseEndpointMode(polled.length, this.options.listedCount?.() ?? null) }
  }

  private async poll(endpoint: EndpointName, signal: AbortSignal): Promise<void> {
    try {
      await this.fetchInto(endpoint, signal)
    } finally {
      // Success or failure, the cadence or the data may have changed when rows turn stale.
      this.scheduleStaleCheck()
    }
  }

  private async fetchInto(endpoint: EndpointName, signal: AbortSignal): Promise<void> {
    const client = this.client
    const { symbols, mode } = this.planFor(endpoint)
    // An empty list still goes through a poll (it asks the service nothing): its answer clears
    // the errors the endpoint reported before.
    if (!client) return
    const now = () => this.clock.now()
    let failure: Error | null
    if (endpoint === 'prices') {
      const result = await fetchPrices(client, symbols, mode, signal, now)
      if (!this.stillCurrent(client, signal)) return
      // Stamped with when the data arrived, not when the poll ended, so its age is never understated.
      this.state.applyPrices(result.records, result.receivedAt ?? now())
      this.state.setErrors('prices', result.errors)
      failure = result.askedToWait ?? unreadableAnswer(result)
    } else if (endpoint === 'market') {
      const listing = this.options.onListing !== undefined && (this.options.wantsListing?.() ?? true)
      const result = await fetchMarket(client, symbols, mode, signal, now, listing)
      if (!this.stillCurrent(client, signal)) return
      this.state.applyMarket(result.records, result.receivedAt ?? now())
      this.state.setErrors('market', result.errors)
      if (result.listed !== null) this.options.onListing?.(result.listed)
      failure = result.askedToWait ?? unreadableAnswer(result)
    } else {
      const result = await fetchLimits(client, symbols, mode, signal, now)
      if (!this.stillCurrent(client, signal)) return
      this.state.applyLimits(result.records)
      this.state.setErrors('limits', result.errors)
      failure = result.askedToWait ?? unreadableAnswer(result)
    }
    this.publish()
    // The good records are shown (and the rows say which could not be read); the scheduler still
    // has to wait as the service asked, or count an answer with nothing readable as a failure.
    if (failure) throw failure
  }

  /**
   * Whether an answer still belongs in the rows. An aborted poll (stop, pause, reset) throws, as the
   * scheduler expects of it, rather than show its unanswered symbols as aborted; an answer from a
   * service the feed has left since it was asked is dropped.
   */
  private stillCurrent(client: ApiClient, signal: AbortSignal): boolean {
    signal.throwIfAborted()
    return client === this.client
  }

  /**
   * One timer, due when the next fresh row would turn stale (2 price cadences after its newest
   * data), so an outage is flagged in time even while requests fail or hang. It is re-aimed after
   * every poll, so it never fires more often than polls do.
   */
  private scheduleStaleCheck(): void {
    const dueAt = this.state.nextStaleAt(this.staleAfterMs())
    if (dueAt === null || !this.running) this.staleCheck.clear()
    // A millisecond past: a row is stale once older than the limit, not at it.
    else this.staleCheck.set(dueAt + 1)
  }

  private staleAfterMs(): number {
    return STALE_AFTER_CADENCES * this.scheduler.effectiveCadenceMs('prices')
  }

  /** Folds staleness in, commits, and pushes a delta when anything changed. */
  private publish(): void {
    const now = this.clock.now()
    this.state.updateStaleness(now, this.staleAfterMs())
    const delta = this.state.commit(now)
    if (delta) this.options.onDelta(delta)
  }
}
