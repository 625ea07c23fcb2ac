import { describe, expect, it } from 'vitest'
import { CHART_SLOTS, chartSlots, nearestPoint, scalePrecision } from '../../src/renderer/chart/chart-slots'
import type { HistoryPoint } from '../../src/shared/domain'
import { historyAxis } from '../../src/shared/trading-axis'

const QUARTER_HOUR = 15 * 60_000
/** 10:15 ET on Monday 23 November 2026: a day of history reaches back over the weekend. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)

/** Points every 15 minutes over [from, to], the price stepping by a cent. */
function historyOver(from: number, to: number): HistoryPoint[] {
  const points: HistoryPoint[] = []
  for (let t = from, cents = 10_000; t <= to; t += QUARTER_HOUR, cents += 1)
    points.push({ t, price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` })
  return points
}

describe('the detail chart on slots (lightweight-charts spaces points evenly)', () => {
  it(
    "puts a conventional token's weekend in a thin run of empty slots, " + 'and every point in its own slot',
    () => {
      const history = historyOver(MONDAY_MORNING - 72 * 3_600_000, MONDAY_MORNING)
      const axis = historyAxis(
        history.map((point) => point.t),
        false,
      )
      if (!axis) throw new Error('no axis')
      const { data, slotOf, valueOf } = chartSlots(history, axis)
      expect(data).toHaveLength(CHART_SLOTS)
      expect(data.map((item) => item.time)).toEqual(
        Array.from({ length: CHART_SLOTS }, (_, slot) => slot + 1),
      )
      expect(slotOf[0]).toBe(0)
      expect(slotOf.at(-1)).toBe(CHART_SLOTS - 1)
      // The weekend's points squeeze into the gap, sharing slots; the open hours' do not.
      const gap = axis.segments.find((segment) => segment.gap)
      if (!gap) throw new Error('no weekend gap')
      const open = history.flatMap((point, index) =>
        point.t < gap.start || point.t >= gap.end ? [slotOf[index]] : [],
      )
      expect(new Set(open).size).toBe(open.length)
      // The widest stretch of empty slots is the weekend's, a few percent of the width.
      let widest = 0
      let run = 0
      for (const item of data) {
        run = 'value' in item ? 0 : run + 1
        widest = Math.max(widest, run)
      }
      expect(widest).toBeLessThan(CHART_SLOTS * 0.05)
      // Each drawn value is the price of a point in that slot (the later of two).
      const drawn = data.flatMap((item) => ('value' in item ? [item.value] : []))
      expect(drawn.length).toBe(new Set(slotOf).size)
      expect(valueOf).toEqual(history.map((point) => Number(point.price)))
      const lastInSlot = new Map(slotOf.map((slot, index) => [slot, valueOf[index]]))
      for (const [slot, value] of lastInSlot) expect(data[slot]).toEqual({ time: slot + 1, value })
    },
  )

  it(
    'finds the point nearest to the pointer: the later of two in ' + 'one slot, the earlier of two as near',
    () => {
      expect(nearestPoint([0, 4, 8], 1.9)).toBe(0)
      expect(nearestPoint([0, 4, 8], 2)).toBe(0)
      expect(nearestPoint([0, 4, 8], 2.1)).toBe(1)
      expect(nearestPoint([0, 4, 4, 8], 4)).toBe(2)
      expect(nearestPoint([0, 4, 8], 399)).toBe(2)
    },
  )

  it('gives the price scale enough places to tell its ticks apart, and no more than the prices carry', () => {
    const cents = [{ t: 0, price: '231.45' }]
    expect(
      scalePrecision(
        cents.map((point) => point.price),
        230,
        240,
      ),
    ).toBe(2)
    expect(scalePrecision(['0.000123456'], 0.0001234, 0.0001235)).toBe(9)
    expect(scalePrecision(['0.000123'], 0.0001234, 0.0001235)).toBe(6)
    expect(
      scalePrecision(
        cents.map((point) => point.price),
        231.45,
        231.45,
      ),
    ).toBe(2)
  })
})
