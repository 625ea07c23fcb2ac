import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { wireErrorBody } from '../../../src/main/core/api/wire/wire'
import {
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseLimitsResponse,
  parseMarketResponse,
  parsePriceResponse,
} from '../../../src/main/core/api/wire/wire-parse'
import { type FaultPlan, FaultSpecError, parseFaultSpec } from '../../../src/main/sim/server/faults'
import { type SimEndpoint, type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { API_KEY, TUESDAY_10_00_ET, getJson, until } from '../sim-helpers'

describe('parseFaultSpec', () => {
  it('reads groups, short names and "all"', () => {
    expect(parseFaultSpec('prices:5xx=0.2,429=0.05;market:latency=200')).toEqual({
      prices: { serverError: 0.2, rateLimit: 0.05 },
      market: { latencyMs: 200 },
    })
    expect(parseFaultSpec(' all : reset = 0.01 ; limits:hang=1,hang-ms=50,retry-after=3 ')).toEqual({
      prices: { reset: 0.01 },
      market: { reset: 0.01 },
      limits: { reset: 0.01, hang: 1, hangMs: 50, retryAfterSeconds: 3 },
      status: { reset: 0.01 },
      history: { reset: 0.01 },
    })
    expect(parseFaultSpec('market:truncated=1,invalid-json=0.5,bad-records=0.1,seconds=0.3,403=0.2')).toEqual(
      {
        market: {
          truncatedJson: 1,
          invalidJson: 0.5,
          badRecords: 0.1,
          secondsTimestamps: 0.3,
          plainText403: 0.2,
        },
      },
    )
    expect(parseFaultSpec('')).toEqual({})
  })

  it('refuses what it cannot read, with a one-line reason', () => {
    for (const bad of [
      'prices',
      'quotes:5xx=0.1',
      'prices:boom=0.1',
      'prices:5xx=1.5',
      'prices:5xx=',
      'prices:5xx=abc',
      'prices:latency=-5',
      'prices:retry-after=1.5',
      'prices:5xx=0.1=0.2',
    ]) {
      expect(() => parseFaultSpec(bad), bad).toThrow(FaultSpecError)
      try {
        parseFaultSpec(bad)
      } catch (error) {
        expect((error as Error).message).not.toContain('\n')
      }
    }
  })

  it('names every group it takes, all included, when the group is unknown', () => {
    expect(() => parseFaultSpec('quotes:5xx=0.1')).toThrow(
      'unknown endpoint group "quotes" (use prices, market, limits, status, history or all)',
    )
  })
})

describe('fault injection over HTTP', () => {
  let server: SimServer
  const sent: SimEndpoint[] = []

  beforeAll(async () => {
    server = await startSimServer({
      apiKey: API_KEY,
      assets: 60,
      clock: () => TUESDAY_10_00_ET,
      onSend: (endpoint) => sent.push(endpoint),
    })
  })

  afterAll(async () => {
    await server.close()
  })

  beforeEach(() => {
    server.setFaults({})
    sent.length = 0
  })

  it('5xx: 500 INTERNAL_ERROR as JSON', async () => {
    server.setFaults({ prices: { serverError: 1 } })
    const response = await getJson(server, '/v1/assets/all/prices/latest')
    expect(response.status).toBe(500)
    expect(wireErrorBody.parse(await response.json()).code).toBe('INTERNAL_ERROR')
    expect(sent).toEqual([])
  })

  it('429: RATE_LIMITED with Retry-After', async () => {
    server.setFaults({ market: { rateLimit: 1, retryAfterSeconds: 7 } })
    const response = await getJson(server, '/v1/assets/AAPLon/market')
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('7')
    expect(wireErrorBody.parse(await response.json()).code).toBe('RATE_LIMITED')
  })

  it('plain-text 403 Forbidden, not JSON', async () => {
    server.setFaults({ limits: { plainText403: 1 } })
    const response = await getJson(server, '/v1/limits/session')
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('Forbidden')
  })

  it('truncated JSON: a 200 whose body does not parse', async () => {
    server.setFaults({ market: { truncatedJson: 1 } })
    const response = await getJson(server, '/v1/assets/all/market')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text.startsWith('[{"primaryMarket"')).toBe(true)
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    expect(sent).toEqual([])
  })

  it('invalid JSON: a 200 with an HTML error page', async () => {
    server.setFaults({ prices: { invalidJson: 1 } })
    const response = await getJson(server, '/v1/assets/AAPLon/prices/latest')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const text = await response.text()
    expect(text).toContain('<html>')
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
  })

  it('bad records: some records of each endpoint break the schema, the rest stay valid', async () => {
    server.setFaults({ prices: { badRecords: 1 }, market: { badRecords: 1 }, limits: { badRecords: 1 } })
    const body = async (path: string): Promise<unknown> => (await getJson(server, path)).json()
    const allMarket = parseAllMarketResponse(await body('/v1/assets/all/market'))
    const allPrices = parseAllPricesResponse(await body('/v1/assets/all/prices/latest'))
    const limits = parseLimitsResponse(await body('/v1/limits/session'))
    for (const parsed of [allMarket, allPrices, limits]) {
      expect(parsed.rejected.length).toBeGreaterThan(0)
      expect(parsed.records.length).toBeGreaterThan(40)
    }
    expect(parseMarketResponse(await body('/v1/assets/AAPLon/market')).rejected).toHaveLength(1)
    expect(parsePriceResponse(await body('/v1/assets/AAPLon/prices/latest')).rejected).toHaveLength(1)
    // A broken body was still sent successfully, so onSend saw it.
    expect(sent).toEqual(['allMarket', 'allPrices', 'limits', 'market', 'price'])
    // The market's own objects were not touched.
    expect(parseAllMarketResponse(JSON.parse(JSON.stringify(server.market.allMarket()))).rejected).toEqual([])
  })

  it('seconds timestamps: every timestamp in seconds, which the shared schema reads back as ms', async () => {
    server.setFaults({ market: { secondsTimestamps: 1 } })
    const raw = (await (await getJson(server, '/v1/assets/AAPLon/market')).json()) as {
      timestamp: number
      primaryMarket: { priceHistory24h: { timestamp: number }[] }
    }
    expect(raw.timestamp).toBeLessThan(1e12)
    expect(raw.primaryMarket.priceHistory24h.every((point) => point.timestamp < 1e12)).toBe(true)
    const parsed = parseMarketResponse(raw)
    expect(parsed.records[0]?.timestamp).toBe(server.market.marketRecord('AAPLon')?.timestamp)
  })

  it('reset: the connection is destroyed without an answer', async () => {
    server.setFaults({ prices: { reset: 1 } })
    await expect(getJson(server, '/v1/assets/all/prices/latest')).rejects.toThrow()
    expect(server.stats().byOutcome.reset).toBeGreaterThan(0)
  })

  it('hang: the request is never answered, until hangMs drops the connection', async () => {
    server.setFaults({ limits: { hang: 1, hangMs: 20 } })
    await expect(getJson(server, '/v1/limits/session')).rejects.toThrow()
    expect(server.stats().byOutcome.hang).toBeGreaterThan(0)
  })

  it('latency: the answer comes no sooner than latencyMs', async () => {
    server.setFaults({ prices: { latencyMs: 60 } })
    const started = performance.now()
    const response = await getJson(server, '/v1/assets/AAPLon/prices/latest')
    expect(response.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
  })

  it('applies a group’s faults to its endpoints only', async () => {
    server.setFaults({ prices: { serverError: 1 } })
    expect((await getJson(server, '/v1/assets/AAPLon/prices/latest')).status).toBe(500)
    expect((await getJson(server, '/v1/assets/AAPLon/market')).status).toBe(200)
    expect((await getJson(server, '/v1/limits/session')).status).toBe(200)
  })

  it('leaves rejected requests alone: auth and validation come first', async () => {
    server.setFaults({ prices: { serverError: 1 } })
    expect((await getJson(server, '/v1/assets/all/prices/latest', 'wrong')).status).toBe(401)
    expect((await getJson(server, '/v1/assets/all/prices/latest?sort=up')).status).toBe(400)
  })
})

describe('fault injection, seeded and scheduled', () => {
  const statuses = async (seed: number, plan: FaultPlan): Promise<number[]> => {
    const server = await startSimServer({ apiKey: API_KEY, assets: 60, seed, faults: plan })
    try {
      const out: number[] = []
      for (let i = 0; i < 24; i++) out.push((await getJson(server, '/v1/assets/AAPLon/prices/latest')).status)
      return out
    } finally {
      await server.close()
    }
  }

  it('draws the same faults for the same seed and requests', async () => {
    const plan: FaultPlan = { prices: { serverError: 0.3, rateLimit: 0.3 } }
    const first = await statuses(5, plan)
    expect(await statuses(5, plan)).toEqual(first)
    expect(new Set(first)).toEqual(new Set([200, 429, 500]))
  })

  it('takes a plan at start, and a new one at any time', async () => {
    const server = await startSimServer({
      apiKey: API_KEY,
      assets: 60,
      faults: { market: { serverError: 1 } },
    })
    try {
      expect((await getJson(server, '/v1/assets/all/market')).status).toBe(500)
      server.setFaults({})
      expect((await getJson(server, '/v1/assets/all/market')).status).toBe(200)
      expect(() => server.setFaults({ market: { serverError: 2 } })).toThrow(FaultSpecError)
    } finally {
      await server.close()
    }
  })

  it('close() ends a request hung without a limit', async () => {
    const server = await startSimServer({ apiKey: API_KEY, assets: 60, faults: { prices: { hang: 1 } } })
    const pending = getJson(server, '/v1/assets/AAPLon/prices/latest')
    await until(() => server.stats().byOutcome.hang === 1, 'the request to hang')
    await server.close()
    await expect(pending).rejects.toThrow()
  })
})
