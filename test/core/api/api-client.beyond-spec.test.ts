import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import type { TradeSide } from '../../../src/shared/holdings'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { TEST_KEY, apiErrorOf, sendJson, startLoopbackServer } from './api-client.fixtures'

/**
 * The client's calls beyond the spec, over real HTTP: against the simulator at fixed market times,
 * against a spec-only service (a 404 remembered, never asked again), and a 403 MARKET_CLOSED from
 * the capacity endpoint read as an answer about the market, never as a rejected key.
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)

let sim: SimServer
let clock = TUESDAY_10_00_ET

beforeAll(async () => {
  sim = await startSimServer({ apiKey: TEST_KEY, assets: 40, clock: () => clock })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(() => {
  sim.setSpecOnly(false)
  sim.setFaults({})
  sim.setReadings({ closedMarketForm: 'reason', marketPause: null })
})

async function withClient<T>(run: (client: ApiClient) => Promise<T>, baseUrl = sim.url): Promise<T> {
  const client = new ApiClient({ baseUrl, apiKey: TEST_KEY, timeoutMs: 2_000 })
  try {
    return await run(client)
  } finally {
    await client.close()
  }
}

describe('against the simulator', () => {
  it('reads market status, pauses, capacity and dividends', async () => {
    await withClient(async (client) => {
      expect(await client.marketStatus()).toMatchObject({
        available: true,
        value: { marketStatus: 'regular' },
      })
      const pauses = await client.assetPauses()
      expect(pauses.available && pauses.value.rejected).toEqual([])
      expect(await client.tradingCapacity('AAPLon', 'buy')).toMatchObject({
        available: true,
        tradingOpen: true,
        maxNotionalValue: '200000',
      })
      expect(await client.dividends('AAPLon')).toMatchObject({ available: true, value: { ticker: 'AAPL' } })
    })
  })

  it(
    'the weekend, capacity refused by a 200 and by a 403 MARKET_CLOSED: ' + 'both answers, neither an error',
    async () => {
      clock = SATURDAY_NOON_ET
      try {
        await withClient(async (client) => {
          const byReason = await client.tradingCapacity('AAPLon', 'buy')
          sim.setReadings({ closedMarketForm: 'forbidden' })
          const byForbidden = await client.tradingCapacity('AAPLon', 'buy')
          for (const reading of [byReason, byForbidden])
            expect(reading).toMatchObject({
              available: true,
              tradingOpen: false,
              reasonCode: 'MARKET_CLOSED',
              reason: 'Weekend/Holiday',
            })
          expect(byForbidden.maxTokens).toBeNull()
          // A later call of a spec endpoint works: nothing was taken as a key failure.
          expect((await client.price('AAPLon')).records).toHaveLength(1)
        })
      } finally {
        clock = TUESDAY_10_00_ET
      }
    },
  )

  it('a rate-limited status call is an error to back off from, not a missing endpoint', async () => {
    sim.setFaults({ status: { rateLimit: 1 } })
    await withClient(async (client) => {
      expect((await apiErrorOf(client.marketStatus())).kind).toBe('rate-limited')
      expect(client.optional.missingOnes()).toEqual([])
    })
  })

  it('an unknown symbol is the asset missing, not the endpoint', async () => {
    await withClient(async (client) => {
      expect((await apiErrorOf(client.dividends('ZZZZon'))).code).toBe('ASSET_NOT_FOUND')
      expect(client.optional.isMissing('dividends')).toBe(false)
    })
  })
})

describe('a spec-only service', () => {
  it('says each feature is unavailable and never asks a 404 endpoint again in the session', async () => {
    sim.setSpecOnly(true)
    const before = sim.stats().byEndpoint
    await withClient(async (client) => {
      for (let round = 0; round < 2; round++) {
        expect(await client.marketStatus()).toEqual({ available: false })
        expect(await client.assetPauses()).toEqual({ available: false })
        expect(await client.tradingCapacity('AAPLon', 'sell')).toMatchObject({
          available: false,
          tradingOpen: null,
        })
        expect(await client.dividends('AAPLon')).toEqual({ available: false })
      }
      expect(client.optional.missingOnes().sort()).toEqual([
        'assetPauses',
        'dividends',
        'marketStatus',
        'tradingCapacity',
      ])
    })
    const after = sim.stats().byEndpoint
    for (const endpoint of ['marketStatus', 'assetPauses', 'tradingCapacity', 'dividends'] as const)
      expect(after[endpoint] - before[endpoint]).toBe(1)
  })
})

describe('a capacity answer that does not fit the question', () => {
  it('is refused, whoever it is about', async () => {
    const service = await startLoopbackServer((_req, res) =>
      sendJson(res, 200, {
        timestamp: 1746655938000,
        symbol: 'TSLAon',
        side: 'buy',
        maxTokens: '1',
        maxNotionalValue: '1',
        remainingAttestations: '1',
        isAssetTradingOpen: true,
      }),
    )
    try {
      const error = await withClient(
        (client) => apiErrorOf(client.tradingCapacity('AAPLon', 'buy')),
        service.url,
      )
      expect(error.kind).toBe('invalid-response')
      expect(error.message).toMatch(/asked for AAPLon buy, the answer is about TSLAon buy/)
    } finally {
      await service.close()
    }
  })

  it('a 403 without a market code is still the key being refused', async () => {
    const service = await startLoopbackServer((_req, res) =>
      sendJson(res, 403, { code: 'INVALID_API_KEY', message: 'no' }),
    )
    try {
      expect(
        (await withClient((client) => apiErrorOf(client.tradingCapacity('AAPLon', 'buy')), service.url)).kind,
      ).toBe('key-rejected')
    } finally {
      await service.close()
    }
  })
})

describe('a call beyond the spec that cannot be used', () => {
  it('names the endpoint whose one record could not be read', async () => {
    const service = await startLoopbackServer((_req, res) => sendJson(res, 200, { not: 'a record' }))
    try {
      await withClient(async (client) => {
        const cases: Array<[Promise<unknown>, string]> = [
          [client.marketStatus(), 'market status'],
          [client.tradingCapacity('AAPLon', 'buy'), 'trading capacity'],
          [client.dividends('AAPLon'), 'dividends'],
        ]
        for (const [call, what] of cases) {
          const error = await apiErrorOf(call)
          expect(error.kind).toBe('invalid-response')
          expect(error.message).toMatch(
            new RegExp(`^The service sent an answer we cannot use: the ${what} answer is invalid \\(`),
          )
        }
      }, service.url)
    } finally {
      await service.close()
    }
  })

  it('refuses a side other than buy or sell before asking anything', async () => {
    const service = await startLoopbackServer()
    try {
      const error = await withClient(
        (client) => apiErrorOf(client.tradingCapacity('AAPLon', 'hold' as TradeSide)),
        service.url,
      )
      expect(error.kind).toBe('invalid-request')
      expect(error.message).toBe('The side must be "buy" or "sell".')
      expect(service.requests).toEqual([])
    } finally {
      await service.close()
    }
  })

  it('a market code on another status than 403 is the error it is, not a closed market', async () => {
    const service = await startLoopbackServer((_req, res) =>
      sendJson(res, 409, { code: 'MARKET_CLOSED', message: 'closed' }),
    )
    try {
      const error = await withClient(
        (client) => apiErrorOf(client.tradingCapacity('AAPLon', 'buy')),
        service.url,
      )
      expect(error).toMatchObject({ kind: 'invalid-request', status: 409, code: 'MARKET_CLOSED' })
    } finally {
      await service.close()
    }
  })
})
