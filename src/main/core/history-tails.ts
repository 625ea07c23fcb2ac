import type { AssetChange, Delta, HistoryPoint, Snapshot } from '../../shared/domain'

/**
 * 24-hour histories cross from the poll worker to the main thread as tails. Each market poll
 * brings every row's history again (96 points), yet from one poll to the next it only moves at its
 * end: the latest point changes, and now and then the oldest drops off as a new one is added. So
 * the worker sends, for a history that still shares a run of points with the one it sent before,
 * where that run starts and how long it is, and the points after it; the main thread, which holds
 * the history sent before in its mirror, rebuilds the whole one and pushes that on as usual.
 * 500 rows' histories then cost the main thread a few hundred points a minute instead of 48,000
 * (their copying in, and the garbage collections of all those objects, held it for up to 100 ms).
 */

export interface HistoryTail {
  /** Where the run of unchanged points starts in the history sent before. */
  from: number
  /** How many points the run holds. */
  keep: number
  /** The points after the run. */
  points: HistoryPoint[]
}

/** A change as the worker sends it: a history in `historyTail` is not in `fields.history24h`. */
export interface WorkerChange extends AssetChange {
  historyTail?: HistoryTail
}

export interface WorkerDelta extends Omit<Delta, 'changed'> {
  changed: WorkerChange[]
}

const samePoint = (a: HistoryPoint | undefined, b: HistoryPoint | undefined) =>
  a !== undefined && b !== undefined && a.t === b.t && a.price === b.price

/** The tail that turns `before` into `after`, or null when they share no run (or nothing is saved). */
export function historyTail(before: readonly HistoryPoint[], after: readonly HistoryPoint[]): HistoryTail | null {
  const first = after[0]
  if (!first) return null
  // Points are in time order, so the run can only start where `after` starts.
  const from = before.findIndex((point) => point.t === first.t)
  if (from < 0) return null
  let keep = 0
  while (from + keep < before.length && keep < after.length && samePoint(before[from + keep], after[keep])) keep++
  if (keep === 0) return null
  return { from, keep, points: after.slice(keep) }
}

/** The worker's side: remembers the history it last sent for each symbol. */
export class HistoryTailEncoder {
  private readonly sent = new Map<string, readonly HistoryPoint[]>()

  /** A whole snapshot went out (the worker's first): its histories are what the main thread holds. */
  sentSnapshot(snapshot: Snapshot): void {
    this.sent.clear()
    for (const asset of snapshot.assets) this.sent.set(asset.symbol, asset.history24h)
  }

  encode(delta: Delta): WorkerDelta {
    for (const symbol of delta.removed) this.sent.delete(symbol)
    for (const asset of delta.added) this.sent.set(asset.symbol, asset.history24h)
    const changed = delta.changed.map((change): WorkerChange => {
      const history = change.fields.history24h
      if (history === undefined) return change
      const before = this.sent.get(change.symbol)
      this.sent.set(change.symbol, history)
      const tail = before ? historyTail(before, history) : null
      if (!tail) return change
      const { history24h: _sentAsTail, ...fields } = change.fields
      return { symbol: change.symbol, fields, historyTail: tail }
    })
    return { ...delta, changed }
  }
}

/**
 * The main thread's side: the delta with each tail rebuilt into the whole history, from the one
 * `heldHistory` gives (the mirror's, which is the one the worker sent before).
 */
export function expandHistoryTails(
  delta: WorkerDelta,
  heldHistory: (symbol: string) => readonly HistoryPoint[] | undefined,
): Delta {
  const changed = delta.changed.map(({ historyTail: tail, ...change }): AssetChange => {
    if (!tail) return change
    const held = heldHistory(change.symbol)
    if (!held || held.length < tail.from + tail.keep)
      throw new Error(`the history of ${change.symbol} held here is not the one its tail follows`)
    const history24h = [...held.slice(tail.from, tail.from + tail.keep), ...tail.points]
    return { symbol: change.symbol, fields: { ...change.fields, history24h } }
  })
  return { ...delta, changed }
}
