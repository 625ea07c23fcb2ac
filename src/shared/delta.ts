import type { AssetChange, AssetQuote, Delta, Snapshot, UnderlyingMarket } from './domain'
import { followTail } from './history-tail'

/**
 * Field-level diff and patch of AssetQuotes. Main computes deltas with `diffAsset`; the renderer
 * and the CLI apply them with `applyAssetChange` / `applyDelta`. Values are plain JSON data, so a
 * structural comparison is exact.
 */

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  for (const key of aKeys) {
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}

const differs = (a: unknown, b: unknown): boolean => a !== b && !sameValue(a, b)

/**
 * Whether two underlying quotes say the same, written out field by field: a price poll gives most
 * assets a new one (its price moved), and sameValue's generic walk (two key lists each) cost more
 * than the rest of the asset's diff. test/shared/delta.test.ts checks that every field is compared.
 */
export function sameUnderlying(a: UnderlyingMarket | null, b: UnderlyingMarket | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  return (
    a.ticker === b.ticker &&
    a.name === b.name &&
    a.price === b.price &&
    a.high52w === b.high52w &&
    a.low52w === b.low52w &&
    a.volume === b.volume &&
    a.averageVolume === b.averageVolume &&
    a.sharesOutstanding === b.sharesOutstanding &&
    a.marketCap === b.marketCap
  )
}

/**
 * The fields of `next` that differ from `prev`, or null when none do. Written out field by field
 * (as applyAssetChange): named reads of one shape are some ten times faster than a loop over the
 * keys, and a poll diffs every quote. test/shared/delta.test.ts checks that every field of
 * AssetQuote is compared.
 */
export function diffAsset(prev: AssetQuote, next: AssetQuote): AssetChange['fields'] | null {
  if (prev === next) return null
  let f: AssetChange['fields'] | null = null
  if (differs(prev.name, next.name)) (f ??= {}).name = next.name
  if (differs(prev.ticker, next.ticker)) (f ??= {}).ticker = next.ticker
  if (differs(prev.price, next.price)) (f ??= {}).price = next.price
  if (differs(prev.priceTimestamp, next.priceTimestamp)) (f ??= {}).priceTimestamp = next.priceTimestamp
  if (differs(prev.change24h, next.change24h)) (f ??= {}).change24h = next.change24h
  if (differs(prev.changePct24h, next.changePct24h)) (f ??= {}).changePct24h = next.changePct24h
  if (differs(prev.history24h, next.history24h)) (f ??= {}).history24h = next.history24h
  if (differs(prev.holders, next.holders)) (f ??= {}).holders = next.holders
  if (differs(prev.sharesMultiplier, next.sharesMultiplier))
    (f ??= {}).sharesMultiplier = next.sharesMultiplier
  if (differs(prev.tradableSessions, next.tradableSessions))
    (f ??= {}).tradableSessions = next.tradableSessions
  if (differs(prev.otherSessions, next.otherSessions)) (f ??= {}).otherSessions = next.otherSessions
  if (differs(prev.constituentTokens, next.constituentTokens))
    (f ??= {}).constituentTokens = next.constituentTokens
  if (!sameUnderlying(prev.underlying, next.underlying)) (f ??= {}).underlying = next.underlying
  if (differs(prev.fairValue, next.fairValue)) (f ??= {}).fairValue = next.fairValue
  if (differs(prev.premiumPct, next.premiumPct)) (f ??= {}).premiumPct = next.premiumPct
  if (differs(prev.limits, next.limits)) (f ??= {}).limits = next.limits
  if (differs(prev.marketTimestamp, next.marketTimestamp)) (f ??= {}).marketTimestamp = next.marketTimestamp
  if (differs(prev.limitsTimestamp, next.limitsTimestamp)) (f ??= {}).limitsTimestamp = next.limitsTimestamp
  if (differs(prev.stale, next.stale)) (f ??= {}).stale = next.stale
  return f
}

/**
 * The asset with the given fields replaced. Written out field by field rather than as a spread:
 * every quote then has the same shape (emptyAsset's key order), which keeps each place that reads
 * quotes fast, and building one costs a fraction of a spread's. No field of a quote is ever
 * undefined, so an undefined field in `fields` means "unchanged".
 */
export function applyAssetChange(asset: AssetQuote, fields: AssetChange['fields']): AssetQuote {
  const f = fields
  return {
    symbol: asset.symbol,
    name: f.name !== undefined ? f.name : asset.name,
    ticker: f.ticker !== undefined ? f.ticker : asset.ticker,
    price: f.price !== undefined ? f.price : asset.price,
    priceTimestamp: f.priceTimestamp !== undefined ? f.priceTimestamp : asset.priceTimestamp,
    change24h: f.change24h !== undefined ? f.change24h : asset.change24h,
    changePct24h: f.changePct24h !== undefined ? f.changePct24h : asset.changePct24h,
    history24h: f.history24h !== undefined ? f.history24h : asset.history24h,
    holders: f.holders !== undefined ? f.holders : asset.holders,
    sharesMultiplier: f.sharesMultiplier !== undefined ? f.sharesMultiplier : asset.sharesMultiplier,
    tradableSessions: f.tradableSessions !== undefined ? f.tradableSessions : asset.tradableSessions,
    otherSessions: f.otherSessions !== undefined ? f.otherSessions : asset.otherSessions,
    constituentTokens: f.constituentTokens !== undefined ? f.constituentTokens : asset.constituentTokens,
    underlying: f.underlying !== undefined ? f.underlying : asset.underlying,
    fairValue: f.fairValue !== undefined ? f.fairValue : asset.fairValue,
    premiumPct: f.premiumPct !== undefined ? f.premiumPct : asset.premiumPct,
    limits: f.limits !== undefined ? f.limits : asset.limits,
    marketTimestamp: f.marketTimestamp !== undefined ? f.marketTimestamp : asset.marketTimestamp,
    limitsTimestamp: f.limitsTimestamp !== undefined ? f.limitsTimestamp : asset.limitsTimestamp,
    stale: f.stale !== undefined ? f.stale : asset.stale,
  }
}

/**
 * The delta's removals, additions and field changes applied to assets by symbol, in place: the one
 * place both sides apply a delta's assets (main and the CLI through applyDelta, the renderer's
 * store on its own map of quotes). A history tail that does not continue the history held leaves
 * that row without a history (followTail); returns those rows' symbols, so that the caller can ask
 * for a full snapshot.
 */
export function withDeltaAssets(bySymbol: Map<string, AssetQuote>, delta: Delta): string[] {
  const historiesMissed: string[] = []
  for (const symbol of delta.removed) bySymbol.delete(symbol)
  for (const asset of delta.added) bySymbol.set(asset.symbol, asset)
  for (const change of delta.changed) {
    const asset = bySymbol.get(change.symbol)
    if (!asset) continue
    const tail = change.historyTail
    if (tail === undefined) {
      bySymbol.set(change.symbol, applyAssetChange(asset, change.fields))
      continue
    }
    const history24h = followTail(asset.history24h, tail)
    if (history24h === null) historiesMissed.push(change.symbol)
    bySymbol.set(change.symbol, applyAssetChange(asset, { ...change.fields, history24h: history24h ?? [] }))
  }
  return historiesMissed
}

/**
 * Applies a delta to a full snapshot (used by the CLI `watch`, tests and a reloading renderer). A
 * history tail that does not continue the snapshot's history leaves that asset's history empty.
 */
export function applyDelta(snapshot: Snapshot, delta: Delta): Snapshot {
  const bySymbol = new Map(snapshot.assets.map((asset) => [asset.symbol, asset]))
  withDeltaAssets(bySymbol, delta)
  // A copy of the delta's order: added symbols it leaves out are appended below, and the delta
  // is the caller's.
  const order = delta.order
    ? [...delta.order]
    : snapshot.assets.map((asset) => asset.symbol).filter((symbol) => bySymbol.has(symbol))
  // A Set, not order.includes: a first delta of 10,000 added assets would otherwise cost 10^8 steps.
  const ordered = new Set(order)
  for (const asset of delta.added) {
    if (ordered.has(asset.symbol)) continue
    ordered.add(asset.symbol)
    order.push(asset.symbol)
  }
  return {
    asOf: delta.asOf,
    source: delta.source ?? snapshot.source,
    assets: order.flatMap((symbol) => bySymbol.get(symbol) ?? []),
    errors: delta.errors ?? snapshot.errors,
  }
}
