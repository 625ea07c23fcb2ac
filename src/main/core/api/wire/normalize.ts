import { applyAssetChange, sameUnderlying } from '../../../../shared/delta'
import type { AssetQuote, HistoryPoint, SessionLimits, UnderlyingMarket } from '../../../../shared/domain'
import type { DecimalString } from '../../../../shared/decimal'
import { fairValueOf } from './fair-value'
import { isSessionName, type SessionName } from '../../../../shared/sessions'
import type { WireMarketRecord, WirePriceRecord } from './wire'
import type { LimitsWithTime } from './wire-parse'

export { fairValueOf } from './fair-value'

type WireHistoryPoints = NonNullable<WireMarketRecord['primaryMarket']['priceHistory24h']>

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

/**
 * The normalised history, or `previous` itself when the points are the same: a poll that brings
 * an unchanged history then costs no new array, and the store's diff is a reference check.
 */
function historyOf(previous: readonly HistoryPoint[], points: WireHistoryPoints | undefined): HistoryPoint[] {
  const raw = points ?? []
  let same = raw.length === previous.length
  for (let i = 0; same && i < raw.length; i++) {
    const point = raw[i] as WireHistoryPoints[number]
    const held = previous[i] as HistoryPoint
    same = point.timestamp === held.t && point.price === held.price
  }
  return same
    ? (previous as HistoryPoint[])
    : raw.map((point) => ({ t: point.timestamp, price: point.price }))
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

/** `next`, or `held` when it has the same fields, so unchanged data keeps its object. */
function reuseUnderlying(held: UnderlyingMarket | null, next: UnderlyingMarket): UnderlyingMarket {
  return held && sameUnderlying(held, next) ? held : next
}

/**
 * fairValue and premiumPct derive from price, underlying price and multiplier alone, and every
 * function here keeps them so: when none of the three moved, the asset's own are still right
 * (the asset itself is returned: it carries both fields, and no object is allocated).
 */
function fairValueFor(
  asset: AssetQuote,
  next: Pick<AssetQuote, 'price' | 'underlying' | 'sharesMultiplier'>,
): Pick<AssetQuote, 'fairValue' | 'premiumPct'> {
  const underlyingPrice = next.underlying?.price ?? null
  if (
    next.price === asset.price &&
    underlyingPrice === (asset.underlying?.price ?? null) &&
    next.sharesMultiplier === asset.sharesMultiplier
  )
    return asset
  return fairValueOf(next.price, underlyingPrice, next.sharesMultiplier)
}

export function applyMarketRecord(asset: AssetQuote, record: WireMarketRecord): AssetQuote {
  return withMarketRecord(asset, record, historyOf(asset.history24h, record.primaryMarket.priceHistory24h))
}

/**
 * applyMarketRecord leaving the asset's history as it is: for a holder that keeps the histories
 * apart (the poll worker's SnapshotState, packed), which would otherwise pay for points it drops.
 */
export function applyMarketRecordButHistory(asset: AssetQuote, record: WireMarketRecord): AssetQuote {
  return withMarketRecord(asset, record, asset.history24h)
}

function withMarketRecord(
  asset: AssetQuote,
  record: WireMarketRecord,
  history24h: HistoryPoint[],
): AssetQuote {
  const primary = record.primaryMarket
  const underlying = record.underlyingMarket
  const sessions = primary.tradableSessions ? splitSessions(primary.tradableSessions) : null
  const priceIsNewer = isNewer(record.timestamp, asset.priceTimestamp)
  const price = priceIsNewer ? primary.price : asset.price
  const sharesMultiplier = primary.sharesMultiplier ?? null
  const underlyingQuote =
    underlying === null
      ? null
      : reuseUnderlying(asset.underlying, {
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
        })
  const fair = fairValueFor(asset, { price, underlying: underlyingQuote, sharesMultiplier })
  return applyAssetChange(asset, {
    name: underlying?.name ?? asset.name,
    ticker: underlying?.ticker ?? asset.ticker,
    price,
    priceTimestamp: priceIsNewer ? record.timestamp : asset.priceTimestamp,
    change24h: primary.priceChange24h ?? null,
    changePct24h: primary.priceChangePct24h ?? null,
    history24h,
    holders: primary.totalHolders ?? null,
    sharesMultiplier,
    // Absent from some all-assets entries: keep what the single-asset answer told us.
    tradableSessions:
      sessions && !sameList(sessions.known, asset.tradableSessions) ? sessions.known : asset.tradableSessions,
    otherSessions:
      sessions && !sameList(sessions.other, asset.otherSessions) ? sessions.other : asset.otherSessions,
    constituentTokens:
      record.constituentTokens && !sameList(record.constituentTokens, asset.constituentTokens)
        ? record.constituentTokens
        : asset.constituentTokens,
    underlying: underlyingQuote,
    marketTimestamp: record.timestamp,
    fairValue: fair.fairValue,
    premiumPct: fair.premiumPct,
  })
}

export function applyPriceRecord(asset: AssetQuote, record: WirePriceRecord): AssetQuote {
  if (!isNewer(record.timestamp, asset.priceTimestamp)) return asset
  const underlyingPrice = record.underlyingMarket?.price
  const samePrice = asset.price === record.primaryMarket.price
  const sameUnderlyingPrice = underlyingPrice === undefined || asset.underlying?.price === underlyingPrice
  if (samePrice && sameUnderlyingPrice && asset.priceTimestamp === record.timestamp) return asset
  const price = record.primaryMarket.price
  const underlying =
    asset.underlying && underlyingPrice !== undefined && !sameUnderlyingPrice
      ? withUnderlyingPrice(asset.underlying, underlyingPrice)
      : asset.underlying
  const fair = fairValueFor(asset, { price, underlying, sharesMultiplier: asset.sharesMultiplier })
  return withLatestPrice(asset, {
    price,
    priceTimestamp: record.timestamp,
    ticker: asset.ticker ?? record.underlyingMarket?.ticker ?? null,
    underlying,
    fairValue: fair.fairValue,
    premiumPct: fair.premiumPct,
  })
}

/** The underlying quote with a new price, written out as withLatestPrice is (a spread costs more). */
function withUnderlyingPrice(underlying: UnderlyingMarket, price: DecimalString): UnderlyingMarket {
  return {
    ticker: underlying.ticker,
    name: underlying.name,
    price,
    high52w: underlying.high52w,
    low52w: underlying.low52w,
    volume: underlying.volume,
    averageVolume: underlying.averageVolume,
    sharesOutstanding: underlying.sharesOutstanding,
    marketCap: underlying.marketCap,
  }
}

type LatestPrice = Pick<
  AssetQuote,
  'price' | 'priceTimestamp' | 'ticker' | 'underlying' | 'fairValue' | 'premiumPct'
>

/**
 * applyAssetChange for the fields a latest price sets, written out: a latest-prices poll builds
 * one quote per listed asset, and the generic version reads its `fields` (of a different shape at
 * each caller) at several times the cost. Every quote keeps emptyAsset's key order.
 */
function withLatestPrice(asset: AssetQuote, latest: LatestPrice): AssetQuote {
  return {
    symbol: asset.symbol,
    name: asset.name,
    ticker: latest.ticker,
    price: latest.price,
    priceTimestamp: latest.priceTimestamp,
    change24h: asset.change24h,
    changePct24h: asset.changePct24h,
    history24h: asset.history24h,
    holders: asset.holders,
    sharesMultiplier: asset.sharesMultiplier,
    tradableSessions: asset.tradableSessions,
    otherSessions: asset.otherSessions,
    constituentTokens: asset.constituentTokens,
    underlying: latest.underlying,
    fairValue: latest.fairValue,
    premiumPct: latest.premiumPct,
    limits: asset.limits,
    marketTimestamp: asset.marketTimestamp,
    limitsTimestamp: asset.limitsTimestamp,
    stale: asset.stale,
  }
}

export function applyLimitsRecord(asset: AssetQuote, record: LimitsWithTime): AssetQuote {
  const limits: SessionLimits = {
    premarket: record.premarket ?? null,
    regular: record.regular ?? null,
    postmarket: record.postmarket ?? null,
    overnight: record.overnight ?? null,
    offhours: record.offhours ?? null,
  }
  return applyAssetChange(asset, { limits, limitsTimestamp: record.timestamp })
}
