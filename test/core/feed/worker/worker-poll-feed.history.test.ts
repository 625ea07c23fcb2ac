import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
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
    await until(() => pollsIn(file) > 0, 'the first poll recorded', 20_000)
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const recorded = await feeds[0]?.recordedHistory(symbol, 0, false)
    expect(recorded?.rows.length).toBeGreaterThan(0)
    expect(recorded?.since).not.toBeNull()
    const answer = await core.invoke('getHistory', { symbol, range: '1d' })
    expect(answer.ok).toBe(true)
    expect((answer as { value: HistorySeries }).value.points.length).toBeGreaterThan(0)
    expect(core.status().storageProblem).toBeNull()
  }, 60_000)
})
