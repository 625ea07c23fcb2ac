import { describe, expect, it } from 'vitest'
import { fetchLimits, fetchMarket, fetchPrices } from '../../../src/main/core/api/endpoint-fetchers'
import {
  STAMP_MS,
  apiErrorOf,
  limitsEnvelope,
  marketRecord,
  priceRecord,
  sendJson,
  symbolLimits,
  useLoopbackClient,
} from './api-client.fixtures'

/** What the real service sends (real-service-notes.md), read through the client record by record. */

const NOW = STAMP_MS + 1_234
const api = useLoopbackClient({ now: () => NOW })

/** Every request gets this body. */
function answer(body: unknown): void {
  api.server.handle = (_req, res) => sendJson(res, 200, body)
}

describe('tolerated variations', () => {
  it('keeps a record with an unknown session (offhours) and passes the name on', async () => {
    const record = marketRecord('AAPLon')
    record.primaryMarket.tradableSessions = ['regular', 'offhours']
    answer(record)
    const result = await api.client.market('AAPLon')
    expect(result.rejected).toEqual([])
    expect(result.records[0]?.primaryMarket.tradableSessions).toEqual(['regular', 'offhours'])
  })

  it('keeps a record without tradableSessions', async () => {
    const { tradableSessions: _omitted, ...primaryMarket } = marketRecord('TSLAon').primaryMarket
    answer([{ ...marketRecord('TSLAon'), primaryMarket }])
    const result = await api.client.allMarket()
    expect(result.records).toHaveLength(1)
    expect(result.records[0]?.primaryMarket.tradableSessions).toBeUndefined()
  })

  it('keeps a basket record whose underlyingMarket is null', async () => {
    answer({ ...marketRecord('SPYon'), underlyingMarket: null })
    expect((await api.client.market('SPYon')).records[0]?.underlyingMarket).toBeNull()
  })

  it('reads a timestamp in seconds as milliseconds', async () => {
    answer(priceRecord('AAPLon', '231.45', STAMP_MS / 1000))
    expect((await api.client.price('AAPLon')).records[0]?.timestamp).toBe(STAMP_MS)
  })

  it('keeps constituentTokens and ignores fields it does not know', async () => {
    answer({ ...marketRecord('QQQon'), constituentTokens: ['AAPLon'], extra: { nested: true } })
    const record = (await api.client.market('QQQon')).records[0]
    expect(record).toBeDefined()
    expect(record?.constituentTokens).toEqual(['AAPLon'])
    expect(record).not.toHaveProperty('extra')
  })

  it('keeps 18-digit decimals exactly as sent', async () => {
    answer(marketRecord('AAPLon'))
    const record = (await api.client.market('AAPLon')).records[0]
    expect(record?.primaryMarket.sharesMultiplier).toBe('1.001084338309087472')
    expect(record?.primaryMarket.priceChangePct24h).toBe('0.928834610202337391')
  })

  it('reports receivedAt from its clock and the bytes read', async () => {
    const body = [priceRecord('AAPLon'), priceRecord('TSLAon')]
    answer(body)
    const result = await api.client.allPrices()
    expect(result.receivedAt).toBe(NOW)
    expect(result.bytes).toBe(Buffer.byteLength(JSON.stringify(body)))
  })
})

describe('bad records', () => {
  it('uses the good records of an all-assets answer and reports the bad one with its symbol', async () => {
    const bad = priceRecord('TSLAon', '12,5')
    answer([priceRecord('AAPLon'), bad, priceRecord('NVDAon')])
    const result = await api.client.allPrices()
    expect(result.records.map((record) => record.primaryMarket.symbol)).toEqual(['AAPLon', 'NVDAon'])
    expect(result.rejected).toEqual([
      { symbol: 'TSLAon', reason: expect.stringContaining('primaryMarket.price') },
    ])
  })

  it('reports a record that is not even an object without a symbol', async () => {
    answer([marketRecord('AAPLon'), 42, null])
    const result = await api.client.allMarket()
    expect(result.records).toHaveLength(1)
    expect(result.rejected.map((rejected) => rejected.symbol)).toEqual([null, null])
  })

  it('fails a single-asset call whose one record is bad, naming the reason', async () => {
    answer({ ...priceRecord('AAPLon'), timestamp: 'yesterday' })
    const error = await apiErrorOf(api.client.price('AAPLon'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('the record for AAPLon is invalid (timestamp:')
  })

  it('fails a single-asset call answered about another asset', async () => {
    answer(marketRecord('TSLAon'))
    const error = await apiErrorOf(api.client.market('AAPLon'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('asked for AAPLon, the answer is about TSLAon')
  })

  it('fails a single-asset call answered with an array', async () => {
    answer([priceRecord('AAPLon')])
    expect((await apiErrorOf(api.client.price('AAPLon'))).kind).toBe('invalid-response')
  })
})

describe('session limits', () => {
  it('accepts the documented array of envelopes', async () => {
    answer([limitsEnvelope(['AAPLon', 'TSLAon'])])
    const result = await api.client.limits()
    expect(result.records.map((record) => record.symbol)).toEqual(['AAPLon', 'TSLAon'])
    expect(result.records[0]).toMatchObject({
      timestamp: STAMP_MS,
      premarket: { maxActiveNotionalValue: '10000' },
    })
  })

  it('accepts a single envelope object', async () => {
    answer(limitsEnvelope(['AAPLon'], STAMP_MS / 1000))
    const result = await api.client.limits('AAPLon')
    expect(result.records).toEqual([{ ...symbolLimits('AAPLon'), timestamp: STAMP_MS }])
  })

  it('keeps the offhours block of the limits and reports a bad entry by symbol', async () => {
    const withOffhours = {
      ...symbolLimits('AAPLon'),
      offhours: { tradable: false, maxAttestationCount: '0', maxActiveNotionalValue: '0' },
    }
    const broken = { ...symbolLimits('TSLAon'), regular: { tradable: 'yes' } }
    answer([{ limits: [withOffhours, broken], timestamp: STAMP_MS }])
    const result = await api.client.limits()
    expect(result.records.map((record) => record.symbol)).toEqual(['AAPLon'])
    expect(result.records[0]?.offhours).toEqual(withOffhours.offhours)
    expect(result.rejected).toEqual([{ symbol: 'TSLAon', reason: expect.stringContaining('regular') }])
  })

  it('reports an envelope without limits rather than failing the call', async () => {
    answer([{ timestamp: STAMP_MS }, limitsEnvelope(['AAPLon'])])
    const result = await api.client.limits()
    expect(result.records).toHaveLength(1)
    expect(result.rejected).toEqual([{ symbol: null, reason: expect.stringContaining('limits envelope') }])
  })
})

describe('an all-assets answer read for the symbols asked', () => {
  const broken = (record: ReturnType<typeof marketRecord>) => ({
    ...record,
    primaryMarket: { ...record.primaryMarket, price: 'not a price' },
  })

  it('reads the records asked for, passes over the others unread, and lists every asset', async () => {
    answer([marketRecord('AAPLon'), broken(marketRecord('TSLAon')), marketRecord('NVDAon')])
    const fetched = await fetchMarket(api.client, ['NVDAon'], 'all', undefined, () => NOW)
    expect(fetched.records.map((record) => record.primaryMarket.symbol)).toEqual(['NVDAon'])
    // TSLAon's record is not what a market record must be, but no one asked for it: no error said.
    expect(fetched.errors).toEqual([])
    expect(fetched.listed).toEqual([
      { symbol: 'AAPLon', ticker: 'AAPL', name: 'AAPL Inc.' },
      { symbol: 'TSLAon', ticker: 'TSLA', name: 'TSLA Inc.' },
      { symbol: 'NVDAon', ticker: 'NVDA', name: 'NVDA Inc.' },
    ])
  })

  it('still says which asked-for record could not be read, and an element naming no symbol', async () => {
    const nameless = { ...marketRecord('AMZNon'), primaryMarket: { price: '1.00' } }
    answer([marketRecord('AAPLon'), broken(marketRecord('TSLAon')), nameless])
    const fetched = await fetchMarket(api.client, ['TSLAon'], 'all', undefined, () => NOW)
    expect(fetched.records).toEqual([])
    expect(fetched.errors).toEqual([
      { scope: 'TSLAon', code: 'INVALID_RECORD', message: expect.stringContaining('primaryMarket.price') },
      { scope: 'unknown', code: 'INVALID_RECORD', message: expect.stringContaining('primaryMarket.symbol') },
    ])
    expect(fetched.listed?.map((asset) => asset.symbol)).toEqual(['AAPLon', 'TSLAon'])
  })

  it('without the listing, reads the asked records from the all-assets path and lists nothing', async () => {
    answer([marketRecord('AAPLon'), broken(marketRecord('TSLAon')), marketRecord('NVDAon')])
    const fetched = await fetchMarket(api.client, ['NVDAon', 'TSLAon'], 'all', undefined, () => NOW, false)
    expect(fetched.records).toEqual([marketRecord('NVDAon')])
    expect(fetched.errors).toEqual([
      { scope: 'TSLAon', code: 'INVALID_RECORD', message: expect.stringContaining('primaryMarket.price') },
    ])
    expect(fetched.listed).toBeNull()
    const read = await api.client.allMarketRecords(new Set(['AAPLon']))
    expect(read).toEqual({
      records: [marketRecord('AAPLon')],
      rejected: [],
      receivedAt: NOW,
      bytes: expect.any(Number),
    })
    expect(api.server.requests.map((request) => request.url)).toEqual([
      '/v1/assets/all/market',
      '/v1/assets/all/market',
    ])
  })

  it('reads the all-symbols limits and prices only for the symbols asked', async () => {
    const badLimits = { ...symbolLimits('TSLAon'), regular: 'open' }
    answer([{ limits: [symbolLimits('AAPLon'), badLimits, symbolLimits('NVDAon')], timestamp: STAMP_MS }])
    const limits = await fetchLimits(api.client, ['AAPLon'], 'all', undefined, () => NOW)
    expect(limits.records.map((record) => record.symbol)).toEqual(['AAPLon'])
    expect(limits.errors).toEqual([])
    answer([priceRecord('AAPLon'), priceRecord('NVDAon', 'x'), priceRecord('TSLAon')])
    const prices = await fetchPrices(api.client, ['TSLAon'], 'all', undefined, () => NOW)
    expect(prices.records.map((record) => record.primaryMarket.symbol)).toEqual(['TSLAon'])
    expect(prices.errors).toEqual([])
  })
})
