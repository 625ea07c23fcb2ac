import type { Clock } from '../clock'
import type { FeedEvents, PollPipeline } from '../feed/poll-feed'
import type { PortfolioComputer } from '../portfolio/portfolio-thread'
import type { SecretStore } from '../secrets/secret-store'
import type { DemoMarket, DemoService } from './connection'

/** What a poll pipeline on AppCore's own thread runs on: AppCore's clock and randomness. */
export interface ThisThread {
  clock: Clock
  random?: () => number
}

/** Builds the poll pipeline AppCore drives, told its events; `here` is AppCore's own clock. */
export type PollFeedPlace = (events: FeedEvents, here: ThisThread) => PollPipeline

/** What the shell, the CLI or a test hands AppCore: where its files go, and the parts it chooses. */
export interface AppCoreOptions<Demo extends DemoService = DemoService> {
  userDataDir: string
  /** The OS keychain, or null where there is none (the key is then held in memory for this run). */
  keychain: SecretStore | null
  clock?: Clock
  random?: () => number
  /** The simulated market of demo mode (no key stored), handed in by the shell or the CLI. */
  demo?: DemoMarket<Demo>
  /** Request deadline for the API client. */
  requestTimeoutMs?: number
  /** What the requests say they come from (`tokenwatch/<version>`): the shell knows the version. */
  userAgent?: string
  /**
   * The shell's save dialog: offers `content` under `fileName` and resolves to the saved path,
   * or null when cancelled. Without one, exports hand the content back to the caller.
   */
  saveExport?: (fileName: string, content: string) => Promise<string | null>
  /**
   * Where the poll pipeline runs: the app passes a WorkerPollFeed, so fetching and parsing never
   * hold up its main thread; the tests and the benchmarks pass pollOnThisThread
   * (poll-on-this-thread.ts), on AppCore's clock. No default: a default here would load the whole
   * pipeline, its gRPC client among it, on the app's main thread, which never runs it.
   */
  pollFeed: PollFeedPlace
  /**
   * Where the portfolio over time is computed. By default on this thread; the app passes a
   * PortfolioThread, so that half a second of replaying the ledger never holds up its main thread.
   */
  portfolio?: PortfolioComputer
  /**
   * Why the shell cannot keep its window on top here (native Wayland), in words; then pinning is
   * refused with them and the status never says pinned.
   */
  pinUnavailable?: string
  /**
   * Where the core says what is worth a line in the log (a disagreement of the service and our calendar);
   * console.warn by default.
   */
  log?: (text: string) => void
}
