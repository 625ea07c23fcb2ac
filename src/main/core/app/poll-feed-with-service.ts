import type { FeedEvents, PollFeed, PollPipeline } from '../feed/poll-feed'
import type { AppStatus } from '../../../shared/status'
import type { PollFeedPlace } from './app-core-options'
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
  /** Where the prices are polled (AppCoreOptions.pollFeed). */
  pollFeed: PollFeedPlace
}

/** The prices, the service's status and history beside them, and the one feed the app drives. */
export interface FeedWithService {
  /**
   * What AppCore, the connection and the commands drive: every change of what is polled (which
   * service and key, which symbols, hidden, paused, started, stopped) reaches the prices, the
   * service's status and history alike, so they never disagree on which service they read or
   * whether the app may ask it now. Its readings are the prices'.
   */
  feed: PollFeed
  /** The price pipeline itself: its listing, cache and recording go to the rooms that use them. */
  prices: PollPipeline
  service: ServiceStatusLink
  history: AppHistory
}

/**
 * The price feed, telling `feedEvents`, with the service's status and history beside it, told the same
 * changes.
 */
export function withService(feedEvents: FeedEvents, wiring: ServiceStatusWiring): FeedWithService {
  const { events, core, clock, random } = wiring
  const prices = wiring.pollFeed(feedEvents, { clock, random })
  const service: ServiceStatusLink = new ServiceStatusLink({
    clock,
    random,
    log: wiring.log ?? ((text) => console.warn(text)),
    onStateChange: () => events.emit('status', core.status()),
    onStatus: (status) => core.alerts.serviceStatusChanged(status, prices.snapshot()),
    onCapacity: (view) => events.emit('capacity', view),
    readPauses: () => prices.assetPauses(),
  })
  const history = new AppHistory(prices.recording, clock, wiring.userDataDir)
  return { feed: alongside(prices, service, history), prices, service, history }
}

/**
 * The feed's changes told to the prices and, one call each, to the service's status and history;
 * not a layer of its own: each method is the one place its change fans out.
 */
function alongside(prices: PollFeed, service: ServiceStatusLink, history: AppHistory): PollFeed {
  return {
    connect: (connection) => {
      prices.connect(connection)
      service.connect(connection)
      history.connected(connection)
    },
    setCadences: (cadences) => prices.setCadences(cadences),
    setInterest: (interest) => {
      prices.setInterest(interest)
      if (interest.watchlist) service.setWatched(interest.watchlist)
    },
    setActivity: (activity) => {
      prices.setActivity(activity)
      if ('hidden' in activity) service.setHidden(activity.hidden)
      else service.setPaused(activity.reason, activity.paused)
    },
    start: async (seed) => {
      await prices.start(seed)
      service.start()
    },
    stop: async () => {
      await Promise.all([service.stop(), history.close()])
      await prices.stop()
    },
    refreshNow: (options) => prices.refreshNow(options),
    status: () => prices.status(),
    snapshot: () => prices.snapshot(),
    fullSnapshot: () => prices.fullSnapshot(),
  }
}
