import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HistoryPoint } from '../../../src/shared/domain'
import { followTail } from '../../../src/shared/history-tail'
import { PackedHistory } from '../../../src/main/core/feed/packed-history'

/**
 * The tail the poll worker computes (PackedHistory.continuing) applied by the receiver's followTail
 * (src/shared/history-tail.ts) gives the new history exactly, whatever the two histories: a slid
 * window, a replaced last point, new points, a revised point, repeated times, one of them empty.
 * And a tail never applies to a history other than its base.
 */

// Tuesday 2 December 2025, 14:30 UTC: the histories' times are about this instant, whatever the day.
const AT = Date.UTC(2025, 11, 2, 14, 30)

const price = fc.stringMatching(/^-?(0|[1-9]\d{0,4})(\.\d{1,6})?$/)
const point = fc.record({ t: fc.integer({ min: AT - 2 * 86_400_000, max: AT }), price })
/** Mostly in time order, as the service sends them; sometimes not, or with a time twice. */
const history = fc.oneof(
  fc.array(point, { maxLength: 12 }).map((points) => points.sort((a, b) => a.t - b.t)),
  fc.array(point, { maxLength: 12 }),
)

/** A history and the next one the service could send: some of its points, changed or not, then new ones. */
const baseAndNext = history.chain((base) =>
  fc
    .record({
      drop: fc.integer({ min: 0, max: base.length }),
      cut: fc.integer({ min: 0, max: 2 }),
      revise: fc.option(fc.nat(), { nil: undefined }),
      added: fc.array(point, { maxLength: 4 }),
      other: history,
      whollyOther: fc.boolean(),
    })
    .map(({ drop, cut, revise, added, other, whollyOther }) => {
      if (whollyOther) return { base, next: other }
      const kept = base.slice(drop, Math.max(drop, base.length - cut))
      if (revise !== undefined && kept.length > 0) {
        const at = revise % kept.length
        kept[at] = { ...kept[at]!, price: `${kept[at]!.price}1` }
      }
      return { base, next: [...kept, ...added] }
    }),
)

function tailOf(base: readonly HistoryPoint[], next: readonly HistoryPoint[]) {
  return PackedHistory.of(next).continuing(PackedHistory.of(base))
}

describe('a history tail, computed and followed', () => {
  it('gives the new history exactly when applied to its base', () => {
    fc.assert(
      fc.property(baseAndNext, ({ base, next }) => {
        const tail = tailOf(base, next)
        if (tail === null) return
        expect(followTail(base, tail)).toEqual(next)
      }),
      { numRuns: 2_000 },
    )
  })

  it('is found whenever the new history slid, replaced at most the last point and added some', () => {
    fc.assert(
      fc.property(
        history.filter((points) => points.length > 0),
        fc.nat(),
        fc.boolean(),
        fc.array(point, { maxLength: 4 }),
        (base, dropSeed, replaceLast, added) => {
          // Times once each and in order, as the service's are: a kept point is found where it is.
          const unique = base
            .filter((p, i) => base.findIndex((q) => q.t === p.t) === i)
            .sort((a, b) => a.t - b.t)
          const drop = dropSeed % unique.length
          const kept = unique.slice(drop, replaceLast && unique.length - drop > 1 ? -1 : undefined)
          const next = [...kept, ...added]
          const tail = tailOf(unique, next)
          expect(tail).not.toBeNull()
          expect(tail?.drop).toBe(drop)
          expect(followTail(unique, tail!)).toEqual(next)
        },
      ),
      { numRuns: 1_000 },
    )
  })

  it('never applies to a history that is not its base, even one differing in a single point', () => {
    const differing = baseAndNext.chain(({ base, next }) =>
      fc.record({
        base: fc.constant(base),
        next: fc.constant(next),
        held: fc.oneof(
          history,
          fc
            .record({ at: fc.nat(), t: fc.integer({ min: 1, max: 3 }), price: fc.boolean() })
            .map((change) =>
              base.map((p, i) =>
                i !== change.at % base.length
                  ? p
                  : change.price
                    ? { ...p, price: `${p.price}0` }
                    : { ...p, t: p.t + change.t },
              ),
            ),
        ),
      }),
    )
    fc.assert(
      fc.property(differing, ({ base, next, held }) => {
        const tail = tailOf(base, next)
        fc.pre(tail !== null && JSON.stringify(held) !== JSON.stringify(base))
        expect(followTail(held, tail!)).toBeNull()
      }),
      { numRuns: 500 },
    )
  })
})
