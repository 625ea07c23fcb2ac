import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Snapshot, SnapshotSource } from '../../shared/domain'
import {
  type AppStatus,
  type EndpointName,
  type EventName,
  type EventPayload,
  type InvokeName,
  type IpcError,
  type IpcResult,
  type ListedAsset,
  invokeContract,
} from '../../shared/ipc-contract'
import type { Settings } from '../../shared/settings'
import type { SimServer } from '../sim/server'
import type { FaultPlan } from '../sim/faults'
import { startSimServer } from '../sim/server'
import { ApiClient } from './api-client'
import { ApiError } from './api-errors'
import {
  type EndpointMode,
  chooseEndpointMode,
  fetchLimits,
  fetchMarket,
  fetchPrices,
} from './endpoint-fetchers'
import { KeyVault } from './key-vault'
import { type PollJob, PollScheduler, type SchedulerClock, realClock } from './poll-scheduler'
import type { SecretStore } from './secret-store'
import { SettingsStore } from './settings-store'
import { SnapshotCache } from './snapshot-cache'
import { SnapshotStore } from './snapshot-store'
import { describeFailure } from './status-errors'

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
}

type Listener<N extends EventName> = (payload: EventPayload<N>) => void
type Handler = (args: unknown) => Promise<unknown>

/** How long the list of all assets (for search) is reused before it is fetched again. */
const LISTING_TTL_MS = 10 * 60_000
/** The last snapshot is written to disk at most this often (and on stop). */
const SNAPSHOT_CACHE_INTERVAL_MS = 30_000
/** An asset is stale when its data is older than this many cadences. */
export const STALE_AFTER_CADENCES = 2

export class AppCore {
  readonly settings: SettingsStore
  readonly vault: KeyVault
  private readonly cache: SnapshotCache
  private readonly clock: SchedulerClock
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()
  private readonly settingsListeners = new Set<(settings: Settings) => void>()
  private readonly handlers: Record<InvokeName, Handler>
  private store: SnapshotStore
  private scheduler: PollScheduler
  private client: ApiClient | null = null
  private sim: SimServer | null = null
  private source: SnapshotSource = { baseUrl: '', demo: true }
  private listing: { assets: ListedAsset[]; at: number } | null = null
  private staleTimer: unknown = null
  private lastCacheWrite = 0
  private started = false
  private storageProblem: string | null = null

  constructor(private readonly options: AppCoreOptions) {
    this.clock = options.clock ?? realClock
    this.settings = new SettingsStore(options.userDataDir)
    this.vault = new KeyVault(options.keychain)
    this.cache = new SnapshotCache(join(options.userDataDir, 'last-snapshot.json'))
    this.store = new SnapshotStore(this.source)
    this.scheduler = this.createScheduler()
    this.handlers = this.createHandlers()
  }

  get demoServer(): SimServer | null {
    return this.sim
  }

  async start(): Promise<void> {
    const settings = await this.settings.load()
    this.storageProblem = this.settings.problem()
    await this.vault.init()
    this.store.setWatchlist(settings.watchlist)
    const cached = await this.cache.load().catch(() => null)
    if (cached) this.store.seed(cached)
    await this.connect()
    this.started = true
    this.emit('snapshot', this.store.snapshot())
    this.scheduler.start()
  }

  async stop(): Promise<void> {
    this.started = false
    this.scheduler.stop()
    if (this.staleTimer !== null) this.clock.clearTimeout(this.staleTimer)
    await this.saveCache(true)
    await this.client?.close()
    this.client = null
    await this.sim?.close()
    this.sim = null
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

  currentSnapshot(): Snapshot {
    return this.store.snapshot()
  }

  /** One contract channel: validates the raw arguments, runs the handler, never throws. */
  async invoke(name: InvokeName, rawArgs: unknown): Promise<IpcResult<unknown>> {
    const entry = Object.hasOwn(invokeContract, name) ? invokeContract[name] : undefined
    if (!entry) return fail('invalid-argument', `unknown command "${String(name).slice(0, 40)}"`)
    const parsed = entry.args.safeParse(rawArgs)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      return fail('invalid-argument', `${where}${issue?.message ?? 'invalid arguments'}`)
    }
    try {
      return { ok: true, value: await this.handlers[name](parsed.data) }
    } catch (error) {
      return { ok: false, error: toIpcError(error) }
    }
  }

  status(): AppStatus {
    const endpoints = {
      prices: this.scheduler.status('prices'),
      market: this.scheduler.status('market'),
      limits: this.scheduler.status('limits'),
    }
    const errors = Object.values(endpoints).flatMap((e) => (e.lastError ? [e.lastError] : []))
    const lastError = errors.sort((a, b) => b.at - a.at)[0] ?? null
    const everSucceeded = Object.values(endpoints).some((e) => e.lastSuccessAt !== null)
    const reasons = this.scheduler.pauseReasons()
    const settings = this.settings.get()
    return {
      mode: this.source.demo ? 'demo' : 'live',
      baseUrl: this.source.baseUrl,
      connection: reasons.includes('offline')
        ? 'offline'
        : reasons.length > 0
          ? 'paused'
          : errors.length === 3
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
      storageProblem: this.storageProblem,
      keychainProblem: this.vault.status(settings.baseUrl).keychainProblem,
    }
  }

  /** The shell tells the core when the window is hidden (slower prices) or the machine sleeps. */
  setWindowVisible(visible: boolean): void {
    this.scheduler.setHidden(!visible)
  }

  setSuspended(suspended: boolean): void {
    this.scheduler.setPaused('suspend', suspended)
  }

  setOnline(online: boolean): void {
    this.scheduler.setPaused('offline', !online)
  }

  // --- connection -------------------------------------------------------------------------

  /** Uses the configured service when a key is stored for it, else the built-in simulator. */
  private async connect(): Promise<void> {
    const settings = this.settings.get()
    const key = await this.vault.get(settings.baseUrl)
    await this.client?.close()
    if (key !== null) {
      await this.sim?.close()
      this.sim = null
      this.source = { baseUrl: settings.baseUrl, demo: false }
      this.client = new ApiClient({
        baseUrl: settings.baseUrl,
        apiKey: key,
        timeoutMs: this.options.requestTimeoutMs,
      })
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
      this.client = new ApiClient({
        baseUrl: this.sim.url,
        apiKey: demoKey,
        timeoutMs: this.options.requestTimeoutMs,
      })
    }
    this.listing = null
    this.store.setSource(this.source)
  }

  /** After the key or base URL changed: reconnect and start polling afresh. */
  private async reconnect(): Promise<void> {
    await this.connect()
    this.store.setErrors('prices', [])
    this.store.setErrors('market', [])
    this.store.setErrors('limits', [])
    this.publish()
    if (this.started) this.scheduler.reset()
  }

  // --- polling ----------------------------------------------------------------------------

  private createScheduler(): PollScheduler {
    const jobs: PollJob[] = [
      { name: 'prices', run: (signal) => this.pollEndpoint('prices', signal) },
      { name: 'market', run: (signal) => this.pollEndpoint('market', signal) },
      { name: 'limits', run: (signal) => this.pollEndpoint('limits', signal) },
    ]
    return new PollScheduler(jobs, {
      cadenceMs: (endpoint) => {
        const cadences = this.settings.get().cadences
        return endpoint === 'prices'
          ? cadences.pricesMs
          : endpoint === 'market'
            ? cadences.marketMs
            : cadences.limitsMs
      },
      describeFailure: (error) => describeFailure(error, this.clock.now()),
      onChange: () => this.emit('status', this.status()),
      clock: this.clock,
      random: this.options.random,
    })
  }

  private endpointMode(): EndpointMode {
    return chooseEndpointMode(this.store.watchlist().length, this.listing?.assets.length ?? null)
  }

  private async pollEndpoint(endpoint: EndpointName, signal: AbortSignal): Promise<void> {
    const client = this.client
    const symbols = [...this.store.watchlist()]
    if (!client || symbols.length === 0) return
    const mode = this.endpointMode()
    const receivedAt = () => this.clock.now()
    if (endpoint === 'prices') {
      const result = await fetchPrices(client, symbols, mode, signal)
      if (client !== this.client) return
      this.store.applyPrices(result.records, receivedAt())
      this.store.setErrors('prices', result.errors)
      this.scheduleStaleCheck()
    } else if (endpoint === 'market') {
      const result = await fetchMarket(client, symbols, mode, signal)
      if (client !== this.client) return
      this.store.applyMarket(result.records, receivedAt())
      this.store.setErrors('market', result.errors)
      if (mode === 'all') this.rememberListing(result.records)
    } else {
      const result = await fetchLimits(client, symbols, mode, signal)
      if (client !== this.client) return
      this.store.applyLimits(result.records)
      this.store.setErrors('limits', result.errors)
    }
    this.publish()
  }

  /**
   * One timer, due when the prices would turn stale (2 cadences after the last success), so an
   * outage is flagged in time even while a request hangs. It fires at most once per success.
   */
  private scheduleStaleCheck(): void {
    if (this.staleTimer !== null) this.clock.clearTimeout(this.staleTimer)
    const maxAge = this.staleAfterMs()
    this.staleTimer = this.clock.setTimeout(() => {
      this.staleTimer = null
      this.publish()
    }, maxAge + 1)
  }

  private staleAfterMs(): number {
    return STALE_AFTER_CADENCES * this.scheduler.effectiveCadenceMs('prices')
  }

  /** Folds staleness in, commits, and pushes a delta when anything changed. */
  private publish(): void {
    const now = this.clock.now()
    this.store.updateStaleness(now, this.staleAfterMs())
    const delta = this.store.commit(now)
    if (!delta) return
    this.emit('delta', delta)
    void this.saveCache(false)
  }

  private async saveCache(force: boolean): Promise<void> {
    const now = this.clock.now()
    if (!force && now - this.lastCacheWrite < SNAPSHOT_CACHE_INTERVAL_MS) return
    this.lastCacheWrite = now
    try {
      await this.cache.save(this.store.snapshot())
    } catch (error) {
      this.storageProblem = `The last prices could not be saved for the next start: ${(error as Error).message}`
    }
  }

  private rememberListing(
    records: readonly {
      primaryMarket: { symbol: string }
      underlyingMarket: { ticker: string; name?: string } | null
    }[],
  ): void {
    this.listing = {
      at: this.clock.now(),
      assets: records.map((r) => ({
        symbol: r.primaryMarket.symbol,
        ticker: r.underlyingMarket?.ticker ?? null,
        name: r.underlyingMarket?.name ?? null,
      })),
    }
  }

  private async listAssets(): Promise<ListedAsset[]> {
    if (this.listing && this.clock.now() - this.listing.at < LISTING_TTL_MS) return this.listing.assets
    if (!this.client) throw new ApiError({ kind: 'network', message: 'Not connected yet.' })
    const result = await this.client.allMarket()
    this.rememberListing(result.records)
    return this.listing?.assets ?? []
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

  private createHandlers(): Record<InvokeName, Handler> {
    const watchlistChanged = async (settings: Settings) => {
      this.store.setWatchlist(settings.watchlist)
      this.publish()
      this.scheduler.refreshNow()
      return settings.watchlist
    }
    return {
      getSnapshot: async (): Promise<Snapshot> => this.store.snapshot(),
      getStatus: async () => this.status(),
      addSymbol: async (args) =>
        watchlistChanged(await this.settings.addSymbol((args as { symbol: string }).symbol)),
      removeSymbol: async (args) =>
        watchlistChanged(await this.settings.removeSymbol((args as { symbol: string }).symbol)),
      moveSymbol: async (args) => {
        const { symbol, toIndex } = args as { symbol: string; toIndex: number }
        return watchlistChanged(await this.settings.moveSymbol(symbol, toIndex))
      },
      getSettings: async () => this.settings.get(),
      updateSettings: async (patch) => {
        const before = this.settings.get()
        const after = await this.settings.patch(patch as Parameters<SettingsStore['patch']>[0])
        if (after.baseUrl !== before.baseUrl) await this.reconnect()
        else if (JSON.stringify(after.cadences) !== JSON.stringify(before.cadences))
          this.scheduler.refreshNow()
        this.emit('status', this.status())
        this.settingsListeners.forEach((listener) => listener(after))
        return after
      },
      setKey: async (args) => {
        const baseUrl = this.settings.get().baseUrl
        await this.vault.set(baseUrl, (args as { key: string }).key)
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
        this.scheduler.refreshNow()
        return null
      },
      togglePin: async () => {
        const after = await this.settings.patch({ pinned: !this.settings.get().pinned })
        this.settingsListeners.forEach((listener) => listener(after))
        this.emit('status', this.status())
        return after.pinned
      },
      setPaused: async (args) => {
        const { paused } = args as { paused: boolean }
        this.scheduler.setPaused('user', paused)
        return paused
      },
      setWindowVisible: async (args) => {
        this.setWindowVisible((args as { visible: boolean }).visible)
        return null
      },
      listAssets: async () => this.listAssets(),
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
  const code = (error as { code?: unknown })?.code === 'not-found' ? 'not-found' : 'failed'
  return { code, message }
}
