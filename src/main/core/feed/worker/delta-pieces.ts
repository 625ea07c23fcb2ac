import type { AssetChange, Delta } from '../../../../shared/domain'

/**
 * A delta cut into pieces that each cost the receiving thread little. A market poll changes every
 * row's 24-hour history (about a hundred points each): as one message, hundreds of such rows held
 * the app's main thread for tens of milliseconds (copying it in, then out to the window as
 * Electron's IPC does; BENCHMARKS.md, "Measurements behind the code").
 * Cut into pieces, the event loop runs between them: a click or a tray menu waits for one piece
 * at most.
 *
 * The first piece carries everything but the tail of `changed` (added and removed assets, order,
 * errors, source), so each piece applied in turn gives the same snapshot as the whole delta; the
 * others carry only changed assets, with the same asOf. They must also travel and be handled
 * apart (PacedQueue).
 */

/**
 * About ten histories a piece: forty a piece made the main thread's longest task at a market poll
 * several times longer (BENCHMARKS.md, "Measurements behind the code"); smaller pieces also spread
 * the garbage collection of the copies.
 */
export const PIECE_WEIGHT = 1_000

/**
 * A change costs in proportion to the values it carries; a history counts each of its points, a
 * history's tail each of its new points.
 */
function weightOf(change: AssetChange): number {
  return 1 + (change.fields.history24h?.length ?? change.historyTail?.points.length ?? 0)
}

export function deltaPieces(delta: Delta, maxWeight: number = PIECE_WEIGHT): Delta[] {
  const pieces: Delta[] = []
  let current: AssetChange[] = []
  let weight = 0
  for (const change of delta.changed) {
    const changeWeight = weightOf(change)
    if (current.length > 0 && weight + changeWeight > maxWeight) {
      pieces.push({ asOf: delta.asOf, changed: current, added: [], removed: [] })
      current = []
      weight = 0
    }
    current.push(change)
    weight += changeWeight
  }
  // The last piece (the only one, empty, for a delta without changes): never empty otherwise.
  pieces.push({ asOf: delta.asOf, changed: current, added: [], removed: [] })
  const first = pieces[0]!
  pieces[0] = { ...delta, changed: first.changed }
  return pieces
}

/** How long the worker waits after posting a delta piece before it posts the next message. */
export const PIECE_GAP_MS = 4

/**
 * Handles items in order, one at a time, pausing after each heavy one (a delta piece): for
 * `gapMs`, or for a turn of the event loop when 0. Both ends use one. The worker's spaces its
 * messages out: a message port delivers every message already queued in one go, copying each in
 * (deserialising hundreds of histories at once held the main thread far too long). The main
 * thread's takes a turn between pieces that arrive together all the same (it was busy). Every
 * message goes through it, not only deltas, so that nothing overtakes a piece before it.
 */
export class PacedQueue<T> {
  private readonly queue: T[] = []
  private scheduled = false

  constructor(
    private readonly handle: (item: T) => void,
    private readonly isHeavy: (item: T) => boolean,
    private readonly gapMs = 0,
  ) {}

  push(item: T): void {
    this.queue.push(item)
    if (!this.scheduled) this.drain()
  }

  private drain(): void {
    this.scheduled = false
    for (let item = this.queue.shift(); item !== undefined; item = this.queue.shift()) {
      this.handle(item)
      // After a heavy one, even with nothing queued yet: what arrives in this turn waits a turn.
      if (this.isHeavy(item)) {
        this.scheduled = true
        if (this.gapMs > 0) setTimeout(() => this.drain(), this.gapMs)
        else setImmediate(() => this.drain())
        return
      }
    }
  }
}
