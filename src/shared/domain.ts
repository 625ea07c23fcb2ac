import type { DecimalString } from './decimal'
import type { SessionName } from './sessions'

/**
 * The normalised domain model: what the core keeps, the CLI prints and the renderer shows.
 * Timestamps are Unix ms; decimals are the exact strings the server sent.
 */

export interface HistoryPoint {
  t: number
  price: DecimalString
}

export interface UnderlyingMarket {
  ticker: string
  name: string | null
  price: DecimalString
  high52w: DecimalString | null
  low52w: DecimalString | null
  volume: DecimalString | null
  averageVolume: DecimalString | null
  sharesOutstanding: DecimalString | null
  marketCap: DecimalString | null
}

export interface SessionLimit {
  tradable: boolean
  maxAttestationCount: DecimalString
  maxActiveNotionalValue: DecimalString
}

/** Per-session limits for one token; a session the service did not send is null. */
export type SessionLimits = Record<SessionName, SessionLimit | null>

export interface AssetQuote {
  symbol: string
  /** Name of the underlying security (the token has none of its own). */
  name: string | null
  ticker: string | null
  /** Token price: from whichever of the prices and market endpoints reported last. */
  price: DecimalString | null
  priceTimestamp: number | null
  change24h: DecimalString | null
  /** A percent: "2.48" is +2.48 %. */
  changePct24h: DecimalString | null
  history24h: HistoryPoint[]
  holders: number | null
  sharesMultiplier: DecimalString | null
  tradableSessions: SessionName[]
  /** Session names the service sent that we do not know (such as `offhours`), kept aside. */
  otherSessions: string[]
  /** The tokens a basket holds (the service's `constituentTokens`); empty for a single stock. */
  constituentTokens: string[]
  underlying: UnderlyingMarket | null
  /** underlying price x sharesMultiplier, 4 decimal places; null where an input is missing. */
  fairValue: DecimalString | null
  /** (price / fairValue - 1) x 100, 4 decimal places; null where an input is missing. */
  premiumPct: DecimalString | null
  limits: SessionLimits | null
  /** When each endpoint last brought data for this asset (ms), for per-row staleness. */
  marketTimestamp: number | null
  limitsTimestamp: number | null
  /** True when the newest data for this asset is older than twice its cadence. */
  stale: boolean
}

export type ErrorScope = 'prices' | 'market' | 'limits' | 'network' | 'config' | (string & {})

/** An asset is stale when its data is older than this many price cadences (main and renderer agree). */
export const STALE_AFTER_CADENCES = 2

export interface SnapshotError {
  /** The endpoint ("prices", "market", "limits") or the symbol the error is about. */
  scope: ErrorScope
  code: string
  message: string
}

export interface SnapshotSource {
  baseUrl: string
  demo: boolean
}

/** Demo mode is one service whatever port its simulator got; otherwise the base URL says. */
export function sameServiceAs(a: SnapshotSource, b: SnapshotSource): boolean {
  return a.demo && b.demo ? true : a.demo === b.demo && a.baseUrl === b.baseUrl
}

export interface Snapshot {
  asOf: number
  source: SnapshotSource
  /** In watchlist order. */
  assets: AssetQuote[]
  errors: SnapshotError[]
}

/** Only what changed between two snapshots: changed fields per asset, new assets, removed symbols. */
export interface AssetChange {
  symbol: string
  fields: Partial<Omit<AssetQuote, 'symbol'>>
  /**
   * The 24-hour history as what changed since the one sent before (history-tail.ts), instead of
   * `fields.history24h`: never both.
   */
  historyTail?: HistoryTail
}

/**
 * A 24-hour history that continues the one sent before it: the new history is `base` without its
 * first `drop` points, then its next `keep` points, then `points`. A market answer once a minute
 * changes every history by its last point and, every 15 minutes, slides its window by a grid point;
 * the whole of each (about 96 points) would be sent again every minute. `base` names the history
 * this one continues, so that a receiver that does not hold it (a fresh window, a missed delta)
 * never applies it to another: see followTail.
 */
export interface HistoryTail {
  base: { length: number; lastT: number; digest: number }
  drop: number
  keep: number
  points: HistoryPoint[]
}

export interface Delta {
  asOf: number
  changed: AssetChange[]
  added: AssetQuote[]
  removed: string[]
  /** The watchlist order, present only when it changed. */
  order?: string[]
  /** Present only when the error list changed. */
  errors?: SnapshotError[]
  /** Present only when the source changed (demo to live and back). */
  source?: SnapshotSource
}

export function emptyAsset(symbol: string): AssetQuote {
  return {
    symbol,
    name: null,
    ticker: null,
    price: null,
    priceTimestamp: null,
    change24h: null,
    changePct24h: null,
    history24h: [],
    holders: null,
    sharesMultiplier: null,
    tradableSessions: [],
    otherSessions: [],
    constituentTokens: [],
    underlying: null,
    fairValue: null,
    premiumPct: null,
    limits: null,
    marketTimestamp: null,
    limitsTimestamp: null,
    stale: false,
  }
}

/**
 * The snapshot with every 24h history left empty. Histories are most of a snapshot's bytes (96
 * points an asset); a window's first frame needs the prices and fills in the sparklines after.
 */
export function withoutHistories(snapshot: Snapshot): Snapshot {
  return { ...snapshot, assets: snapshot.assets.map((asset) => ({ ...asset, history24h: [] })) }
}

/** One asset the service lists (for search and import): not necessarily on any watchlist. */
export interface ListedAsset {
  symbol: string
  ticker: string | null
  name: string | null
}

/** Whether a token is tradable in a session: the limits say so first, else `tradableSessions`. */
export function isTradableIn(asset: AssetQuote, session: SessionName): boolean {
  const limit = asset.limits?.[session]
  if (limit) return limit.tradable
  return asset.tradableSessions.includes(session)
}
