import type { AssetChange, AssetQuote, Delta, HistoryPoint, HistoryTail } from './domain'

/**
 * A delta as the app's main thread passes it on from the poll worker to the window: its 24-hour
 * histories (changed and added) taken out and carried as one JSON text, `histories`.
 *
 * A market poll changes every row's history. Most go as a tail of a point or two (HistoryTail), but
 * a new row's, or one that changed otherwise, goes whole, about a hundred points: as objects, 500 rows
 * are some 100,000 small values that the main thread builds when the worker's message arrives
 * and copies again into the window's message, and whose garbage collections were most of its
 * longest stalls (BENCHMARKS.md, main thread). As one text each piece is a single value to copy,
 * and the main thread never needed the points: it keeps its rows without histories. The window
 * puts them back (unpackHistories) before it applies the delta.
 */
export interface PackedDelta extends Delta {
  /**
   * JSON of [symbol, points or tail][]: the histories taken out of `changed` and `added`, each
   * whole (an array of points) or as its change's HistoryTail (an object).
   */
  histories?: string
}

type PackedHistories = [symbol: string, history: HistoryPoint[] | HistoryTail][]

/** The delta with its histories and tails moved into `histories`; the same delta when it carries none. */
export function packHistories(delta: Delta): PackedDelta {
  const histories: PackedHistories = []
  const changed = delta.changed.map((change): AssetChange => {
    const { history24h, ...fields } = change.fields
    const history = change.historyTail ?? history24h
    if (history === undefined) return change
    histories.push([change.symbol, history])
    return { symbol: change.symbol, fields }
  })
  const added = delta.added.map((asset): AssetQuote => {
    if (asset.history24h.length === 0) return asset
    histories.push([asset.symbol, asset.history24h])
    return { ...asset, history24h: [] }
  })
  if (histories.length === 0) return delta
  return { ...delta, changed, added, histories: JSON.stringify(histories) }
}

/** The delta as it was packed: each history back in its change or added asset. */
export function unpackHistories(packed: PackedDelta): Delta {
  const { histories: text, ...delta } = packed
  if (text === undefined) return delta
  const histories = new Map(JSON.parse(text) as PackedHistories)
  return {
    ...delta,
    changed: delta.changed.map((change) => {
      const history = histories.get(change.symbol)
      if (history === undefined) return change
      return Array.isArray(history)
        ? { symbol: change.symbol, fields: { ...change.fields, history24h: history } }
        : { symbol: change.symbol, fields: change.fields, historyTail: history }
    }),
    added: delta.added.map((asset) => {
      const history = histories.get(asset.symbol)
      return Array.isArray(history) ? { ...asset, history24h: history } : asset
    }),
  }
}
