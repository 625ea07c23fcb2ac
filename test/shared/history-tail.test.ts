import { describe, expect, it } from 'vitest'
import { applyDelta } from '../../src/shared/delta'
import { type HistoryPoint, type HistoryTail, type Snapshot, emptyAsset } from '../../src/shared/domain'
import { followTail, historyDigest, joinedPrices } from '../../src/shared/history-tail'

// Tuesday 2 December 2025, 14:30 UTC (09:30 in New York): fixed, whatever day the test runs.
const AT = Date.UTC(2025, 11, 2, 14, 30)
const QUARTER = 15 * 60_000

const HELD: HistoryPoint[] = [
  { t: AT - 2 * QUARTER, price: '100.10' },
  { t: AT - QUARTER, price: '3.5' },
  { t: AT, price: '120.20' },
]
const LATEST = { t: AT + 60_000, price: '120.31' }

function digestOf(points: readonly HistoryPoint[]): number {
  return historyDigest(
    points.map((point) => point.t),
    joinedPrices(points),
  )
}

/** A tail of HELD: its last point replaced by LATEST, the oldest dropped when `drop` is 1. */
function tailOfHeld(drop = 0): HistoryTail {
  return {
    base: { length: HELD.length, lastT: AT, digest: digestOf(HELD) },
    drop,
    keep: HELD.length - 1 - drop,
    points: [LATEST],
  }
}

describe('followTail', () => {
  it('gives the held history with the dropped points gone, the kept ones and the new ones', () => {
    expect(followTail(HELD, tailOfHeld())).toEqual([HELD[0], HELD[1], LATEST])
    expect(followTail(HELD, tailOfHeld(1))).toEqual([HELD[1], LATEST])
    expect(followTail(HELD, { ...tailOfHeld(), keep: 3 })).toEqual([...HELD, LATEST])
    // The held history is the receiver's: left as it was.
    expect(HELD).toHaveLength(3)
  })

  it('is null when the held history is not the base the tail continues', () => {
    const tail = tailOfHeld()
    // None held yet (a fresh window), one point fewer or more (a missed delta), another last point.
    expect(followTail([], tail)).toBeNull()
    expect(followTail(HELD.slice(1), tail)).toBeNull()
    expect(followTail([...HELD, LATEST], tail)).toBeNull()
    expect(followTail([...HELD.slice(0, 2), { t: AT - 1, price: '120.20' }], tail)).toBeNull()
    // Same length and ends, a point between them another price: only the digest tells.
    expect(followTail([HELD[0]!, { t: AT - QUARTER, price: '3.50' }, HELD[2]!], tail)).toBeNull()
    // A tail reaching past its base is refused, not cut short.
    expect(followTail(HELD, { ...tail, drop: 1, keep: 3 })).toBeNull()
  })
})

describe('a delta carrying a history tail', () => {
  const snapshot: Snapshot = {
    asOf: AT,
    source: { baseUrl: 'http://127.0.0.1:1', demo: false },
    assets: [
      { ...emptyAsset('AAPLon'), price: '120.20', history24h: HELD },
      { ...emptyAsset('TSLAon'), price: '250.10', history24h: [] },
    ],
    errors: [],
  }
  const delta = (symbol: string) => ({
    asOf: AT + 60_000,
    changed: [{ symbol, fields: { price: '120.31' }, historyTail: tailOfHeld() }],
    added: [],
    removed: [],
  })

  it('applies to the history held, with the change of the other fields', () => {
    const [aapl] = applyDelta(snapshot, delta('AAPLon')).assets
    expect(aapl?.price).toBe('120.31')
    expect(aapl?.history24h).toEqual([HELD[0], HELD[1], LATEST])
  })

  it('leaves a row whose base is not held without a history, never a wrong one', () => {
    const tsla = applyDelta(snapshot, delta('TSLAon')).assets[1]
    expect(tsla?.price).toBe('120.31')
    expect(tsla?.history24h).toEqual([])
    const wrongBase = { ...snapshot, assets: [{ ...snapshot.assets[0]!, history24h: HELD.slice(1) }] }
    expect(applyDelta(wrongBase, delta('AAPLon')).assets[0]?.history24h).toEqual([])
  })
})
