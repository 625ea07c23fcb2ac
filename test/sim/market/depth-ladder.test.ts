import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import type { SoftQuoteDepthMessage } from '../../../src/main/core/depth/depth-message'
import { SimMarket } from '../../../src/main/sim/market/market'
import { DEFAULT_READINGS } from '../../../src/main/sim/market/service-bodies'
import { MONDAY_05_00_ET, SATURDAY_NOON_ET, TUESDAY_01_00_ET, TUESDAY_10_00_ET } from '../sim-helpers'

/**
 * The simulator's depth ladder at fixed market times: around the display price of the same second,
 * tight in regular hours, wider premarket, widest overnight and off-hours; an error and no levels
 * where the market is closed for the token or the token is paused.
 */

/** Sunday 2026-11-15 21:00 ET, overnight: the evening before LLY's 4-for-1 split, LLY paused. */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)

/** A fresh market at `ms` (a market only moves forward), 60 assets: LLY among them. */
const marketAt = (ms: number) => new SimMarket({ assets: 60, seed: 7, clock: () => ms })

function depthAt(ms: number, symbol: string): { depth: SoftQuoteDepthMessage<string>; display: string } {
  const market = marketAt(ms)
  const depth = market.softQuoteDepth(symbol, DEFAULT_READINGS)
  const display = market.priceRecord(symbol)?.primaryMarket.price
  if (!depth || !display) throw new Error(`${symbol} is not listed`)
  return { depth, display }
}

/** Spread over the display price, in basis points, worked out here. */
const spreadBp = ({ depth, display }: { depth: SoftQuoteDepthMessage<string>; display: string }) =>
  new Decimal(depth.asks[0]!.price).minus(depth.bids[0]!.price).div(display).times(10_000).toNumber()

/** Dollars at the best bid and ask together. */
const dollarsAtBest = ({ depth }: { depth: SoftQuoteDepthMessage<string> }) =>
  new Decimal(depth.asks[0]!.price)
    .times(depth.asks[0]!.quantity)
    .plus(new Decimal(depth.bids[0]!.price).times(depth.bids[0]!.quantity))
    .toNumber()

function expectOrderedAround(depth: SoftQuoteDepthMessage<string>, display: string): void {
  expect(depth.error).toBe('')
  expect(depth.bids).toHaveLength(10)
  expect(depth.asks).toHaveLength(10)
  const bids = depth.bids.map((level) => new Decimal(level.price))
  const asks = depth.asks.map((level) => new Decimal(level.price))
  expect(bids[0]!.lt(display)).toBe(true)
  expect(asks[0]!.gt(display)).toBe(true)
  for (let i = 1; i < 10; i++) {
    expect(bids[i]!.lt(bids[i - 1]!)).toBe(true)
    expect(asks[i]!.gt(asks[i - 1]!)).toBe(true)
  }
  for (const level of [...depth.bids, ...depth.asks]) expect(level.quantity).toMatch(/^\d+\.\d{6}$/)
}

describe('the simulated depth ladder', () => {
  it('a regular Tuesday 10:00 ET: regular session, ten levels a side around the display price, tight', () => {
    const at = depthAt(TUESDAY_10_00_ET, 'AAPLon')
    expect(at.depth).toMatchObject({
      symbol: 'AAPLon',
      ticker: 'AAPL',
      session_type: 'regular',
      timestamp: `${TUESDAY_10_00_ET}000000`,
    })
    expectOrderedAround(at.depth, at.display)
    expect(spreadBp(at)).toBeGreaterThanOrEqual(5)
    expect(spreadBp(at)).toBeLessThan(5.1)
  })

  it('the same token widens and thins from regular to premarket to overnight', () => {
    const regular = depthAt(TUESDAY_10_00_ET, 'MSFTon')
    const premarket = depthAt(MONDAY_05_00_ET, 'MSFTon')
    const overnight = depthAt(TUESDAY_01_00_ET, 'MSFTon')
    expect(premarket.depth.session_type).toBe('premarket')
    expect(overnight.depth.session_type).toBe('overnight')
    expectOrderedAround(premarket.depth, premarket.display)
    expectOrderedAround(overnight.depth, overnight.display)
    expect(spreadBp(premarket)).toBeGreaterThan(spreadBp(regular))
    expect(spreadBp(overnight)).toBeGreaterThan(spreadBp(premarket))
    // The jitter is at most 0.6-1.4 times a session's depth: regular's 40,000 against premarket's 15,000
    // stays apart.
    expect(dollarsAtBest(premarket)).toBeLessThan(dollarsAtBest(regular))
    expect(dollarsAtBest(overnight)).toBeLessThan(dollarsAtBest(premarket))
  })

  it(
    'a Saturday: an off-hours token streams its widest ladder, a ' +
      'conventional one says the market is closed',
    () => {
      const offhours = depthAt(SATURDAY_NOON_ET, 'NVDAon')
      expect(offhours.depth.session_type).toBe('offhours')
      expectOrderedAround(offhours.depth, offhours.display)
      expect(spreadBp(offhours)).toBeGreaterThan(spreadBp(depthAt(TUESDAY_01_00_ET, 'NVDAon')))
      const closed = depthAt(SATURDAY_NOON_ET, 'AAPLon').depth
      expect(closed).toMatchObject({
        session_type: 'offhours',
        error: 'MARKET_CLOSED: Weekend/Holiday',
        bids: [],
        asks: [],
      })
    },
  )

  it(
    'a paused asset: LLY the evening before its split has an error ' +
      'and no levels; the rest trade overnight',
    () => {
      const lly = depthAt(EVENING_BEFORE_SPLIT, 'LLYon').depth
      expect(lly).toMatchObject({
        session_type: 'overnight',
        error: 'ASSET_PAUSED: Stock_Split',
        bids: [],
        asks: [],
      })
      const other = depthAt(EVENING_BEFORE_SPLIT, 'AAPLon')
      expect(other.depth.session_type).toBe('overnight')
      expectOrderedAround(other.depth, other.display)
    },
  )

  it('between sessions (09:29-09:31 ET): the session about to start, an error, no levels', () => {
    const depth = depthAt(Date.UTC(2025, 10, 18, 14, 30, 0), 'AAPLon').depth
    expect(depth).toMatchObject({
      session_type: 'regular',
      error: 'MARKET_PAUSED: Between_Sessions',
      bids: [],
      asks: [],
    })
  })

  it('a cheap token whose levels would round onto one price still has ten distinct levels', () => {
    const market = marketAt(TUESDAY_10_00_ET)
    const cheapest = market
      .symbols()
      .map((symbol) => ({ symbol, price: new Decimal(market.priceRecord(symbol)!.primaryMarket.price) }))
      .sort((a, b) => a.price.comparedTo(b.price))[0]!
    const at = depthAt(TUESDAY_10_00_ET, cheapest.symbol)
    expectOrderedAround(at.depth, at.display)
  })
})
