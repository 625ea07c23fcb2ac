import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HistoryTailEncoder, expandHistoryTails, historyTail } from '../../src/main/core/history-tails'
import { applyDelta } from '../../src/shared/delta'
import { type Delta, type HistoryPoint, type Snapshot, emptyAsset } from '../../src/shared/domain'

/** Histories sent from the poll worker as tails, rebuilt whole on the main thread. */

const point = (t: number, price: string): HistoryPoint => ({ t, price })
const grid = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => point((from + i) * 900_000, `${100 + from + i}.5`))

describe('historyTail', () => {
  it('sends only the new latest point when the rest stayed', () => {
    const before = [...grid(0, 95), point(95 * 900_000 + 60_000, '7.25')]
    const after = [...grid(0, 95), point(95 * 900_000 + 120_000, '7.5')]
    expect(historyTail(before, after)).toEqual({ from: 0, keep: 95, points: [after[95]] })
  })

  it('drops the oldest point when the window moved on', () => {
    const before = grid(0, 96)
    const after = [...grid(1, 95), point(96 * 900_000, '1.5')]
    expect(historyTail(before, after)).toEqual({ from: 1, keep: 95, points: [after[95]] })
  })

  it('gives none when nothing is shared: the whole history is sent', () => {
    expect(historyTail(grid(0, 96), grid(200, 96))).toBeNull()
    expect(historyTail(grid(0, 96), [])).toBeNull()
    expect(historyTail([], grid(0, 3))).toBeNull()
    // Same times, another price at the start: nothing to keep.
    expect(historyTail(grid(0, 3), [point(0, '9.99'), ...grid(1, 2)])).toBeNull()
  })
})

/** A history that moves on as a market poll sees it: some oldest points dropped, a few new or changed at the end. */
const nextHistory = (
  before: HistoryPoint[],
  drop: number,
  rewrite: number,
  add: number[],
): HistoryPoint[] => {
  const kept = before.slice(Math.min(drop, before.length), Math.max(0, before.length - rewrite))
  const lastT = before.at(-1)?.t ?? 0
  const rewritten = before.slice(Math.max(0, before.length - rewrite)).map((p) => point(p.t, `${p.price}1`))
  return [...kept, ...rewritten, ...add.map((step, i) => point(lastT + (i + 1) * 1000 + step, `${step}.0`))]
}

describe('HistoryTailEncoder and expandHistoryTails', () => {
  it('rebuild, delta after delta, exactly the histories the worker holds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            drop: fc.nat({ max: 3 }),
            rewrite: fc.nat({ max: 3 }),
            add: fc.array(fc.nat({ max: 999 }), { maxLength: 3 }),
            replaceAll: fc.boolean(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (steps) => {
          const worker: Snapshot = {
            asOf: 0,
            source: { baseUrl: 'http://127.0.0.1:1', demo: true },
            assets: [{ ...emptyAsset('AAPLon'), history24h: grid(0, 10) }],
            errors: [],
          }
          const encoder = new HistoryTailEncoder()
          encoder.sentSnapshot(worker)
          let main = structuredClone(worker)
          let held = worker.assets[0]!.history24h
          for (const [index, step] of steps.entries()) {
            const next = step.replaceAll
              ? grid(1000 + index, 5)
              : nextHistory(held, step.drop, step.rewrite, step.add)
            held = next
            const delta: Delta = {
              asOf: index + 1,
              changed: [{ symbol: 'AAPLon', fields: { history24h: next } }],
              added: [],
              removed: [],
            }
            // Across the thread boundary, as structured clones.
            const sent = structuredClone(encoder.encode(delta))
            const histories = new Map(main.assets.map((asset) => [asset.symbol, asset.history24h]))
            main = applyDelta(
              main,
              expandHistoryTails(sent, (symbol) => histories.get(symbol)),
            )
            expect(main.assets[0]!.history24h).toEqual(next)
          }
        },
      ),
    )
  })

  it('sends a history as a tail only when it shares a run with the last one sent', () => {
    const encoder = new HistoryTailEncoder()
    const added = { ...emptyAsset('TSLAon'), history24h: grid(0, 96) }
    encoder.encode({ asOf: 1, changed: [], added: [added], removed: [] })
    const moved = [...grid(1, 95), point(96 * 900_000, '3.5')]
    const [change] = encoder.encode({
      asOf: 2,
      changed: [{ symbol: 'TSLAon', fields: { history24h: moved, price: '3.5' } }],
      added: [],
      removed: [],
    }).changed
    expect(change).toEqual({
      symbol: 'TSLAon',
      fields: { price: '3.5' },
      historyTail: { from: 1, keep: 95, points: [moved[95]] },
    })
    // Removed, then back: the main thread no longer holds its history, so it goes whole.
    encoder.encode({ asOf: 3, changed: [], added: [], removed: ['TSLAon'] })
    const [whole] = encoder.encode({
      asOf: 4,
      changed: [{ symbol: 'TSLAon', fields: { history24h: moved } }],
      added: [],
      removed: [],
    }).changed
    expect(whole).toEqual({ symbol: 'TSLAon', fields: { history24h: moved } })
  })

  it('refuses a tail that does not follow the history held, rather than build a wrong one', () => {
    const tail = {
      asOf: 1,
      changed: [{ symbol: 'AAPLon', fields: {}, historyTail: { from: 2, keep: 90, points: [] } }],
      added: [],
      removed: [],
    }
    expect(() => expandHistoryTails(tail, () => grid(0, 40))).toThrow(/not the one its tail follows/)
    expect(() => expandHistoryTails(tail, () => undefined)).toThrow(/not the one its tail follows/)
  })
})
