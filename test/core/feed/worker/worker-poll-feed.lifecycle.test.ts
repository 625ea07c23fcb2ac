import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BroadcastChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/main/core/api/api-errors'
import type { PollPlan } from '../../../../src/main/core/feed/poll-feed'
import type {
  EndpointStatuses,
  FromPollWorker,
  ToPollWorker,
} from '../../../../src/main/core/feed/worker/poll-worker-protocol'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../../../src/main/core/storage/snapshot-cache'
import {
  WorkerPollFeed,
  type WorkerPollFeedOptions,
} from '../../../../src/main/core/feed/worker/worker-poll-feed'
import { type AssetQuote, type Delta, type Snapshot, emptyAsset } from '../../../../src/shared/domain'
import { ENDPOINT_NAMES } from '../../../../src/shared/status'
import { DEFAULT_SETTINGS } from '../../../../src/shared/settings'
import { cleanupAfterEach } from '../../../support/cleanups'
import { until } from '../../../support/polls'

/**
 * WorkerPollFeed's own work, around whatever runs in the worker: restarts and what a restarted
 * worker is told, requests while none runs, stop's handshake, a worker that never loads. The
 * worker is a stand-in the test drives (support/scripted-poll-worker.mjs);
 * worker-poll-feed.test.ts runs the app's real worker.
 */

const SCRIPT = join(__dirname, '../../../support/scripted-poll-worker.mjs')
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-lifecycle-')

interface WorkerReport {
  worker: number
  spawned?: true
  received?: ToPollWorker
}

let channels = 0

/** A feed on stand-in workers, with what they report and a way to tell each what to do. */
function scriptedFeed(options: Partial<WorkerPollFeedOptions> = {}) {
  // A worker reads the channel's name from its environment, copied when it is spawned.
  const name = `tokenwatch-scripted-worker-${process.pid}-${++channels}`
  process.env.TOKENWATCH_SCRIPTED_WORKER_CHANNEL = name
  const channel = new BroadcastChannel(name)
  const reports: WorkerReport[] = []
  channel.onmessage = (event) => reports.push((event as unknown as { data: WorkerReport }).data)
  const events = { statusChanges: 0, snapshots: [] as Snapshot[] }
  const feed = new WorkerPollFeed(
    {
      onDelta: () => {},
      onStatusChange: () => (events.statusChanges += 1),
      onSnapshot: (snapshot) => events.snapshots.push(snapshot),
    },
    { script: SCRIPT, firstRestartDelayMs: 20, stopGraceMs: 100, ...options },
  )
  cleanups.push(async () => {
    await feed.stop()
    channel.close()
  })

  const spawned = () => reports.filter((report) => report.spawned).map((report) => report.worker)
  const received = (worker: number) =>
    reports.flatMap((report) => (report.worker === worker && report.received ? [report.received] : []))
  /** The n-th worker (1 = the first), once it has been spawned. */
  const worker = async (n: number) => {
    await until(() => spawned().length >= n, `worker ${n} to be spawned`)
    return spawned()[n - 1]!
  }
  /** The first message of `type` that `worker` receives, once it has. */
  const receivedOne = async <T extends ToPollWorker['type']>(worker: number, type: T) => {
    await until(() => received(worker).some((message) => message.type === type), `a ${type} message`)
    return received(worker).find((message) => message.type === type) as Extract<ToPollWorker, { type: T }>
  }
  const post = (worker: number, message: FromPollWorker) => channel.postMessage({ worker, post: message })
  const crash = (worker: number, reason: string) => channel.postMessage({ worker, crash: reason })
  const exit = (worker: number, code: number) => channel.postMessage({ worker, exit: code })
  /** Starts the feed; the n-th worker answers with `snapshot`. Returns that worker. */
  const start = async (snapshot: Snapshot, n = 1) => {
    const started = feed.start()
    const id = await worker(n)
    await receivedOne(id, 'start')
    post(id, { type: 'started', snapshot, endpoints: idleEndpoints(), plan: PLAN })
    await started
    return id
  }
  return { feed, events, spawned, received, worker, receivedOne, post, crash, exit, start }
}

const PLAN: PollPlan = { symbols: ['AAPLx', 'TSLAx'], mode: 'per-symbol' }

function idleEndpoints(): EndpointStatuses {
  const idle = { cadenceMs: 5_000, lastSuccessAt: null, lastError: null, nextPollAt: null, inFlight: false }
  return Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, idle])) as EndpointStatuses
}

function quote(symbol: string, price: string): AssetQuote {
  return { ...emptyAsset(symbol), price, priceTimestamp: 1_700_000_000_000 }
}

const SNAPSHOT: Snapshot = {
  asOf: 1_700_000_000_000,
  source: { baseUrl: 'http://127.0.0.1:1', demo: true },
  assets: [quote('AAPLx', '231.50'), quote('TSLAx', '402.10')],
  errors: [],
}

/** The poller-down error's retry delay, as the endpoints' status shows it. */
function restartDelayShown(feed: WorkerPollFeed): number {
  const { lastError } = feed.status().endpoints.prices
  if (lastError?.kind !== 'poller' || lastError.retryAt === null) throw new Error('not restarting')
  return lastError.retryAt - lastError.at
}

describe('WorkerPollFeed around its worker', () => {
  it('before any worker: no rows, no plan, idle endpoints on the cadences it was given', () => {
    const { feed, spawned } = scriptedFeed()
    expect(feed.snapshot()).toEqual({ asOf: 0, source: { baseUrl: '', demo: true }, assets: [], errors: [] })
    expect(feed.status().plan).toEqual({ symbols: [], mode: 'per-symbol' })
    expect(feed.status().endpoints.market).toEqual({
      cadenceMs: 0,
      lastSuccessAt: null,
      lastError: null,
      nextPollAt: null,
      inFlight: false,
    })
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    expect(feed.status().endpoints.market).toMatchObject({
      cadenceMs: DEFAULT_SETTINGS.cadences.marketMs,
      inFlight: false,
    })
    expect(spawned()).toHaveLength(0)
  })

  it('passes each instruction on to the worker as it comes', async () => {
    const s = scriptedFeed()
    const worker = await s.start(SNAPSHOT)
    const connection = { baseUrl: 'http://127.0.0.1:2', apiKey: 'key', demo: false }
    s.feed.connect(connection)
    s.feed.refreshNow()
    s.feed.refreshNow({ afresh: true })
    s.feed.setActivity({ hidden: false })
    s.feed.setActivity({ reason: 'suspend', paused: true })
    await s.receivedOne(worker, 'paused')
    expect(s.received(worker).slice(-5)).toEqual([
      { type: 'connect', connection },
      { type: 'refresh' },
      { type: 'reset' },
      { type: 'hidden', hidden: false },
      { type: 'paused', reason: 'suspend', paused: true },
    ])
  })

  it('a worker that dies before start is replaced at start, without a word', async () => {
    const s = scriptedFeed()
    s.feed.setCadences(DEFAULT_SETTINGS.cadences) // spawns the first worker
    const first = await s.worker(1)
    await s.receivedOne(first, 'cadences')
    s.exit(first, 1)
    await new Promise((resolve) => setTimeout(resolve, 300)) // an absence: no restart, no status
    expect(s.spawned()).toHaveLength(1)
    expect(s.events.statusChanges).toBe(0)
    expect(s.feed.status().endpoints.prices.lastError).toBeNull()
    await s.start(SNAPSHOT, 2)
  })

  it('tells a restarted worker all the first was told, in order, and seeds it with the rows', async () => {
    const s = scriptedFeed()
    const connection = { baseUrl: 'http://127.0.0.1:1', apiKey: null, demo: true }
    s.feed.setCadences(DEFAULT_SETTINGS.cadences)
    s.feed.connect(connection)
    s.feed.setInterest({ watchlist: ['AAPLx', 'TSLAx'] })
    s.feed.setActivity({ hidden: true })
    s.feed.setActivity({ reason: 'user', paused: true })
    s.feed.setActivity({ reason: 'offline', paused: true })
    s.feed.setActivity({ reason: 'offline', paused: false })
    expect(s.feed.status().pauseReasons).toEqual(['user'])
    const first = await s.start(SNAPSHOT)
    const delta: Delta = {
      asOf: SNAPSHOT.asOf + 1,
      changed: [{ symbol: 'TSLAx', fields: { price: '399.95' } }],
      added: [],
      removed: [],
      errors: [],
    }
    s.post(first, { type: 'delta', delta })
    await until(() => s.feed.snapshot().assets[1]?.price === '399.95', 'the delta in the mirror')
    const mirror = s.feed.snapshot()

    s.crash(first, 'planted crash')
    const second = await s.worker(2)
    await s.receivedOne(second, 'start')
    expect(s.received(second)).toEqual([
      { type: 'cadences', cadences: DEFAULT_SETTINGS.cadences },
      { type: 'connect', connection },
      { type: 'watchlist', symbols: ['AAPLx', 'TSLAx'] },
      { type: 'hidden', hidden: true },
      { type: 'paused', reason: 'user', paused: true },
      { type: 'seed', snapshot: mirror },
      { type: 'start' },
    ])

    // Its first rows reach the window whole, histories included, from the new worker.
    const changesBefore = s.events.statusChanges
    s.post(second, { type: 'started', snapshot: SNAPSHOT, endpoints: idleEndpoints(), plan: PLAN })
    const request = await s.receivedOne(second, 'fullSnapshot')
    expect(s.events.statusChanges).toBe(changesBefore + 1)
    const full = {
      ...SNAPSHOT,
      assets: SNAPSHOT.assets.map((a) => ({ ...a, history24h: [{ t: 1, price: '1' }] })),
    }
    s.post(second, { type: 'answer', id: request.id, value: full as Snapshot })
    await until(() => s.events.snapshots.length === 1, 'the restarted worker’s snapshot')
    expect(s.events.snapshots[0]).toEqual(full)
  })

  it('tells a restarted worker only what there is: no hidden window, no pause, no cadences', async () => {
    const s = scriptedFeed()
    const first = await s.start(SNAPSHOT)
    s.exit(first, 3)
    const second = await s.worker(2)
    await s.receivedOne(second, 'start')
    expect(s.received(second)).toEqual([
      { type: 'watchlist', symbols: [] },
      { type: 'seed', snapshot: SNAPSHOT },
      { type: 'start' },
    ])
  })

  it('says the poller stopped, and why, on every endpoint until the restart', async () => {
    const s = scriptedFeed({ firstRestartDelayMs: 60_000 })
    const first = await s.start(SNAPSHOT)
    const changesBefore = s.events.statusChanges
    s.exit(first, 3)
    await until(() => s.feed.status().endpoints.limits.lastError !== null, 'the poller-down status')
    expect(s.events.statusChanges).toBe(changesBefore + 1)
    for (const name of ENDPOINT_NAMES) {
      expect(s.feed.status().endpoints[name]).toMatchObject({
        inFlight: false,
        lastError: { kind: 'poller', message: 'Price updates stopped unexpectedly (it exited with code 3).' },
      })
    }
    expect(restartDelayShown(s.feed)).toBe(60_000)
  })

  it(
    'doubles the restart delay while the worker keeps dying, and ' + 'starts over after a healthy minute',
    async () => {
      let now = 1_000_000
      const s = scriptedFeed({ now: () => now })
      let current = await s.start(SNAPSHOT)
      const delays: number[] = []
      /** Lets the current worker run `ranMs`, kills it, and notes the restart delay the status shows. */
      const dieAfter = async (ranMs: number) => {
        now += ranMs
        const count = s.spawned().length
        const changes = s.events.statusChanges
        s.crash(current, 'planted crash')
        await until(() => s.events.statusChanges > changes, 'the poller-down status')
        delays.push(restartDelayShown(s.feed))
        current = await s.worker(count + 1)
        await s.receivedOne(current, 'start')
      }
      await dieAfter(0)
      await dieAfter(10)
      await dieAfter(59_999)
      await dieAfter(60_000) // exactly a healthy run
      await dieAfter(0)
      expect(delays).toEqual([20, 40, 80, 20, 40])
    },
  )

  it(
    'while no worker runs: the rows from the mirror, the listing ' + 'refused, the save from the mirror',
    async () => {
      const s = scriptedFeed({ firstRestartDelayMs: 60_000 })
      const first = await s.start(SNAPSHOT)
      // Requests the worker had not answered when it died fail at once, saying why.
      const listing = s.feed.listAssets()
      const full = s.feed.fullSnapshot()
      await s.receivedOne(first, 'fullSnapshot')
      s.crash(first, 'planted crash')
      await expect(listing).rejects.toThrow('The poller is restarting; try again in a moment.')
      await expect(full).rejects.toMatchObject({ name: 'ApiError', kind: 'network' })

      await expect(s.feed.fullSnapshot()).resolves.toBe(s.feed.snapshot())
      await expect(s.feed.listAssets()).rejects.toThrow('The poller is restarting; try again in a moment.')
      const dir = tempDir()
      await s.feed.saveSnapshot(dir)
      const saved = JSON.parse(readFileSync(join(dir, SNAPSHOT_CACHE_FILE_NAME), 'utf8')) as Snapshot
      expect(saved.assets.map((asset) => [asset.symbol, asset.price])).toEqual([
        ['AAPLx', '231.50'],
        ['TSLAx', '402.10'],
      ])
      expect(s.spawned()).toHaveLength(1)
    },
  )

  it(
    'while a worker runs, requests go to it and settle with its answers, ' + 'failures as they were',
    async () => {
      const s = scriptedFeed()
      const worker = await s.start(SNAPSHOT)
      const dir = tempDir()
      const saving = s.feed.saveSnapshot(dir)
      const save = await s.receivedOne(worker, 'saveSnapshot')
      expect(save.userDataDir).toBe(dir)
      s.post(worker, { type: 'answer', id: save.id, value: null })
      await saving
      expect(existsSync(join(dir, SNAPSHOT_CACHE_FILE_NAME))).toBe(false) // the worker saves, with histories

      const rateLimited = s.feed.listAssets().catch((error: unknown) => error)
      const broken = s.feed.fullSnapshot().catch((error: unknown) => error)
      const listing = await s.receivedOne(worker, 'listAssets')
      const snapshot = await s.receivedOne(worker, 'fullSnapshot')
      expect(new Set([save.id, listing.id, snapshot.id]).size).toBe(3)
      s.post(worker, { type: 'failed', id: snapshot.id, kind: null, message: 'disk full' })
      s.post(worker, { type: 'failed', id: listing.id, kind: 'rate-limited', message: 'Too many requests' })
      const error = await rateLimited
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ kind: 'rate-limited', message: 'Too many requests' })
      const plain = await broken
      expect(plain).not.toBeInstanceOf(ApiError)
      expect(plain).toMatchObject({ message: 'disk full' })
    },
  )

  it('reports the status and plan the worker sends', async () => {
    const s = scriptedFeed()
    const worker = await s.start(SNAPSHOT)
    const before = s.events.statusChanges
    const endpoints = {
      ...idleEndpoints(),
      prices: { ...idleEndpoints().prices, lastSuccessAt: 42, inFlight: true },
    }
    const plan: PollPlan = { symbols: ['AAPLx'], mode: 'all' }
    s.post(worker, { type: 'status', endpoints, plan })
    await until(() => s.events.statusChanges === before + 1, 'the status change')
    expect(s.feed.status().endpoints.prices).toEqual(endpoints.prices)
    expect(s.feed.status().plan).toEqual(plan)
  })

  it(
    'stop waits for the worker to close its connections, then sends ' + 'nothing and restarts nothing',
    async () => {
      const s = scriptedFeed({ stopGraceMs: 10 * 60_000 }) // only the worker's answer ends this stop
      const worker = await s.start(SNAPSHOT)
      const stopping = s.feed.stop()
      await s.receivedOne(worker, 'stop')
      s.post(worker, { type: 'stopped' })
      await stopping
      s.feed.refreshNow()
      s.feed.setInterest({ watchlist: ['AAPLx'] })
      // An absence: a worker spawns in tens of milliseconds; none must in this while.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(s.spawned()).toHaveLength(1)
    },
  )

  it('a worker that dies while stopping, and never answers, is ended after the grace, quietly', async () => {
    const s = scriptedFeed({ stopGraceMs: 200 })
    const worker = await s.start(SNAPSHOT)
    const before = s.events.statusChanges
    const stopping = s.feed.stop()
    await s.receivedOne(worker, 'stop')
    s.crash(worker, 'died on the way out')
    await stopping
    expect(s.events.statusChanges).toBe(before)
    expect(s.feed.status().endpoints.prices.lastError).toBeNull()
  })

  it('a request the worker never answered fails when stop ends the worker, rather than hang', async () => {
    const s = scriptedFeed({ stopGraceMs: 100 })
    const worker = await s.start(SNAPSHOT)
    const listing = s.feed.listAssets().catch((error: unknown) => error)
    await s.receivedOne(worker, 'listAssets')
    await s.feed.stop() // no answer, no 'stopped': ended after the grace
    expect(await listing).toMatchObject({
      name: 'ApiError',
      kind: 'network',
      message: 'The poller has stopped.',
    })
  })

  it('a worker that never loads: start fails, and fails again, and no worker is spawned after', async () => {
    process.env.TOKENWATCH_SCRIPTED_WORKER_BROKEN = '1'
    cleanups.push(() => {
      delete process.env.TOKENWATCH_SCRIPTED_WORKER_BROKEN
    })
    const s = scriptedFeed()
    await expect(s.feed.start()).rejects.toThrow('The poller could not start: broken install')
    await expect(s.feed.start()).rejects.toThrow('The poller could not start: broken install')
    s.feed.refreshNow()
    s.feed.setInterest({ watchlist: ['AAPLx'] })
    await new Promise((resolve) => setTimeout(resolve, 300)) // an absence, as above
    expect(s.spawned()).toHaveLength(1)
  })
})
