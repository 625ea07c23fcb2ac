import { describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { CONVENTIONAL_SESSIONS, SESSION_NAMES } from '../../../src/shared/sessions'
import { checkSymbol } from '../../../src/shared/symbols'
import { SimMarket } from '../../../src/main/sim/market/market'
import { LLY_SPLIT } from '../../../src/main/sim/market/real-assets'
import type { MarketRecordBody } from '../../../src/main/sim/market/records'
import {
  MINUTE,
  MONDAY_05_00_ET,
  SATURDAY_NOON_ET,
  TUESDAY_01_00_ET,
  TUESDAY_09_30_20_ET,
  TUESDAY_10_00_ET,
  manualClock,
} from '../sim-helpers'

const FIFTEEN_MINUTES = 15 * MINUTE
const DAY = 24 * 60 * MINUTE

function marketAt(start: number, assets = 400, seed = 1) {
  const clock = manualClock(start)
  return { clock, market: new SimMarket({ assets, seed, clock: clock.now }) }
}

function tokenPrices(market: SimMarket): string[] {
  return market.allPrices().map((record) => record.primaryMarket.price)
}

/** Sum over assets of |log(after / before)|: how much the market moved. */
function totalMove(before: readonly string[], after: readonly string[]): Dec {
  return before.reduce(
    (sum, price, i) => sum.plus(new Dec(after[i] as string).div(price).ln().abs()),
    new Dec(0),
  )
}

function record(market: SimMarket, symbol: string): MarketRecordBody {
  const found = market.marketRecord(symbol)
  if (!found) throw new Error(`${symbol} is not listed`)
  return found
}

describe('SimMarket listing', () => {
  it('starts with real tickers and names, then unique made-up ones that pass checkSymbol', () => {
    const { market } = marketAt(TUESDAY_10_00_ET)
    const symbols = market.symbols()
    expect(symbols).toHaveLength(400)
    expect(new Set(symbols).size).toBe(400)
    expect(symbols.slice(0, 3)).toEqual(['AAPLon', 'NVDAon', 'TSLAon'])
    expect(symbols).toContain('Fon')
    expect(symbols).toContain('SPYon')
    for (const symbol of symbols) expect(checkSymbol(symbol)).toEqual({ ok: true, symbol })
    expect(record(market, 'AAPLon').underlyingMarket.name).toBe('Apple Inc.')
    expect(record(market, 'Fon').underlyingMarket.name).toBe('Ford Motor Company')
    expect(record(market, 'SPYon').underlyingMarket.name).toBe('SPDR S&P 500 ETF Trust')
  })

  it('lists the same assets for the same seed and other made-up ones for another seed', () => {
    const a = marketAt(TUESDAY_10_00_ET, 200, 7).market.symbols()
    const b = marketAt(TUESDAY_10_00_ET, 200, 7).market.symbols()
    const c = marketAt(TUESDAY_10_00_ET, 200, 8).market.symbols()
    expect(b).toEqual(a)
    expect(c.slice(0, 60)).toEqual(a.slice(0, 60))
    expect(c.slice(100)).not.toEqual(a.slice(100))
  })

  it('refuses a size outside 1..10,000', () => {
    expect(() => marketAt(TUESDAY_10_00_ET, 0)).toThrow(RangeError)
    expect(() => marketAt(TUESDAY_10_00_ET, 10_001)).toThrow(RangeError)
  })
})

describe('SimMarket determinism', () => {
  it('gives identical bodies for the same seed and clock', () => {
    const a = marketAt(TUESDAY_10_00_ET).market
    const b = marketAt(TUESDAY_10_00_ET).market
    expect(JSON.stringify(b.allMarket())).toBe(JSON.stringify(a.allMarket()))
    expect(JSON.stringify(b.allPrices('desc'))).toBe(JSON.stringify(a.allPrices('desc')))
  })

  it('gives a price that depends on the instant, not on how often it was asked', () => {
    const often = marketAt(TUESDAY_10_00_ET)
    for (let i = 0; i < 30; i++) {
      often.clock.advance(MINUTE)
      often.market.allPrices()
    }
    const once = marketAt(TUESDAY_10_00_ET)
    once.clock.advance(30 * MINUTE)
    expect(tokenPrices(once.market)).toEqual(tokenPrices(often.market))
  })

  it('differs for another seed', () => {
    expect(tokenPrices(marketAt(TUESDAY_10_00_ET, 400, 2).market)).not.toEqual(
      tokenPrices(marketAt(TUESDAY_10_00_ET).market),
    )
  })
})

describe('SimMarket price walk', () => {
  it('moves second by second during the regular session', () => {
    const { clock, market } = marketAt(TUESDAY_10_00_ET)
    const before = market.priceRecord('AAPLon')
    clock.advance(1000)
    const after = market.priceRecord('AAPLon')
    expect(after?.timestamp).toBe((before?.timestamp ?? 0) + 1000)
    expect(after?.primaryMarket.price).not.toBe(before?.primaryMarket.price)
  })

  const OFFHOURS_TOKENS = ['SPYon', 'QQQon', 'NVDAon', 'TSLAon', 'GOOGLon', 'CRCLon']
  /** Symbol -> token price, for the tokens that trade off-hours or for all the others. */
  const pricesOf = (market: SimMarket, offhours: boolean): Map<string, string> =>
    new Map(
      market
        .allPrices()
        .filter((r) => OFFHOURS_TOKENS.includes(r.primaryMarket.symbol) === offhours)
        .map((r) => [r.primaryMarket.symbol, r.primaryMarket.price]),
    )

  it('stands still while closed (Saturday), except the tokens that trade off-hours, which move', () => {
    const { clock, market } = marketAt(SATURDAY_NOON_ET)
    const [conventional, offhours] = [pricesOf(market, false), pricesOf(market, true)]
    clock.advance(5 * 60 * MINUTE)
    expect(pricesOf(market, false)).toEqual(conventional)
    expect(conventional.size).toBe(400 - OFFHOURS_TOKENS.length)
    const moved = [...pricesOf(market, true)].filter(([symbol, price]) => offhours.get(symbol) !== price)
    expect(moved.map(([symbol]) => symbol).sort()).toEqual([...OFFHOURS_TOKENS].sort())
  })

  it(
    'stands still for every token while paused (09:30 - 09:31 ET): ' + 'off-hours does not run in a pause',
    () => {
      const { clock, market } = marketAt(TUESDAY_09_30_20_ET)
      const before = market.allPrices()
      clock.advance(30_000)
      const after = market.allPrices()
      expect(after[0]?.timestamp).toBeGreaterThan(before[0]?.timestamp ?? Infinity)
      expect(after.map((r) => r.primaryMarket.price)).toEqual(before.map((r) => r.primaryMarket.price))
      expect(after.map((r) => r.underlyingMarket.price)).toEqual(before.map((r) => r.underlyingMarket.price))
    },
  )

  it('swings wider off-hours than overnight, for the same tokens over the same length of time', () => {
    const moveOf = (start: number): Dec => {
      const { clock, market } = marketAt(start)
      const before = [...pricesOf(market, true).values()]
      clock.advance(6 * 60 * MINUTE)
      return totalMove(before, [...pricesOf(market, true).values()])
    }
    // Saturday 12:00-18:00 ET against Tuesday 21:00-03:00 ET (overnight throughout).
    expect(moveOf(SATURDAY_NOON_ET).greaterThan(moveOf(TUESDAY_01_00_ET - 4 * 60 * MINUTE))).toBe(true)
  })

  it('keeps a day of off-hours history for the tokens that trade it: no gap over the weekend', () => {
    const { market } = marketAt(SATURDAY_NOON_ET)
    const times = (symbol: string) =>
      record(market, symbol).primaryMarket.priceHistory24h.map((p) => p.timestamp)
    const nvda = times('NVDAon')
    expect(nvda).toHaveLength(96)
    expect(nvda.every((t, i) => i === 0 || t - (nvda[i - 1] as number) === FIFTEEN_MINUTES)).toBe(true)
    // A conventional token's history has the weekend gap: its last grid point before the
    // latest price (now) is Friday evening's, the end of its open market.
    const aapl = times('AAPLon')
    expect(aapl.at(-1)).toBe(SATURDAY_NOON_ET)
    expect(aapl.at(-2)).toBeLessThan(SATURDAY_NOON_ET - 12 * 60 * MINUTE)
  })

  it(
    'takes LLY through its 4-for-1 split: the multiplier steps, the ' +
      'underlying is restated, the token does not move',
    () => {
      const beforeSplit = LLY_SPLIT.at - 2 * MINUTE // 03:58 ET, in the pause before premarket
      const { clock, market } = marketAt(beforeSplit)
      const before = record(market, 'LLYon')
      clock.set(LLY_SPLIT.at + 30_000)
      const after = record(market, 'LLYon')
      expect(LLY_SPLIT.ratio).toBe(4)
      expect(after.primaryMarket.sharesMultiplier).toBe(
        new Dec(before.primaryMarket.sharesMultiplier).times(4).toFixed(18),
      )
      expect(after.primaryMarket.price).toBe(before.primaryMarket.price)
      const underlyingRatio = new Dec(before.underlyingMarket.price).div(after.underlyingMarket.price)
      expect(underlyingRatio.minus(4).abs().lessThan('0.001')).toBe(true)
      expect(after.underlyingMarket.sharesOutstanding).toBe(
        new Dec(before.underlyingMarket.sharesOutstanding).times(4).toFixed(0),
      )
      expect(new Dec(after.underlyingMarket.priceHigh52w).lessThan(before.underlyingMarket.price)).toBe(true)
      // Fair value holds across the split, so the premium does not jump.
      const fair = (r: MarketRecordBody) =>
        new Dec(r.underlyingMarket.price).times(r.primaryMarket.sharesMultiplier)
      expect(fair(after).div(fair(before)).minus(1).abs().lessThan('0.0001')).toBe(true)
      // Other tokens keep their multipliers.
      expect(record(market, 'AAPLon').primaryMarket.sharesMultiplier).toMatch(/^1\.00\d{16}$/)
    },
  )

  it('moves more in the regular session than overnight', () => {
    const moveOver10Minutes = (start: number): Dec => {
      const { clock, market } = marketAt(start)
      const before = tokenPrices(market)
      clock.advance(10 * MINUTE)
      return totalMove(before, tokenPrices(market))
    }
    const regular = moveOver10Minutes(TUESDAY_10_00_ET)
    const overnight = moveOver10Minutes(TUESDAY_01_00_ET)
    expect(overnight.isZero()).toBe(false)
    expect(regular.greaterThan(overnight.times(2))).toBe(true)
  })

  it('never goes back when the clock does', () => {
    const { clock, market } = marketAt(TUESDAY_10_00_ET)
    clock.advance(5 * MINUTE)
    const later = market.priceRecord('NVDAon')
    clock.set(TUESDAY_10_00_ET)
    expect(market.priceRecord('NVDAon')).toEqual(later)
  })

  it('catches up a jump of 200 days quickly and keeps every invariant', () => {
    const { clock, market } = marketAt(TUESDAY_10_00_ET)
    market.allMarket()
    clock.advance(200 * DAY)
    const records = market.allMarket()
    expect(records).toHaveLength(400)
    const first = records[0] as MarketRecordBody
    expect(first.timestamp).toBe(Math.floor((TUESDAY_10_00_ET + 200 * DAY) / MINUTE) * MINUTE)
    expect(first.primaryMarket.priceHistory24h).toHaveLength(96)
    for (const r of records) {
      const price = new Dec(r.underlyingMarket.price)
      expect(price.lessThanOrEqualTo(r.underlyingMarket.priceHigh52w)).toBe(true)
      expect(price.greaterThanOrEqualTo(r.underlyingMarket.priceLow52w)).toBe(true)
    }
  })
})

describe('SimMarket market records', () => {
  const { market } = marketAt(TUESDAY_10_00_ET)
  const records = market.symbols().map((symbol) => record(market, symbol))

  it('carry 96 history points 15 minutes apart over the last 24 hours, ending at the latest price', () => {
    for (const r of records) {
      const history = r.primaryMarket.priceHistory24h
      expect(history).toHaveLength(96)
      expect(history[95]).toEqual({ timestamp: r.timestamp, price: r.primaryMarket.price })
      const times = history.map((point) => point.timestamp)
      const gaps = times.slice(1).map((time, i) => time - (times[i] as number))
      expect(new Set(gaps.slice(0, -1))).toEqual(new Set([FIFTEEN_MINUTES]))
      expect(gaps[94]).toBeGreaterThan(0)
      expect(gaps[94]).toBeLessThanOrEqual(FIFTEEN_MINUTES)
      expect(times[0]).toBeGreaterThanOrEqual(r.timestamp - DAY)
    }
  })

  it('on a Monday morning reaches back into Friday (24 hours of open market)', () => {
    const monday = marketAt(MONDAY_05_00_ET).market
    const history = record(monday, 'AAPLon').primaryMarket.priceHistory24h
    expect(history).toHaveLength(96)
    const saturday = Date.UTC(2025, 10, 22)
    expect((history[0] as { timestamp: number }).timestamp).toBeLessThan(saturday)
  })

  it('report a 24 h change that is the latest price minus the first point, and its percent', () => {
    for (const r of records) {
      const history = r.primaryMarket.priceHistory24h
      const first = new Dec((history[0] as { price: string }).price)
      const change = new Dec(r.primaryMarket.price).minus(first)
      expect(new Dec(r.primaryMarket.priceChange24h).equals(change)).toBe(true)
      expect(r.primaryMarket.priceChangePct24h).toMatch(/^-?\d+\.\d{12,}$/)
      const pct = change.div(first).times(100)
      expect(new Dec(r.primaryMarket.priceChangePct24h).minus(pct).abs().lessThan('1e-14')).toBe(true)
    }
  })

  it('carry a sharesMultiplier with 18 decimals above 1, different per asset', () => {
    for (const r of records) {
      expect(r.primaryMarket.sharesMultiplier).toMatch(/^1\.\d{18}$/)
      expect(new Dec(r.primaryMarket.sharesMultiplier).greaterThan(1)).toBe(true)
    }
    expect(new Set(records.map((r) => r.primaryMarket.sharesMultiplier)).size).toBe(records.length)
  })

  it('price the token within 0.5 % of underlying x multiplier, and not always at par', () => {
    const premiums = records.map((r) => {
      const fair = new Dec(r.underlyingMarket.price).times(r.primaryMarket.sharesMultiplier)
      return new Dec(r.primaryMarket.price).div(fair).minus(1)
    })
    for (const premium of premiums) expect(premium.abs().lessThanOrEqualTo('0.005')).toBe(true)
    expect(premiums.some((p) => p.isPositive() && !p.isZero())).toBe(true)
    expect(premiums.some((p) => p.isNegative())).toBe(true)
  })

  it('keep the price inside the 52-week range, and the market cap consistent', () => {
    for (const r of records) {
      const u = r.underlyingMarket
      const price = new Dec(u.price)
      expect(price.lessThanOrEqualTo(u.priceHigh52w) && price.greaterThanOrEqualTo(u.priceLow52w)).toBe(true)
      expect(new Dec(u.marketCap).equals(price.times(u.sharesOutstanding))).toBe(true)
    }
  })

  it('send decimals as strings with 2 to 8 fractional digits and holders as an integer', () => {
    for (const r of records) {
      expect(r.primaryMarket.price).toMatch(/^\d+\.\d{2,8}$/)
      expect(r.underlyingMarket.price).toMatch(/^\d+\.\d{2,4}$/)
      for (const field of ['volume', 'averageVolume', 'sharesOutstanding'] as const) {
        expect(r.underlyingMarket[field]).toMatch(/^\d+$/)
      }
      expect(Number.isInteger(r.primaryMarket.totalHolders)).toBe(true)
      expect(r.primaryMarket.totalHolders).toBeGreaterThan(0)
    }
  })

  it('include the real service quirks in the all-assets list only where they belong', () => {
    const list = market.allMarket()
    const withoutSessions = list.filter((r) => r.primaryMarket.tradableSessions === undefined)
    expect(withoutSessions.map((r) => r.primaryMarket.symbol)).toEqual(['MAon', 'DISon', 'VTIon'])
    // The single-asset answer always has them.
    expect(record(market, 'MAon').primaryMarket.tradableSessions).toEqual([...CONVENTIONAL_SESSIONS])
    const offhours = list.filter((r) => r.primaryMarket.tradableSessions?.includes('offhours'))
    expect(offhours.map((r) => r.primaryMarket.symbol).sort()).toEqual([
      'CRCLon',
      'GOOGLon',
      'NVDAon',
      'QQQon',
      'SPYon',
      'TSLAon',
    ])
    // At the top level, as the service sends it: the held tokens for a basket, [] for a stock.
    expect(record(market, 'QQQon').constituentTokens).toContain('AAPLon')
    expect(record(market, 'AAPLon').constituentTokens).toEqual([])
  })

  it('list most assets in all four sessions, some ETFs not overnight and a few regular only', () => {
    const sessionsOf = (symbol: string) => record(market, symbol).primaryMarket.tradableSessions
    expect(sessionsOf('AAPLon')).toEqual(['premarket', 'regular', 'postmarket', 'overnight'])
    expect(sessionsOf('DIAon')).toEqual(['premarket', 'regular', 'postmarket'])
    expect(sessionsOf('BRK.Bon')).toEqual(['regular'])
    const inAllFour = records.filter((r) =>
      CONVENTIONAL_SESSIONS.every((s) => r.primaryMarket.tradableSessions?.includes(s)),
    )
    expect(inAllFour.length / records.length).toBeGreaterThan(0.75)
  })
})

describe('SimMarket limits', () => {
  const { market } = marketAt(TUESDAY_10_00_ET)

  it('agree with each asset’s tradableSessions, with the documented caps', () => {
    const [envelope] = market.limits() ?? []
    expect(envelope?.timestamp).toBe(Math.floor(TUESDAY_10_00_ET / MINUTE) * MINUTE)
    expect(envelope?.limits).toHaveLength(400)
    for (const limits of envelope?.limits ?? []) {
      const sessions = record(market, limits.symbol).primaryMarket.tradableSessions ?? []
      for (const session of SESSION_NAMES) expect(limits[session]?.tradable).toBe(sessions.includes(session))
      // The fifth block comes for every asset, tradable only for those that opt in.
      expect(limits.offhours?.tradable).toBe(sessions.includes('offhours'))
      expect(limits.premarket).toMatchObject({ maxAttestationCount: '500', maxActiveNotionalValue: '10000' })
      expect(limits.regular).toMatchObject({ maxActiveNotionalValue: '200000' })
    }
  })

  it('filter to one symbol, and report an unknown one as undefined', () => {
    expect(market.limits('TSLAon')?.[0]?.limits.map((l) => l.symbol)).toEqual(['TSLAon'])
    expect(market.limits('NOTLISTEDon')).toBeUndefined()
  })
})

describe('SimMarket sorting', () => {
  it('sorts by token price numerically, where text order would differ', () => {
    const { market } = marketAt(TUESDAY_10_00_ET)
    const ascending = market.allPrices('asc').map((r) => r.primaryMarket.price)
    const descending = market.allPrices('desc').map((r) => r.primaryMarket.price)
    for (let i = 1; i < ascending.length; i++) {
      expect(new Dec(ascending[i] as string).greaterThanOrEqualTo(ascending[i - 1] as string)).toBe(true)
    }
    expect(descending).toEqual([...ascending].reverse())
    // The case that catches a text sort: "9.1" sorts after "10.2" as text.
    expect([...ascending].sort()).not.toEqual(ascending)
  })
})
