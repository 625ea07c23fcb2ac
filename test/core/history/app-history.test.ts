import { readdirSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Clock } from '../../../src/main/core/clock'
import { AppHistory } from '../../../src/main/core/history/app-history'
import type { RecordedHistory, RecordingLink } from '../../../src/main/core/recording-port'
import { type LoopbackServer, TEST_KEY, sendJson, startLoopbackServer } from '../api/api-client.fixtures'
import { cleanupAfterEach } from '../../support/cleanups'

/**
 * History in the app: the recording started at the first connection only, history's own client
 * replaced (the old one closed) at each, its answers cached under the user data folder's
 * history-cache, a recording that cannot be read taken as nothing recorded, and the recording's
 * notice as history's problem.
 */

/** Monday 2026-11-16 10:00 ET. */
const NOW = Date.UTC(2026, 10, 16, 15, 0)
const HOUR = 3_600_000
const clock: Clock = {
  now: () => NOW,
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: () => undefined,
}

const { cleanups, tempDir } = cleanupAfterEach('tw-app-history-')
let folder: string
let server: LoopbackServer
beforeEach(async () => {
  folder = tempDir()
  server = await startLoopbackServer((req, res) => {
    if (req.url?.includes('/prices/ohlc'))
      sendJson(res, 200, {
        interval: '1hour',
        range: '1month',
        primaryMarket: {
          symbol: 'AAPLon',
          data: [{ timestamp: NOW - HOUR, open: '235.10', high: '235.30', low: '235.00', close: '235.20' }],
        },
        underlyingMarket: { ticker: 'AAPL', data: [] },
      })
    else sendJson(res, 200, { history: [] })
  })
  cleanups.push(() => server.close())
})

function link(read: RecordingLink['read']) {
  const started: string[] = []
  let notice: string | null = null
  const recording: RecordingLink = {
    start: (where) => started.push(where),
    read,
    notice: () => notice,
  }
  return { recording, started, setNotice: (text: string | null) => (notice = text) }
}

const connection = () => ({ baseUrl: server.url, apiKey: TEST_KEY, demo: false })

describe('history in the app', () => {
  it('starts the recording at the first connection only, in the user data folder', async () => {
    const { recording, started } = link(async () => ({ rows: [], since: null }))
    const history = new AppHistory(recording, clock, folder)
    expect(started).toEqual([])
    history.connected(connection())
    history.connected(connection())
    expect(started).toEqual([folder])
    await history.close()
  })

  it("asks through its own client and caches the answers in the folder's history-cache", async () => {
    const { recording } = link(async () => ({ rows: [], since: null }))
    const history = new AppHistory(recording, clock, folder)
    history.connected(connection())
    const series = await history.service.history('AAPLon', '1m')
    expect(series).toMatchObject({ source: 'service', interval: '1hour' })
    expect(series.points.map((p) => p.close)).toEqual(['235.20'])
    expect(readdirSync(folder)).toEqual(['history-cache'])
    expect(readdirSync(path.join(folder, 'history-cache')).sort()).toEqual([
      'AAPLon.1hour.1month.json',
      'AAPLon.multiplier.all.json',
    ])
    expect(server.requests.every((request) => request.headers['x-api-key'] === TEST_KEY)).toBe(true)
    await history.close()
  })

  it('a recording that cannot be read counts as nothing recorded', async () => {
    const { recording } = link(() => Promise.reject(new Error('the poll worker is gone')))
    const history = new AppHistory(recording, clock, folder)
    const series = await history.service.history('AAPLon', '1m')
    expect(series).toMatchObject({
      source: 'recorded',
      points: [],
      note: 'This service publishes no history; Tokenwatch has recorded nothing of it yet.',
    })
  })

  it("says the recording's problem as history's", () => {
    const { recording, setNotice } = link(async (): Promise<RecordedHistory> => ({ rows: [], since: null }))
    const history = new AppHistory(recording, clock, folder)
    expect(history.problem()).toBeNull()
    setNotice('The disk is full: recording of price history is paused; live prices go on.')
    expect(history.problem()).toBe(
      'The disk is full: recording of price history is paused; live prices go on.',
    )
  })

  it('closed, it asks the service nothing: no client until connected again', async () => {
    const { recording } = link(async () => ({ rows: [], since: null }))
    const history = new AppHistory(recording, clock, folder)
    history.connected(connection())
    await history.close()
    const series = await history.service.history('AAPLon', '1w')
    expect(series.source).toBe('recorded')
    expect(server.requests).toEqual([])
  })
})
