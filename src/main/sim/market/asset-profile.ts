import type { SessionName } from '../../../shared/sessions'

/**
 * What the simulated market is made of, as types only: the leaf that the catalog, the real
 * assets, the price paths and the splits all name, so that none of them imports another for a
 * type (and no import goes round in a circle).
 */

export type AssetKind = 'stock' | 'etf'

export type TradableSession = SessionName

export interface StockSplit {
  /** When it takes effect (Unix ms): before the first session of the ex-date. */
  at: number
  /** New shares per old share: 4 for a 4-for-1 split. */
  ratio: number
}

export interface AssetProfile {
  /** Position in the listing, also the asset's key in every per-asset array. */
  index: number
  symbol: string
  ticker: string
  name: string
  kind: AssetKind
  /** Underlying price where the walk starts. */
  startPrice: number
  startHigh52w: number
  startLow52w: number
  /** Typical daily move of the log price (0.015 is 1.5 %). */
  dailyVolatility: number
  /** Integer decimal string. */
  sharesOutstanding: string
  averageVolume: number
  /** Exactly 18 fractional digits, slightly above 1 (dividends reinvested). */
  sharesMultiplier: string
  /** Where the token's premium over fair value hovers (0.001 is 0.1 %). */
  premiumBias: number
  tokenPriceDigits: number
  underlyingPriceDigits: number
  holdersAtLaunch: number
  tradableSessions: readonly TradableSession[]
  /** Its all-assets market entry leaves out `tradableSessions`, as a few real ones do. */
  omitsSessionsInList: boolean
  /** The tokens a basket holds; empty for a single stock (the service always sends the field). */
  constituentTokens: readonly string[]
  /** A split the asset takes at some instant (splits.ts), or null. */
  split: StockSplit | null
}

/** One instant of an asset's simulated walk, before it is written as decimal strings. */
export interface PriceSample {
  underlying: number
  token: number
  high52w: number
  low52w: number
}
