import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { HistoryQueue } from '../../../src/main/core/history/history-queue'
import { HistoryCache } from '../../../src/main/core/history/history-cache'
import { HistoryService } from '../../../src/main/core/history/history-service'
import type { RecordedHistory } from '../../../src/main/core/recording-port'
import type { Clock } from '../../../src/main/core/clock'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { sendJson, startLoopbackServer } from '../api/api-client.fixtures'

/**
 * The main-side history service against the simulator on the Monday of LLY's split: the service's
 * candles joined with recorded rows, the 3M fallback, answers cached (no request on a second
 * switch, nor after a restart within the lifetime), a spec-only service's note.
 */

const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
const KEY = 'history-key'
let now = MONDAY_10_00_ET
/** The simulated service's own clock: behind `now` where a test needs the service to lag. */
let serviceNow = MONDAY_10_00_ET
const clock: Clock = {
  now: () => now,
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
}

let sim: SimServer
let folder: string
let client: ApiClient

beforeAll(async () => {
  sim = await startSimServer({ apiKey: KEY, assets: 40, clock: () => serviceNow })
  folder = await mkdtemp(path.join(os.tmpdir(), 'tw-history-'))
})
afterAll(async () => {
  await sim.close()
  await rm(folder, { recursive: true, force: true })
})
beforeEach(() => {
  now = MONDAY_10_00_ET
  serviceNow = MONDAY_10_00_ET
  sim.setSpecOnly(false)
  sim.setReadings({ candlePairs: 'described' })
  // The simulator replays a year of its walk for 1day/1year: generous on a busy machine.
  client = new ApiClient({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 30_000, now: () => now })
  return () => client.close()
})

const nothingRecorded = async (): Promise<RecordedHistory> => ({ rows: [], since: null })

function service(recorded = nothingRecorded, cacheFolder: string | null = null): HistoryService {
  return new HistoryService({
    client: () => client,
    queue: new HistoryQueue({ clock, minGapMs: 0 }),
    cache: new HistoryCache(cacheFolder, clock),
    clock,
    recorded,
  })
}

describe('history from the service', () => {
  it('every candle rejected: built from what was recorded, and the note says why', async () => {
    const badCandle = (t: number) => ({
      timestamp: t,
      open: '120.20',
      high: '119.10',
      low: '121.35',
      close: '120.95',
    })
    const bad = await startLoopbackServer((req, res) => {
      if (req.url?.includes('/prices/ohlc'))
        sendJson(res, 200, {
          interval: '1hour',
          range: '1month',
          primaryMarket: { symbol: 'AAPLon', data: [badCandle(now - 7_200_000), badCandle(now - 3_600_000)] },
          underlyingMarket: { ticker: 'AAPL', data: [] },
        })
      else sendJson(res, 200, { history: [] })
    })
    client = new ApiClient({ baseUrl: bad.url, apiKey: KEY, now: () => now })
    try {
      const series = await service().history('AAPLon', '1m')
      expect(series).toMatchObject({ source: 'recorded', points: [], rejectedCandles: 2 })
      expect(series.note).toMatch(
        new RegExp(
          String.raw`^Every candle the service sent was rejected \(2, the first: .*\); ` +
            String.raw`shown: what Tokenwatch recorded\.$`,
        ),
      )
    } finally {
      await bad.close()
    }
  })

  it('1M of LLYon: hourly points, the split marked 4x, premium known and small at every point', async () => {
    const series = await service().history('LLYon', '1m')
    expect(series).toMatchObject({
      symbol: 'LLYon',
      range: '1m',
      interval: '1hour',
      source: 'service',
      note: null,
      rejectedCandles: 0,
    })
    expect(series.multiplierChanges).toHaveLength(1)
    expect(series.multiplierChanges[0]?.t).toBe(Date.UTC(2026, 10, 16, 9))
    const known = series.points.filter((p) => p.premium !== null)
    expect(known.length).toBeGreaterThan(300)
    expect(Math.max(...known.map((p) => Math.abs(Number(p.premium))))).toBeLessThan(0.005)
    expect(series.points[0]?.t).toBeGreaterThanOrEqual(MONDAY_10_00_ET - 30 * 86_400_000)
  })

  it('3M on a service that refuses 1day/3month: a slice of 1day/1year', async () => {
    sim.setReadings({ candlePairs: 'catalogue' })
    const series = await service().history('AAPLon', '3m')
    expect(series.interval).toBe('1day')
    // A stock-hours token trades on five UTC days of seven.
    expect(series.points.length).toBeGreaterThan(60)
    expect(series.points[0]?.t).toBeGreaterThanOrEqual(MONDAY_10_00_ET - 91 * 86_400_000)
  })

  it('a switch already cached asks nothing; a restart within the lifetime reads the disk copy', async () => {
    await service(nothingRecorded, folder).history('AAPLon', '1m')
    const asked = sim.stats().byEndpoint.candles
    const again = service(nothingRecorded, folder)
    await again.history('AAPLon', '1w')
    await again.history('AAPLon', '1m')
    expect(sim.stats().byEndpoint.candles).toBe(asked)
    now += 31_000
    serviceNow = now
    await again.history('AAPLon', '1m')
    expect(sim.stats().byEndpoint.candles).toBe(asked + 1)
  })

  it(
    "recorded minutes after the service's last candle (the service " + 'lags) are joined on; source both',
    async () => {
      const last = (await service().history('AAPLon', '1w')).points.at(-1)
      const t = (last?.t as number) + 3_600_000
      now = t + 120_000
      const recorded = async (): Promise<RecordedHistory> => ({
        rows: [
          {
            t: t + 60_000,
            open: '250',
            high: '250',
            low: '250',
            close: '250',
            underlying: '249.00',
            multiplier: '1.001',
          },
        ],
        since: t,
      })
      const series = await service(recorded).history('AAPLon', '1w')
      expect(series.source).toBe('both')
      expect(series.points.at(-1)).toMatchObject({ t, close: '250', underlyingClose: '249.00' })
    },
  )
})

describe('a spec-only service', () => {
  it(
    'shows what was recorded, says the service publishes no history ' + 'and since when recording runs',
    async () => {
      sim.setSpecOnly(true)
      const since = Date.UTC(2026, 10, 9, 15, 30)
      const rows = [0, 1, 2].map((i) => ({
        t: since + i * 86_400_000,
        open: '100',
        high: '100',
        low: '100',
        close: '100.1',
        underlying: '100.00',
        multiplier: '1.000000000000000000',
      }))
      const series = await service(async () => ({ rows, since })).history('AAPLon', '1m')
      expect(series.source).toBe('recorded')
      expect(series.note).toBe(
        'This service publishes no history; Tokenwatch has been recording ' + 'it since Nov 9, 10:30:00 ET.',
      )
      expect(series.points.map((p) => p.premium)).toEqual(['0.001', '0.001', '0.001'])
      expect(client.optional.isMissing('candles')).toBe(true)
    },
  )
})
