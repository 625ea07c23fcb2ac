import { beforeEach, describe, expect, it } from 'vitest'
import {
  applyDelta,
  applySnapshot,
  applyWatchlist,
  fillHistories,
  initialWatchState,
  select,
  watchStore,
} from '../../src/renderer/store/watch-store'
import { quoteOf, snapshotOf } from './quote-fixtures'
import type { HistoryPoint } from '../../src/shared/domain'
import { PackedHistory } from '../../src/main/core/feed/packed-history'

const T0 = 1_700_000_000_000

beforeEach(() => watchStore.setState(initialWatchState, true))

describe('watch store', () => {
  it('fills in the histories a first snapshot left out, but none a delta brought meanwhile', () => {
    const full = [quoteOf('AAPLon'), quoteOf('TSLAon'), quoteOf('Fon')]
    applySnapshot(
      snapshotOf(
        full.map((quote) => ({ ...quote, history24h: [] })),
        T0,
      ),
      { withHistory: false },
    )
    expect(watchStore.getState().historyPending).toBe(true)
    const fromDelta = [{ t: T0, price: '101' }]
    applyDelta({
      asOf: T0 + 1,
      changed: [{ symbol: 'TSLAon', fields: { history24h: fromDelta } }],
      added: [],
      removed: [],
    })
    const untouched = watchStore.getState().quotes.get('Fon')
    fillHistories(
      snapshotOf([quoteOf('AAPLon'), quoteOf('TSLAon'), quoteOf('Fon', { history24h: [] })], T0 + 1),
    )
    const after = watchStore.getState()
    expect(after.historyPending).toBe(false)
    expect(after.quotes.get('AAPLon')?.history24h).toEqual(full[0]?.history24h)
    expect(after.quotes.get('AAPLon')?.price).toBe(full[0]?.price)
    expect(after.quotes.get('TSLAon')?.history24h).toBe(fromDelta)
    // Nothing to fill: the same object, so its row does not re-render.
    expect(after.quotes.get('Fon')).toBe(untouched)
  })

  it('keeps a delta pushed before the first snapshot arrived, and applies it if it is newer', () => {
    const price = (price: string, asOf: number) => ({
      asOf,
      changed: [{ symbol: 'TSLAon', fields: { price } }],
      added: [],
      removed: [],
    })
    // Main answered getSnapshot at T0, then pushed two polls before the answer was handled here:
    // one it already contained (older) and one it did not.
    applyDelta(price('99', T0 - 5000))
    applyDelta(price('101.5', T0 + 5000))
    expect(watchStore.getState().loaded).toBe(false)
    applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('TSLAon', { price: '100' })], T0))
    const state = watchStore.getState()
    expect(state.quotes.get('TSLAon')?.price).toBe('101.5')
    expect(state.asOf).toBe(T0 + 5000)
    expect(state.deltasBeforeLoad).toEqual([])
  })

  it('replaces only the quotes a delta changes', () => {
    applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('TSLAon'), quoteOf('Fon')], T0))
    const before = watchStore.getState().quotes
    applyDelta({
      asOf: T0 + 5000,
      changed: [{ symbol: 'TSLAon', fields: { price: '101.5' } }],
      added: [],
      removed: [],
    })
    const after = watchStore.getState()
    expect(after.quotes.get('TSLAon')?.price).toBe('101.5')
    expect(after.quotes.get('TSLAon')).not.toBe(before.get('TSLAon'))
    expect(after.quotes.get('AAPLon')).toBe(before.get('AAPLon'))
    expect(after.quotes.get('Fon')).toBe(before.get('Fon'))
    expect(after.order).toEqual(['AAPLon', 'TSLAon', 'Fon'])
  })

  it('drops a delta older than the snapshot it raced', () => {
    applySnapshot(snapshotOf([quoteOf('AAPLon')], T0))
    applyDelta({
      asOf: T0 - 1,
      changed: [{ symbol: 'AAPLon', fields: { price: '1' } }],
      added: [],
      removed: [],
    })
    expect(watchStore.getState().quotes.get('AAPLon')?.price).toBe('100.25')
  })

  it('adds and removes rows, and moves the selection off a removed row', () => {
    applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('TSLAon'), quoteOf('Fon')], T0))
    select('TSLAon')
    applyDelta({ asOf: T0 + 1, changed: [], added: [quoteOf('NVDAon')], removed: ['TSLAon'] })
    const state = watchStore.getState()
    expect(state.order).toEqual(['AAPLon', 'Fon', 'NVDAon'])
    expect(state.quotes.get('TSLAon')).toBeUndefined()
    expect(state.selected).toBe('Fon')
  })

  it('keeps quote objects that a repeated snapshot did not change', () => {
    applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('Fon')], T0))
    const before = watchStore.getState().quotes
    applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('Fon', { price: '11.2' })], T0 + 1))
    const after = watchStore.getState().quotes
    expect(after.get('AAPLon')).toBe(before.get('AAPLon'))
    expect(after.get('Fon')?.price).toBe('11.2')
  })

  it('shows a just-added symbol as an empty quote until data comes', () => {
    applySnapshot(snapshotOf([quoteOf('AAPLon')], T0))
    applyWatchlist(['AAPLon', 'METAon'])
    const state = watchStore.getState()
    expect(state.order).toEqual(['AAPLon', 'METAon'])
    expect(state.quotes.get('METAon')?.price).toBeNull()
  })

  describe('a history sent as its tail', () => {
    const held = quoteOf('AAPLon').history24h
    // A minute later: the last point, the price at the market answer's instant, moved on.
    const next: HistoryPoint[] = [...held.slice(0, -1), { t: T0 + 60_000, price: '100.31' }]
    const tailDelta = (base: readonly HistoryPoint[]) => ({
      asOf: T0 + 60_000,
      changed: [
        {
          symbol: 'AAPLon',
          fields: { price: '100.31' },
          historyTail: PackedHistory.of(next).continuing(PackedHistory.of(base))!,
        },
      ],
      added: [],
      removed: [],
    })

    it('continues the history the window holds', () => {
      applySnapshot(snapshotOf([quoteOf('AAPLon'), quoteOf('TSLAon')], T0))
      const tsla = watchStore.getState().quotes.get('TSLAon')
      applyDelta(tailDelta(held))
      const state = watchStore.getState()
      expect(state.quotes.get('AAPLon')?.history24h).toEqual(next)
      expect(state.quotes.get('AAPLon')?.price).toBe('100.31')
      expect(state.quotes.get('TSLAon')).toBe(tsla)
      expect(state.historyPending).toBe(false)
    })

    it('whose base the window does not hold leaves no history there and asks for all again', () => {
      // The window missed a delta: it holds the history before the one the tail continues.
      const older = [{ t: T0 - 86_400_000, price: '98.75' }, ...held.slice(0, -1)]
      applySnapshot(snapshotOf([quoteOf('AAPLon', { history24h: older }), quoteOf('TSLAon')], T0))
      applyDelta(tailDelta(held))
      const missed = watchStore.getState()
      expect(missed.quotes.get('AAPLon')?.history24h).toEqual([])
      expect(missed.quotes.get('AAPLon')?.price).toBe('100.31')
      expect(missed.historyPending).toBe(true)
      // Main's full snapshot, asked for because the histories are pending, fills it in.
      fillHistories(snapshotOf([quoteOf('AAPLon', { history24h: next }), quoteOf('TSLAon')], T0 + 60_000))
      expect(watchStore.getState().quotes.get('AAPLon')?.history24h).toEqual(next)
      expect(watchStore.getState().historyPending).toBe(false)
    })

    it('before the first histories came (a fresh window), stays without one until they come', () => {
      applySnapshot(snapshotOf([quoteOf('AAPLon', { history24h: [] })], T0), { withHistory: false })
      applyDelta(tailDelta(held))
      expect(watchStore.getState().quotes.get('AAPLon')?.history24h).toEqual([])
      expect(watchStore.getState().historyPending).toBe(true)
    })
  })
})
