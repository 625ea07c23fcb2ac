import { describe, expect, it } from 'vitest'
import { emptyAsset } from '../../src/shared/domain'
import { applyMarketRecord, applyPriceRecord } from '../../src/main/core/api/wire/normalize'
import type { WireMarketRecord, WirePriceRecord } from '../../src/main/core/api/wire/wire'

/**
 * Records folded into a quote, case by case: a repeated poll gives back the very same quote (the
 * store then has nothing to push), a moved history point is seen, a price record without an
 * underlying keeps the underlying it had, and unknown session names are kept once each.
 */

const T0 = 1_763_740_800_000

function marketRecord(
  overrides: Partial<WireMarketRecord['primaryMarket']> = {},
  timestamp = T0,
): WireMarketRecord {
  return {
    primaryMarket: {
      symbol: 'AAPLon',
      price: '230.0100',
      priceHistory24h: [
        { timestamp: T0 - 60_000, price: '229.9000' },
        { timestamp: T0, price: '230.0100' },
      ],
      sharesMultiplier: '1',
      tradableSessions: ['regular'],
      ...overrides,
    },
    underlyingMarket: { ticker: 'AAPL', price: '229.77' },
    timestamp,
  }
}

const priceRecord = (price: string, underlying: string | null, timestamp: number): WirePriceRecord => ({
  primaryMarket: { symbol: 'AAPLon', price },
  underlyingMarket: underlying === null ? null : { ticker: 'AAPL', price: underlying },
  timestamp,
})

const quote = applyMarketRecord(emptyAsset('AAPLon'), marketRecord())

describe('folding records into a quote', () => {
  it('gives back the same quote for a price record that repeats it, with or without the underlying', () => {
    expect(applyPriceRecord(quote, priceRecord('230.0100', '229.77', T0))).toBe(quote)
    expect(applyPriceRecord(quote, priceRecord('230.0100', null, T0))).toBe(quote)
  })

  it('takes a newer stamp on the same prices as a new reading', () => {
    const later = applyPriceRecord(quote, priceRecord('230.0100', '229.77', T0 + 1_000))
    expect(later).not.toBe(quote)
    expect(later.priceTimestamp).toBe(T0 + 1_000)
    expect(later.underlying).toBe(quote.underlying)
  })

  it('keeps the underlying it had when a newer price record brings none', () => {
    const moved = applyPriceRecord(quote, priceRecord('231.0000', null, T0 + 1_000))
    expect(moved.price).toBe('231.0000')
    expect(moved.underlying).toBe(quote.underlying)
    expect(moved.underlying?.price).toBe('229.77')
  })

  it('moves only the underlying price when a newer record brings a new one', () => {
    const moved = applyPriceRecord(quote, priceRecord('230.0100', '230.02', T0 + 1_000))
    expect(moved.underlying).toEqual({ ...quote.underlying, price: '230.02' })
    expect(moved.fairValue).toBe('230.0200')
  })

  it('sees a history point whose price moved at the same time stamp', () => {
    const revised = applyMarketRecord(
      quote,
      marketRecord({
        priceHistory24h: [
          { timestamp: T0 - 60_000, price: '229.9000' },
          { timestamp: T0, price: '230.0500' },
        ],
      }),
    )
    expect(revised.history24h).toEqual([
      { t: T0 - 60_000, price: '229.9000' },
      { t: T0, price: '230.0500' },
    ])
  })

  it('sees history points that moved in time while their prices stayed', () => {
    const slid = applyMarketRecord(
      quote,
      marketRecord({
        priceHistory24h: [
          { timestamp: T0, price: '229.9000' },
          { timestamp: T0 + 60_000, price: '230.0100' },
        ],
      }),
    )
    expect(slid.history24h).toEqual([
      { t: T0, price: '229.9000' },
      { t: T0 + 60_000, price: '230.0100' },
    ])
  })

  it("keeps the basket's constituent list it holds when a later record repeats it or leaves it out", () => {
    const basket = applyMarketRecord(quote, { ...marketRecord(), constituentTokens: ['AAPLon', 'MSFTon'] })
    const repeated = applyMarketRecord(basket, {
      ...marketRecord({ price: '231.0000' }, T0 + 1_000),
      constituentTokens: ['AAPLon', 'MSFTon'],
    })
    // The same array, so the store's diff (a reference check) has no constituents to push.
    expect(repeated.constituentTokens).toBe(basket.constituentTokens)
    const without = applyMarketRecord(repeated, marketRecord({ price: '232.0000' }, T0 + 2_000))
    expect(without.constituentTokens).toBe(basket.constituentTokens)
  })

  it('keeps session names it does not know, once each, beside the known ones', () => {
    const withUnknown = applyMarketRecord(
      quote,
      marketRecord(
        { tradableSessions: ['regular', 'auction', 'auction', 'regular', 'overnight'] },
        T0 + 1_000,
      ),
    )
    expect(withUnknown.tradableSessions).toEqual(['regular', 'overnight'])
    expect(withUnknown.otherSessions).toEqual(['auction'])
  })
})
