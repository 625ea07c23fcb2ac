import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec, toFixedString } from '../../src/shared/decimal'
import { applyAssetChange } from '../../src/shared/delta'
import { type AssetQuote, emptyAsset } from '../../src/shared/domain'
import {
  applyLimitsRecord,
  applyMarketRecord,
  applyPriceRecord,
} from '../../src/main/core/api/wire/normalize'
import { isSessionName, type SessionName } from '../../src/shared/sessions'
import type { WireMarketRecord, WirePriceRecord } from '../../src/main/core/api/wire/wire'
import type { LimitsWithTime } from '../../src/main/core/api/wire/wire-parse'

/**
 * The normaliser keeps what did not change (the history array, the underlying object, the session
 * lists, the fair value) instead of rebuilding it, so a poll costs less and the store's diff is a
 * reference check. Values must not change for it: over random sequences of market, price and
 * limits records, the quotes equal those of the plain definition below (the normaliser as first
 * written: every field rebuilt, decimal.js for the fair value).
 */

function referenceFairValue(asset: AssetQuote): AssetQuote {
  const underlyingPrice = asset.underlying?.price ?? null
  if (underlyingPrice === null || asset.sharesMultiplier === null)
    return { ...asset, fairValue: null, premiumPct: null }
  const fair = new Dec(underlyingPrice).times(asset.sharesMultiplier)
  const premiumPct =
    asset.price === null || fair.isZero()
      ? null
      : toFixedString(new Dec(asset.price).dividedBy(fair).minus(1).times(100), 4)
  return { ...asset, fairValue: toFixedString(fair, 4), premiumPct }
}

function referenceMarket(asset: AssetQuote, record: WireMarketRecord): AssetQuote {
  const primary = record.primaryMarket
  const underlying = record.underlyingMarket
  const known: SessionName[] = []
  const other: string[] = []
  for (const name of primary.tradableSessions ?? []) {
    if (isSessionName(name)) {
      if (!known.includes(name)) known.push(name)
    } else if (!other.includes(name)) other.push(name)
  }
  const priceIsNewer = asset.priceTimestamp === null || record.timestamp >= asset.priceTimestamp
  return referenceFairValue({
    ...asset,
    name: underlying?.name ?? asset.name,
    ticker: underlying?.ticker ?? asset.ticker,
    price: priceIsNewer ? primary.price : asset.price,
    priceTimestamp: priceIsNewer ? record.timestamp : asset.priceTimestamp,
    change24h: primary.priceChange24h ?? null,
    changePct24h: primary.priceChangePct24h ?? null,
    history24h: (primary.priceHistory24h ?? []).map((point) => ({ t: point.timestamp, price: point.price })),
    holders: primary.totalHolders ?? null,
    sharesMultiplier: primary.sharesMultiplier ?? null,
    tradableSessions: primary.tradableSessions ? known : asset.tradableSessions,
    otherSessions: primary.tradableSessions ? other : asset.otherSessions,
    underlying:
      underlying === null
        ? null
        : {
            ticker: underlying.ticker,
            name: underlying.name ?? null,
            price: priceIsNewer || !asset.underlying ? underlying.price : asset.underlying.price,
            high52w: underlying.priceHigh52w ?? null,
            low52w: underlying.priceLow52w ?? null,
            volume: underlying.volume ?? null,
            averageVolume: underlying.averageVolume ?? null,
            sharesOutstanding: underlying.sharesOutstanding ?? null,
            marketCap: underlying.marketCap ?? null,
          },
    marketTimestamp: record.timestamp,
  })
}

function referencePrice(asset: AssetQuote, record: WirePriceRecord): AssetQuote {
  if (asset.priceTimestamp !== null && record.timestamp < asset.priceTimestamp) return asset
  const underlyingPrice = record.underlyingMarket?.price
  const samePrice = asset.price === record.primaryMarket.price
  const sameUnderlying = underlyingPrice === undefined || asset.underlying?.price === underlyingPrice
  if (samePrice && sameUnderlying && asset.priceTimestamp === record.timestamp) return asset
  const next: AssetQuote = {
    ...asset,
    price: record.primaryMarket.price,
    priceTimestamp: record.timestamp,
    ticker: asset.ticker ?? record.underlyingMarket?.ticker ?? null,
    underlying:
      asset.underlying && underlyingPrice !== undefined && !sameUnderlying
        ? { ...asset.underlying, price: underlyingPrice }
        : asset.underlying,
  }
  return samePrice && sameUnderlying ? next : referenceFairValue(next)
}

// Few distinct values, so that records often repeat what the asset already holds.
const price = fc.constantFrom('187.2345', '187.2346', '0', '12.5')
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined })
const time = fc.integer({ min: 0, max: 6 }).map((step) => 1_757_944_800_000 + step * 60_000)
const history = fc.constantFrom(
  [],
  [{ timestamp: 1_757_944_800_000, price: '187.2345' }],
  [
    { timestamp: 1_757_944_800_000, price: '187.2345' },
    { timestamp: 1_757_945_700_000, price: '187.2346' },
  ],
  // The same instants with a moved price, as when the latest point is re-quoted.
  [
    { timestamp: 1_757_944_800_000, price: '187.2345' },
    { timestamp: 1_757_945_700_000, price: '187.2399' },
  ],
)

const marketRecord: fc.Arbitrary<WireMarketRecord> = fc.record({
  primaryMarket: fc.record({
    symbol: fc.constant('AAPLon'),
    price,
    priceChange24h: maybe(fc.constantFrom('-1.5', '0.25')),
    priceChangePct24h: maybe(fc.constantFrom('-0.75', '0.1')),
    // Copies, as each poll parses new arrays.
    priceHistory24h: maybe(history.map((points) => points.map((point) => ({ ...point })))),
    totalHolders: maybe(fc.constantFrom(10, 11)),
    sharesMultiplier: maybe(fc.constantFrom('1', '1.001084338309087472')),
    tradableSessions: maybe(fc.subarray(['premarket', 'regular', 'offhours', 'regular', 'overnight'])),
  }),
  underlyingMarket: fc.option(
    fc.record({
      ticker: fc.constantFrom('AAPL', 'AAPL.X'),
      name: maybe(fc.constant('Apple Inc.')),
      price,
      priceHigh52w: maybe(fc.constant('260')),
      priceLow52w: maybe(fc.constant('160')),
      volume: maybe(fc.constantFrom('1000', '1001')),
      averageVolume: maybe(fc.constant('900')),
      sharesOutstanding: maybe(fc.constant('15000000000')),
      marketCap: maybe(fc.constant('2800000000000.00')),
    }),
    { nil: null },
  ),
  timestamp: time,
})

const priceRecord: fc.Arbitrary<WirePriceRecord> = fc.record({
  primaryMarket: fc.record({ symbol: fc.constant('AAPLon'), price }),
  underlyingMarket: fc.option(fc.record({ ticker: fc.constant('AAPL'), price }), { nil: null }),
  timestamp: time,
})

const limit = fc.record({
  tradable: fc.boolean(),
  maxAttestationCount: fc.constant('500'),
  maxActiveNotionalValue: fc.constant('10000'),
})
const limitsRecord: fc.Arbitrary<LimitsWithTime> = fc.record({
  symbol: fc.constant('AAPLon'),
  premarket: maybe(limit),
  regular: maybe(limit),
  timestamp: time,
})

const step = fc.oneof(
  marketRecord.map((record) => ({ kind: 'market' as const, record })),
  priceRecord.map((record) => ({ kind: 'price' as const, record })),
  limitsRecord.map((record) => ({ kind: 'limits' as const, record })),
)

describe('the normaliser keeps unchanged parts', () => {
  it('gives the values of the plain definition over any sequence of records', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let asset = emptyAsset('AAPLon')
        let expected = emptyAsset('AAPLon')
        for (const { kind, record } of steps) {
          if (kind === 'market') {
            asset = applyMarketRecord(asset, record)
            expected = referenceMarket(expected, record)
          } else if (kind === 'price') {
            asset = applyPriceRecord(asset, record)
            expected = referencePrice(expected, record)
          } else {
            asset = applyLimitsRecord(asset, record)
            expected = applyLimitsRecord(expected, record)
          }
          expect(asset).toStrictEqual(expected)
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('keeps the history array, the underlying object and the session lists when a poll repeats them', () => {
    fc.assert(
      fc.property(marketRecord, (record) => {
        const first = applyMarketRecord(emptyAsset('AAPLon'), record)
        const again = applyMarketRecord(first, structuredClone(record))
        expect(again.history24h).toBe(first.history24h)
        expect(again.underlying).toBe(first.underlying)
        expect(again.tradableSessions).toBe(first.tradableSessions)
        expect(again.otherSessions).toBe(first.otherSessions)
      }),
    )
  })
})

describe('applyAssetChange', () => {
  it('is the spread of the fields over the asset', () => {
    const quote = fc.record({
      price: fc.option(price, { nil: null }),
      priceTimestamp: fc.option(fc.nat(), { nil: null }),
      stale: fc.boolean(),
      holders: fc.option(fc.nat(), { nil: null }),
      fairValue: fc.option(price, { nil: null }),
    })
    fc.assert(
      fc.property(
        quote,
        quote.chain((full) =>
          fc
            .subarray(Object.keys(full))
            .map((keys) => Object.fromEntries(keys.map((key) => [key, full[key as keyof typeof full]]))),
        ),
        (base, fields) => {
          const asset = { ...emptyAsset('AAPLon'), ...base }
          expect(applyAssetChange(asset, fields)).toStrictEqual({ ...asset, ...fields })
        },
      ),
    )
  })
})
