import { applyDelta, withDeltaAssets } from '../../../../shared/delta'
import type { AssetQuote, Delta, Snapshot } from '../../../../shared/domain'

/**
 * The main thread's mirror of the worker's rows: the snapshot every delta piece so far gives
 * (applyDelta's result), built only when asked for.
 *
 * A market poll changes every row, and its delta comes in pieces of about ten rows
 * (delta-pieces.ts): applyDelta on each piece rebuilt the whole snapshot (a map, a set and two
 * arrays of every row), so 500 rows cost fifty rebuilds of 500 per poll, the main thread's
 * largest garbage at 10,000 listed (a CPU profile of the main-thread run). A piece that only
 * changes rows is applied to a map of the rows, in place; the snapshot is built again once,
 * when next read. Added or removed rows, or a new order, go through applyDelta as before.
 */
export class DeltaMirror {
  private current: Snapshot
  /** Every row by symbol, as the pieces so far left them. */
  private rows: Map<string, AssetQuote>
  /** Whether `rows` holds changes that `current` does not show yet. */
  private behind = false

  constructor(snapshot: Snapshot) {
    this.current = snapshot
    this.rows = rowsOf(snapshot)
  }

  reset(snapshot: Snapshot): void {
    this.current = snapshot
    this.rows = rowsOf(snapshot)
    this.behind = false
  }

  apply(delta: Delta): void {
    if (delta.added.length > 0 || delta.removed.length > 0 || delta.order) {
      this.reset(applyDelta(this.snapshot(), delta))
      return
    }
    withDeltaAssets(this.rows, delta)
    this.behind ||= delta.changed.length > 0
    this.current = {
      asOf: delta.asOf,
      source: delta.source ?? this.current.source,
      assets: this.current.assets,
      errors: delta.errors ?? this.current.errors,
    }
  }

  snapshot(): Snapshot {
    if (!this.behind) return this.current
    const rows = this.rows
    this.current = {
      ...this.current,
      assets: this.current.assets.map((asset) => rows.get(asset.symbol) ?? asset),
    }
    this.behind = false
    return this.current
  }
}

function rowsOf(snapshot: Snapshot): Map<string, AssetQuote> {
  return new Map(snapshot.assets.map((asset) => [asset.symbol, asset]))
}
