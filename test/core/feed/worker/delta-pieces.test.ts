import { describe, expect, it, vi } from 'vitest'
import { PacedQueue, PIECE_WEIGHT, deltaPieces } from '../../../../src/main/core/feed/worker/delta-pieces'
import { applyDelta } from '../../../../src/shared/delta'
import { type AssetChange, type Delta, type Snapshot, emptyAsset } from '../../../../src/shared/domain'

/** Deltas cut into pieces for the main thread: the same result, in bounded pieces, in order. */

const history = (points: number) =>
  Array.from({ length: points }, (_, index) => ({ t: index * 900_000, price: `${100 + index}.25` }))

function marketDelta(rows: number): Delta {
  const changed: AssetChange[] = Array.from({ length: rows }, (_, index) => ({
    symbol: `S${index}on`,
    fields: { price: `${index}.5`, history24h: history(96) },
  }))
  return {
    asOf: 1_000,
    changed,
    added: [emptyAsset('NEWon')],
    removed: ['S0on'],
    order: [...changed.map((change) => change.symbol).filter((s) => s !== 'S0on'), 'NEWon'],
    errors: [{ scope: 'S3on', code: 'INVALID_RECORD', message: 'one record could not be read' }],
  }
}

const snapshotOf = (rows: number): Snapshot => ({
  asOf: 0,
  source: { baseUrl: 'http://127.0.0.1:1', demo: true },
  assets: Array.from({ length: rows }, (_, index) => emptyAsset(`S${index}on`)),
  errors: [],
})

describe('deltaPieces', () => {
  it('gives, piece by piece, the snapshot the whole delta gives', () => {
    const delta = marketDelta(500)
    const pieces = deltaPieces(delta)
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.reduce(applyDelta, snapshotOf(500))).toEqual(applyDelta(snapshotOf(500), delta))
    expect(pieces.flatMap((piece) => piece.changed)).toEqual(delta.changed)
    expect(pieces.every((piece) => piece.asOf === delta.asOf)).toBe(true)
  })

  it('keeps every piece within its weight, a history counting each of its points', () => {
    for (const piece of deltaPieces(marketDelta(500))) {
      const weight = piece.changed.reduce(
        (sum, change) => sum + 1 + (change.fields.history24h?.length ?? 0),
        0,
      )
      expect(weight).toBeLessThanOrEqual(PIECE_WEIGHT)
    }
  })

  it("weighs a history's tail by its new points: 500 rows' tails of two points are two pieces", () => {
    const minute = marketDelta(500)
    minute.changed = minute.changed.map(({ symbol, fields: { history24h, ...fields } }) => ({
      symbol,
      fields,
      historyTail: {
        base: { length: 96, lastT: 95 * 900_000, digest: 1 },
        drop: 0,
        keep: 94,
        points: history24h!.slice(94),
      },
    }))
    const pieces = deltaPieces(minute)
    expect(pieces).toHaveLength(2)
    expect(pieces.flatMap((piece) => piece.changed)).toEqual(minute.changed)
  })

  it('leaves a delta of up to one piece whole, and an empty one as one piece', () => {
    const prices: Delta = {
      asOf: 5,
      // Weighing one piece exactly: each price-only change weighs 1.
      changed: Array.from({ length: PIECE_WEIGHT }, (_, i) => ({
        symbol: `S${i}on`,
        fields: { price: '1.5' },
      })),
      added: [],
      removed: [],
    }
    expect(deltaPieces(prices)).toEqual([prices])
    const errorsOnly: Delta = { asOf: 6, changed: [], added: [], removed: [], errors: [] }
    expect(deltaPieces(errorsOnly)).toEqual([errorsOnly])
  })

  it('sends a change heavier than a piece on its own rather than dropping it', () => {
    const heavy: Delta = {
      asOf: 7,
      changed: [{ symbol: 'AAPLon', fields: { history24h: history(PIECE_WEIGHT * 2) } }],
      added: [],
      removed: [],
    }
    expect(deltaPieces(heavy)).toEqual([heavy])
  })
})

describe('PacedQueue', () => {
  it('handles every item in order, with a turn of the event loop after each heavy one', async () => {
    const handled: string[] = []
    const queue = new PacedQueue<string>(
      (item) => handled.push(item),
      (item) => item.startsWith('piece'),
    )
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
    for (const item of ['piece1', 'piece2', 'status', 'piece3', 'stopped']) queue.push(item)
    // The first piece at once; each later piece a turn after the one before; nothing overtakes.
    expect(handled).toEqual(['piece1'])
    await nextTurn()
    expect(handled).toEqual(['piece1', 'piece2'])
    await nextTurn()
    expect(handled).toEqual(['piece1', 'piece2', 'status', 'piece3'])
    await nextTurn()
    expect(handled).toEqual(['piece1', 'piece2', 'status', 'piece3', 'stopped'])
  })

  it('with a gap, waits that long after a heavy item, not just a turn', () => {
    vi.useFakeTimers()
    try {
      const handled: string[] = []
      const queue = new PacedQueue<string>(
        (item) => handled.push(item),
        (item) => item.startsWith('piece'),
        4,
      )
      queue.push('piece1')
      queue.push('status')
      vi.advanceTimersByTime(3)
      expect(handled).toEqual(['piece1'])
      vi.advanceTimersByTime(1)
      expect(handled).toEqual(['piece1', 'status'])
    } finally {
      vi.useRealTimers()
    }
  })
})
