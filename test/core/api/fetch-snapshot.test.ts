import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { fetchSnapshot, fetchSnapshotReport } from '../../../src/main/core/api/fetch-snapshot'
import {
  type FakeService,
  STAMP_MS,
  TEST_KEY,
  limitsEnvelope,
  priceRecord,
  sendJson,
  startFakeService,
} from './api-client.fixtures'

/** One-shot snapshots against a small fake service (see startFakeService). */

let server: FakeService
let client: ApiClient
const NOW = STAMP_MS + 5_000
const SOURCE = { baseUrl: 'http://127.0.0.1', demo: false }

beforeAll(async () => {
  server = await startFakeService()
  client = new ApiClient({ baseUrl: server.url, apiKey: TEST_KEY, timeoutMs: 2_000 })
})
afterAll(async () => {
  await client.close()
  await server.close()
})
beforeEach(() => server.reset())

const manySymbols = (count: number) => Array.from({ length: count }, (_, i) => `T${i}on`)

describe('per-symbol mode (a short watchlist)', () => {
  it('builds assets in watchlist order with prices, fair value, premium and limits', async () => {
    const snapshot = await fetchSnapshot(client, ['TSLAon', 'AAPLon'], SOURCE, () => NOW)
    expect(snapshot.asOf).toBe(NOW)
    expect(snapshot.source).toEqual(SOURCE)
    expect(snapshot.errors).toEqual([])
    expect(snapshot.assets.map((asset) => asset.symbol)).toEqual(['TSLAon', 'AAPLon'])
    expect(snapshot.assets[0]).toMatchObject({
      price: '231.4500',
      name: 'TSLA Inc.',
      sharesMultiplier: '1.001084338309087472',
      fairValue: '231.4607',
      premiumPct: expect.stringMatching(/^-0\.00/),
      tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'],
      limits: { premarket: { tradable: true, maxActiveNotionalValue: '10000' } },
      limitsTimestamp: STAMP_MS,
    })
    // One request per symbol and endpoint; nothing for all assets.
    expect(server.requests).toHaveLength(6)
    expect(server.requests.some((request) => request.url.includes('/all/'))).toBe(false)
  })

  it('leaves out a symbol the service does not list and reports it once as ASSET_NOT_FOUND', async () => {
    const report = await fetchSnapshotReport(client, ['AAPLon', 'ZZZon'], SOURCE, () => NOW)
    expect(report.snapshot.assets.map((asset) => asset.symbol)).toEqual(['AAPLon'])
    expect(report.snapshot.errors).toEqual([
      {
        scope: 'ZZZon',
        code: 'ASSET_NOT_FOUND',
        message: expect.stringContaining('does not list this asset'),
      },
    ])
    expect(report.endpointFailures).toEqual([])
  })

  it(
    'fails the endpoint, pointing at the base URL, when every symbol ' + 'meets a 404 not from the service',
    async () => {
      // What a base URL ending in /v1 gets: the paths become /v1/v1/... on a server that knows none.
      server.override.prices = (res) => sendJson(res, 404, { error: 'Cannot GET' })
      const report = await fetchSnapshotReport(client, ['AAPLon', 'TSLAon'], SOURCE, () => NOW)
      expect(report.endpointFailures).toEqual(['not-found'])
      expect(report.snapshot.errors).toEqual([
        { scope: 'prices', code: 'not-found', message: expect.stringContaining('Check the base URL') },
      ])
      // The service's own 404 for each symbol is about the symbols, not the address.
      server.reset()
      const unknown = await fetchSnapshotReport(client, ['ZZZon', 'YYYon'], SOURCE, () => NOW)
      expect(unknown.endpointFailures).toEqual([])
      expect(unknown.snapshot.errors.map((error) => [error.scope, error.code])).toEqual([
        ['ZZZon', 'ASSET_NOT_FOUND'],
        ['YYYon', 'ASSET_NOT_FOUND'],
      ])
    },
  )

  it('reports a symbol that is not a token symbol without asking the service about it', async () => {
    const snapshot = await fetchSnapshot(client, ['AAPLon', '../x', 'AAPLon'], SOURCE, () => NOW)
    expect(snapshot.assets.map((asset) => asset.symbol)).toEqual(['AAPLon'])
    expect(snapshot.errors).toEqual([
      {
        scope: '../x',
        code: 'invalid-request',
        message: 'Not a token symbol: a token symbol ends in "on" (for example AAPLon).',
      },
    ])
    expect(server.requests.every((request) => !request.url.includes('..'))).toBe(true)
  })

  it(
    'keeps assets from market data when the prices endpoint fails, ' + 'and names the failed endpoint',
    async () => {
      server.override.prices = (res) => sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'boom' })
      const report = await fetchSnapshotReport(client, ['AAPLon', 'TSLAon'], SOURCE, () => NOW)
      expect(report.snapshot.assets.map((asset) => asset.price)).toEqual(['231.4500', '231.4500'])
      expect(report.snapshot.errors).toEqual([
        { scope: 'prices', code: 'INTERNAL_ERROR', message: expect.stringContaining('internal problem') },
      ])
      expect(report.endpointFailures).toEqual(['server'])
    },
  )

  it('returns no assets and the key failure of every endpoint when the key is rejected', async () => {
    for (const endpoint of ['prices', 'market', 'limits'] as const)
      server.override[endpoint] = (res) => sendJson(res, 401, { code: 'INVALID_API_KEY' })
    const report = await fetchSnapshotReport(client, ['AAPLon'], SOURCE, () => NOW)
    expect(report.snapshot.assets).toEqual([])
    expect(report.snapshot.errors.map((error) => [error.scope, error.code])).toEqual([
      ['prices', 'INVALID_API_KEY'],
      ['market', 'INVALID_API_KEY'],
      ['limits', 'INVALID_API_KEY'],
    ])
    expect(report.endpointFailures).toEqual(['key-rejected', 'key-rejected', 'key-rejected'])
  })
})

describe('all-assets mode (a long watchlist)', () => {
  it('asks each all-assets endpoint once and keeps only watched symbols, in watchlist order', async () => {
    server.listed = manySymbols(40)
    const watchlist = [...manySymbols(30)].reverse()
    const snapshot = await fetchSnapshot(client, watchlist, SOURCE, () => NOW)
    expect(snapshot.assets.map((asset) => asset.symbol)).toEqual(watchlist)
    expect(snapshot.errors).toEqual([])
    expect(server.requests.map((request) => request.url).sort()).toEqual([
      '/v1/assets/all/market',
      '/v1/assets/all/prices/latest',
      '/v1/limits/session',
    ])
  })

  it('reports a watched symbol missing from the listing and a bad record of a watched symbol', async () => {
    server.listed = manySymbols(30)
    server.override.prices = (res) =>
      sendJson(res, 200, [...server.listed.map((symbol) => priceRecord(symbol)), priceRecord('T5on', 'NaN')])
    const snapshot = await fetchSnapshot(client, [...manySymbols(30), 'MISSINGon'], SOURCE, () => NOW)
    expect(snapshot.assets).toHaveLength(30)
    expect(snapshot.errors).toEqual([
      { scope: 'T5on', code: 'INVALID_RECORD', message: expect.stringContaining('primaryMarket.price') },
      { scope: 'MISSINGon', code: 'ASSET_NOT_FOUND', message: expect.any(String) },
    ])
  })

  it("keeps one error a symbol and code, a symbol's other codes, and the unwatched last", async () => {
    server.listed = manySymbols(30)
    server.override.prices = (res) =>
      sendJson(res, 200, [
        { primaryMarket: { price: '1.00' } },
        ...server.listed.map((symbol) => priceRecord(symbol)),
        priceRecord('T5on', 'NaN'),
      ])
    server.override.limits = (res) =>
      sendJson(res, 200, [limitsEnvelope(server.listed.filter((symbol) => symbol !== 'T5on'))])
    const snapshot = await fetchSnapshot(client, [...manySymbols(30), 'MISSINGon'], SOURCE, () => NOW)
    // MISSINGon is missing from all three endpoints: said once.
    expect(snapshot.errors.map((error) => [error.scope, error.code])).toEqual([
      ['T5on', 'INVALID_RECORD'],
      ['T5on', 'ASSET_NOT_FOUND'],
      ['MISSINGon', 'ASSET_NOT_FOUND'],
      ['unknown', 'INVALID_RECORD'],
    ])
  })

  it("lets a failure that is not the service's surface: a bug of ours, not an endpoint down", async () => {
    const bug = new TypeError('a bug of ours')
    const broken = Object.create(client, { allPrices: { value: () => Promise.reject(bug) } }) as ApiClient
    await expect(fetchSnapshotReport(broken, manySymbols(30), SOURCE, () => NOW)).rejects.toBe(bug)
  })
})

it('returns an empty snapshot for an empty watchlist without any request', async () => {
  const snapshot = await fetchSnapshot(client, [], SOURCE, () => NOW)
  expect(snapshot).toEqual({ asOf: NOW, source: SOURCE, assets: [], errors: [] })
  expect(server.requests).toHaveLength(0)
})

it(
  'keeps assets from prices alone when market data fails, and orders ' +
    'the errors: endpoints, then the watchlist',
  async () => {
    // Prices do not list TSLAon, market data fails outright, limits do not list AAPLon: reported in
    // the order prices, market, limits, and shown endpoint first, then in watchlist order.
    const serve = server.handle
    server.handle = (req, res) => {
      const url = req.url ?? ''
      if (url.includes('/TSLAon/price') || url.includes('symbol=AAPLon'))
        return sendJson(res, 404, { code: 'ASSET_NOT_FOUND', message: 'Asset not found' })
      serve(req, res)
    }
    server.override.market = (res) => sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'boom' })
    try {
      const report = await fetchSnapshotReport(client, ['AAPLon', 'TSLAon', 'NVDAon'], SOURCE, () => NOW)
      expect(report.snapshot.assets.map((asset) => asset.symbol)).toEqual(['AAPLon', 'NVDAon'])
      expect(report.snapshot.errors.map((error) => [error.scope, error.code])).toEqual([
        ['market', 'INTERNAL_ERROR'],
        ['AAPLon', 'ASSET_NOT_FOUND'],
        ['TSLAon', 'ASSET_NOT_FOUND'],
      ])
    } finally {
      server.handle = serve
    }
  },
)
