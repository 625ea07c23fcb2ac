import type { Delta, Snapshot } from '../../../shared/domain'
import type * as Ipc from '../../../shared/ipc-contract'
import type { Settings } from '../../../shared/settings'
import type { AppStatus } from '../../../shared/status'
import { AlertCenter } from '../alerts/alert-center'
import { type Clock, realClock } from '../clock'
import { HoldingsFile } from '../holdings/holdings-file'
import { WalletsFile } from '../wallets/wallets-file'
import { walletReader } from '../wallets/commands'
import { WalletWatch } from '../wallets/wallet-watch'
import { balanceChangeFirings } from '../wallets/balance-changes'
import { positionQuantities } from '../wallets/position-quantities'
import { ApiClient } from '../api/api-client'
import type { PositionsTracker } from '../holdings/positions-tracker'
import type { FeedEvents, PollFeed, PollPipeline, PollPlan } from '../feed/poll-feed'
import type { ServiceStatusLink } from '../service-status/service-status-link'
import type { AppHistory } from '../history/app-history'
import { KeyVault } from '../secrets/key-vault'
import { SettingsFile } from '../storage/settings-file'
import { followTimeZoneSetting } from '../screen-time'
import { SnapshotCache, SnapshotCacheSchedule } from '../storage/snapshot-cache'
import type { AppCoreOptions } from './app-core-options'
import { deriveAppStatus, feedStatus, firstProblem } from './app-status'
import { commandHandlers } from './commands'
import { Connection, type DemoService } from './connection'
import type { CommandHandlers } from '../command-handlers'
import { dispatch } from './dispatch'
import { InFlight } from './in-flight'
import { EventBus } from './event-bus'
import { withService } from './poll-feed-with-service'
import { pollWhatIsWatched, polledSymbols } from './polled-symbols'
import { inTimeOrder } from '../holdings/ledger-replay'
import { quotesTouched, trackPositions } from '../holdings/track-positions'
import { type AtBidsTracker, trackAtBids } from '../holdings/at-bids'
import { DepthSymbols } from './depth-symbols'
import { type PortfolioComputer, computedHere } from '../portfolio/portfolio-thread'

/**
 * How long stopping waits for the commands still running: a file write takes milliseconds, so
 * this only cuts short a command waiting on the network.
 */
const COMMANDS_AT_STOP_WAIT_MS = 3_000

/**
 * AppCore: everything the app does that is not Electron. The Electron shell, the CLI and the
 * renderer's test harness all drive it through `invoke` (one entry per contract channel, arguments
 * validated because callers are untrusted) and `on` (pushed events). This file composes the parts
 * and carries events; what each command does is in commands/, one module per capability.
 */
export class AppCore<Demo extends DemoService = DemoService> {
  readonly settings: SettingsFile
  readonly holdings: HoldingsFile
  readonly wallets: WalletsFile
  readonly vault: KeyVault
  readonly alerts: AlertCenter
  readonly positions: PositionsTracker
  /** The held positions valued at their bids (the held symbols' depth stream). */
  readonly atBids: AtBidsTracker
  /** When the watched wallets are read (start, every 5 minutes while shown, on demand). */
  readonly walletWatch: WalletWatch
  private windowVisible = true
  private readonly cache: SnapshotCache
  private readonly cacheSchedule: SnapshotCacheSchedule
  private readonly clock: Clock
  private readonly events = new EventBus()
  private readonly commandsInFlight = new InFlight()
  private readonly handlers: CommandHandlers
  /** What the app drives: the price polls, what the service says of the market, history; told alike. */
  private readonly feed: PollFeed
  /** The price pipeline: its listing, cache and recording, handed to the rooms that use them. */
  private readonly prices: PollPipeline
  private readonly service: ServiceStatusLink
  private readonly history: AppHistory
  private readonly connection: Connection<Demo>
  private readonly depthSymbols: DepthSymbols
  /** Where the portfolio over time is computed (the app's own thread, or here). */
  private readonly portfolio: PortfolioComputer
  private started = false

  constructor(private readonly options: AppCoreOptions<Demo>) {
    const clock = (this.clock = options.clock ?? realClock)
    this.settings = new SettingsFile(options.userDataDir)
    this.holdings = new HoldingsFile(options.userDataDir, () => this.clock.now())
    this.wallets = new WalletsFile(options.userDataDir, () => this.clock.now())
    this.vault = new KeyVault(options.keychain)
    this.cache = new SnapshotCache(options.userDataDir)
    this.portfolio = options.portfolio ?? computedHere
    this.alerts = new AlertCenter({
      userDataDir: options.userDataDir,
      clock: this.clock,
      onFired: (entry, unreadAlerts) => this.events.emit('alert', { entry, unreadAlerts }),
      onUnreadChange: () => this.events.emit('status', this.status()),
      positions: () => this.positions.bySymbol(),
      onIdleChange: (idle) => this.events.emit('alertsIdle', idle),
    })
    const feedEvents: FeedEvents = {
      onDelta: (delta) => this.snapshotChanged(() => this.events.emit('delta', delta), delta),
      onSnapshot: (snapshot) => this.snapshotChanged(() => this.events.emit('snapshot', snapshot)),
      onStatusChange: () => this.events.emit('status', this.status()),
      onDepth: (view) => this.events.emit('depth', view),
      onHeldDepth: (update) => {
        this.atBids.depthUpdate(update)
        this.alerts.depthUpdate(update, this.started ? this.feed.snapshot() : null)
      },
      onDayCandles: (view) => this.events.emit('dayCandles', view),
    }
    const wired = withService(feedEvents, { ...options, clock, core: this, events: this.events })
    ;({ feed: this.feed, prices: this.prices, service: this.service, history: this.history } = wired)
    const parts = { settings: this.settings, holdings: this.holdings, feed: this.feed, clock }
    this.positions = trackPositions({
      ...parts,
      events: this.events,
      walletQuantities: () => positionQuantities(this.walletWatch.current(), this.wallets.content()),
    })
    // One depth stream for the held symbols and the depth alerts' symbols.
    const depthSymbols = new DepthSymbols((symbols) => this.feed.setInterest({ heldDepthSymbols: symbols }))
    this.depthSymbols = depthSymbols
    this.atBids = trackAtBids({ heldChanged: (held) => depthSymbols.heldChanged(held), events: this.events })
    this.cacheSchedule = new SnapshotCacheSchedule(() => this.prices.saveSnapshot(options.userDataDir), clock)
    this.connection = new Connection({
      settings: this.settings,
      vault: this.vault,
      feed: this.feed,
      demo: options.demo,
      requestTimeoutMs: options.requestTimeoutMs,
      userAgent: options.userAgent,
      settingsChanged: async (patch) => this.announceSettings(await this.settings.patch(patch)),
    })
    this.walletWatch = new WalletWatch({
      clock,
      read: walletReader({
        wallets: this.wallets,
        clock,
        walletService: () => {
          const key = this.connection.keyInUse()
          const { baseUrl } = this.connection.source()
          return key && baseUrl
            ? new ApiClient({
                baseUrl,
                apiKey: key,
                timeoutMs: options.requestTimeoutMs,
                now: () => this.clock.now(),
                userAgent: options.userAgent,
              })
            : null
        },
        // The ledger's, not the positions': with the wallets chosen those are the wallets' own.
        ledgerQuantities: () => this.positions.ledgerQuantities(),
      }),
      onRead: (view, previous) => {
        this.events.emit('walletBalances', view)
        this.positions.sourceChanged()
        // Symbols only the wallets hold are polled too, so that their positions have a price.
        this.watchChanged(null)
        // Each problem logged once while it lasts; wallets named by label and the last 4 characters.
        for (const note of view.notes) if (!previous?.notes.includes(note)) options.log?.(`wallets: ${note}`)
        if (previous) void this.alerts.announce(balanceChangeFirings(previous, view))
      },
    })
    // Not read while the window is hidden or updates are paused (by the user, sleep, offline).
    // With the status just derived: deriving it again for this was half the status work of a poll.
    this.events.on('status', (status) => this.walletWatchActivity(status))
    const alertsChanged = <T>(result: T): T =>
      this.watchChanged(result, () => {
        this.depthSymbols.alertsChanged(this.alerts.file.list())
        this.alerts.alertsChanged(this.feed.snapshot())
      })
    this.handlers = commandHandlers({
      ...parts,
      positions: this.positions,
      atBids: this.atBids,
      wallets: this.wallets,
      walletWatch: this.walletWatch,
      vault: this.vault,
      alerts: this.alerts,
      listing: this.prices,
      service: this.service,
      history: this.history.service,
      portfolio: this.portfolio,
      saveExport: options.saveExport,
      pinUnavailable: options.pinUnavailable,
      status: () => this.status(),
      statusChanged: () => this.events.emit('status', this.status()),
      tellShell: (settings) => this.tellShell(settings),
      listsChanged: (settings) => this.announceSettings(this.watchChanged(settings)),
      alertsChanged,
      removeAlertsOf: async (symbol) => {
        alertsChanged(await this.alerts.file.removeForSymbol(symbol))
      },
      ledger: () => inTimeOrder(this.holdings.transactions()),
      heldPositions: () => this.positions.current().positions,
      watchedWallets: async () => (await this.wallets.load()).wallets,
      // Replayed first: what is polled follows the positions as they now are.
      holdingsChanged: (result) => {
        this.positions.ledgerChanged()
        return this.watchChanged(result)
      },
      reconnect: async () => {
        await this.connection.connect()
        if (this.started) this.feed.refreshNow({ afresh: true })
      },
    })
  }

  /** The demo market's running service, or null outside demo mode. */
  get demoServer(): Demo | null {
    return this.connection.demo()
  }

  async start(): Promise<void> {
    const settings = await this.settings.load()
    followTimeZoneSetting(settings.timeZone)
    await Promise.all([this.alerts.load(), this.holdings.load(), this.wallets.load(), this.vault.init()])
    this.feed.setCadences(settings.cadences)
    this.feed.setInterest({
      watchlist: polledSymbols(settings, this.alerts.file.list(), this.heldSymbols()),
    })
    this.depthSymbols.alertsChanged(this.alerts.file.list())
    await this.connection.start()
    await this.feed.start(await this.cache.load().catch(() => null))
    this.positions.ledgerChanged()
    this.started = true
    this.walletWatch.start()
    this.events.emit('snapshot', await this.feed.fullSnapshot())
  }

  async stop(): Promise<void> {
    this.started = false
    await this.commandsInFlight.settled(COMMANDS_AT_STOP_WAIT_MS)
    this.alerts.stop()
    this.walletWatch.stop()
    await this.portfolio.close()
    await this.connection.stop(async () => {
      // Saved while the feed still runs: the worker does the work, off the main thread.
      await this.cacheSchedule.changed({ force: true })
      await this.feed.stop()
    })
  }

  on<N extends Ipc.EventName>(event: N, listener: (payload: Ipc.EventPayload<N>) => void): () => void {
    return this.events.on(event, listener)
  }

  /** For the shell: window settings (pin, ticker strip, start at login) changed. */
  onSettingsChange(listener: (settings: Settings) => void): () => void {
    return this.events.onShellSettings(listener)
  }

  /** The key in use, for what leaves main (the IPC bridge) to withhold; it is never sent anywhere. */
  keyToWithhold(): string | null {
    return this.connection.keyInUse()
  }

  currentSettings(): Settings {
    return this.settings.get()
  }

  /** The latest snapshot; without the histories when the poll pipeline runs in a worker (PollFeed). */
  currentSnapshot(): Snapshot {
    return this.feed.snapshot()
  }

  /** The symbols polled (the shown list and every alerted symbol) and how. */
  pollPlan(): PollPlan {
    return this.feed.status().plan
  }

  /** One contract channel: validates the raw arguments, runs the handler, never throws. */
  invoke<N extends Ipc.InvokeName>(name: N, rawArgs: unknown): Promise<Ipc.IpcResult<Ipc.InvokeResult<N>>> {
    return this.commandsInFlight.track(dispatch(this.handlers, name, rawArgs))
  }

  status(): AppStatus {
    const settings = this.settings.get()
    return deriveAppStatus({
      ...this.connection.source(),
      ...feedStatus(this.feed, this.service),
      pinned: settings.pinned && this.options.pinUnavailable === undefined,
      storageProblem: firstProblem(this.settings, this.alerts, this.cacheSchedule, this.history),
      keychainProblem: this.vault.status(settings.baseUrl).keychainProblem,
      unreadAlerts: this.alerts.log.unreadCount(),
    })
  }

  /** The shell tells the core when the window is hidden (slower prices) or the machine sleeps. */
  setWindowVisible(visible: boolean): void {
    this.feed.setActivity({ hidden: !visible })
    this.windowVisible = visible
    this.walletWatchActivity()
  }

  private walletWatchActivity(status = this.status()): void {
    this.walletWatch.setActive(this.windowVisible && status.connection !== 'paused')
  }

  /**
   * Straight to the two that poll, the prices and the service's status, not through `feed` (the
   * commands' way, one more hop): each reaches its scheduler in three hops (docs/architecture.md,
   * "Suspend and resume"; test/core/app/suspend-hops.test.ts).
   */
  setSuspended(suspended: boolean): void {
    this.prices.setActivity({ reason: 'suspend', paused: suspended })
    this.service.setPaused('suspend', suspended)
  }

  /** After each delta or new snapshot: pushed, alerts see the new prices, and the cache may be due. */
  private snapshotChanged(push: () => void, delta?: Delta): void {
    push()
    this.positions.quotesChanged(quotesTouched(this.positions, delta))
    // Building the whole snapshot for the engine is poll-path work: skip it with no alerts.
    if (this.alerts.file.list().length > 0) void this.alerts.evaluate(this.feed.snapshot())
    void this.cacheSchedule.changed({ force: false })
  }

  /** The lists, alerts or holdings changed: poll what is now watched (polled-symbols.ts), then `andThen`. */
  private watchChanged<T>(result: T, andThen?: () => void): T {
    pollWhatIsWatched(this.feed, this.settings.get(), this.alerts.file.list(), this.heldSymbols())
    andThen?.()
    return result
  }

  /** The symbols the ledger holds, and those the positions hold from the wallets when they are chosen. */
  private heldSymbols(): string[] {
    const fromPositions = [...this.positions.bySymbol().values()].filter(
      (position) => position.quantity !== '0',
    )
    return [...new Set([...this.holdings.heldSymbols(), ...fromPositions.map((position) => position.symbol)])]
  }

  /** Every saved change of the settings passes here: main's own texts follow the zone chosen. */
  private tellShell(settings: Settings): void {
    followTimeZoneSetting(settings.timeZone)
    this.events.tellShell(settings)
    // A new quantity source may hold symbols only the wallets hold: they are polled too.
    this.watchChanged(null)
  }

  /** Settings changed: the shell and the window are told. */
  private announceSettings(settings: Settings): Settings {
    this.tellShell(settings)
    this.events.emit('settings', settings)
    return settings
  }
}
