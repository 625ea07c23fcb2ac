import { applyAssetChange, diffAsset } from '../../../shared/delta'
import {
  type AssetChange,
  type AssetQuote,
  type Delta,
  type HistoryTail,
  type Snapshot,
  type SnapshotError,
  type SnapshotSource,
  emptyAsset,
  sameServiceAs,
} from '../../../shared/domain'
import type { EndpointName } from '../../../shared/status'
import { applyLimitsRecord, applyMarketRecordButHistory, applyPriceRecord } from '../api/wire/normalize'
import type { WireMarketRecord, WirePriceRecord } from '../api/wire/wire'
import type { LimitsWithTime } from '../api/wire/wire-parse'
import { PackedHistory } from './packed-history'

export type ErrorSlot = 'prices' | 'market' | 'limits'

/**
 * Holds the normalised snapshot of the watchlist and turns each change into a Delta.
 *
 * Records are folded in as they arrive (`apply*`); `commit()` then compares each asset with what
 * was last committed and returns only what changed, or null when nothing did, so nothing is
 * pushed. Assets are immutable values: an unchanged record keeps its object, so most of the diff
 * is a reference check.
 *
 * Everything the state knows of one symbol sits in one entry (BENCHMARKS.md, pipeline), so a poll
 * of thousands of assets costs at most one map lookup per record and none per asset at commit.
 *
 * Each entry's 24-hour history is held packed (PackedHistory), beside an asset whose own
 * `history24h` stays empty; snapshots and deltas get the points back, so what leaves the state is
 * as if it held them as objects.
 */

/** An asset as pushed: its fields, and its history apart. */
interface Pushed {
  asset: AssetQuote
  history: PackedHistory
}

interface Entry {
  /** The asset without its history (`history24h` empty), and its history packed. */
  asset: AssetQuote
  history: PackedHistory
  /** What the last commit pushed for this symbol; undefined when it never was. */
  committed: Pushed | undefined
  /** When our own clock last saw fresh price or market data for it (for staleness). */
  seenAt: number | undefined
}

export class SnapshotState {
  /** The watchlist's symbols, each with its entry. */
  private entries = new Map<string, Entry>()
  private order: string[] = []
  private errorsBySlot = new Map<ErrorSlot, SnapshotError[]>()
  private source: SnapshotSource
  private asOf = 0

  /** Symbols that left the watchlist since the last commit, with what had been pushed for them. */
  private readonly leftSinceCommit = new Map<string, Pushed>()
  private committedOrder: string[] = []
  private committedErrors: SnapshotError[] = []
  /** Whether errors were set since the last commit: only then can they differ from those committed. */
  private errorsSet = false
  private committedSource: SnapshotSource
  /**
   * Per endpoint, the entry each position of its last answer fell on. A service lists its assets
   * in the same order poll after poll, so a record usually finds its entry where the last one at
   * its position did, checked by symbol; only a miss looks the symbol up. The lookup (hashing a
   * string just parsed, probing the map) was a quarter of folding a poll of 10,000 prices.
   * Cleared when the watchlist changes, as a symbol added back gets a new entry.
   */
  private entriesAtPosition = noPositionsKnown()

  constructor(source: SnapshotSource, watchlist: readonly string[] = []) {
    this.source = source
    this.committedSource = source
    this.setWatchlist(watchlist)
  }

  /** Starts from a cached snapshot of the same service (shown stale until the first poll answers). */
  seed(snapshot: Snapshot): void {
    if (!sameServiceAs(snapshot.source, this.source)) return
    for (const asset of snapshot.assets) {
      const entry = this.entries.get(asset.symbol)
      if (!entry) continue
      entry.asset = applyAssetChange(asset, { stale: true, history24h: NO_POINTS })
      entry.history = PackedHistory.of(asset.history24h)
    }
    this.asOf = snapshot.asOf
  }

  setWatchlist(symbols: readonly string[]): void {
    const next = new Map<string, Entry>()
    for (const symbol of symbols) {
      if (next.has(symbol)) continue
      const entry = this.entries.get(symbol)
      if (entry) next.set(symbol, entry)
      else {
        // New, or back before a commit said it left: starts empty, but the last push still stands.
        next.set(symbol, {
          asset: emptyAsset(symbol),
          history: PackedHistory.EMPTY,
          committed: this.leftSinceCommit.get(symbol),
          seenAt: undefined,
        })
        this.leftSinceCommit.delete(symbol)
      }
    }
    const left = new Set<string>()
    for (const [symbol, entry] of this.entries) {
      if (next.has(symbol)) continue
      left.add(symbol)
      if (entry.committed) this.leftSinceCommit.set(symbol, entry.committed)
    }
    this.entries = next
    this.entriesAtPosition = noPositionsKnown()
    this.order = [...symbols]
    this.forgetErrorsAbout(left)
  }

  /**
   * A symbol that left the list takes its errors with it at once, not at its endpoints' next polls
   * (limits may be polled only once an hour).
   */
  private forgetErrorsAbout(symbols: ReadonlySet<string>): void {
    for (const [slot, errors] of this.errorsBySlot)
      this.setErrors(
        slot,
        errors.filter((error) => !symbols.has(error.scope)),
      )
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
    for (const [symbol, entry] of this.entries) {
      entry.asset = emptyAsset(symbol)
      entry.history = PackedHistory.EMPTY
      entry.seenAt = undefined
    }
  }

  applyPrices(records: readonly WirePriceRecord[], receivedAt: number): void {
    this.fold(
      'prices',
      records,
      (record) => record.primaryMarket.symbol,
      (entry, record) => applyPriceRecord(entry.asset, record),
      receivedAt,
    )
  }

  applyMarket(records: readonly WireMarketRecord[], receivedAt: number): void {
    this.fold(
      'market',
      records,
      (record) => record.primaryMarket.symbol,
      (entry, record) => {
        entry.history = entry.history.following(record.primaryMarket.priceHistory24h)
        return applyMarketRecordButHistory(entry.asset, record)
      },
      receivedAt,
    )
  }

  applyLimits(records: readonly LimitsWithTime[]): void {
    this.fold(
      'limits',
      records,
      (record) => record.symbol,
      (entry, record) => applyLimitsRecord(entry.asset, record),
    )
  }

  /** Replaces the errors one endpoint reported in its latest attempt. */
  setErrors(slot: ErrorSlot, errors: SnapshotError[]): void {
    this.errorsSet = true
    if (errors.length === 0) this.errorsBySlot.delete(slot)
    else this.errorsBySlot.set(slot, errors)
  }

  /**
   * Marks each asset stale when we have not seen fresh data for it within `maxAgeMs`. An asset
   * never seen at all is loading, not stale, unless it was seeded from the cache.
   */
  updateStaleness(now: number, maxAgeMs: number): void {
    for (const entry of this.entries.values()) {
      const { asset, seenAt } = entry
      const stale = seenAt === undefined ? asset.stale : now - seenAt > maxAgeMs
      if (stale !== asset.stale) entry.asset = applyAssetChange(asset, { stale })
    }
  }

  /** When the next fresh asset will turn stale, or null when none is fresh. */
  nextStaleAt(maxAgeMs: number): number | null {
    let next: number | null = null
    for (const { asset, seenAt } of this.entries.values()) {
      if (seenAt === undefined || asset.stale) continue
      if (next === null || seenAt + maxAgeMs < next) next = seenAt + maxAgeMs
    }
    return next
  }

  snapshot(): Snapshot {
    return {
      asOf: this.asOf,
      source: this.source,
      assets: this.order.map((symbol) => {
        const entry = this.entries.get(symbol)
        return entry ? withHistory(entry) : emptyAsset(symbol)
      }),
      errors: this.errors(),
    }
  }

  /**
   * What changed since the last commit, or null when nothing did. Only assets whose object was
   * replaced since are compared.
   */
  commit(now: number): Delta | null {
    const changed: AssetChange[] = []
    const added: AssetQuote[] = []
    for (const [symbol, entry] of this.entries) {
      const { asset, history, committed } = entry
      if (committed?.asset === asset && committed.history === history) continue
      // Taken as committed at once: an object replaced by an equal one is then skipped next time.
      entry.committed = { asset, history }
      if (!committed) added.push(withHistory(entry))
      else {
        let fields = diffAsset(committed.asset, asset)
        let historyTail: HistoryTail | null = null
        if (!history.sameAs(committed.history)) {
          // What changed since the history last pushed (the window slid, a new last point), else all of it.
          historyTail = history.continuing(committed.history)
          if (!historyTail) (fields ??= {}).history24h = history.points()
        }
        if (historyTail) changed.push({ symbol, fields: fields ?? {}, historyTail })
        else if (fields) changed.push({ symbol, fields })
      }
    }
    const removed = [...this.leftSinceCommit.keys()]
    const orderChanged = !sameList(this.order, this.committedOrder)
    // Compared only after a poll set them: a streamed frame sets none, and comes five times a second.
    const errors = this.errorsSet ? this.errors() : this.committedErrors
    const errorsChanged = this.errorsSet && JSON.stringify(errors) !== JSON.stringify(this.committedErrors)
    this.errorsSet = false
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
    this.leftSinceCommit.clear()
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
    endpoint: EndpointName,
    records: readonly R[],
    symbolOf: (record: R) => string,
    apply: (entry: Entry, record: R) => AssetQuote,
    receivedAt?: number,
  ) {
    const atPosition = this.entriesAtPosition[endpoint]
    for (let position = 0; position < records.length; position++) {
      const record = records[position] as R
      const symbol = symbolOf(record)
      let entry = atPosition[position]
      if (entry?.asset.symbol !== symbol) {
        entry = this.entries.get(symbol)
        atPosition[position] = entry
      }
      if (!entry) continue
      const next = apply(entry, record)
      if (receivedAt === undefined) entry.asset = next
      else {
        entry.seenAt = receivedAt
        entry.asset = next.stale ? applyAssetChange(next, { stale: false }) : next
      }
    }
  }
}

/** The `history24h` of every asset an entry holds: its points are in the entry's PackedHistory. */
const NO_POINTS: AssetQuote['history24h'] = []

/** The entry's asset with its history's points, as a snapshot or an added asset carries it. */
function withHistory(entry: Entry): AssetQuote {
  return entry.history.length === 0 ? entry.asset : { ...entry.asset, history24h: entry.history.points() }
}

function noPositionsKnown(): Record<EndpointName, (Entry | undefined)[]> {
  return { prices: [], market: [], limits: [] }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}
