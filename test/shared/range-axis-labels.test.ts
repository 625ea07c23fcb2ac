import { describe, expect, it } from 'vitest'
import { rangeAxisLabels } from '../../src/renderer/chart/range-axis-labels'
import { historyAxis } from '../../src/shared/trading-axis'
import { historyFixture } from '../support/history-fixtures'

/**
 * The labels of the charts beyond 24 hours: never overlapping, never in a closed gap, inside the
 * plot, counting days, weeks, months or years as the width allows, at fixed market times.
 */

const ZONE = 'America/New_York'
/** 10:15 ET on Monday 23 November 2026. */
const MONDAY = Date.UTC(2026, 10, 23, 15, 15)
/** 13:00 ET on Saturday 21 November 2026. */
const SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** 12:00 ET on Thanksgiving, Thursday 26 November 2026. */
const THANKSGIVING = Date.UTC(2026, 10, 26, 17, 0)

function axisOf(range: '1w' | '1m' | '1y' | 'all', end: number, offHours: boolean) {
  const series = historyFixture({ symbol: 'X', range, end, offHours })
  const axis = historyAxis(
    series.points.map((point) => point.t),
    offHours,
  )
  if (!axis) throw new Error('no axis')
  return axis
}

describe.each([
  { name: 'a stock token on a Monday', end: MONDAY, offHours: false },
  { name: 'an off-hours token on a Saturday', end: SATURDAY, offHours: true },
  { name: 'a stock token on Thanksgiving', end: THANKSGIVING, offHours: false },
])('range labels for $name', ({ end, offHours }) => {
  it.each([
    ['1w', 360],
    ['1w', 900],
    ['1m', 360],
    ['1m', 900],
    ['1y', 360],
    ['1y', 900],
    ['all', 360],
    ['all', 900],
  ] as const)('%s at %i px: several, inside the plot, apart, none in a gap', (range, width) => {
    const axis = axisOf(range, end, offHours)
    const { labels } = rangeAxisLabels(axis, { width, timeZone: ZONE })
    expect(labels.length).toBeGreaterThanOrEqual(range === 'all' ? 3 : 2)
    labels.forEach((label, index) => {
      expect(label.left).toBeGreaterThanOrEqual(0)
      expect(label.right).toBeLessThanOrEqual(width)
      const before = labels[index - 1]
      if (before) expect(label.left).toBeGreaterThanOrEqual(before.right + 10)
      expect(axis.segments.some((gap) => gap.gap && label.t >= gap.start && label.t < gap.end)).toBe(false)
    })
  })
})

describe('the unit of the labels', () => {
  it(
    'counts days over a week, weeks over a month on a narrow panel, ' +
      'months over a year, years over all time',
    () => {
      expect(rangeAxisLabels(axisOf('1w', MONDAY, false), { width: 900, timeZone: ZONE }).unit).toBe('day')
      expect(rangeAxisLabels(axisOf('1m', MONDAY, false), { width: 360, timeZone: ZONE }).unit).toBe('week')
      expect(rangeAxisLabels(axisOf('1y', MONDAY, false), { width: 360, timeZone: ZONE }).unit).toBe('month')
      expect(rangeAxisLabels(axisOf('all', MONDAY, false), { width: 360, timeZone: ZONE }).unit).toBe('year')
    },
  )

  it('names days by weekday and date, weeks by their Monday, and January by its year', () => {
    const days = rangeAxisLabels(axisOf('1w', MONDAY, false), { width: 900, timeZone: ZONE }).labels
    expect(days.map((label) => label.text)).toContain('Fri 20')
    // A stock token's weekend is a gap: no Saturday, and no Sunday (its market opens that evening).
    expect(days.some((label) => /^(Sat|Sun) /.test(label.text))).toBe(false)
    const weeks = rangeAxisLabels(axisOf('1m', MONDAY, false), { width: 360, timeZone: ZONE }).labels
    expect(weeks.map((label) => label.text)).toEqual(expect.arrayContaining(['Nov 9', 'Nov 16']))
    const months = rangeAxisLabels(axisOf('1y', MONDAY, false), { width: 900, timeZone: ZONE }).labels
    expect(months.map((label) => label.text)).toContain('2026')
    expect(months.map((label) => label.text)).toContain('Jun')
  })

  it.each([900, 360])(
    'labels a stock token’s week by day in London too, where Friday’s last hour is Saturday (%i px)',
    (width) => {
      // Monday 16 November 2026, 08:00 ET; a London computer's days start at 19:00 ET.
      const axis = axisOf('1w', Date.UTC(2026, 10, 16, 13, 0), false)
      const byDay = ['Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Mon 16']
      for (const timeZone of [ZONE, 'Europe/London']) {
        const labels = rangeAxisLabels(axis, { width, timeZone })
        expect({ timeZone, unit: labels.unit, texts: labels.labels.map((label) => label.text) }).toEqual({
          timeZone,
          unit: 'day',
          texts: byDay,
        })
      }
    },
  )

  it('labels an off-hours token’s weekend days, which it trades', () => {
    const days = rangeAxisLabels(axisOf('1w', SATURDAY, true), { width: 900, timeZone: ZONE }).labels
    expect(days.map((label) => label.text)).toEqual(expect.arrayContaining(['Sat 21']))
  })
})
