import { describe, expect, it } from 'vitest'
import type { HistoryPoint } from '../../../src/shared/domain'
import { PackedHistory } from '../../../src/main/core/feed/packed-history'
import { SnapshotState } from '../../../src/main/core/feed/snapshot-state'
import type { WireMarketRecord } from '../../../src/main/core/api/wire/wire'

// Tuesday 2 December 2025, 14:30 UTC (09:30 in New York): fixed, whatever day the test runs.
const AT = Date.UTC(2025, 11, 2, 14, 30)
const QUARTER = 15 * 60_000

const POINTS: HistoryPoint[] = [
  { t: AT - 3 * QUARTER, price: '100.10' },
  { t: AT - 2 * QUARTER, price: '3.5' },
  { t: AT - QUARTER, price: '-0.0001' },
  { t: AT, price: '120.20' },
]

function wire(points: readonly HistoryPoint[]) {
  return points.map((point) => ({ timestamp: point.t, price: point.price }))
}

function marketRecord(points: readonly HistoryPoint[], t: number): WireMarketRecord {
  return {
    primaryMarket: { symbol: 'AAPLon', price: '120.20', priceHistory24h: wire(points) },
    underlyingMarket: { ticker: 'AAPL', price: '120.15' },
    timestamp: t,
  }
}

describe('PackedHistory', () => {
  it('gives back exactly the points it was packed from, as new objects each time', () => {
    const packed = PackedHistory.of(POINTS)
    expect(packed.length).toBe(4)
    expect(packed.points()).toEqual(POINTS)
    expect(packed.points()).not.toBe(packed.points())
    expect(JSON.stringify(packed.points())).toBe(JSON.stringify(POINTS))
    expect(PackedHistory.of([]).points()).toEqual([])
  })

  it("keeps itself for the service's same points and packs anew when one moved", () => {
    const packed = PackedHistory.of(POINTS)
    expect(packed.following(wire(POINTS))).toBe(packed)
    const moved = POINTS.map((point, index) => (index === 1 ? { ...point, price: '3.50' } : point))
    const next = packed.following(wire(moved))
    expect(next).not.toBe(packed)
    expect(next.points()).toEqual(moved)
    expect(next.sameAs(packed)).toBe(false)
    expect(next.following(wire(POINTS)).sameAs(packed)).toBe(true)
    expect(packed.following(undefined)).toBe(PackedHistory.EMPTY)
  })

  it('packs anew when only the times moved: a token whose price stood while the window slid', () => {
    const standing = POINTS.map((point) => ({ ...point, price: '100.10' }))
    const packed = PackedHistory.of(standing)
    const slid = standing.map((point) => ({ ...point, t: point.t + QUARTER }))
    const next = packed.following(wire(slid))
    expect(next.points()).toEqual(slid)
    expect(next.sameAs(packed)).toBe(false)
    expect(packed.sameAs(next)).toBe(false)
    // One time alone moved (the last point's instant), the prices and length the same.
    const lastMoved = standing.map((point, index) =>
      index === 3 ? { ...point, t: point.t + 60_000 } : point,
    )
    expect(packed.following(wire(lastMoved)).points()).toEqual(lastMoved)
    expect(PackedHistory.of(lastMoved).sameAs(packed)).toBe(false)
  })
})

describe('SnapshotState holding histories packed', () => {
  it('hands out the same points in its snapshot and deltas, and none when a history came back', () => {
    const state = new SnapshotState({ baseUrl: 'http://127.0.0.1:1', demo: false }, ['AAPLon'])
    state.applyMarket([marketRecord(POINTS, AT)], AT)
    const added = state.commit(AT)
    expect(added?.added[0]?.history24h).toEqual(POINTS)
    expect(state.snapshot().assets[0]?.history24h).toEqual(POINTS)

    // A point more: the delta carries it alone, as a tail of the history pushed before.
    const longer = [...POINTS, { t: AT + QUARTER, price: '120.25' }]
    state.applyMarket([marketRecord(longer, AT + QUARTER)], AT + QUARTER)
    const grown = state.commit(AT + QUARTER)?.changed[0]
    expect(grown?.fields).not.toHaveProperty('history24h')
    expect(grown?.historyTail).toMatchObject({
      drop: 0,
      keep: 4,
      points: [{ t: AT + QUARTER, price: '120.25' }],
    })
    expect(state.snapshot().assets[0]?.history24h).toEqual(longer)

    // Moved and put back between two commits: the history is not sent again.
    state.applyMarket([marketRecord(POINTS, AT + 2 * QUARTER)], AT + 2 * QUARTER)
    state.applyMarket([marketRecord(longer, AT + 2 * QUARTER)], AT + 2 * QUARTER)
    const change = state.commit(AT + 2 * QUARTER)?.changed[0]
    expect(change?.fields.marketTimestamp).toBe(AT + 2 * QUARTER)
    expect(change?.fields).not.toHaveProperty('history24h')
    expect(change).not.toHaveProperty('historyTail')
  })
})

describe('PackedHistory.continuing: a history as the tail of the one pushed before', () => {
  const base = PackedHistory.of(POINTS)
  const tailOf = (next: readonly HistoryPoint[]) => PackedHistory.of(next).continuing(base)
  const latest = { t: AT + 60_000, price: '120.31' }
  const gridPoint = { t: AT + QUARTER, price: '120.27' }

  it('carries only the new points when points were added at the end', () => {
    expect(tailOf([...POINTS, latest])).toEqual({
      base: { length: 4, lastT: AT, digest: expect.any(Number) },
      drop: 0,
      keep: 4,
      points: [latest],
    })
  })

  it('drops the oldest points when the 24-hour window slid', () => {
    expect(tailOf([...POINTS.slice(2), gridPoint, latest])).toMatchObject({
      drop: 2,
      keep: 2,
      points: [gridPoint, latest],
    })
  })

  it("replaces the last point, (the price at the answer's instant) by a later one or a new price", () => {
    expect(tailOf([...POINTS.slice(0, 3), latest])).toMatchObject({ drop: 0, keep: 3, points: [latest] })
    const repriced = { t: AT, price: '120.19' }
    expect(tailOf([...POINTS.slice(0, 3), repriced])).toMatchObject({ drop: 0, keep: 3, points: [repriced] })
    // The quarter hour passed: the window slides by a grid point and the last point moves on.
    expect(tailOf([...POINTS.slice(1, 3), gridPoint, latest])).toMatchObject({
      drop: 1,
      keep: 2,
      points: [gridPoint, latest],
    })
  })

  it('names its base by length, last time and a digest of every point, which a revised point changes', () => {
    const digest = tailOf([...POINTS, latest])?.base.digest
    const revised = PackedHistory.of(POINTS.map((p, i) => (i === 1 ? { ...p, price: '3.50' } : p)))
    expect(PackedHistory.of([...POINTS, latest]).continuing(revised)?.base.digest).not.toBe(digest)
  })

  it('is null, so the history goes whole, when it changed otherwise', () => {
    // An earlier point revised: only the first point would be kept.
    expect(tailOf(POINTS.map((p, i) => (i === 1 ? { ...p, price: '3.50' } : p)))).toBeNull()
    // Starts before the base, or nowhere in it.
    expect(tailOf([{ t: AT - 4 * QUARTER, price: '100.00' }, ...POINTS])).toBeNull()
    expect(tailOf([latest])).toBeNull()
    // No base, or no history left.
    expect(PackedHistory.of(POINTS).continuing(PackedHistory.EMPTY)).toBeNull()
    expect(PackedHistory.EMPTY.continuing(base)).toBeNull()
  })
})
