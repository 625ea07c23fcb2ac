import { describe, expect, it } from 'vitest'
import {
  ResponseShapeError,
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseLimitsResponse,
  parsePriceResponse,
} from '../../src/main/core/api/wire/wire-parse'

/**
 * What a refused record is reported as: the symbol it claims (for the row that says why it has no
 * data) and the reason, in the exact words the row and the CLI show.
 */

const price = (symbol: unknown, extra: Record<string, unknown> = {}) => ({
  primaryMarket: { symbol, price: '10.5' },
  underlyingMarket: null,
  timestamp: 1_760_000_000_000,
  ...extra,
})

describe('a refused record', () => {
  it('names its first problem by path, and how many more it has', () => {
    const { records, rejected } = parsePriceResponse(
      price('AAPLon', { primaryMarket: { symbol: 'AAPLon', price: '-1' }, timestamp: 'soon' }),
    )
    expect(records).toEqual([])
    expect(rejected).toEqual([
      { symbol: 'AAPLon', reason: 'primaryMarket.price: not a non-negative decimal string (+1 more)' },
    ])
    expect(parsePriceResponse(price('AAPLon', { timestamp: 'soon' })).rejected[0]?.reason).toBe(
      'timestamp: Invalid input: expected number, received string',
    )
  })

  it('is named "record" when the problem is the record itself', () => {
    expect(parseAllPricesResponse([42]).rejected).toEqual([
      { symbol: null, reason: 'record: Invalid input: expected object, received number' },
    ])
  })

  it('says which timestamp it could not use', () => {
    expect(parsePriceResponse(price('AAPLon', { timestamp: -5 })).rejected[0]?.reason).toBe(
      'timestamp: not a usable timestamp: -5',
    )
  })

  it('claims the symbol it carries, from the record or its primary market, cut to 64 characters', () => {
    expect(parseAllPricesResponse([{ symbol: 'TSLAon' }]).rejected[0]?.symbol).toBe('TSLAon')
    expect(parseAllPricesResponse([price('NVDAon', { timestamp: null })]).rejected[0]?.symbol).toBe('NVDAon')
    expect(
      parseAllPricesResponse([price(`${'X'.repeat(100)}on`, { timestamp: null })]).rejected[0]?.symbol,
    ).toBe('X'.repeat(64))
    expect(parseAllPricesResponse([price(7, { timestamp: null })]).rejected[0]?.symbol).toBeNull()
    expect(
      parseAllPricesResponse([{ symbol: 7, primaryMarket: { symbol: 'AAPLon' } }]).rejected[0]?.symbol,
    ).toBe('AAPLon')
    expect(parseAllPricesResponse([{ primaryMarket: null }]).rejected[0]?.symbol).toBeNull()
    expect(parseAllPricesResponse([null]).rejected[0]?.symbol).toBeNull()
  })

  it('leaves the good records of the same answer in', () => {
    const { records, rejected } = parseAllPricesResponse([
      price('AAPLon'),
      price('TSLAon', { timestamp: null }),
    ])
    expect(records.map((record) => record.primaryMarket.symbol)).toEqual(['AAPLon'])
    expect(rejected.map((entry) => entry.symbol)).toEqual(['TSLAon'])
  })
})

describe('a whole answer of the wrong shape', () => {
  it('is an error naming the endpoint, not a list of refused records', () => {
    expect(() => parseAllPricesResponse({})).toThrow(ResponseShapeError)
    expect(() => parseAllPricesResponse({})).toThrow('all-assets prices response: expected a JSON array')
    expect(() => parseAllMarketResponse('x')).toThrow('all-assets market response: expected a JSON array')
    // Its name is what a log line shows of it.
    expect(() => parseAllPricesResponse({})).toThrow(expect.objectContaining({ name: 'ResponseShapeError' }))
  })

  it('refuses, for limits, a bad entry of a good envelope on its own', () => {
    const envelope = { limits: [{ symbol: 'AAPLon', regular: 'open' }], timestamp: 1_760_000_000_000 }
    const { records, rejected } = parseLimitsResponse(envelope)
    expect(records).toEqual([])
    expect(rejected).toHaveLength(1)
    expect(rejected[0]?.symbol).toBe('AAPLon')
  })

  it('is, for limits, an envelope refused with its reason, and the other envelopes kept', () => {
    const good = { limits: [], timestamp: 1_760_000_000_000 }
    expect(parseLimitsResponse([{ limits: 'none', timestamp: 1 }, good])).toEqual({
      records: [],
      rejected: [
        { symbol: null, reason: 'limits envelope: limits: Invalid input: expected array, received string' },
      ],
    })
  })
})
