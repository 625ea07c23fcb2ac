import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec, isDecimalString, isNonNegativeDecimalString, nonNegativeAtMost } from '../../src/shared/decimal'
import { type AssetQuote, emptyAsset } from '../../src/shared/domain'
import { applyMarketRecord, applyPriceRecord } from '../../src/main/core/api/wire/normalize'
import {
  type ParsedRecords,
  parseMarketResponse,
  parsePriceResponse,
} from '../../src/main/core/api/wire/wire-parse'
import { digits } from '../support/wire-arbitraries'

/**
 * Decimals travel as the exact text the server sent. For any decimal the service could send (up to
 * 18 fractional digits, with or without a minus), the check accepts it and a snapshot carries it
 * byte for byte through JSON, the wire parser and the normaliser.
 */

const unsignedDecimal = fc
  .tuple(
    fc.stringMatching(/^(?:0|[1-9]\d{0,19})$/),
    fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }),
  )
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`))
const signedDecimal = fc
  .tuple(fc.boolean(), unsignedDecimal)
  .map(([minus, digits]) => (minus ? `-${digits}` : digits))

const STAMP_MS = 1_757_944_800_000

/** A record as it comes off the wire (serialised, parsed again), validated, then folded into an asset. */
function normalised<R>(
  record: unknown,
  parse: (body: unknown) => ParsedRecords<R>,
  apply: (asset: AssetQuote, record: R) => AssetQuote,
): AssetQuote {
  const parsed = parse(JSON.parse(JSON.stringify(record)))
  expect(parsed.rejected).toEqual([])
  const [valid] = parsed.records
  if (valid === undefined) throw new Error('the record did not parse')
  return apply(emptyAsset('AAPLon'), valid)
}

describe('decimal strings', () => {
  it('accepts every decimal with up to 18 fractional digits, with and without a minus', () => {
    fc.assert(
      fc.property(signedDecimal, (text) => {
        expect(isDecimalString(text)).toBe(true)
        expect(isNonNegativeDecimalString(text)).toBe(!text.startsWith('-'))
      }),
    )
  })

  it('refuses numbers, exponents, plus signs, commas and spaces', () => {
    fc.assert(
      fc.property(unsignedDecimal, fc.constantFrom('1e5', '+', ',', ' ', '_'), (text, junk) => {
        expect(isDecimalString(`${text}${junk}`)).toBe(false)
        expect(isDecimalString(Number(text))).toBe(false)
      }),
    )
  })

  it('carries market data decimals unchanged through parse and normalise', () => {
    fc.assert(
      fc.property(
        unsignedDecimal,
        signedDecimal,
        signedDecimal,
        unsignedDecimal,
        unsignedDecimal,
        (price, change, changePct, multiplier, underlying) => {
          const record = {
            primaryMarket: {
              symbol: 'AAPLon',
              price,
              priceChange24h: change,
              priceChangePct24h: changePct,
              priceHistory24h: [{ timestamp: STAMP_MS, price }],
              sharesMultiplier: multiplier,
            },
            underlyingMarket: { ticker: 'AAPL', price: underlying, marketCap: underlying },
            timestamp: STAMP_MS,
          }
          const asset = normalised(record, parseMarketResponse, applyMarketRecord)
          expect(asset.price).toBe(price)
          expect(asset.change24h).toBe(change)
          expect(asset.changePct24h).toBe(changePct)
          expect(asset.sharesMultiplier).toBe(multiplier)
          expect(asset.history24h[0]?.price).toBe(price)
          expect(asset.underlying?.price).toBe(underlying)
          expect(asset.underlying?.marketCap).toBe(underlying)
        },
      ),
    )
  })

  it('carries latest-price decimals unchanged through parse and normalise', () => {
    fc.assert(
      fc.property(unsignedDecimal, unsignedDecimal, (price, underlying) => {
        const record = {
          primaryMarket: { symbol: 'AAPLon', price },
          underlyingMarket: { ticker: 'AAPL', price: underlying },
          timestamp: STAMP_MS,
        }
        expect(normalised(record, parsePriceResponse, applyPriceRecord).price).toBe(price)
      }),
    )
  })
})

/**
 * Pairs of non-negative decimals as a comparison finds hardest: leading zeros, trailing zeros,
 * fractions of different lengths, equal values written differently, one digit apart.
 */
const anyUnsigned = fc
  .tuple(digits(40), fc.option(digits(40), { nil: undefined }))
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`))
const rewritten = (text: string) =>
  fc.oneof(
    fc.constant(text),
    fc.nat(3).map((zeros) => `${'0'.repeat(zeros)}${text}`),
    fc
      .nat(3)
      .map((zeros) => (text.includes('.') ? `${text}${'0'.repeat(zeros)}` : `${text}.0${'0'.repeat(zeros)}`)),
    fc
      .tuple(fc.nat(text.length - 1), fc.integer({ min: 0, max: 9 }))
      .map(([at, digit]) => (text[at] === '.' ? text : `${text.slice(0, at)}${digit}${text.slice(at + 1)}`)),
  )
const comparedPair = fc.oneof(
  fc.tuple(anyUnsigned, anyUnsigned),
  anyUnsigned.chain((a) => fc.tuple(fc.constant(a), rewritten(a))),
)

describe('comparing decimal strings without Decimals', () => {
  it('nonNegativeAtMost says a <= b exactly as decimal.js compares them', () => {
    fc.assert(
      fc.property(comparedPair, ([a, b]) => {
        expect(nonNegativeAtMost(a, b)).toBe(new Dec(a).lte(b))
        expect(nonNegativeAtMost(b, a)).toBe(new Dec(b).lte(a))
      }),
      { numRuns: 3_000 },
    )
  })

  it('cases worth naming', () => {
    expect(nonNegativeAtMost('007.50', '7.5')).toBe(true)
    expect(nonNegativeAtMost('7.5', '007.50')).toBe(true)
    expect(nonNegativeAtMost('0.1', '0.09')).toBe(false)
    expect(nonNegativeAtMost('10', '9.999')).toBe(false)
    expect(nonNegativeAtMost('0', '0.000')).toBe(true)
    expect(nonNegativeAtMost('1', '1.0000000000000000000000000000000000000001')).toBe(true)
    expect(nonNegativeAtMost('1.0000000000000000000000000000000000000001', '1')).toBe(false)
  })
})
