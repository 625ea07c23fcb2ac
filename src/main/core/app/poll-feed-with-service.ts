import type { ListedAsset, Snapshot } from '../../../shared/domain'
import type { AssetPauseReading } from '../../../shared/service-status'
import type { Cadences } from '../../../shared/settings'
import type { EndpointName, EndpointStatus } from '../../../shared/status'
import { LocalPollFeed } from '../feed/local-poll-feed'
import type { FeedConnection, FeedEvents, PollFeed, PollPipeline, PollPlan } from '../feed/poll-feed'
import { HistoryRecording } from '../history/history-recording'
import type { PauseReason } from '../feed/poll-scheduler'
import type { AppStatus } from '../../../shared/status'
import type { AlertCenter } from '../alerts/alert-center'
import type { Clock } from '../clock'
import type { EventBus } from './event-bus'
import { AppHistory } from '../history/app-history'
import { ServiceStatusLink } from '../service-status/service-status-link'

/**
 * What AppCore hands over: where the status and the capacity go, and the alerts that follow the market and
 * pauses.
 */
export interface ServiceStatusWiring {
  events: EventBus
  /** The alerts (told the market and the pauses) and the status (pushed when the service's state changes). */
  core: { readonly alerts: AlertCenter; status(): AppStatus }
  clock: Clock
  random?: () => number
  log?: (text: string) => void
  /** Where history.sqlite and the history cache are kept. */
  userDataDir: string
  /** Where the prices are polled (AppCoreOptions.pollFeed); on this thread, on `clock`, by default. */
  pollFeed?: (events: FeedEvents) => PollPipeline
}

/**
 * The price feed, telling `feedEvents`, with the service's status and history beside it, told the same
 * changes.
 */
export function withService(feedEvents: FeedEvents, wiring: ServiceStatusWiring): PollFeedWithService {
  const { events, core, clock, random } = wiring
  const prices =
    wiring.pollFeed?.(feedEvents) ??
    new LocalPollFeed(feedEvents, {
      clock,
      random,
      recording: (onNotice) => new HistoryRecording(clock, onNotice),
    })
  const service: ServiceStatusLink = new ServiceStatusLink({
    clock,
    random,
    log: wiring.log ?? ((text) => console.warn(text)),
    onStateChange: () => events.emit('status', core.status()),
    onStatus: (status) => core.alerts.serviceStatusChanged(status, feed.snapshot()),
    onCapacity: (view) => events.emit('capacity', view),
    readPauses: () => prices.assetPauses(),
  })
  const feed = new PollFeedWithService(
    prices,
    service,
    new AppHistory(prices.recording, clock, wiring.userDataDir),
  )
  return feed
}

/**
 * The poll feed with what else is asked of the service beside it, its status and history: every
 * change AppCore, the connection and the commands make to what is polled (which service and key,
 * which symbols, hidden, paused, started, stopped) reaches each, so they can never disagree on
 * which service they read or whether the app may ask it now. The prices stay the inner feed's.
 */
export class PollFeedWithService implements PollFeed {
  constructor(
    private readonly inner: PollFeed,
    readonly service: ServiceStatusLink,
    readonly history: AppHistory,
  ) {}

  connect(connection: FeedConnection): void {
    this.inner.connect(connection)
    this.service.connect(connection)
    this.history.connected(connection)
  }

  setCadences(cadences: Cadences): void {
    this.inner.setCadences(cadences)
  }

  seed(snapshot: Snapshot): void {
    this.inner.seed(snapshot)
  }

  setWatchlist(symbols: readonly string[]): void {
    this.inner.setWatchlist(symbols)
    this.service.setWatched(symbols)
  }

  async start(): Promise<void> {
    await this.inner.start()
    this.service.start()
  }

  async stop(): Promise<void> {
    await Promise.all([this.service.stop(), this.history.close()])
    await this.inner.stop()
  }

  refreshNow(): void {
    this.inner.refreshNow()
  }

  /** The feed's one storage problem: the recording's (history.sqlite set aside, a full disk). */
  problem(): string | null {
    return this.history.recordingNotice()
  }

  reset(): void {
    this.inner.reset()
  }

  setDepthSymbol(symbol: string | null): void {
    this.inner.setDepthSymbol?.(symbol)
  }

  setHeldDepthSymbols(symbols: readonly string[]): void {
    this.inner.setHeldDepthSymbols?.(symbols)
  }

  setChartSymbol(symbol: string | null): void {
    this.inner.setChartSymbol?.(symbol)
  }

  setHidden(hidden: boolean): void {
    this.inner.setHidden(hidden)
    this.service.setHidden(hidden)
  }

  setPaused(reason: PauseReason, paused: boolean): void {
    this.inner.setPaused(reason, paused)
    this.service.setPaused(reason, paused)
  }

  pauseReasons(): PauseReason[] {
    return this.inner.pauseReasons()
  }

  endpointStatus(endpoint: EndpointName): EndpointStatus {
    return this.inner.endpointStatus(endpoint)
  }

  snapshot(): Snapshot {
    return this.inner.snapshot()
  }

  fullSnapshot(): Promise<Snapshot> {
    return this.inner.fullSnapshot()
  }

  pollPlan(): PollPlan {
    return this.inner.pollPlan()
  }

  listAssets(): Promise<ListedAsset[]> {
    return this.inner.listAssets()
  }

  assetPauses(): Promise<AssetPauseReading[] | null> {
    return this.inner.assetPauses()
  }

  saveSnapshot(userDataDir: string): Promise<void> {
    return this.inner.saveSnapshot(userDataDir)
  }
}
