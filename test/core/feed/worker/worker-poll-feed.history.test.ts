import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { SCHEMA_V1, SCHEMA_VERSION } from '../../../../src/main/core/history/history-db'
import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../../src/main/core/app/app-core'
import { MemorySecretStore } from '../../../../src/main/core/secrets/secret-store'
import { WorkerPollFeed } from '../../../../src/main/core/feed/worker/worker-poll-feed'
import { simDemoMarket } from '../../../../src/main/sim/server/demo-market'
import type { HistorySeries } from '../../../../src/shared/history'
import { activeList } from '../../../../src/shared/watchlists'
import { cleanupAfterEach } from '../../../support/cleanups'
import { until } from '../../../support/polls'

/**
 * Recording with the pipeline in its worker thread: history.sqlite is written there, and the
 * recorded rows reach getHistory through the worker's answer, not by main opening the file.
 */

const TSX = ['--import', 'tsx']
const APP_WORKER = join(__dirname, '../../../../src/main/poll-worker.ts')
/**
 * Longer than any test timeout (60 s in npm test, 300 s in a mutation run), so that the test's
 * own timeout is what bounds a wait on the worker: a timeout is for a hang, never a speed limit.
 */
const WAIT_FOR_WORKER_MS = 300_000
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-worker-history-')

const pollsIn = (file: string): number => {
  if (!existsSync(file)) return 0
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM polls').get() as { n: number }).n
  } catch {
    return 0
  } finally {
    db.close()
  }
}

describe('recording in the poll worker', () => {
  it('the worker records the first poll at once; getHistory joins what it recorded', async () => {
    const userDataDir = tempDir()
    const feeds: WorkerPollFeed[] = []
    const core = new AppCore({
      userDataDir,
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 30, seed: 7 }),
      requestTimeoutMs: 30_000,
      pollFeed: (events) => {
        const feed = new WorkerPollFeed(events, { script: APP_WORKER, execArgv: TSX })
        feeds.push(feed)
        return feed
      },
    })
    cleanups.push(() => core.stop())
    await core.start()
    const file = join(userDataDir, 'history.sqlite')
    // A worker compiling its TypeScript with tsx on two loaded cores (a mutation run's initial
    // test run) took over 20 s to record its first poll: the configured test timeout (60 s in
    // npm test, 300 s in a mutation run) is the bound, this wait only names what hung.
    await until(() => pollsIn(file) > 0, 'the first poll recorded', WAIT_FOR_WORKER_MS)
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const recorded = await feeds[0]?.recording.read(symbol, 0, false)
    expect(recorded?.rows.length).toBeGreaterThan(0)
    expect(recorded?.since).not.toBeNull()
    const answer = await core.invoke('getHistory', { symbol, range: '1d' })
    expect(answer.ok).toBe(true)
    expect((answer as { value: HistorySeries }).value.points.length).toBeGreaterThan(0)
    expect(core.status().storageProblem).toBeNull()
  })

  it('an older history file is migrated on a thread of its own; the worker records in it after', async () => {
    const userDataDir = tempDir()
    const file = join(userDataDir, 'history.sqlite')
    const v1 = new DatabaseSync(file)
    v1.exec(SCHEMA_V1)
    v1.exec("INSERT INTO symbols (symbol, since) VALUES ('OLDon', 1000)")
    const insert = v1.prepare("INSERT INTO polls VALUES (1, ?, '120.2050', '120.10', '1.0')")
    const since = Date.now() - 600_000
    v1.exec('BEGIN')
    for (let t = 0; t < 5_000; t++) insert.run(since + t * 100)
    v1.exec('COMMIT')
    v1.close()
    const notices: (string | null)[] = []
    const feeds: WorkerPollFeed[] = []
    const core = new AppCore({
      userDataDir,
      keychain: new MemorySecretStore(),
      demo: simDemoMarket({ assets: 30, seed: 7 }),
      requestTimeoutMs: 30_000,
      pollFeed: (events) => {
        const feed = new WorkerPollFeed(events, { script: APP_WORKER, execArgv: TSX })
        feeds.push(feed)
        return feed
      },
    })
    core.on('status', (status) => {
      if (notices.at(-1) !== status.storageProblem) notices.push(status.storageProblem)
    })
    cleanups.push(() => core.stop())
    await core.start()
    const upgrading = 'Upgrading the price history file; prices go on and are recorded when it is done.'
    await until(() => notices.includes(upgrading) && notices.at(-1) === null, 'the migration ended', 30_000)
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const recordedNow = async () => (await feeds[0]?.recording.read(symbol, 0, false))?.rows.length ?? 0
    await expect.poll(recordedNow, { timeout: WAIT_FOR_WORKER_MS }).toBeGreaterThan(0)
    const db = new DatabaseSync(file, { readOnly: true })
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION })
    db.close()
    // What the older file held, read through the worker's recording.
    expect((await feeds[0]?.recording.read('OLDon', 0, false))?.rows.length).toBeGreaterThan(0)
    expect(core.status().storageProblem).toBeNull()
  })
})
