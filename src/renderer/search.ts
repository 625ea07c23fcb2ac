import type { ListedAsset } from '../shared/domain'

/**
 * Finds listed assets by symbol, ticker or name. Best matches first: an exact symbol or ticker,
 * then one that starts with the query, then a name with a word starting with it, then anything
 * containing it; ties keep the service's order.
 */
export function searchAssets(assets: readonly ListedAsset[], query: string, limit: number): ListedAsset[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return []
  const scored: { asset: ListedAsset; score: number; index: number }[] = []
  assets.forEach((asset, index) => {
    const score = matchScore(asset, needle)
    if (score !== null) scored.push({ asset, score, index })
  })
  scored.sort((a, b) => a.score - b.score || a.index - b.index)
  return scored.slice(0, limit).map((entry) => entry.asset)
}

function matchScore(asset: ListedAsset, needle: string): number | null {
  const codes = [asset.symbol.toLowerCase(), asset.ticker?.toLowerCase() ?? '']
  const name = asset.name?.toLowerCase() ?? ''
  if (codes.includes(needle)) return 0
  if (codes.some((code) => code.startsWith(needle))) return 1
  if (name.split(/[\s.,&-]+/).some((word) => word.startsWith(needle))) return 2
  if (codes.some((code) => code.includes(needle)) || name.includes(needle)) return 3
  return null
}
