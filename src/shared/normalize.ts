import { Dec, toFixedString } from './decimal'
import type { AssetQuote, SessionLimits } from './domain'
import { isSessionName, type SessionName } from './sessions'
import type { LimitsWithTime, WireMarketRecord, WirePriceRecord } from './wire'

/**
 * Folding validated wire records into the domain model. Each function returns a new AssetQuote
 * (or the same object when nothing changed), never mutating its input, so the store can compare
 * by reference.
 */

function splitSessions(raw: readonly string[] | undefined): { known: SessionName[]; other: string[] } {
  const known: SessionName[] = []
  const other: string[] = []
  for (const name of raw ?? []) {
    if (isSessionName(name)) {
      if (!known.includes(name)) known.push(name)
    } else if (!other.includes(name)) other.push(name)
  }
  return { known, other }
}

/** Prices and market data both carry a token price; the one stamped later wins. */
function isNewer(candidate: number, current: number | null): boolean {
  return current === null || candidate >= current
}

export function applyMarketRecord(asset: AssetQuote, record: WireMarketRecord): AssetQuote {
  const primary = record.primaryMarket
  const underlying = record.underlyingMarket
  const sessions = splitSessions(primary.tradableSessions)
  const priceIsNewer = isNewer(record.timestamp, asset.priceTimestamp)
  return withFairValue({
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
    // Absent from some all-assets entries: keep what the single-asset answer told us.
    tradableSessions: primary.tradableSessions ? sessions.known : asset.tradableSessions,
    otherSessions: primary.tradableSessions ? sessions.other : asset.otherSessions,
    underlying:
      underlying === null
        ? null
        : {
            ticker: underlying.ticker,
            name: underlying.name ?? null,
            // The latest-price endpoint may already have brought a newer underlying price.
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

export function applyPriceRecord(asset: AssetQuote, record: WirePriceRecord): AssetQuote {
  if (!isNewer(record.timestamp, asset.priceTimestamp)) return asset
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
  return samePrice && sameUnderlying ? next : withFairValue(next)
}

export function applyLimitsRecord(asset: AssetQuote, record: LimitsWithTime): AssetQuote {
  const limits: SessionLimits = {
    premarket: record.premarket ?? null,
    regular: record.regular ?? null,
    postmarket: record.postmarket ?? null,
    overnight: record.overnight ?? null,
  }
  return { ...asset, limits, limitsTimestamp: record.timestamp }
}

/** fairValue = underlying price x sharesMultiplier; premiumPct = (price / fairValue - 1) x 100. */
export function fairValueOf(
  price: string | null,
  underlyingPrice: string | null,
  sharesMultiplier: string | null,
): { fairValue: string | null; premiumPct: string | null } {
  if (underlyingPrice === null || sharesMultiplier === null) return { fairValue: null, premiumPct: null }
  const fair = new Dec(underlyingPrice).times(sharesMultiplier)
  const fairValue = toFixedString(fair, 4)
  if (price === null || fair.isZero()) return { fairValue, premiumPct: null }
  return { fairValue, premiumPct: toFixedString(new Dec(price).dividedBy(fair).minus(1).times(100), 4) }
}

function withFairValue(asset: AssetQuote): AssetQuote {
  const { fairValue, premiumPct } = fairValueOf(
    asset.price,
    asset.underlying?.price ?? null,
    asset.sharesMultiplier,
  )
  return { ...asset, fairValue, premiumPct }
}

/** Whether a token is tradable in a session: the limits say so first, else `tradableSessions`. */
export function isTradableIn(asset: AssetQuote, session: SessionName): boolean {
  const limit = asset.limits?.[session]
  if (limit) return limit.tradable
  return asset.tradableSessions.includes(session)
}
