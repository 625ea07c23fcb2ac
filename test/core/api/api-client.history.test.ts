import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import { HistoryQueue } from '../../../src/main/core/history/history-queue'
import { realClock } from '../../../src/main/core/clock'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { TEST_KEY, apiErrorOf, sendJson, startLoopbackServer } from './api-client.fixtures'

/**
 * The history calls over real HTTP against the simulator on a Monday: candles and the
 * multiplier history read, bad candles counted, a spec-only service's 404 remembered for the
 * session, a refused pair thrown for the caller's fallback, and a 429 backing off history alone.
 */

const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)

let sim: SimServer
let client: ApiClient

beforeAll(async () => {
  sim = await startSimServer({ apiKey: TEST_KEY, assets: 40, clock: () => MONDAY_10_00_ET })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(() => {
  sim.setSpecOnly(false)
  sim.setFaults({})
  sim.setReadings({ candlePairs: 'described' })
  client = new ApiClient({ baseUrl: sim.url, apiKey: TEST_KEY, timeoutMs: 30_000 })
  return () => client.close()
})

describe('history calls', () => {
  it('reads a month of hourly candles and the multiplier history, oldest first', async () => {
    const candles = await client.candles('LLYon', '1hour', '1month')
    expect(candles.available).toBe(true)
    if (!candles.available) return
    expect(candles.value).toMatchObject({
      interval: '1hour',
      range: '1month',
      symbol: 'LLYon',
      ticker: 'LLY',
      rejected: [],
    })
    expect(candles.value.token.length).toBeGreaterThan(300)
    const history = await client.multiplierHistory('LLYon', 'all')
    expect(history.available && history.value.steps.at(-1)?.t).toBe(Date.UTC(2026, 10, 16, 9))
  })

  it('bad candles are left out and counted; a zero multiplier is rejected with its record', async () => {
    sim.setFaults({ history: { badRecords: 1 } })
    const candles = await client.candles('AAPLon', '1day', '1year')
    expect(candles.available && candles.value.rejected).toHaveLength(2)
    const history = await client.multiplierHistory('AAPLon', 'all')
    expect(history.available && history.value.rejected).toHaveLength(1)
  })

  it('a pair the service refuses is thrown as a 400 with its code, for the caller to fall back', async () => {
    sim.setReadings({ candlePairs: 'catalogue' })
    const error = await client.candles('AAPLon', '1day', '3month').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INTERVAL_RANGE_PAIR' })
    expect(client.optional.isMissing('candles')).toBe(false)
  })

  it('a spec-only service: 404 once, remembered for the session, never asked again', async () => {
    sim.setSpecOnly(true)
    const before = sim.stats().byEndpoint.candles
    expect(await client.candles('AAPLon', '1day', 'all')).toEqual({ available: false })
    expect(await client.candles('AAPLon', '1hour', '1month')).toEqual({ available: false })
    expect(sim.stats().byEndpoint.candles - before).toBe(1)
    expect(client.optional.isMissing('candles')).toBe(true)
    expect(await client.multiplierHistory('AAPLon', 'all')).toEqual({ available: false })
    expect(client.optional.missingOnes().sort()).toEqual(['candles', 'multiplierHistory'])
  })

  it('candles about another asset than the one asked are refused, naming both', async () => {
    const service = await startLoopbackServer((_req, res) =>
      sendJson(res, 200, {
        interval: '1day',
        range: '1month',
        primaryMarket: { symbol: 'TSLAon', data: [] },
        underlyingMarket: null,
      }),
    )
    const other = new ApiClient({ baseUrl: service.url, apiKey: TEST_KEY, timeoutMs: 2_000 })
    try {
      const error = await apiErrorOf(other.candles('AAPLon', '1day', '1month'))
      expect(error.kind).toBe('invalid-response')
      expect(error.message).toBe(
        'The service sent an answer we cannot use: asked for AAPLon, the answer is about TSLAon.',
      )
      expect(other.optional.missingOnes()).toEqual([])
    } finally {
      await other.close()
      await service.close()
    }
  })

  it(
    'a 429 backs history off alone: the next history request fails ' + 'at once, the price polls go on',
    async () => {
      sim.setFaults({ history: { rateLimit: 1, retryAfterSeconds: 30 } })
      const queue = new HistoryQueue({ clock: realClock, minGapMs: 0 })
      await expect(queue.run(() => client.candles('AAPLon', '1day', 'all'))).rejects.toMatchObject({
        kind: 'rate-limited',
      })
      const asked = sim.stats().byEndpoint.candles
      await expect(queue.run(() => client.candles('AAPLon', '1day', 'all'))).rejects.toThrow(
        /history asks again in 30 s/,
      )
      expect(sim.stats().byEndpoint.candles).toBe(asked)
      expect((await client.price('AAPLon')).records).toHaveLength(1)
    },
  )
})
