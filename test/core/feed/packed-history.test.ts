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
})

describe('SnapshotState holding histories packed', () => {
  it('hands out the same points in its snapshot and deltas, and none when a history came back', () => {
    const state = new SnapshotState({ baseUrl: 'http://127.0.0.1:1', demo: false }, ['AAPLon'])
    state.applyMarket([marketRecord(POINTS, AT)], AT)
    const added = state.commit(AT)
    expect(added?.added[0]?.history24h).toEqual(POINTS)
    expect(state.snapshot().assets[0]?.history24h).toEqual(POINTS)

    const longer = [...POINTS, { t: AT + QUARTER, price: '120.25' }]
    state.applyMarket([marketRecord(longer, AT + QUARTER)], AT + QUARTER)
    expect(state.commit(AT + QUARTER)?.changed[0]?.fields.history24h).toEqual(longer)

    // Moved and put back between two commits: the history is not sent again.
    state.applyMarket([marketRecord(POINTS, AT + 2 * QUARTER)], AT + 2 * QUARTER)
    state.applyMarket([marketRecord(longer, AT + 2 * QUARTER)], AT + 2 * QUARTER)
    const fields = state.commit(AT + 2 * QUARTER)?.changed[0]?.fields
    expect(fields?.marketTimestamp).toBe(AT + 2 * QUARTER)
    expect(fields).not.toHaveProperty('history24h')
  })
})
