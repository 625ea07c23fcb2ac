import type { AssetChange, Delta } from '../../shared/domain'

/**
 * A delta cut into pieces that each cost the receiving thread little. A market poll changes every
 * row's 24-hour history (about a hundred points each): as one message, 500 such rows held the app's
 * main thread for 40 ms and more (copying it in, then out to the window as Electron's IPC does).
 * Cut into pieces, the event loop runs between them: a click or a tray menu waits for one piece
 * at most.
 *
 * The first piece carries everything but the tail of `changed` (added and removed assets, order,
 * errors, source), so each piece applied in turn gives the same snapshot as the whole delta; the
 * others carry only changed assets, with the same asOf. The receiver must also handle them apart
 * (PacedQueue).
 */

/** About 2 ms of the main thread's work per piece on the development machine (BENCHMARKS.md). */
export const PIECE_WEIGHT = 4_000

/** A change costs in proportion to the values it carries; a history counts each of its points. */
function weightOf(change: AssetChange): number {
  return 1 + (change.fields.history24h?.length ?? 0)
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
  if (current.length > 0 || pieces.length === 0)
    pieces.push({ asOf: delta.asOf, changed: current, added: [], removed: [] })
  const first = pieces[0]!
  pieces[0] = { ...delta, changed: first.changed }
  return pieces
}

/**
 * Handles items one at a time with a turn of the event loop after each heavy one (a delta piece).
 * A message port hands its receiver every message already queued in one go, so pieces that
 * arrive together would otherwise be handled back to back, as if never cut. Every message goes
 * through it, not only deltas, so that nothing overtakes a delta received before it.
 */
export class PacedQueue<T> {
  private readonly queue: T[] = []
  private scheduled = false

  constructor(
    private readonly handle: (item: T) => void,
    private readonly isHeavy: (item: T) => boolean,
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
        setImmediate(() => this.drain())
        return
      }
    }
  }
}
