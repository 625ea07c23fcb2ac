import { describe, expect, it } from 'vitest'
import { closedGapText } from '../../src/renderer/chart/closed-gap'
import { displayZone } from '../../src/shared/display-time'
import { closedSpans } from '../../src/shared/trading-axis'

/**
 * A closed gap's tooltip: the calendar's close and next open, in the zone times are shown in,
 * never the history's last point ("now") as if the market opened then.
 */

const MARKET = displayZone('market')
const LONDON = displayZone('computer', 'Europe/London')
const TOKYO = displayZone('computer', 'Asia/Tokyo')

/** The weekend of 20 to 22 November 2026, as a chart over Friday noon to Monday 10:15 ET sees it. */
const FRIDAY_NOON = Date.parse('2026-11-20T12:00:00-05:00')
const MONDAY_MORNING = Date.parse('2026-11-23T10:15:00-05:00')
/** Saturday noon ET: a history that ends inside the weekend. */
const SATURDAY_NOON = Date.parse('2026-11-21T12:00:00-05:00')

function weekendGap(to: number) {
  const [gap] = closedSpans(FRIDAY_NOON, to).filter((span) => span.end - span.start > 3_600_000)
  if (!gap) throw new Error('no weekend gap')
  return gap
}

describe('closedGapText', () => {
  it('gives a crossed weekend from its close to its open, in market time', () => {
    expect(closedGapText(weekendGap(MONDAY_MORNING), FRIDAY_NOON, MARKET)).toBe(
      'Market closed Fri, Nov 20, 19:59 to Sun, Nov 22, 20:05 ET',
    )
  })

  it("gives the same instants in the computer's zone, with its name, London and Tokyo", () => {
    expect(closedGapText(weekendGap(MONDAY_MORNING), FRIDAY_NOON, LONDON)).toBe(
      'Market closed Sat, Nov 21, 00:59 to Mon, Nov 23, 01:05 GMT',
    )
    expect(closedGapText(weekendGap(MONDAY_MORNING), FRIDAY_NOON, TOKYO)).toBe(
      'Market closed Sat, Nov 21, 09:59 to Mon, Nov 23, 10:05 GMT+9',
    )
  })

  it('while the history still ends in the weekend, says when it opens, not "now"', () => {
    const gap = weekendGap(SATURDAY_NOON)
    expect(gap.end).toBe(SATURDAY_NOON)
    expect(closedGapText(gap, FRIDAY_NOON, MARKET)).toBe(
      'Market closed since Fri, Nov 20, 19:59 ET; opens Sun, Nov 22, 20:05 ET',
    )
  })

  it('for a history that begins inside a closed span, says only when it opens', () => {
    const saturday = Date.parse('2026-11-21T09:00:00-05:00')
    const [gap] = closedSpans(saturday, MONDAY_MORNING)
    expect(closedGapText(gap!, saturday, MARKET)).toBe('Market closed until Sun, Nov 22, 20:05 ET')
  })
})
