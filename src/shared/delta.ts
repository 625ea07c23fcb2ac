import type { AssetChange, AssetQuote, Delta, Snapshot } from './domain'

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

/** The fields of `next` that differ from `prev`, or null when none do. */
export function diffAsset(prev: AssetQuote, next: AssetQuote): AssetChange['fields'] | null {
  if (prev === next) return null
  let fields: Record<string, unknown> | null = null
  for (const key of Object.keys(next) as (keyof AssetQuote)[]) {
    if (key === 'symbol') continue
    if (!sameValue(prev[key], next[key])) (fields ??= {})[key] = next[key]
  }
  return fields as AssetChange['fields'] | null
}

export function applyAssetChange(asset: AssetQuote, fields: AssetChange['fields']): AssetQuote {
  return { ...asset, ...fields }
}

/** Applies a delta to a full snapshot (used by the CLI `watch`, tests and a reloading renderer). */
export function applyDelta(snapshot: Snapshot, delta: Delta): Snapshot {
  const bySymbol = new Map(snapshot.assets.map((asset) => [asset.symbol, asset]))
  for (const symbol of delta.removed) bySymbol.delete(symbol)
  for (const asset of delta.added) bySymbol.set(asset.symbol, asset)
  for (const change of delta.changed) {
    const asset = bySymbol.get(change.symbol)
    if (asset) bySymbol.set(change.symbol, applyAssetChange(asset, change.fields))
  }
  const order =
    delta.order ?? snapshot.assets.map((asset) => asset.symbol).filter((symbol) => bySymbol.has(symbol))
  for (const asset of delta.added) if (!order.includes(asset.symbol)) order.push(asset.symbol)
  return {
    asOf: delta.asOf,
    source: delta.source ?? snapshot.source,
    assets: order.flatMap((symbol) => bySymbol.get(symbol) ?? []),
    errors: delta.errors ?? snapshot.errors,
  }
}
