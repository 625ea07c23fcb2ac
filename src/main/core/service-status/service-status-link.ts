import type {
  AssetPauseReading,
  CapacityView,
  DividendsView,
  MarketReading,
  OptionalFeature,
  ServiceState,
} from '../../../shared/service-status'
import type { ApiClient } from '../api/api-client'
import { scrubKey } from '../api/key-scrub'
import { logLine } from '../api/terminal-text'
import { type Clock, realClock } from '../clock'
import { CapacityWatch } from './capacity-watch'
import { clientForConnection } from '../feed/connection-client'
import type { FeedConnection } from '../feed/poll-feed'
import type { PauseReason } from '../feed/poll-scheduler'
import { type PauseReader, ServiceStatusFeed } from './service-status-feed'
import { describeFailure } from '../feed/status-errors'

/**
 * What the service says of the market now, joined to the app: the status feed (market state and
 * asset pauses, a minute apart, five while hidden), the trading capacity of the open detail, and
 * dividends on demand. It has its own client on the main thread (its answers are small), so none
 * of it ever waits on or delays the price polls of the poll feed; the asset pauses (up to a
 * mebibyte) are asked and parsed where the prices are, in the app the poll worker (readPauses). It follows
 * the poll feed's
 * connection, visibility and pauses (app/poll-feed-with-service.ts).
 */

/** The service caches dividends a minute; the detail panel reads them no more often. */
export const DIVIDENDS_DETAIL_MAX_AGE_MS = 60_000
/** The yield column: once a day per symbol is enough for a trailing-year yield. */
export const DIVIDENDS_COLUMN_MAX_AGE_MS = 24 * 60 * 60_000

export interface ServiceStatusLinkOptions {
  /** The market state or the pauses changed: the status is pushed again. */
  onStateChange: () => void
  /**
   * After each status poll, for the alerts: the market as read now and the asset pauses (null: not known).
   */
  onStatus: (status: { market: MarketReading; pauses: readonly AssetPauseReading[] | null }) => void
  onCapacity: (view: CapacityView) => void
  /** Where a disagreement between the service and our calendar is said, once. */
  log: (text: string) => void
  clock?: Clock
  random?: () => number
  /**
   * How a connection's client is made; by default clientForConnection (the benchmark counts requests through
   * its own).
   */
  clientFor?: (connection: FeedConnection, clock: Clock) => ApiClient
  /**
   * Where the asset pauses are read and parsed (the app: the poll worker); by default this link's own client.
   */
  readPauses?: PauseReader
}

export class ServiceStatusLink {
  private readonly clock: Clock
  private readonly statusFeed: ServiceStatusFeed
  private readonly capacity: CapacityWatch
  private client: ApiClient | null = null
  /** The connection's key, never to reach the log whatever text it hides in. */
  private key: string | null = null
  private watched: readonly string[] = []
  private readonly dividendsBySymbol = new Map<string, { view: DividendsView; at: number }>()
  private readonly answered = new Set<OptionalFeature>()
  /** The state last told, so a poll that changed nothing pushes nothing to the window. */
  private toldState = ''

  constructor(private readonly options: ServiceStatusLinkOptions) {
    this.clock = options.clock ?? realClock
    this.statusFeed = new ServiceStatusFeed({
      onChange: () => {
        const { market, pauses } = this.statusFeed.view()
        this.options.onStatus({ market, pauses: pauses?.all ?? null })
        this.tellIfChanged()
      },
      log: (text) => options.log(logLine(scrubKey(text, this.key))),
      clock: this.clock,
      random: options.random,
      readPauses: options.readPauses,
    })
    this.capacity = new CapacityWatch({
      clock: this.clock,
      onChange: (view) => {
        if (view.buy?.available) this.answered.add('tradingCapacity')
        options.onCapacity(view)
      },
    })
  }

  connect(connection: FeedConnection): void {
    const previous = this.client
    this.client = (this.options.clientFor ?? clientForConnection)(connection, this.clock)
    this.key = connection.apiKey
    void previous?.close()
    this.dividendsBySymbol.clear()
    this.answered.clear()
    this.statusFeed.setClient(this.client)
    this.capacity.setClient(this.client)
  }

  start(): void {
    this.statusFeed.start()
    this.capacity.start()
  }

  async stop(): Promise<void> {
    this.statusFeed.stop()
    this.capacity.stop()
    await this.client?.close()
    this.client = null
  }

  setWatched(symbols: readonly string[]): void {
    this.watched = symbols
    this.tellIfChanged()
  }

  setHidden(hidden: boolean): void {
    this.statusFeed.setHidden(hidden)
    this.capacity.setVisible(!hidden)
  }

  setPaused(reason: PauseReason, paused: boolean): void {
    this.statusFeed.scheduler.setPaused(reason, paused)
    this.capacity.setPaused(reason, paused)
  }

  /** The window's detail panel shows `symbol` (null: closed): its capacity is asked for, and no other. */
  openDetail(symbol: string | null): CapacityView | null {
    return this.capacity.open(symbol)
  }

  refreshCapacity(): void {
    this.capacity.refresh()
  }

  /** The market, the watched symbols' pauses and what the service publishes, at this instant. */
  state(): ServiceState {
    const view = this.statusFeed.view()
    const missing = new Set(this.client?.optional.missingOnes())
    // `known` is the status feed's own word: the pauses are read through the price feed's client
    // (in the poll worker), whose 404 this link's client never sees.
    const publishes = (feature: OptionalFeature, known: boolean | null): boolean | null =>
      missing.has(feature) || known === false
        ? false
        : known === true || this.answered.has(feature)
          ? true
          : null
    return {
      market: view.market,
      pauses: view.pauses?.ofSymbols(this.watched, this.clock.now()) ?? null,
      publishes: {
        marketStatus: publishes('marketStatus', view.publishes.marketStatus),
        assetPauses: publishes('assetPauses', view.publishes.assetPauses),
        tradingCapacity: publishes('tradingCapacity', null),
        dividends: publishes('dividends', null),
      },
      problem: this.statusFeed.problem(),
    }
  }

  private tellIfChanged(): void {
    const state = JSON.stringify(this.state())
    if (state === this.toldState) return
    this.toldState = state
    this.options.onStateChange()
  }

  /** A symbol's dividends, reused while younger than `maxAgeMs` (the service caches them a minute). */
  async dividends(symbol: string, maxAgeMs: number): Promise<DividendsView> {
    const kept = this.dividendsBySymbol.get(symbol)
    const client = this.client
    if (kept && this.clock.now() - kept.at < maxAgeMs) return kept.view
    if (!client)
      return { symbol, available: true, dividends: null, problem: 'Not connected to the service yet.' }
    let view: DividendsView
    try {
      const answer = await client.dividends(symbol)
      if (answer.available) this.answered.add('dividends')
      const { dividendYield, payoutFrequency, lastCashAmount, lastPaymentDate } = answer.available
        ? answer.value
        : { dividendYield: null, payoutFrequency: null, lastCashAmount: null, lastPaymentDate: null }
      view = {
        symbol,
        available: answer.available,
        dividends: answer.available
          ? { dividendYield, payoutFrequency, lastCashAmount, lastPaymentDate }
          : null,
        problem: null,
      }
    } catch (error) {
      // Not kept: the next look asks again.
      return {
        symbol,
        available: true,
        dividends: null,
        problem: describeFailure(error, this.clock.now()).error.message,
      }
    }
    if (client === this.client) this.dividendsBySymbol.set(symbol, { view, at: this.clock.now() })
    return view
  }
}
