import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { startDemoCore } from './demo-core'
import type { HistorySeries } from '../../../src/shared/history'
import { activeList } from '../../../src/shared/watchlists'
import { cleanupAfterEach } from '../../support/cleanups'
import { until } from '../../support/polls'

/**
 * getHistory through AppCore's validating invoke on the demo simulator, on Monday 2026-11-16 at
 * 10:00 ET: the opened symbol's history from the service, every answer recorded in
 * history.sqlite, arguments refused in main.
 */

const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-history-')

const startCore = () =>
  startDemoCore({ userDataDir: tempDir(), now: MONDAY_10_00_ET, cleanups, requestTimeoutMs: 30_000 })

describe('AppCore getHistory', () => {
  it("answers the opened symbol's month from the service and records what the feed takes in", async () => {
    const { core, userDataDir } = await startCore()
    const symbol = activeList(core.settings.get()).symbols[0] as string
    const answer = await core.invoke('getHistory', { symbol, range: '1m' })
    expect(answer.ok).toBe(true)
    const series = (answer as { value: HistorySeries }).value
    expect(series).toMatchObject({ symbol, range: '1m', interval: '1hour', note: null })
    expect(series.points.length).toBeGreaterThan(100)
    const file = join(userDataDir, 'history.sqlite')
    await until(() => {
      if (!existsSync(file)) return false
      const db = new DatabaseSync(file)
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM polls').get() as { n: number }).n > 0
      } finally {
        db.close()
      }
    }, 'a poll recorded')
  })

  it('refuses a range it does not know, a symbol no list polls, and extra fields', async () => {
    const { core } = await startCore()
    expect(await core.invoke('getHistory', { symbol: 'AAPLon', range: '2y' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    })
    expect(await core.invoke('getHistory', { symbol: 'AAPLon', range: '1m', url: 'x' })).toMatchObject({
      ok: false,
    })
    const unwatched = await core.invoke('getHistory', { symbol: 'ZZZZon', range: '1m' })
    expect(unwatched).toMatchObject({ ok: false, error: { message: 'ZZZZon is not on a watched list.' } })
  })
})
