import { MarketFeed } from '../../src/main/core/feed/market-feed'
import type { Delta } from '../../src/shared/domain'
import type { EndpointName, EndpointStatus } from '../../src/shared/status'
import { CADENCE_BOUNDS_MS } from '../../src/shared/settings'
import { DeltaChecker } from './delta-check'
import { type CallRecord, CallWatch, ObservedClient } from './observed-client'
import type { SentValues } from './sent-values'
import type { WarpClock } from './warp-clock'

/**
 * One watching app in a chaos run: a MarketFeed polling the simulator through an ObservedClient,
 * with everything the run measures about it: polls, the values it pushes, how fast it flags an
 * outage and how fast it recovers.
 */

export const ENDPOINTS: readonly EndpointName[] = ['prices', 'market', 'limits']

/** The app's default cadences (prices 5 s, market data and limits 60 s), in virtual ms. */
export const CADENCES: Record<EndpointName, number> = {
  prices: CADENCE_BOUNDS_MS.prices.default,
  market: CADENCE_BOUNDS_MS.market.default,
  limits: CADENCE_BOUNDS_MS.limits.default,
}

export interface DeskOptions {
  name: string
  symbols: string[]
  baseUrl: string
  apiKey: string
  clock: WarpClock
  sent: SentValues
  /** The client's deadline for a whole request, in real ms. */
  requestTimeoutMs: number
  /** How many assets the service lists (steers per-symbol or all-assets requests). */
  listed: number
  random: () => number
}

/** A window in which one thing is measured: from `since` until every pending symbol did it. */
interface MeasureWindow {
  /** When the window opened. */
  openedAt: number
  /** What the times are counted from (for recovery: when the last fault ended). */
  since: number
  pending: Set<string>
  /** When each symbol did it, relative to `since`. */
  elapsed: number[]
}

export class Desk {
  readonly name: string
  readonly feed: MarketFeed
  readonly client: ObservedClient
  readonly calls: CallWatch
  readonly checker: DeltaChecker
  readonly polls: Record<EndpointName, number> = { prices: 0, market: 0, limits: 0 }
  deltas = 0
  private readonly lastStatus = new Map<EndpointName, Pick<EndpointStatus, 'lastSuccessAt' | 'lastError'>>()
  private staleWatch: MeasureWindow | null = null
  private freshWatch: MeasureWindow | null = null
  private heldAtFaultsEnd: CallRecord[] = []
  private failuresAtFaultsEnd = 0
  /** Price requests that failed inside recovery windows (the service had no faults then). */
  failuresWhileRecovering = 0

  constructor(private readonly options: DeskOptions) {
    this.name = options.name
    this.calls = new CallWatch(options.clock)
    this.client = new ObservedClient(
      {
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        timeoutMs: options.requestTimeoutMs,
        connectTimeoutMs: options.requestTimeoutMs,
        now: () => options.clock.now(),
      },
      this.calls,
    )
    const source = { baseUrl: options.baseUrl, demo: false }
    this.feed = new MarketFeed(source, options.symbols, {
      cadenceMs: (endpoint) => CADENCES[endpoint],
      onDelta: (delta) => this.onDelta(delta),
      onStatusChange: () => this.countPolls(),
      listedCount: () => options.listed,
      clock: options.clock,
      random: options.random,
    })
    this.checker = new DeltaChecker(options.sent, this.feed.snapshot())
    for (const endpoint of ENDPOINTS) this.lastStatus.set(endpoint, { lastSuccessAt: null, lastError: null })
  }

  start(): void {
    this.feed.setClient(this.client, { baseUrl: this.options.baseUrl, demo: false })
    this.feed.start()
  }

  async stop(): Promise<void> {
    this.feed.stop()
    await this.client.close()
  }

  totalPolls(): number {
    return this.polls.prices + this.polls.market + this.polls.limits
  }

  /** An outage starts now: every row showing fresh data must turn stale (see endStaleWatch). */
  startStaleWatch(): void {
    const fresh = this.checker.snapshot().assets.filter((asset) => asset.price !== null && !asset.stale)
    this.staleWatch = {
      openedAt: this.options.clock.now(),
      since: this.options.clock.now(),
      pending: new Set(fresh.map((a) => a.symbol)),
      elapsed: [],
    }
  }

  /** The slowest stale flag in ms after the outage began. */
  endStaleWatch(): number | null {
    return this.finish(this.staleWatch, () => (this.staleWatch = null))
  }

  /**
   * The service's faults stopped now: every row must bring new data within a cadence of the last
   * fault the desk met. That is now, or later when a price request already under way ends (it was
   * given its fault before), or when one fails anyway (on a starved machine, a request on a
   * healthy loopback server can outrun the client's short deadline: a fault all the same).
   */
  startFreshWatch(): void {
    const now = this.options.clock.now()
    this.freshWatch = { openedAt: now, since: now, pending: new Set(this.options.symbols), elapsed: [] }
    this.heldAtFaultsEnd = this.calls.inFlightCalls('prices')
    this.failuresAtFaultsEnd = this.calls.failed.prices.count
  }

  /** The slowest row to bring new data, in ms after the last fault (see startFreshWatch). */
  endFreshWatch(): number | null {
    const measure = this.freshWatch
    if (!measure) return null
    const faultsEndedAt = Math.max(
      measure.openedAt,
      ...this.heldAtFaultsEnd.map((call) => call.endedAt ?? this.options.clock.now()),
      this.calls.failed.prices.lastAt ?? measure.openedAt,
    )
    this.failuresWhileRecovering += this.calls.failed.prices.count - this.failuresAtFaultsEnd
    // Rows refreshed before the last fault ended count as refreshed at once.
    measure.elapsed = measure.elapsed.map((ms) => Math.max(0, measure.since + ms - faultsEndedAt))
    measure.since = faultsEndedAt
    return this.finish(measure, () => (this.freshWatch = null))
  }

  /** A row that never did it by the end of the window counts as the whole window (a lower bound). */
  private finish(measure: MeasureWindow | null, clear: () => void): number | null {
    clear()
    if (!measure) return null
    const wholeWindow = this.options.clock.now() - measure.openedAt
    return Math.max(0, ...measure.elapsed, ...[...measure.pending].map(() => wholeWindow))
  }

  private onDelta(delta: Delta): void {
    this.deltas += 1
    this.checker.apply(delta)
    const now = this.options.clock.now()
    for (const change of delta.changed) {
      if (change.fields.stale === true) this.mark(this.staleWatch, change.symbol, now)
      if ('priceTimestamp' in change.fields || 'marketTimestamp' in change.fields)
        this.mark(this.freshWatch, change.symbol, now)
    }
  }

  private mark(measure: MeasureWindow | null, symbol: string, now: number): void {
    if (!measure?.pending.delete(symbol)) return
    measure.elapsed.push(now - measure.since)
  }

  /** The scheduler reports after every poll; whichever endpoint's outcome changed just polled. */
  private countPolls(): void {
    for (const endpoint of ENDPOINTS) {
      const status = this.feed.endpointStatus(endpoint)
      const last = this.lastStatus.get(endpoint)
      if (last && (status.lastSuccessAt !== last.lastSuccessAt || status.lastError !== last.lastError))
        this.polls[endpoint] += 1
      this.lastStatus.set(endpoint, { lastSuccessAt: status.lastSuccessAt, lastError: status.lastError })
    }
  }
}
