import { readdirSync, readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../../src/main/core/app/app-core'
import { MemorySecretStore } from '../../../../src/main/core/secrets/secret-store'
import { SNAPSHOT_CACHE_FILE_NAME } from '../../../../src/main/core/storage/snapshot-cache'
import { WorkerPollFeed } from '../../../../src/main/core/feed/worker/worker-poll-feed'
import type { Delta, Snapshot } from '../../../../src/shared/domain'
import type { AppStatus } from '../../../../src/shared/status'
import { cleanupAfterEach } from '../../../support/cleanups'
import { until } from '../../../support/polls'
import { simDemoMarket } from '../../../../src/main/sim/server/demo-market'

/**
 * The app's poll pipeline in a worker thread (WorkerPollFeed), under AppCore in demo mode, over
 * real HTTP: the worker runs the TypeScript source through tsx, as the built app runs
 * out/main/poll-worker.js (the stand-in tests run that one).
 */

const TSX = ['--import', 'tsx']
const APP_WORKER = join(__dirname, '../../../../src/main/poll-worker.ts')
const CRASHING_WORKER = join(__dirname, '../../../support/crash-once-poll-worker.ts')

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-')

async function startCore(script: string) {
  const userDataDir = tempDir()
  const core = new AppCore({
    userDataDir,
    keychain: new MemorySecretStore(),
    demo: simDemoMarket({ assets: 60, seed: 7 }),
    requestTimeoutMs: 3_000,
    pollFeed: (events) => new WorkerPollFeed(events, { script, execArgv: TSX }),
  })
  const deltas: Delta[] = []
  const snapshots: Snapshot[] = []
  const statuses: AppStatus[] = []
  core.on('delta', (delta) => deltas.push(delta))
  core.on('snapshot', (snapshot) => snapshots.push(snapshot))
  core.on('status', (status) => statuses.push(status))
  cleanups.push(() => core.stop())
  await core.start()
  return { core, deltas, snapshots, statuses, userDataDir }
}

/** Each of this process's threads' nice value, by thread id (Linux: /proc/self/task). */
function niceValues(): Map<string, number> {
  return new Map(
    readdirSync('/proc/self/task').flatMap((tid) => {
      // "tid (name) state ppid ...": the nice value is the 19th field, the 17th after the name.
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      return Number.isInteger(nice) ? [[tid, nice] as const] : []
    }),
  )
}

const priced = (snapshot: Snapshot) =>
  snapshot.assets.length > 0 && snapshot.assets.every((a) => a.price !== null)

describe('the poll pipeline in a worker thread', () => {
  it('fills the rows through deltas alone, and the mirror is what the deltas say', async () => {
    const { core, deltas, snapshots } = await startCore(APP_WORKER)
    expect(snapshots).toHaveLength(1)
    const first = snapshots[0]!
    expect(first.assets.map((asset) => asset.symbol)).toEqual(core.pollPlan().symbols)
    await until(() => priced(core.currentSnapshot()), 'prices for every row')
    expect(deltas.length).toBeGreaterThan(0)
    // Every price the main thread holds came in a delta it also pushed on.
    for (const asset of core.currentSnapshot().assets) {
      const pushed = deltas.flatMap((delta) => [
        ...delta.changed.filter((c) => c.symbol === asset.symbol).map((c) => c.fields.price),
        ...delta.added.filter((a) => a.symbol === asset.symbol).map((a) => a.price),
      ])
      expect(pushed.filter((price) => price !== undefined).at(-1)).toBe(asset.price)
    }
    // The poll's status follows its delta (a message of its own, after the delta's pieces).
    await until(() => core.status().endpoints.prices.lastSuccessAt !== null, 'the prices poll’s status')
    expect(core.status().connection).toBe('online')
  })

  // Elsewhere the worker keeps the usual priority on purpose (background-priority.ts).
  const notLinux = process.platform !== 'linux'
  if (notLinux)
    console.warn(
      `Skipping the poll worker's priority test: it is lowered on Linux ` +
        `only, and this is ${process.platform}.`,
    )
  it.skipIf(notLinux)(
    'runs the worker’s thread at background priority (Linux), and leaves this thread’s as it was',
    async () => {
      const ownBefore = getPriority()
      const before = niceValues()
      await startCore(APP_WORKER)
      const lowered = [...niceValues()].filter(([tid, nice]) => nice === 10 && before.get(tid) !== 10)
      expect(lowered.length).toBeGreaterThanOrEqual(1)
      expect(getPriority()).toBe(ownBefore)
      expect(niceValues().get(String(process.pid))).toBe(before.get(String(process.pid)))
    },
  )

  it('keeps the histories in the worker, and hands them to the window from there', async () => {
    const { core } = await startCore(APP_WORKER)
    await until(
      () => core.currentSnapshot().assets.every((asset) => asset.marketTimestamp !== null),
      'market data',
    )
    // The main thread's mirror holds no history (the weight of a snapshot)...
    expect(core.currentSnapshot().assets.every((asset) => asset.history24h.length === 0)).toBe(true)
    // ...the window's getSnapshot gets them from the worker, with the same rows and prices.
    const full = await core.invoke('getSnapshot', { history: true })
    if (!full.ok) throw new Error(full.error.message)
    expect(full.value.assets.every((asset) => asset.history24h.length > 0)).toBe(true)
    expect(full.value.assets.map((a) => [a.symbol, a.marketTimestamp])).toEqual(
      core.currentSnapshot().assets.map((a) => [a.symbol, a.marketTimestamp]),
    )
  })

  it('follows watchlist changes and answers the asset listing from the worker', async () => {
    const { core } = await startCore(APP_WORKER)
    const listed = await core.invoke('listAssets', undefined)
    if (!listed.ok) throw new Error(listed.error.message)
    expect(listed.value).toHaveLength(60)
    const extra = listed.value.map((asset) => asset.symbol).find((s) => !core.pollPlan().symbols.includes(s))!
    const added = await core.invoke('addSymbol', { symbol: extra })
    expect(added.ok).toBe(true)
    await until(
      () => core.currentSnapshot().assets.find((asset) => asset.symbol === extra)?.price,
      `a price for ${extra}, added after start`,
    )
  })

  it('restarts a worker that died, says so meanwhile, and keeps the rows', async () => {
    const marker = join(tempDir(), 'crashed')
    process.env.TOKENWATCH_TEST_CRASH_MARKER = marker
    cleanups.push(() => {
      delete process.env.TOKENWATCH_TEST_CRASH_MARKER
    })
    const { core, statuses, snapshots } = await startCore(CRASHING_WORKER)
    await until(() => priced(core.currentSnapshot()), 'prices for every row')
    await core.invoke('refreshNow', undefined)
    await until(
      () => statuses.some((status) => status.endpoints.prices.lastError?.kind === 'poller'),
      'the status to say the poller stopped',
    )
    const down = statuses.find((status) => status.endpoints.prices.lastError?.kind === 'poller')!
    expect(down.endpoints.prices.lastError?.message).toBe(
      'Price updates stopped unexpectedly (planted crash).',
    )
    // Retried a second after the crash, the first of the restart delays.
    const { at, retryAt } = down.endpoints.prices.lastError!
    expect(retryAt! - at).toBe(1_000)
    expect(down.connection).toBe('offline')
    // The restarted worker starts from the rows the main thread held, then polls again.
    await until(() => snapshots.length === 2, 'the restarted worker’s first snapshot', 15_000)
    expect(snapshots[1]!.assets.map((asset) => asset.symbol)).toEqual(
      snapshots[0]!.assets.map((a) => a.symbol),
    )
    const restartedAt = Date.now()
    await until(
      () =>
        (core.status().endpoints.prices.lastSuccessAt ?? 0) >= restartedAt &&
        core.status().lastError === null,
      'a successful poll by the restarted worker',
    )
    expect(priced(core.currentSnapshot())).toBe(true)
  })

  it('refuses to start when the worker cannot load, instead of looking alive', async () => {
    const core = new AppCore({
      userDataDir: tempDir(),
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 10 }),
      pollFeed: (events) => new WorkerPollFeed(events, { script: join(tempDir(), 'missing.js') }),
    })
    cleanups.push(() => core.stop())
    await expect(core.start()).rejects.toThrow(/The poller could not start/)
  })

  it('saves the last prices through the worker on stop, then polls no more', async () => {
    const { core, deltas, userDataDir } = await startCore(APP_WORKER)
    await until(() => priced(core.currentSnapshot()), 'prices for every row')
    await core.stop()
    const saved = JSON.parse(readFileSync(join(userDataDir, SNAPSHOT_CACHE_FILE_NAME), 'utf8')) as Snapshot
    expect(priced(saved)).toBe(true)
    expect(saved.assets.map((asset) => asset.symbol)).toEqual(
      core.currentSnapshot().assets.map((a) => a.symbol),
    )
    const count = deltas.length
    const status = core.status()
    expect(Object.values(status.endpoints).every((endpoint) => !endpoint.inFlight)).toBe(true)
    await core.invoke('refreshNow', undefined)
    // An absence: no condition to wait for, so a while in which a poll (milliseconds here) would land.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(deltas).toHaveLength(count)
  })
})
