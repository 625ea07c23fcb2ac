import { Dec, toFixedString } from '../../../shared/decimal'
import { CONVENTIONAL_SESSIONS } from '../../../shared/sessions'
import type { AssetProfile, TradableSession } from './asset-profile'
import { HISTORY_POINTS } from './price-paths'
import type { PriceSample } from './asset-profile'

/**
 * The bodies the simulator sends, shaped as spec part 2 (and the real service's extras), and the
 * pure functions that build them from an asset's profile and a price sample. Decimals are strings;
 * every derived value (24 h change, market cap) is computed with Dec from the strings sent, so a
 * client checking them finds them consistent to the last digit.
 */

export interface HistoryPointBody {
  timestamp: number
  price: string
}

export interface MarketRecordBody {
  primaryMarket: {
    symbol: string
    price: string
    priceChange24h: string
    priceChangePct24h: string
    priceHistory24h: HistoryPointBody[]
    totalHolders: number
    sharesMultiplier: string
    tradableSessions?: TradableSession[]
  }
  underlyingMarket: {
    ticker: string
    name: string
    price: string
    priceHigh52w: string
    priceLow52w: string
    volume: string
    averageVolume: string
    sharesOutstanding: string
    marketCap: string
  }
  timestamp: number
  /** The real service's extra, at the top level: the tokens a basket holds, `[]` for a stock. */
  constituentTokens: string[]
}

export interface PriceRecordBody {
  primaryMarket: { symbol: string; price: string }
  underlyingMarket: { ticker: string; price: string }
  timestamp: number
}

export interface SessionLimitBody {
  tradable: boolean
  maxAttestationCount: string
  maxActiveNotionalValue: string
}

export type SymbolLimitsBody = { symbol: string } & Partial<Record<TradableSession, SessionLimitBody>>

/** Spec 2.5: the response is an array of these (one, in practice). */
export interface LimitsEnvelopeBody {
  limits: SymbolLimitsBody[]
  timestamp: number
}

/** A percent with many fractional digits, as the real service sends. */
const PERCENT_DIGITS = 16
const MARKET_CAP_DIGITS = 2

/** What the market supplies beyond the price sample. */
export interface MarketExtras {
  /** Token prices at the latest (up to HISTORY_POINTS) grid points, formatted, oldest first. */
  gridHistory: readonly HistoryPointBody[]
  /** The instant the record describes; the history ends here at the latest price. */
  time: number
  holders: number
  volume: number
}

export function formatTokenPrice(asset: AssetProfile, token: number): string {
  return token.toFixed(asset.tokenPriceDigits)
}

function formatUnderlyingPrice(asset: AssetProfile, price: number): string {
  return price.toFixed(asset.underlyingPriceDigits)
}

/**
 * The latest grid points, then the latest price at `time`, keeping the count of points: when
 * `time` is itself the last grid point, that point is the latest price.
 */
function historyEndingAt(grid: readonly HistoryPointBody[], time: number, price: string): HistoryPointBody[] {
  const latest = { timestamp: time, price }
  const last = grid[grid.length - 1]
  if (last?.timestamp === time) return [...grid.slice(0, -1), latest]
  return [...grid.slice(grid.length >= HISTORY_POINTS ? 1 : 0), latest]
}

export function marketRecordBody(
  asset: AssetProfile,
  sample: PriceSample,
  extras: MarketExtras,
): MarketRecordBody {
  const price = formatTokenPrice(asset, sample.token)
  const history = historyEndingAt(extras.gridHistory, extras.time, price)
  const first = new Dec((history[0] as HistoryPointBody).price)
  const change = new Dec(price).minus(first)
  const underlyingPrice = formatUnderlyingPrice(asset, sample.underlying)
  const primaryMarket: MarketRecordBody['primaryMarket'] = {
    symbol: asset.symbol,
    price,
    priceChange24h: toFixedString(change, asset.tokenPriceDigits),
    priceChangePct24h: toFixedString(change.div(first).times(100), PERCENT_DIGITS),
    priceHistory24h: history,
    totalHolders: extras.holders,
    sharesMultiplier: asset.sharesMultiplier,
    tradableSessions: [...asset.tradableSessions],
  }
  return {
    primaryMarket,
    underlyingMarket: {
      ticker: asset.ticker,
      name: asset.name,
      price: underlyingPrice,
      // Rounding is monotone, so high >= price >= low holds for the strings as for the floats.
      priceHigh52w: formatUnderlyingPrice(asset, sample.high52w),
      priceLow52w: formatUnderlyingPrice(asset, sample.low52w),
      volume: String(extras.volume),
      averageVolume: String(asset.averageVolume),
      sharesOutstanding: asset.sharesOutstanding,
      marketCap: toFixedString(new Dec(underlyingPrice).times(asset.sharesOutstanding), MARKET_CAP_DIGITS),
    },
    timestamp: extras.time,
    constituentTokens: [...asset.constituentTokens],
  }
}

/** The all-assets entry of an asset that, like a few real ones, leaves out `tradableSessions`. */
export function withoutTradableSessions(record: MarketRecordBody): MarketRecordBody {
  const { tradableSessions: _omitted, ...primaryMarket } = record.primaryMarket
  return { ...record, primaryMarket }
}

export function priceRecordBody(asset: AssetProfile, sample: PriceSample, time: number): PriceRecordBody {
  return {
    primaryMarket: { symbol: asset.symbol, price: formatTokenPrice(asset, sample.token) },
    underlyingMarket: { ticker: asset.ticker, price: formatUnderlyingPrice(asset, sample.underlying) },
    timestamp: time,
  }
}

/** The real service's example: premarket 500 attestations and 10,000 USD; other sessions 200,000 USD. */
const PREMARKET_LIMIT: SessionLimitBody = {
  tradable: true,
  maxAttestationCount: '500',
  maxActiveNotionalValue: '10000',
}
const SESSION_LIMIT: SessionLimitBody = {
  tradable: true,
  maxAttestationCount: '500',
  maxActiveNotionalValue: '200000',
}
/** The fifth session, for the assets that trade in it: smaller caps, as befits thin hours. */
const OFFHOURS_LIMIT: SessionLimitBody = {
  tradable: true,
  maxAttestationCount: '100',
  maxActiveNotionalValue: '50000',
}
/** What every other asset's `offhours` block says, as the real service's do. */
const NO_OFFHOURS_LIMIT: SessionLimitBody = {
  tradable: false,
  maxAttestationCount: '0',
  maxActiveNotionalValue: '0',
}

/** Every session is listed, `offhours` too; `tradable` agrees with the asset's tradableSessions. */
export function symbolLimitsBody(asset: AssetProfile): SymbolLimitsBody {
  const limits: SymbolLimitsBody = { symbol: asset.symbol }
  for (const session of CONVENTIONAL_SESSIONS) {
    const caps = session === 'premarket' ? PREMARKET_LIMIT : SESSION_LIMIT
    limits[session] = { ...caps, tradable: asset.tradableSessions.includes(session) }
  }
  limits.offhours = asset.tradableSessions.includes('offhours')
    ? { ...OFFHOURS_LIMIT }
    : { ...NO_OFFHOURS_LIMIT }
  return limits
}
