import { describe, expect, it } from 'vitest'
import { axisLabels } from '../../src/renderer/chart/axis-labels'
import { tradingAxis } from '../../src/shared/trading-axis'

/**
 * Where axis labels go at their limits, with exact positions: a label touching the plot's edge,
 * two labels exactly the clear space apart, a label at the window's last instant, a window too
 * long to label. The default measure is 7 px a character ("10:00" is 35 px wide) and the default
 * clear space 10 px; a Tuesday morning in New York (EST, -05:00) keeps the hours whole.
 */

const NEW_YORK = 'America/New_York'
const HOUR = 3_600_000
const tuesday = (hour: number) => Date.parse(`2026-11-17T${String(hour).padStart(2, '0')}:00:00-05:00`)
/** 10:00 to 14:00 ET, no closed stretch: clock time, x = (t - from) / 4 h. */
const morning = tradingAxis(tuesday(10), tuesday(14), [])

describe('axis labels at their limits', () => {
  it('keeps labels that touch the edges and sit exactly the clear space apart', () => {
    // Padding 17.5 puts 10:00's left edge at 0 and 14:00's right edge at 215, the width; the
    // hours fall 45 px apart, so each label is 10 px from the next.
    const labels = axisLabels(morning, { width: 215, padding: 17.5, timeZone: NEW_YORK })
    expect(labels.map((label) => [label.text, label.left, label.right])).toEqual([
      ['10:00', 0, 35],
      ['11:00', 45, 80],
      ['12:00', 90, 125],
      ['13:00', 135, 170],
      ['14:00', 180, 215],
    ])
  })

  it('places each label on the padded span: x = padding + fraction of the axis x (width - 2 padding)', () => {
    const labels = axisLabels(morning, { width: 440, padding: 20, timeZone: NEW_YORK })
    expect(labels.map((label) => [label.text, label.x])).toEqual([
      ['10:00', 20],
      ['11:00', 120],
      ['12:00', 220],
      ['13:00', 320],
      ['14:00', 420],
    ])
  })

  it('leaves out labels that would cross an edge, and then keeps every hour that fits', () => {
    // No padding: 10:00 would start at -17.5 px and 14:00 end at 417.5 px of 400.
    const labels = axisLabels(morning, { width: 400, timeZone: NEW_YORK })
    expect(labels.map((label) => label.text)).toEqual(['11:00', '12:00', '13:00'])
  })

  it('takes the next step when one label collides, counting the labels at the edges as fitting', () => {
    // 12:00 drawn 60 px wide reaches 77.5 px, within 10 px of 11:00's right edge (80): at one
    // hour apart one label must go, so every second hour is shown instead.
    const measure = (text: string) => (text === '12:00' ? 60 : text.length * 7)
    const labels = axisLabels(morning, { width: 215, padding: 17.5, timeZone: NEW_YORK, measure })
    expect(labels.map((label) => label.text)).toEqual(['10:00', '12:00', '14:00'])
  })

  it('labels a window of exactly two weeks, and none longer (too many hours to walk)', () => {
    const from = tuesday(10)
    const twoWeeks = axisLabels(tradingAxis(from, from + 14 * 24 * HOUR, []), {
      width: 800,
      timeZone: NEW_YORK,
    })
    expect(twoWeeks.length).toBeGreaterThan(0)
    const longer = axisLabels(tradingAxis(from, from + 14 * 24 * HOUR + HOUR, []), {
      width: 800,
      timeZone: NEW_YORK,
    })
    expect(longer).toEqual([])
  })

  it('puts no label at the first instant of a closed stretch, and one at its last', () => {
    // Closed 11:00 to 13:00 (a thin gap on the axis): 11:00 and 12:00 lie in it, 13:00 reopens.
    const axis = tradingAxis(tuesday(10), tuesday(14), [{ start: tuesday(11), end: tuesday(13) }])
    const labels = axisLabels(axis, { width: 600, padding: 20, timeZone: NEW_YORK })
    expect(labels.map((label) => label.text)).toEqual(['10:00', '13:00', '14:00'])
  })

  it(
    'names each day on its first label left standing when a crowded ' + 'axis drops the one that named it',
    () => {
      // Tuesday 20:00 to Wednesday 04:00 at 300 px: every second hour fits. 20:00 would cross the
      // left edge, so 22:00 names Tuesday; Wednesday's 00:00 is too close to it, so 02:00 names
      // Wednesday.
      const axis = tradingAxis(
        Date.parse('2026-11-17T20:00:00-05:00'),
        Date.parse('2026-11-18T04:00:00-05:00'),
        [],
      )
      const labels = axisLabels(axis, { width: 300, padding: 20, timeZone: NEW_YORK })
      expect(labels.map((label) => [label.text, label.namesDay])).toEqual([
        ['Tue 22:00', true],
        ['Wed 02:00', true],
        ['04:00', false],
      ])
      // At 360 px Wednesday's midnight fits, and names the day itself.
      const wider = axisLabels(axis, { width: 360, padding: 20, timeZone: NEW_YORK })
      expect(wider.map((label) => label.text)).toEqual(['Tue 22:00', 'Wed 00:00', '02:00', '04:00'])
    },
  )

  it('names the day on a lone label, which the first pass left unnamed', () => {
    // Monday 21:45 to Wednesday 04:45 at 82 px: only Tuesday 12:00 fits, and Tuesday's midnight,
    // which named the day, fell off the left edge. Renamed, it still fits, so it stays.
    const axis = tradingAxis(
      Date.parse('2026-11-16T21:45:00-05:00'),
      Date.parse('2026-11-18T04:45:00-05:00'),
      [],
    )
    const labels = axisLabels(axis, { width: 82, padding: 8, timeZone: NEW_YORK })
    expect(labels.map((label) => [label.text, label.namesDay])).toEqual([['Tue 12:00', true]])
  })

  it('renames again after each label it drops, until every day shown is named', () => {
    // Monday 18:45 to Friday 06:45 at 429 px: at a 12-hour step the first pass shows Tuesday 12:00
    // (its midnight off the edge), Wed 00:00, 12:00, Thu 00:00, 12:00, Fri 00:00. Naming Tuesday
    // on its noon label makes it collide with Wed 00:00, which goes, so Wednesday's noon must name
    // Wednesday, and so on: three passes, each dropping a label, until the days are all named.
    const axis = tradingAxis(
      Date.parse('2026-11-16T18:45:00-05:00'),
      Date.parse('2026-11-20T06:45:00-05:00'),
      [],
    )
    const labels = axisLabels(axis, { width: 429, timeZone: NEW_YORK })
    expect(labels.map((label) => [label.text, label.namesDay])).toEqual([
      ['Tue 12:00', true],
      ['Wed 12:00', true],
      ['Thu 12:00', true],
    ])
  })

  it('keeps the clear space on both sides of a day label that was kept first', () => {
    // Monday 22:00 to Wednesday 04:15 at 416 px, 8 px a character. Day labels are placed first,
    // so an hour label is checked against a day label to its right (Wednesday's midnight): it
    // must keep the 10 px clear space on that side too. At steps of 1 to 4 hours some label
    // would not, so the step is 6 hours, and 06:00 names Tuesday.
    const axis = tradingAxis(
      Date.parse('2026-11-16T22:00:00-05:00'),
      Date.parse('2026-11-18T04:15:00-05:00'),
      [],
    )
    const measure = (text: string) => text.length * 8
    const labels = axisLabels(axis, { width: 416, padding: 5, measure, timeZone: NEW_YORK })
    expect(labels.map((label) => label.text)).toEqual(['Tue 06:00', '12:00', '18:00', 'Wed 00:00'])
    for (const [before, after] of labels.slice(1).map((label, i) => [labels[i], label] as const))
      expect(after.left - (before?.right ?? 0)).toBeGreaterThanOrEqual(10)
  })
})
