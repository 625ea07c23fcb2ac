import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { wireErrorBody } from '../../../src/main/core/api/wire/wire'
import {
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseLimitsResponse,
  parseMarketResponse,
  parsePriceResponse,
} from '../../../src/main/core/api/wire/wire-parse'
import {
  SIM_KEEP_ALIVE_MS,
  type SimEndpoint,
  type SimServer,
  startSimServer,
} from '../../../src/main/sim/server/server'
import { CADENCE_BOUNDS_MS } from '../../../src/shared/settings'
import { API_KEY, TUESDAY_10_00_ET, getJson, manualClock, rawRequest } from '../sim-helpers'

let server: SimServer
const sent: { endpoint: SimEndpoint; body: unknown }[] = []
const clock = manualClock(TUESDAY_10_00_ET)

beforeAll(async () => {
  server = await startSimServer({
    apiKey: API_KEY,
    clock: clock.now,
    onSend: (endpoint, body) => sent.push({ endpoint, body }),
  })
})

afterAll(async () => {
  await server.close()
})

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = wireErrorBody.parse(await response.json())
  expect(body.code).toBe(code)
  expect(body.message).toBeTruthy()
  expect(body.documentation).toBeTruthy()
}

/** Runs `task` for every item, a few at a time. */
async function forEachInBatches<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 25) await Promise.all(items.slice(i, i + 25).map(task))
}

describe('sim server endpoints', () => {
  it('listens on 127.0.0.1 with the URL it reports', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.port).toBeGreaterThan(0)
  })

  it('serves one asset’s market data (endpoint 1)', async () => {
    const response = await getJson(server, '/v1/assets/AAPLon/market')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await response.json()) as {
      primaryMarket: { symbol: string }
      underlyingMarket: { ticker: string }
    }
    expect(body.primaryMarket.symbol).toBe('AAPLon')
    expect(body.underlyingMarket.ticker).toBe('AAPL')
    expect(body).toEqual(server.market.marketRecord('AAPLon'))
  })

  it('serves every asset’s market data (endpoint 2)', async () => {
    const body = (await (await getJson(server, '/v1/assets/all/market')).json()) as unknown[]
    expect(body).toHaveLength(400)
  })

  it('serves one latest price (endpoint 3) and all of them (endpoint 4)', async () => {
    const one = (await (await getJson(server, '/v1/assets/TSLAon/prices/latest')).json()) as {
      primaryMarket: { symbol: string; price: string }
      timestamp: number
    }
    expect(one.primaryMarket.symbol).toBe('TSLAon')
    expect(one.timestamp).toBe(TUESDAY_10_00_ET - (TUESDAY_10_00_ET % 1000))
    const all = (await (await getJson(server, '/v1/assets/all/prices/latest')).json()) as unknown[]
    expect(all).toHaveLength(400)
  })

  it('sorts all prices by token price numerically with sort=asc|desc', async () => {
    const prices = async (sort: string): Promise<string[]> => {
      const body = (await (await getJson(server, `/v1/assets/all/prices/latest?sort=${sort}`)).json()) as {
        primaryMarket: { price: string }
      }[]
      return body.map((record) => record.primaryMarket.price)
    }
    const ascending = await prices('asc')
    const descending = await prices('desc')
    const numeric = [...ascending].sort((a, b) => new Dec(a).comparedTo(b))
    expect(ascending).toEqual(numeric)
    // Sorted as text the same prices come out in another order: this list tells the two apart.
    expect([...ascending].sort()).not.toEqual(numeric)
    expect(descending).toEqual([...numeric].reverse())
  })

  it('serves the session limits as [{limits, timestamp}] (endpoint 5), or one symbol’s', async () => {
    const all = (await (await getJson(server, '/v1/limits/session')).json()) as {
      limits: unknown[]
      timestamp: number
    }[]
    expect(all).toHaveLength(1)
    expect(all[0]?.limits).toHaveLength(400)
    const one = (await (await getJson(server, '/v1/limits/session?symbol=Fon')).json()) as {
      limits: { symbol: string }[]
    }[]
    expect(one[0]?.limits.map((entry) => entry.symbol)).toEqual(['Fon'])
  })

  it('keeps an idle connection open longer than the default prices cadence, so polls reuse it', async () => {
    const response = await getJson(server, '/v1/assets/AAPLon/prices/latest')
    await response.body?.cancel()
    // undici keeps a connection for the server's Keep-Alive timeout less a margin (2 s by default).
    const seconds = Number(/timeout=(\d+)/.exec(response.headers.get('keep-alive') ?? '')?.[1])
    expect(seconds * 1000 - 2_000).toBeGreaterThan(CADENCE_BOUNDS_MS.prices.default)
    expect(seconds * 1000).toBe(SIM_KEEP_ALIVE_MS)
  })

  it('hands every successful body to onSend, exactly as sent', async () => {
    sent.length = 0
    const response = await getJson(server, '/v1/assets/NVDAon/prices/latest')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.endpoint).toBe('price')
    expect(sent[0]?.body).toEqual(await response.json())
  })
})

describe('sim server responses against the shared wire schemas', () => {
  it('validates every record of all five endpoints with nothing rejected (400 assets)', async () => {
    const symbols = server.market.symbols()
    const allMarket = parseAllMarketResponse(await (await getJson(server, '/v1/assets/all/market')).json())
    expect(allMarket.rejected).toEqual([])
    expect(allMarket.records).toHaveLength(400)
    for (const sort of ['', '?sort=asc', '?sort=desc']) {
      const allPrices = parseAllPricesResponse(
        await (await getJson(server, `/v1/assets/all/prices/latest${sort}`)).json(),
      )
      expect(allPrices.rejected).toEqual([])
      expect(allPrices.records).toHaveLength(400)
    }
    const limits = parseLimitsResponse(await (await getJson(server, '/v1/limits/session')).json())
    expect(limits.rejected).toEqual([])
    expect(limits.records).toHaveLength(400)

    // Over HTTP for every tenth symbol (a request costs a few ms on a busy CI machine) ...
    await forEachInBatches(
      symbols.filter((_, i) => i % 10 === 0),
      async (symbol) => {
        const market = parseMarketResponse(
          await (await getJson(server, `/v1/assets/${symbol}/market`)).json(),
        )
        const price = parsePriceResponse(
          await (await getJson(server, `/v1/assets/${symbol}/prices/latest`)).json(),
        )
        const one = parseLimitsResponse(
          await (await getJson(server, `/v1/limits/session?symbol=${symbol}`)).json(),
        )
        expect([market.rejected, price.rejected, one.rejected]).toEqual([[], [], []])
        expect([market.records.length, price.records.length, one.records.length]).toEqual([1, 1, 1])
      },
    )
    // ... and for every symbol through the same objects the server serialises.
    const viaJson = (body: unknown): unknown => JSON.parse(JSON.stringify(body))
    for (const symbol of symbols) {
      expect(parseMarketResponse(viaJson(server.market.marketRecord(symbol))).rejected).toEqual([])
      expect(parsePriceResponse(viaJson(server.market.priceRecord(symbol))).rejected).toEqual([])
      expect(parseLimitsResponse(viaJson(server.market.limits(symbol))).records).toHaveLength(1)
    }
  })
})

describe('sim server errors', () => {
  it(
    'answers a request without a key as the real gateway does: 403 ' + '{"message":"Forbidden"}, on any path',
    async () => {
      for (const path of ['/v1/assets/all/market', '/v1/limits/session', '/v1/no/such/path', '/']) {
        for (const key of [null, '']) {
          const response = await getJson(server, path, key)
          expect([path, response.status]).toEqual([path, 403])
          expect(response.headers.get('content-type')).toMatch(/^application\/json/)
          expect(response.headers.get('retry-after')).toBeNull()
          expect(response.headers.get('www-authenticate')).toBeNull()
          expect(await response.json()).toEqual({ message: 'Forbidden' })
        }
      }
    },
  )

  it('401 INVALID_API_KEY with a wrong key', async () => {
    await expectError(await getJson(server, '/v1/assets/all/market', 'wrong'), 401, 'INVALID_API_KEY')
    await expectError(
      await getJson(server, '/v1/limits/session?symbol=AAPLon', 'wrong'),
      401,
      'INVALID_API_KEY',
    )
  })

  it('400 MISSING_SYMBOL for an empty symbol, on every symbol endpoint', async () => {
    await expectError(await getJson(server, '/v1/assets//market'), 400, 'MISSING_SYMBOL')
    await expectError(await getJson(server, '/v1/assets//prices/latest'), 400, 'MISSING_SYMBOL')
    await expectError(await getJson(server, '/v1/limits/session?symbol='), 400, 'MISSING_SYMBOL')
  })

  it(
    '400 INVALID_SYMBOL for a symbol too short or not ending in "on", ' + 'on every symbol endpoint',
    async () => {
      for (const symbol of ['AB', 'AAPL', 'aaplon', 'ALL']) {
        await expectError(await getJson(server, `/v1/assets/${symbol}/market`), 400, 'INVALID_SYMBOL')
        await expectError(await getJson(server, `/v1/assets/${symbol}/prices/latest`), 400, 'INVALID_SYMBOL')
        await expectError(await getJson(server, `/v1/limits/session?symbol=${symbol}`), 400, 'INVALID_SYMBOL')
      }
    },
  )

  it('404 ASSET_NOT_FOUND for a valid symbol that is not listed', async () => {
    await expectError(await getJson(server, '/v1/assets/NOTLISTEDon/market'), 404, 'ASSET_NOT_FOUND')
    await expectError(await getJson(server, '/v1/assets/NOTLISTEDon/prices/latest'), 404, 'ASSET_NOT_FOUND')
    await expectError(await getJson(server, '/v1/limits/session?symbol=NOTLISTEDon'), 404, 'ASSET_NOT_FOUND')
  })

  it('400 INVALID_SORT for a sort other than asc or desc', async () => {
    for (const sort of ['ASC', 'up', '']) {
      await expectError(
        await getJson(server, `/v1/assets/all/prices/latest?sort=${sort}`),
        400,
        'INVALID_SORT',
      )
    }
  })

  it('404 for unknown paths, trailing slashes and dot segments', async () => {
    for (const path of [
      '/',
      '/v1',
      '/v2/assets/all/market',
      '/v1/assets/all/market/',
      '/v1/assets/',
      '/v1/assets/AAPLon/prices',
      '/v1/x/../assets/all/market',
      `/v1/${'a'.repeat(8000)}`,
    ]) {
      const response = await rawRequest(server, 'GET', path)
      expect([path.slice(0, 40), response.status]).toEqual([path.slice(0, 40), 404])
      expect(JSON.parse(response.body)).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('400 for malformed percent-encoding, and a symbol of ".." is an invalid symbol', async () => {
    const malformed = await rawRequest(server, 'GET', '/v1/assets/%E0%A4%A/market')
    expect(malformed.status).toBe(400)
    const dots = await rawRequest(server, 'GET', '/v1/assets/../market')
    expect(JSON.parse(dots.body)).toMatchObject({ code: 'INVALID_SYMBOL' })
  })

  it('405 with Allow: GET for every other method, HEAD and OPTIONS included', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']) {
      const response = await rawRequest(server, method, '/v1/assets/all/market')
      expect([method, response.status, response.headers.allow]).toEqual([method, 405, 'GET'])
      if (method !== 'HEAD') expect(JSON.parse(response.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
    }
  })

  it('survives a request line too long for node and keeps serving', async () => {
    const huge = await rawRequest(server, 'GET', `/v1/assets/${'A'.repeat(20_000)}on/market`)
    expect(huge.status).toBe(431)
    expect((await getJson(server, '/v1/assets/AAPLon/market')).status).toBe(200)
  })

  it('counts requests per endpoint and per outcome', async () => {
    const before = server.stats()
    await getJson(server, '/v1/assets/AAPLon/market')
    await getJson(server, '/v1/assets/AAPLon/market', 'wrong')
    await getJson(server, '/nowhere')
    const after = server.stats()
    expect(after.total - before.total).toBe(3)
    expect(after.byEndpoint.market - before.byEndpoint.market).toBe(2)
    expect(after.byEndpoint.unrouted - before.byEndpoint.unrouted).toBe(1)
    expect(after.byOutcome.ok - before.byOutcome.ok).toBe(1)
    expect(after.byOutcome.clientError - before.byOutcome.clientError).toBe(2)
  })
})

describe('sim server determinism', () => {
  it('two servers with the same seed and fixed clock send byte-identical bodies', async () => {
    const options = { apiKey: API_KEY, seed: 42, assets: 120, clock: () => TUESDAY_10_00_ET }
    const a = await startSimServer(options)
    const b = await startSimServer(options)
    try {
      for (const path of [
        '/v1/assets/all/market',
        '/v1/assets/METAon/market',
        '/v1/assets/all/prices/latest?sort=desc',
        '/v1/assets/METAon/prices/latest',
        '/v1/limits/session',
      ]) {
        const textA = await (await getJson(a, path)).text()
        const textB = await (await getJson(b, path)).text()
        expect(textA.length).toBeGreaterThan(100)
        expect(textB).toBe(textA)
      }
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('refuses options it cannot honour', async () => {
    await expect(startSimServer({ apiKey: '' })).rejects.toThrow(TypeError)
    await expect(startSimServer({ apiKey: 'k', host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(TypeError)
    await expect(startSimServer({ apiKey: 'k', assets: 10_001 })).rejects.toThrow(RangeError)
  })
})
