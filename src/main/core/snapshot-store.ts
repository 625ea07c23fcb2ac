import { diffAsset } from '../../shared/delta'
import {
  type AssetChange,
  type AssetQuote,
  type Delta,
  type Snapshot,
  type SnapshotError,
  type SnapshotSource,
  emptyAsset,
} from '../../shared/domain'
import { applyLimitsRecord, applyMarketRecord, applyPriceRecord } from '../../shared/normalize'
import type { LimitsWithTime, WireMarketRecord, WirePriceRecord } from '../../shared/wire'

export type ErrorSlot = 'prices' | 'market' | 'limits' | 'listing'

/**
 * Holds the normalised snapshot of the watchlist and turns each change into a Delta.
 *
 * Records are folded in as they arrive (`apply*`); `commit()` then compares every asset with what
 * was last committed and returns only what changed, or null when nothing did, so nothing is
 * pushed. Assets are immutable values: an unchanged record keeps its object, so most of the diff
 * is a reference check.
 */
export class SnapshotStore {
  private assets = new Map<string, AssetQuote>()
  private order: string[] = []
  private errorsBySlot = new Map<ErrorSlot, SnapshotError[]>()
  /** When our own clock last saw fresh price or market data for each symbol (for staleness). */
  private readonly seenAt = new Map<string, number>()
  private source: SnapshotSource
  private asOf = 0

  private committedAssets = new Map<string, AssetQuote>()
  private committedOrder: string[] = []
  private committedErrors: SnapshotError[] = []
  private committedSource: SnapshotSource

  constructor(source: SnapshotSource, watchlist: readonly string[] = []) {
    this.source = source
    this.committedSource = source
    this.setWatchlist(watchlist)
  }

  /** Starts from a cached snapshot of the same service (shown stale until the first poll answers). */
  seed(snapshot: Snapshot): void {
    if (!sameServiceAs(snapshot.source, this.source)) return
    for (const asset of snapshot.assets) {
      if (this.assets.has(asset.symbol)) this.assets.set(asset.symbol, { ...asset, stale: true })
    }
    this.asOf = snapshot.asOf
  }

  setWatchlist(symbols: readonly string[]): void {
    const next = new Map<string, AssetQuote>()
    for (const symbol of symbols) next.set(symbol, this.assets.get(symbol) ?? emptyAsset(symbol))
    this.assets = next
    this.order = [...symbols]
    for (const symbol of this.seenAt.keys()) if (!next.has(symbol)) this.seenAt.delete(symbol)
  }

  watchlist(): readonly string[] {
    return this.order
  }

  /**
   * Another service now: forget the old one's data rather than mix the two (its timestamps could
   * even be ahead of the new service's and hide its answers). The rows stay, empty until polled.
   */
  setSource(source: SnapshotSource): void {
    const sameService = sameServiceAs(source, this.source)
    this.source = source
    if (sameService) return
    for (const symbol of this.order) this.assets.set(symbol, emptyAsset(symbol))
    this.seenAt.clear()
  }

  applyPrices(records: readonly WirePriceRecord[], receivedAt: number): void {
    this.fold(records, (record) => record.primaryMarket.symbol, applyPriceRecord, receivedAt)
  }

  applyMarket(records: readonly WireMarketRecord[], receivedAt: number): void {
    this.fold(records, (record) => record.primaryMarket.symbol, applyMarketRecord, receivedAt)
  }

  applyLimits(records: readonly LimitsWithTime[]): void {
    this.fold(records, (record) => record.symbol, applyLimitsRecord)
  }

  /** Replaces the errors one endpoint reported in its latest attempt. */
  setErrors(slot: ErrorSlot, errors: SnapshotError[]): void {
    if (errors.length === 0) this.errorsBySlot.delete(slot)
    else this.errorsBySlot.set(slot, errors)
  }

  /**
   * Marks each asset stale when we have not seen fresh data for it within `maxAgeMs`. An asset
   * never seen at all is loading, not stale, unless it was seeded from the cache.
   */
  updateStaleness(now: number, maxAgeMs: number): void {
    for (const [symbol, asset] of this.assets) {
      const seen = this.seenAt.get(symbol)
      const stale = seen === undefined ? asset.stale : now - seen > maxAgeMs
      if (stale !== asset.stale) this.assets.set(symbol, { ...asset, stale })
    }
  }

  /** When the next fresh asset will turn stale, or null when none is fresh. */
  nextStaleAt(maxAgeMs: number): number | null {
    let next: number | null = null
    for (const [symbol, asset] of this.assets) {
      const seen = this.seenAt.get(symbol)
      if (seen === undefined || asset.stale) continue
      if (next === null || seen + maxAgeMs < next) next = seen + maxAgeMs
    }
    return next
  }

  asset(symbol: string): AssetQuote | undefined {
    return this.assets.get(symbol)
  }

  snapshot(): Snapshot {
    return {
      asOf: this.asOf,
      source: this.source,
      assets: this.order.map((symbol) => this.assets.get(symbol) ?? emptyAsset(symbol)),
      errors: this.errors(),
    }
  }

  /** What changed since the last commit, or null when nothing did. */
  commit(now: number): Delta | null {
    const changed: AssetChange[] = []
    const added: AssetQuote[] = []
    for (const [symbol, asset] of this.assets) {
      const before = this.committedAssets.get(symbol)
      if (!before) {
        added.push(asset)
        continue
      }
      const fields = diffAsset(before, asset)
      if (fields) changed.push({ symbol, fields })
    }
    const removed = [...this.committedAssets.keys()].filter((symbol) => !this.assets.has(symbol))
    const orderChanged = !sameList(this.order, this.committedOrder)
    const errors = this.errors()
    const errorsChanged = JSON.stringify(errors) !== JSON.stringify(this.committedErrors)
    const sourceChanged =
      this.source.baseUrl !== this.committedSource.baseUrl || this.source.demo !== this.committedSource.demo

    if (
      !changed.length &&
      !added.length &&
      !removed.length &&
      !orderChanged &&
      !errorsChanged &&
      !sourceChanged
    )
      return null

    this.asOf = now
    this.committedAssets = new Map(this.assets)
    this.committedOrder = [...this.order]
    this.committedErrors = errors
    this.committedSource = this.source
    const delta: Delta = { asOf: now, changed, added, removed }
    if (orderChanged) delta.order = [...this.order]
    if (errorsChanged) delta.errors = errors
    if (sourceChanged) delta.source = this.source
    return delta
  }

  private errors(): SnapshotError[] {
    return [...this.errorsBySlot.values()].flat()
  }

  /** Folds records of watchlist symbols into their assets; records of other symbols are ignored. */
  private fold<R>(
    records: readonly R[],
    symbolOf: (record: R) => string,
    apply: (asset: AssetQuote, record: R) => AssetQuote,
    receivedAt?: number,
  ) {
    for (const record of records) {
      const symbol = symbolOf(record)
      const asset = this.assets.get(symbol)
      if (!asset) continue
      const next = apply(asset, record)
      if (receivedAt === undefined) this.assets.set(symbol, next)
      else {
        this.seenAt.set(symbol, receivedAt)
        this.assets.set(symbol, next.stale ? { ...next, stale: false } : next)
      }
    }
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

/** Demo mode is one service whatever port its simulator got; otherwise the base URL says. */
export function sameServiceAs(a: SnapshotSource, b: SnapshotSource): boolean {
  return a.demo && b.demo ? true : a.demo === b.demo && a.baseUrl === b.baseUrl
}
