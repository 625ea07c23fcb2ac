import { randomBytes } from 'node:crypto'
import { type Snapshot, type SnapshotSource, withoutHistories } from '../../shared/domain'
import {
  type AppStatus,
  type EventName,
  type EventPayload,
  type InvokeName,
  type InvokeParsedArgs,
  type InvokeResult,
  type IpcError,
  type IpcResult,
  type ImportResult,
  invokeContract,
} from '../../shared/ipc-contract'
import type { Settings, SettingsPatch } from '../../shared/settings'
import { activeList } from '../../shared/watchlists'
import {
  type ExportFormat,
  exportWatchlist,
  importExportedLists,
  importWatchlist,
  partitionByListing,
} from '../../shared/export-format'
import type { AlertInput } from '../../shared/alerts'
import { sessionAlertRefusal } from '../../shared/session-alerts'
import type { SimServer } from '../sim/server'
import type { FaultPlan } from '../sim/faults'
import { startSimServer } from '../sim/server'
import { ApiError } from './api-errors'
import { AlertCenter } from './alert-center'
import { KeyVault } from './key-vault'
import { importListsInto } from './list-import'
import { type FeedEvents, LocalPollFeed, type PollFeed, type PollPlan } from './poll-feed'
import { type SchedulerClock, realClock } from './poll-scheduler'
import type { SecretStore } from './secret-store'
import { polledSymbols } from './polled-symbols'
import { type DeletedList, SettingsError, SettingsStore } from './settings-store'
import { SnapshotCache } from './snapshot-cache'

/**
 * AppCore: everything the app does that is not Electron. The Electron shell, the CLI and the
 * renderer's test harness all drive it through `invoke` (one entry per contract channel, arguments
 * validated here because callers are untrusted) and `on` (pushed events).
 */

export interface AppCoreOptions {
  userDataDir: string
  /** The OS keychain, or null where there is none (the key is then held in memory for this run). */
  keychain: SecretStore | null
  clock?: SchedulerClock
  random?: () => number
  /** The simulator used in demo mode (no key stored). */
  demo?: { assets?: number; seed?: number; faults?: FaultPlan }
  /** Request deadline for the API client. */
  requestTimeoutMs?: number
  /**
   * The shell's save dialog: offers `content` under `fileName` and resolves to the saved path,
   * or null when cancelled. Without one, exports hand the content back to the caller.
   */
  saveExport?: (fileName: string, content: string) => Promise<string | null>
  /**
   * Where the poll pipeline runs. By default on this thread, on `clock` (the tests' and the CLI's
   * virtual clocks need that); the app passes a WorkerPollFeed, so fetching and parsing never
   * hold up its main thread.
   */
  pollFeed?: (events: FeedEvents) => PollFeed
}

type Listener<N extends EventName> = (payload: EventPayload<N>) => void
/** One handler per contract channel: it gets the checked arguments and returns the channel's result. */
type CommandHandlers = {
  [N in InvokeName]: (args: InvokeParsedArgs<N>) => Promise<InvokeResult<N>>
}

/** Errors that say the service cannot be reached at all. */
const UNREACHABLE = new Set(['network', 'timeout', 'key-missing'])
/** The last snapshot is written to disk at most this often (and on stop). */
const SNAPSHOT_CACHE_INTERVAL_MS = 30_000

export class AppCore {
  readonly settings: SettingsStore
  readonly vault: KeyVault
  readonly alerts: AlertCenter
  private readonly cache: SnapshotCache
  private readonly clock: SchedulerClock
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()
  private readonly settingsListeners = new Set<(settings: Settings) => void>()
  private readonly handlers: CommandHandlers
  private readonly feed: PollFeed
  private sim: SimServer | null = null
  private connectionChange: Promise<void> = Promise.resolve()
  /** Set by stop(): a connection change still arriving must not start anything. */
  private stopped = false
  private source: SnapshotSource = { baseUrl: '', demo: true }
  private lastCacheWrite = 0
  private started = false
  /** Why the last prices could not be saved for the next start, until a save succeeds. */
  private cacheProblem: string | null = null
  /** Lists deleted in this run, by id, so that Undo can put them back. */
  private readonly deletedLists = new Map<string, DeletedList>()

  constructor(private readonly options: AppCoreOptions) {
    this.clock = options.clock ?? realClock
    this.settings = new SettingsStore(options.userDataDir)
    this.vault = new KeyVault(options.keychain)
    this.cache = new SnapshotCache(options.userDataDir)
    this.alerts = new AlertCenter({
      userDataDir: options.userDataDir,
      clock: this.clock,
      onFired: (entry, unreadAlerts) => this.emit('alert', { entry, unreadAlerts }),
      onUnreadChange: () => this.emit('status', this.status()),
    })
    const events: FeedEvents = {
      onDelta: (delta) => {
        this.emit('delta', delta)
        this.snapshotChanged()
      },
      onSnapshot: (snapshot) => {
        this.emit('snapshot', snapshot)
        this.snapshotChanged()
      },
      onStatusChange: () => this.emit('status', this.status()),
    }
    this.feed =
      options.pollFeed?.(events) ?? new LocalPollFeed(events, { clock: this.clock, random: options.random })
    this.handlers = this.createHandlers()
  }

  get demoServer(): SimServer | null {
    return this.sim
  }

  async start(): Promise<void> {
    this.stopped = false
    const settings = await this.settings.load()
    await this.alerts.load()
    await this.vault.init()
    this.feed.setCadences(settings.cadences)
    this.feed.setWatchlist(polledSymbols(settings, this.alerts.store.list()))
    await this.connect()
    const cached = await this.cache.load().catch(() => null)
    if (cached) this.feed.seed(cached)
    await this.feed.start()
    this.started = true
    this.emit('snapshot', await this.feed.fullSnapshot())
  }

  async stop(): Promise<void> {
    this.started = false
    this.stopped = true
    this.alerts.stop()
    await this.serialized(async () => {
      // Saved while the feed still runs: the worker does the work, off the main thread.
      await this.saveCache(true)
      await this.feed.stop()
      await this.sim?.close()
      this.sim = null
    })
  }

  on<N extends EventName>(event: N, listener: Listener<N>): () => void {
    const set = this.listeners.get(event) ?? new Set()
    set.add(listener as Listener<EventName>)
    this.listeners.set(event, set)
    return () => set.delete(listener as Listener<EventName>)
  }

  /** For the shell: window settings (pin, ticker strip, start at login) changed. */
  onSettingsChange(listener: (settings: Settings) => void): () => void {
    this.settingsListeners.add(listener)
    return () => this.settingsListeners.delete(listener)
  }

  /** The latest snapshot; without the histories when the poll pipeline runs in a worker (PollFeed). */
  currentSnapshot(): Snapshot {
    return this.feed.snapshot()
  }

  /** The symbols polled (the shown list and every alerted symbol) and how. */
  pollPlan(): PollPlan {
    return this.feed.pollPlan()
  }

  /** One contract channel: validates the raw arguments, runs the handler, never throws. */
  async invoke<N extends InvokeName>(name: N, rawArgs: unknown): Promise<IpcResult<InvokeResult<N>>> {
    const entry = Object.hasOwn(invokeContract, name) ? invokeContract[name] : undefined
    if (!entry) return fail('invalid-argument', `unknown command "${String(name).slice(0, 40)}"`)
    const parsed = entry.args.safeParse(rawArgs)
    if (!parsed.success) {
      // The message is shown as it is (under the key field, beside a list's name), so the refused
      // argument travels apart from it.
      const issue = parsed.error.issues[0]
      const field = issue && issue.path.length > 0 ? { field: issue.path.join('.') } : {}
      return { ok: false, error: { code: 'invalid-argument', message: issue?.message ?? 'invalid arguments', ...field } }
    }
    try {
      // The schema just checked is this channel's own, so its output is this handler's argument.
      return { ok: true, value: await this.runHandler(name, parsed.data as InvokeParsedArgs<N>) }
    } catch (error) {
      return { ok: false, error: toIpcError(error) }
    }
  }

  private runHandler<N extends InvokeName>(name: N, args: InvokeParsedArgs<N>): Promise<InvokeResult<N>> {
    const handler: CommandHandlers[N] = this.handlers[name]
    return handler(args)
  }

  status(): AppStatus {
    const endpoints = {
      prices: this.feed.endpointStatus('prices'),
      market: this.feed.endpointStatus('market'),
      limits: this.feed.endpointStatus('limits'),
    }
    const errors = Object.values(endpoints).flatMap((e) => (e.lastError ? [e.lastError] : []))
    const lastError = errors.sort((a, b) => b.at - a.at)[0] ?? null
    const everSucceeded = Object.values(endpoints).some((e) => e.lastSuccessAt !== null)
    const reasons = this.feed.pauseReasons()
    const settings = this.settings.get()
    // Prices that cannot reach the service mean no live prices: offline, even while the slower
    // market and limits polls have not noticed yet.
    const pricesUnreachable = UNREACHABLE.has(endpoints.prices.lastError?.kind ?? '')
    return {
      mode: this.source.demo ? 'demo' : 'live',
      baseUrl: this.source.baseUrl,
      connection: reasons.includes('offline')
        ? 'offline'
        : reasons.length > 0
          ? 'paused'
          : errors.length === 3 || pricesUnreachable
            ? 'offline'
            : errors.length > 0
              ? 'degraded'
              : everSucceeded
                ? 'online'
                : 'connecting',
      paused: reasons.includes('user'),
      pinned: settings.pinned,
      endpoints,
      lastError,
      // Read afresh each time: a failed save shows at once, and clears once a save succeeds.
      storageProblem: this.settings.problem() ?? this.alerts.problem() ?? this.cacheProblem,
      keychainProblem: this.vault.status(settings.baseUrl).keychainProblem,
      unreadAlerts: this.alerts.log.unreadCount(),
    }
  }

  /** The shell tells the core when the window is hidden (slower prices) or the machine sleeps. */
  setWindowVisible(visible: boolean): void {
    this.feed.setHidden(!visible)
  }

  setSuspended(suspended: boolean): void {
    this.feed.setPaused('suspend', suspended)
  }

  setOnline(online: boolean): void {
    this.feed.setPaused('offline', !online)
  }

  // --- connection -------------------------------------------------------------------------

  /**
   * Connection changes (start, a key, a base URL, stop) run one at a time: two overlapping ones
   * would each start a simulator or client, and the one overwritten would never be closed.
   */
  private serialized(change: () => Promise<void>): Promise<void> {
    const run = this.connectionChange.then(change)
    this.connectionChange = run.catch(() => {})
    return run
  }

  private connect(): Promise<void> {
    return this.serialized(() => this.connectNow())
  }

  /**
   * Uses the configured service when a key is stored for it. Without one: the built-in simulator
   * if the demo setting allows it, else the service all the same, which then reports the missing
   * key (the banner says "No API key for HOST" and offers to add one).
   */
  private async connectNow(): Promise<void> {
    if (this.stopped) return
    let settings = this.settings.get()
    const key = await this.vault.get(settings.baseUrl)
    // A key stored for the chosen service means the user chose a live one: from now on a base URL
    // without a key says so instead of quietly showing simulated prices.
    if (key !== null && settings.demo === 'auto') settings = await this.settingsChanged({ demo: 'off' })
    const timeoutMs = this.options.requestTimeoutMs
    if (key !== null || settings.demo === 'off') {
      await this.sim?.close()
      this.sim = null
      this.source = { baseUrl: settings.baseUrl, demo: false }
      this.feed.connect({ ...this.source, apiKey: key, timeoutMs })
    } else {
      // Demo mode: a fresh random key for a simulator only this process knows about.
      const demoKey = randomBytes(24).toString('hex')
      await this.sim?.close()
      this.sim = await startSimServer({
        apiKey: demoKey,
        port: 0,
        assets: this.options.demo?.assets ?? 400,
        seed: this.options.demo?.seed ?? 1,
        faults: this.options.demo?.faults,
      })
      this.source = { baseUrl: this.sim.url, demo: true }
      this.feed.connect({ ...this.source, apiKey: demoKey, timeoutMs })
    }
  }

  /** A settings change main makes itself: saved, and told to the window and the shell. */
  private async settingsChanged(patch: SettingsPatch): Promise<Settings> {
    const after = await this.settings.patch(patch)
    this.settingsListeners.forEach((listener) => listener(after))
    this.emit('settings', after)
    return after
  }

  /** After the key or base URL changed: reconnect and start polling afresh. */
  private async reconnect(): Promise<void> {
    await this.connect()
    if (this.started) this.feed.reset()
  }

  // --- storage ------------------------------------------------------------------------

  /** After each delta or new snapshot: alerts see the new prices, and the cache may be due. */
  private snapshotChanged(): void {
    // Building the whole snapshot for the engine is poll-path work: skip it with no alerts.
    if (this.alerts.store.list().length > 0) void this.alerts.evaluate(this.feed.snapshot())
    void this.saveCache(false)
  }

  private async saveCache(force: boolean): Promise<void> {
    const now = this.clock.now()
    if (!force && now - this.lastCacheWrite < SNAPSHOT_CACHE_INTERVAL_MS) return
    this.lastCacheWrite = now
    try {
      await this.feed.saveSnapshot(this.options.userDataDir)
      this.cacheProblem = null
    } catch (error) {
      this.cacheProblem = `The last prices could not be saved for the next start: ${(error as Error).message}`
    }
  }

  private alertsChanged<T>(result: T): T {
    this.pollWhatIsWatched()
    this.alerts.alertsChanged(this.feed.snapshot())
    return result
  }

  /** Polls the shown list and every alerted symbol (see polledSymbols); a no-op when the set is the same. */
  private pollWhatIsWatched(): void {
    const next = polledSymbols(this.settings.get(), this.alerts.store.list())
    if (next.join() !== this.feed.pollPlan().symbols.join()) this.feed.setWatchlist(next)
  }

  private async removeAlertsOf(symbol: string): Promise<void> {
    this.alertsChanged(await this.alerts.store.removeForSymbol(symbol))
  }

  /** After the lists changed: poll what is now watched, and tell the shell and the window. */
  private listsChanged(settings: Settings): Settings {
    this.pollWhatIsWatched()
    this.settingsListeners.forEach((listener) => listener(settings))
    this.emit('settings', settings)
    return settings
  }

  /** A session alert for a session the token cannot trade in would never fire: refused, with why. */
  private refuseImpossibleAlert(input: AlertInput): void {
    const asset = this.feed.snapshot().assets.find((candidate) => candidate.symbol === input.symbol)
    const refusal = asset ? sessionAlertRefusal(asset, input.condition) : null
    if (refusal) throw new SettingsError('failed', `input.condition.session: ${refusal}`)
  }

  private async exportWatchlist(format: ExportFormat) {
    const settings = this.settings.get()
    const content = exportWatchlist(activeList(settings).symbols, this.feed.snapshot(), format, {
      now: this.clock.now(),
      lists: settings.lists,
    })
    const date = new Date(this.clock.now()).toISOString().slice(0, 10)
    const fileName = `tokenwatch-${date}.${format}`
    if (!this.options.saveExport) return { fileName, savedTo: null, content }
    return { fileName, savedTo: await this.options.saveExport(fileName, content), content: null }
  }

  /** Adds the valid symbols the service lists; everything else is listed back, never dropped. */
  private async importWatchlist(
    text: string,
    into: { listId: string } | { newList: string } | undefined,
  ): Promise<ImportResult> {
    const listed = new Set((await this.feed.listAssets()).map((asset) => asset.symbol))
    const isListed = (symbol: string) => listed.has(symbol)
    const exported = importExportedLists(text, isListed)
    if (exported) {
      const { settings, result } = await importListsInto(this.settings, exported, listed)
      this.listsChanged(settings)
      return result
    }
    // The listing also settles "AON": Aon's AONon, not a token "Aon".
    const parsed = importWatchlist(text, isListed)
    const { known, unknown } = partitionByListing(parsed.symbols, listed)
    const target =
      into && 'listId' in into
        ? this.settings.get().lists.find((list) => list.id === into.listId)
        : activeList(this.settings.get())
    if (!target) throw new SettingsError('not-found', 'That watchlist no longer exists')
    const current = new Set(into && 'newList' in into ? [] : target.symbols)
    const toAdd = known.filter((symbol) => !current.has(symbol))
    const settings = this.listsChanged(
      into && 'newList' in into
        ? await this.settings.createList(into.newList, toAdd)
        : await this.settings.addSymbols(toAdd, target.id),
    )
    const imported =
      into && 'newList' in into ? activeList(settings) : settings.lists.find((l) => l.id === target.id)
    return {
      added: toAdd,
      alreadyPresent: known.filter((symbol) => current.has(symbol)),
      unknown,
      invalid: parsed.invalid,
      duplicates: parsed.duplicates,
      listId: imported?.id ?? target.id,
      watchlist: imported?.symbols ?? [],
    }
  }

  private emit<N extends EventName>(event: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload)
      } catch {
        // A listener's failure (a closed window) must not stop the others or the poll loop.
      }
    }
  }

  // --- commands ---------------------------------------------------------------------------

  private createHandlers(): CommandHandlers {
    /** A symbol command answers with the symbols of the list it changed. */
    const listChanged = (settings: Settings, listId: string | undefined) => {
      this.listsChanged(settings)
      const id = listId ?? settings.activeListId
      return settings.lists.find((list) => list.id === id)?.symbols ?? []
    }
    return {
      getSnapshot: async (args) =>
        args?.history === false ? withoutHistories(this.feed.snapshot()) : this.feed.fullSnapshot(),
      getStatus: async () => this.status(),
      addSymbol: async ({ symbol, listId }) =>
        listChanged(await this.settings.addSymbol(symbol, listId), listId),
      removeSymbol: async ({ symbol, listId, deleteAlerts }) => {
        const settings = await this.settings.removeSymbol(symbol, listId)
        if (deleteAlerts) await this.removeAlertsOf(symbol)
        return listChanged(settings, listId)
      },
      moveSymbol: async ({ symbol, toIndex, listId }) =>
        listChanged(await this.settings.moveSymbol(symbol, toIndex, listId), listId),
      createList: async ({ name, symbols }) =>
        this.listsChanged(await this.settings.createList(name, symbols)),
      renameList: async ({ listId, name }) => this.listsChanged(await this.settings.renameList(listId, name)),
      moveList: async ({ listId, toIndex }) =>
        this.listsChanged(await this.settings.moveList(listId, toIndex)),
      deleteList: async ({ listId }) => {
        const { settings, deleted } = await this.settings.deleteList(listId)
        this.deletedLists.set(deleted.list.id, deleted)
        return this.listsChanged(settings)
      },
      restoreList: async ({ listId }) => {
        const deleted = this.deletedLists.get(listId)
        if (!deleted) throw new SettingsError('not-found', 'That watchlist can no longer be restored')
        const settings = await this.settings.restoreList(deleted)
        this.deletedLists.delete(listId)
        return this.listsChanged(settings)
      },
      setActiveList: async ({ listId }) => this.listsChanged(await this.settings.setActiveList(listId)),
      updateList: async ({ listId, ...view }) =>
        this.listsChanged(await this.settings.updateList(listId, view)),
      getSettings: async () => this.settings.get(),
      updateSettings: async (patch) => {
        const before = this.settings.get()
        const after = await this.settings.patch(patch)
        if (after.baseUrl !== before.baseUrl || after.demo !== before.demo) await this.reconnect()
        this.feed.setCadences(after.cadences)
        this.emit('status', this.status())
        this.settingsListeners.forEach((listener) => listener(after))
        return after
      },
      setKey: async ({ key }) => {
        const baseUrl = this.settings.get().baseUrl
        await this.vault.set(baseUrl, key)
        await this.reconnect()
        return this.vault.status(baseUrl)
      },
      clearKey: async () => {
        const baseUrl = this.settings.get().baseUrl
        await this.vault.clear(baseUrl)
        await this.reconnect()
        return this.vault.status(baseUrl)
      },
      getKeyStatus: async () => this.vault.status(this.settings.get().baseUrl),
      refreshNow: async () => {
        this.feed.refreshNow()
        return null
      },
      togglePin: async () => {
        const after = await this.settings.patch({ pinned: !this.settings.get().pinned })
        this.settingsListeners.forEach((listener) => listener(after))
        this.emit('status', this.status())
        return after.pinned
      },
      setPaused: async ({ paused }) => {
        this.feed.setPaused('user', paused)
        return paused
      },
      setWindowVisible: async (args) => {
        this.setWindowVisible(args.visible)
        return null
      },
      setOnline: async (args) => {
        this.setOnline(args.online)
        return null
      },
      listAssets: async () => this.feed.listAssets(),
      listAlerts: async () => this.alerts.store.list(),
      createAlert: async ({ input }) => {
        this.refuseImpossibleAlert(input)
        return this.alertsChanged(await this.alerts.store.create(input))
      },
      updateAlert: async ({ id, input }) => {
        this.refuseImpossibleAlert(input)
        return this.alertsChanged(await this.alerts.store.update(id, input))
      },
      setAlertEnabled: async ({ id, enabled }) =>
        this.alertsChanged(await this.alerts.store.setEnabled(id, enabled)),
      removeAlert: async (args) => this.alertsChanged(await this.alerts.store.remove(args.id)),
      getAlertLog: async () => this.alerts.log.entries(),
      markAlertsRead: async () => this.alerts.markAllRead(),
      exportWatchlist: async (args) => this.exportWatchlist(args.format),
      importWatchlist: async (args) => this.importWatchlist(args.text, args.into),
    }
  }
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  return new AppCore(options)
}

function fail(code: IpcError['code'], message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

function toIpcError(error: unknown): IpcError {
  if (error instanceof ApiError)
    return { code: error.kind === 'not-found' ? 'not-found' : 'unavailable', message: error.message }
  const message = error instanceof Error ? error.message : String(error)
  // SettingsError carries the contract's own codes (invalid-argument, not-found).
  const code = (error as { code?: unknown } | null)?.code
  return { code: code === 'not-found' || code === 'invalid-argument' ? code : 'failed', message }
}
