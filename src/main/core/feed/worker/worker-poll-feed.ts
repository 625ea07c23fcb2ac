import { Worker } from 'node:worker_threads'
import type { Snapshot } from '../../../../shared/domain'
import type { ListedAsset } from '../../../../shared/domain'
import type { AssetPauseReading } from '../../../../shared/service-status'
import { ENDPOINT_NAMES, type EndpointName, type EndpointStatus } from '../../../../shared/status'
import type { Cadences } from '../../../../shared/settings'
import { ApiError } from '../../api/api-errors'
import { withoutKey } from '../../api/key-scrub'
import { PacedQueue } from './delta-pieces'
import { DeltaMirror } from './delta-mirror'
import { cadenceOf } from '../market-feed'
import type {
  FeedActivity,
  FeedConnection,
  FeedEvents,
  FeedInterest,
  FeedStatus,
  PollPipeline,
  PollPlan,
} from '../poll-feed'
import type { PauseReason } from '../poll-scheduler'
import { SnapshotCache } from '../../storage/snapshot-cache'
import type { EndpointStatuses, FromPollWorker, ToPollWorker } from './poll-worker-protocol'
import type { RecordingLink } from '../../recording-port'

/**
 * The poll pipeline in a worker thread (src/main/poll-worker.ts): fetching, parsing, validating,
 * normalising and diffing run there, and this thread receives only the deltas (and one whole
 * snapshot when the worker starts), which it folds into a mirror that snapshot() returns at once.
 *
 * The worker is restarted when it dies (an uncaught error, out of memory), after 1 s, then 2, 4...
 * up to a minute while it keeps dying; meanwhile every endpoint's status says so (kind 'poller'),
 * so the rows turn stale and the banner says why instead of the app quietly no longer polling.
 * The new worker gets everything the old one was told, and the mirror as its seed.
 */

export interface WorkerPollFeedOptions {
  /** The worker's script: out/main/poll-worker.js in the app. */
  script: string | URL
  /** For tests that run the TypeScript source (`['--import', 'tsx']`). */
  execArgv?: string[]
  now?: () => number
  /** The first restart's delay (RESTART_DELAY_MS.first); a test holds the restart back with it. */
  firstRestartDelayMs?: number
  /** How long stop() waits for the worker to close its connections (STOP_GRACE_MS). */
  stopGraceMs?: number
  /**
   * Starts the worker's end of the channel: a worker thread on `script` by default. A test runs the
   * worker's host on its own thread instead, to follow one message through (suspend-hops.test.ts).
   */
  thread?: (script: string | URL, execArgv: string[] | undefined) => PollWorkerThread
}

/** What WorkerPollFeed uses of its worker thread (node:worker_threads' Worker). */
export interface PollWorkerThread {
  postMessage(message: ToPollWorker): void
  on(event: 'message', listener: (message: FromPollWorker) => void): this
  on(event: 'error', listener: (error: Error) => void): this
  on(event: 'exit', listener: (exitCode: number) => void): this
  terminate(): Promise<number>
}

export const RESTART_DELAY_MS = { first: 1_000, max: 60_000 }
/** A worker that ran this long before dying starts the restart delays over. */
const HEALTHY_RUN_MS = 60_000
/** How long stop() waits for the worker to close its connections before ending it. */
const STOP_GRACE_MS = 5_000

function idleStatus(cadenceMs: number): EndpointStatus {
  return { cadenceMs, lastSuccessAt: null, lastError: null, nextPollAt: null, inFlight: false }
}

export class WorkerPollFeed implements PollPipeline {
  private worker: PollWorkerThread | null = null
  private spawnedAt = 0
  private restarts = 0
  private restartTimer: NodeJS.Timeout | null = null
  private stopping = false
  private running = false
  /** Whether any worker ever loaded; one that never did is a broken install, not a hiccup. */
  private loaded = false
  private loadFailure: Error | null = null
  private readonly now: () => number

  // What the worker has been told, so that a restarted one can be told again.
  private connection: FeedConnection | null = null
  private cadences: Cadences | null = null
  private watchlist: readonly string[] = []
  private hidden = false
  private depthSymbol: string | null = null
  private heldDepthSymbols: string[] = []
  private chartSymbol: string | null = null
  /**
   * Where the worker records history (sent again to a restarted worker), and its latest sentence about it.
   */
  private recordingFolder: string | null = null
  private notice: string | null = null
  private readonly pauses = new Set<PauseReason>()

  // What the worker last said.
  private readonly mirror = new DeltaMirror({
    asOf: 0,
    source: { baseUrl: '', demo: true },
    assets: [],
    errors: [],
  })
  /** The worker's messages, a turn of the event loop after each delta piece (delta-pieces.ts). */
  private readonly inbox = new PacedQueue<FromPollWorker>(
    (message) => this.receive(message),
    (message) => message.type === 'delta',
  )
  private endpoints: EndpointStatuses | null = null
  private plan: PollPlan = { symbols: [], mode: 'per-symbol' }

  private started: { resolve: () => void; reject: (error: Error) => void } | null = null
  private stopped: (() => void) | null = null
  private nextRequestId = 1
  /** Requests the worker has not answered yet, by id. */
  private readonly requests = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()

  constructor(
    private readonly events: FeedEvents,
    private readonly options: WorkerPollFeedOptions,
  ) {
    this.now = options.now ?? Date.now
  }

  connect(connection: FeedConnection): void {
    this.connection = connection
    this.send({ type: 'connect', connection })
  }

  setCadences(cadences: Cadences): void {
    this.cadences = cadences
    this.send({ type: 'cadences', cadences })
  }

  /** Each of the interest's fields as a message of its own, as the worker protocol has them. */
  setInterest(interest: FeedInterest): void {
    if (interest.watchlist) {
      this.watchlist = [...interest.watchlist]
      this.plan = { ...this.plan, symbols: this.watchlist }
      this.send({ type: 'watchlist', symbols: this.watchlist })
    }
    if (interest.depthSymbol !== undefined) {
      this.depthSymbol = interest.depthSymbol
      this.send({ type: 'depthSymbol', symbol: interest.depthSymbol })
    }
    if (interest.heldDepthSymbols) {
      this.heldDepthSymbols = [...interest.heldDepthSymbols]
      this.send({ type: 'heldDepthSymbols', symbols: this.heldDepthSymbols })
    }
    if (interest.chartSymbol !== undefined) {
      this.chartSymbol = interest.chartSymbol
      this.send({ type: 'chartSymbol', symbol: interest.chartSymbol })
    }
  }

  start(seed?: Snapshot | null): Promise<void> {
    if (this.loadFailure) return Promise.reject(this.loadFailure)
    this.running = true
    this.stopping = false
    return new Promise((resolve, reject) => {
      this.started = { resolve, reject }
      if (seed) this.send({ type: 'seed', snapshot: seed })
      this.send({ type: 'start' })
    })
  }

  async stop(): Promise<void> {
    this.running = false
    this.stopping = true
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
    const worker = this.worker
    if (!worker) return
    // The worker closes its connections (and aborts its requests) before it is ended.
    await new Promise<void>((resolve) => {
      const grace = setTimeout(resolve, this.options.stopGraceMs ?? STOP_GRACE_MS)
      this.stopped = () => {
        clearTimeout(grace)
        resolve()
      }
      worker.postMessage({ type: 'stop' } satisfies ToPollWorker)
    })
    this.stopped = null
    this.worker = null
    await worker.terminate()
    // A request the worker had not answered by then never will be: say so rather than hang.
    this.failPendingRequests(new ApiError({ kind: 'network', message: 'The poller has stopped.' }))
  }

  refreshNow(options: { afresh?: boolean } = {}): void {
    this.send({ type: options.afresh ? 'reset' : 'refresh' })
  }

  setActivity(activity: FeedActivity): void {
    if ('hidden' in activity) {
      this.hidden = activity.hidden
      this.send({ type: 'hidden', hidden: activity.hidden })
      return
    }
    const { reason, paused } = activity
    if (paused) this.pauses.add(reason)
    else this.pauses.delete(reason)
    this.send({ type: 'paused', reason, paused })
  }

  status(): FeedStatus {
    const endpoints = Object.fromEntries(
      ENDPOINT_NAMES.map((name) => [name, this.endpointStatus(name)]),
    ) as EndpointStatuses
    return { endpoints, pauseReasons: [...this.pauses], plan: this.plan }
  }

  private endpointStatus(endpoint: EndpointName): EndpointStatus {
    const cadences = this.cadences
    return this.endpoints?.[endpoint] ?? idleStatus(cadences ? cadenceOf(() => cadences)(endpoint) : 0)
  }

  /** The mirror: every row as the worker's deltas left it, the histories left out (see PollFeed). */
  snapshot(): Snapshot {
    return this.mirror.snapshot()
  }

  /** From the worker; while it is down (restarting), the mirror is all there is. */
  fullSnapshot(): Promise<Snapshot> {
    if (!this.worker) return Promise.resolve(this.mirror.snapshot())
    return this.request((id) => ({ type: 'fullSnapshot', id }))
  }

  listAssets(): Promise<ListedAsset[]> {
    if (!this.worker) return Promise.reject(this.pollerDown())
    return this.request((id) => ({ type: 'listAssets', id }))
  }

  /** Asked and parsed in the worker: only the readings cross to this thread. */
  assetPauses(): Promise<AssetPauseReading[] | null> {
    if (!this.worker) return Promise.reject(this.pollerDown())
    return this.request((id) => ({ type: 'assetPauses', id }))
  }

  /**
   * Saved by the worker, which holds the histories; while none runs (a crashed one restarting),
   * from the mirror here, whose rows have no histories: their prices still matter at the next start.
   */
  async saveSnapshot(userDataDir: string): Promise<void> {
    if (!this.worker)
      return new SnapshotCache(userDataDir).save(
        withoutKey(this.mirror.snapshot(), this.connection?.apiKey ?? null),
      )
    await this.request((id) => ({ type: 'saveSnapshot', id, userDataDir }))
  }

  /** Recording is in the worker (the database never opens on this thread); its folder kept for a restart. */
  readonly recording: RecordingLink = {
    start: (userDataDir) => {
      this.recordingFolder = userDataDir
      this.send({ type: 'recording', userDataDir })
    },
    read: (symbol, from, daily) => {
      if (!this.worker) return Promise.reject(this.pollerDown())
      return this.request((id) => ({ type: 'recordedHistory', id, symbol, from, daily }))
    },
    notice: () => this.notice,
  }

  /** Sends a request; its promise settles with the worker's answer (or when the worker dies). */
  private request<T>(message: (id: number) => ToPollWorker): Promise<T> {
    const id = this.nextRequestId++
    return new Promise<T>((resolve, reject) => {
      this.requests.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.send(message(id))
    })
  }

  /** Posts to the worker, starting one first if none runs (and none is waiting to restart). */
  private send(message: ToPollWorker): void {
    if (this.stopping || this.loadFailure) return
    if (!this.worker && !this.restartTimer) this.spawn()
    this.worker?.postMessage(message)
  }

  private spawn(): void {
    const { script, execArgv, thread = (path, argv) => new Worker(path, { execArgv: argv }) } = this.options
    const worker = thread(script, execArgv)
    this.worker = worker
    this.spawnedAt = this.now()
    let failure: string | null = null
    worker.on('message', (message: FromPollWorker) => this.inbox.push(message))
    worker.on('error', (error) => {
      failure = error.message
    })
    worker.on('exit', (code) => {
      if (this.worker !== worker) return // ended by stop()
      this.worker = null
      this.crashed(failure ?? `it exited with code ${code}`)
    })
  }

  /** A restarted worker is told everything again, and starts from the mirror. */
  private respawn(): void {
    this.restartTimer = null // (stop() clears the timer: a respawn always finds the feed running)
    // The first message spawns the new worker. In AppCore's order: the cadences come before
    // anything that polls or publishes.
    if (this.cadences) this.send({ type: 'cadences', cadences: this.cadences })
    if (this.connection) this.send({ type: 'connect', connection: this.connection })
    this.send({ type: 'watchlist', symbols: this.watchlist })
    if (this.hidden) this.send({ type: 'hidden', hidden: true })
    for (const reason of this.pauses) this.send({ type: 'paused', reason, paused: true })
    this.send({ type: 'seed', snapshot: this.mirror.snapshot() })
    if (this.recordingFolder !== null) this.send({ type: 'recording', userDataDir: this.recordingFolder })
    this.send({ type: 'start' })
    if (this.depthSymbol !== null) this.send({ type: 'depthSymbol', symbol: this.depthSymbol })
    if (this.heldDepthSymbols.length > 0)
      this.send({ type: 'heldDepthSymbols', symbols: this.heldDepthSymbols })
    if (this.chartSymbol !== null) this.send({ type: 'chartSymbol', symbol: this.chartSymbol })
  }

  private failPendingRequests(error: ApiError): void {
    for (const request of this.requests.values()) request.reject(error)
    this.requests.clear()
  }

  private crashed(reason: string): void {
    this.failPendingRequests(this.pollerDown())
    if (!this.loaded) {
      // It never loaded: restarting would not help; start() says so.
      this.loadFailure = new Error(`The poller could not start: ${reason}`)
      this.started?.reject(this.loadFailure)
      this.started = null
      return
    }
    if (!this.running) return
    if (this.now() - this.spawnedAt >= HEALTHY_RUN_MS) this.restarts = 0
    const firstMs = this.options.firstRestartDelayMs ?? RESTART_DELAY_MS.first
    const delayMs = Math.min(RESTART_DELAY_MS.max, firstMs * 2 ** this.restarts)
    this.restarts += 1
    const at = this.now()
    const lastError = {
      kind: 'poller' as const,
      message: `Price updates stopped unexpectedly (${reason}).`,
      at,
      retryAt: at + delayMs,
    }
    this.endpoints = Object.fromEntries(
      ENDPOINT_NAMES.map((name) => {
        const before = this.endpointStatus(name)
        return [name, { ...before, lastError, inFlight: false, nextPollAt: at + delayMs }]
      }),
    ) as EndpointStatuses
    this.restartTimer = setTimeout(() => this.respawn(), delayMs)
    this.events.onStatusChange()
  }

  private receive(message: FromPollWorker): void {
    switch (message.type) {
      case 'ready':
        this.loaded = true
        return
      case 'started': {
        const restarted = this.started === null
        this.mirror.reset(message.snapshot)
        this.endpoints = message.endpoints
        this.plan = message.plan
        this.started?.resolve()
        this.started = null
        if (restarted) {
          // The window gets the whole snapshot again, histories included, from the new worker.
          this.fullSnapshot().then(
            (snapshot) => this.events.onSnapshot?.(snapshot),
            () => undefined, // died again: its restart will try anew
          )
          this.events.onStatusChange()
        }
        return
      }
      case 'delta':
        // Packed: the histories are in a text this thread passes on unread, not in the rows.
        this.mirror.apply(message.delta)
        this.events.onDelta(message.delta)
        return
      case 'status':
        this.endpoints = message.endpoints
        this.plan = message.plan
        this.events.onStatusChange()
        return
      case 'answer':
        this.requests.get(message.id)?.resolve(message.value)
        this.requests.delete(message.id)
        return
      case 'failed': {
        // An ApiError again where it was one, so IPC reports it as the service's failure.
        const { kind } = message
        const error =
          kind === null || kind === 'config' || kind === 'poller'
            ? new Error(message.message)
            : new ApiError({ kind, message: message.message })
        this.requests.get(message.id)?.reject(error)
        this.requests.delete(message.id)
        return
      }
      case 'recordingNotice':
        this.notice = message.notice
        this.events.onStatusChange()
        return
      case 'stopped':
        this.stopped?.()
        return
      case 'depth':
        this.events.onDepth?.(message.view)
        return
      case 'heldDepth':
        this.events.onHeldDepth?.(message.update)
        return
      case 'dayCandles':
        this.events.onDayCandles?.(message.view)
        return
    }
  }

  private pollerDown(): ApiError {
    return new ApiError({ kind: 'network', message: 'The poller is restarting; try again in a moment.' })
  }
}
