import { describe, expect, it } from 'vitest'
import { axisLabels, type AxisLabel } from '../../src/renderer/chart/axis-labels'
import {
  closedSpans,
  historyAxis,
  sessionSpans,
  tradesOffHours,
  tradingAxis,
  type TradingAxis,
} from '../../src/shared/trading-axis'

/** Instants written with their ET offset (-05:00 in November), so each reads as a New York clock. */
const at = (iso: string): number => Date.parse(iso)
const HOUR = 3_600_000
const NEW_YORK = 'America/New_York'

/** The windows a 24h history covers at three instants a trader will meet. */
const WINDOWS = {
  /** A plain Tuesday: the 24 hours before 11:30 ET, all of it open (the evening pause is minutes). */
  tuesday: { from: at('2026-11-16T11:30:00-05:00'), to: at('2026-11-17T11:30:00-05:00') },
  /** Monday 10:00 ET: 24 hours of open market reach back to Friday 10:00, over the weekend. */
  monday: { from: at('2026-11-20T10:00:00-05:00'), to: at('2026-11-23T10:00:00-05:00') },
  /**
   * Over Thanksgiving 2026 (Thursday 26 November, closed; Friday closes early): Wednesday morning to
   * Sunday night, four days and a half.
   */
  thanksgiving: { from: at('2026-11-25T10:00:00-05:00'), to: at('2026-11-29T23:00:00-05:00') },
} as const

function axisOf(window: { from: number; to: number }, offHours = false): TradingAxis {
  return tradingAxis(window.from, window.to, closedSpans(window.from, window.to, offHours))
}

describe('closedSpans', () => {
  it('finds no closed stretch on a Tuesday (the pauses between sessions stay open)', () => {
    expect(closedSpans(WINDOWS.tuesday.from, WINDOWS.tuesday.to)).toEqual([])
  })

  it('finds the weekend, Friday evening to Sunday evening, on a Monday', () => {
    expect(closedSpans(WINDOWS.monday.from, WINDOWS.monday.to)).toEqual([
      { start: at('2026-11-20T19:59:00-05:00'), end: at('2026-11-22T20:05:00-05:00') },
    ])
  })

  it('finds Thanksgiving, and the evening and weekend after the early close', () => {
    expect(closedSpans(WINDOWS.thanksgiving.from, WINDOWS.thanksgiving.to)).toEqual([
      // No overnight session runs into the holiday; one runs out of it, into Friday.
      { start: at('2026-11-25T19:59:00-05:00'), end: at('2026-11-26T20:05:00-05:00') },
      { start: at('2026-11-27T16:59:00-05:00'), end: at('2026-11-29T20:05:00-05:00') },
    ])
  })

  it('finds none for a token that trades off-hours: its market never closes', () => {
    expect(closedSpans(WINDOWS.monday.from, WINDOWS.monday.to, true)).toEqual([])
  })
})

describe('sessionSpans', () => {
  it('gives the sessions to shade on a Monday, the weekend left unshaded', () => {
    const spans = sessionSpans(WINDOWS.monday.from, WINDOWS.monday.to)
    expect(spans.map((s) => s.session)).toEqual([
      'regular',
      'postmarket',
      'overnight',
      'premarket',
      'regular',
    ])
    expect(spans[1]).toEqual({
      session: 'postmarket',
      start: at('2026-11-20T16:01:00-05:00'),
      end: at('2026-11-20T19:59:00-05:00'),
    })
    expect(spans[2]?.start).toBe(at('2026-11-22T20:05:00-05:00'))
  })

  it('shades the weekend as off-hours for a token that trades then', () => {
    const spans = sessionSpans(WINDOWS.monday.from, WINDOWS.monday.to, true)
    expect(spans.find((s) => s.session === 'offhours')).toEqual({
      session: 'offhours',
      start: at('2026-11-20T19:59:00-05:00'),
      end: at('2026-11-22T20:05:00-05:00'),
    })
  })
})

describe('tradingAxis', () => {
  it('is clock time when nothing closed: a Tuesday', () => {
    const axis = axisOf(WINDOWS.tuesday)
    expect(axis.x(WINDOWS.tuesday.from)).toBe(0)
    expect(axis.x(WINDOWS.tuesday.to)).toBe(1)
    expect(axis.x(WINDOWS.tuesday.from + 6 * HOUR)).toBeCloseTo(0.25, 10)
    expect(axis.segments.filter((s) => s.gap)).toEqual([])
  })

  it('shrinks the weekend to a thin gap on a Monday, and shares the rest by open time', () => {
    const axis = axisOf(WINDOWS.monday)
    const gaps = axis.segments.filter((s) => s.gap)
    expect(gaps).toHaveLength(1)
    const gap = gaps[0] as (typeof gaps)[number]
    // On clock time the weekend would be 48 of the 72 hours: two thirds of the chart.
    expect(gap.x1 - gap.x0).toBeCloseTo(0.03, 10)
    // Open: Friday 10:00 -> 19:59 (599 minutes), then Sunday 20:05 -> Monday 10:00 (835 minutes).
    expect(gap.x0).toBeCloseTo((599 / (599 + 835)) * 0.97, 10)
    // Points inside the gap (a quote the service repeats over the weekend) stay inside it.
    const saturday = axis.x(at('2026-11-21T12:00:00-05:00'))
    expect(saturday).toBeGreaterThan(gap.x0)
    expect(saturday).toBeLessThan(gap.x1)
  })

  it('is monotonic and covers 0 to 1 on every window', () => {
    for (const window of Object.values(WINDOWS)) {
      const axis = axisOf(window)
      let previous = -1
      for (let t = window.from; t <= window.to; t += 7 * 60_000) {
        const x = axis.x(t)
        expect(x).toBeGreaterThanOrEqual(previous)
        previous = x
      }
      expect(axis.x(window.from)).toBe(0)
      expect(axis.x(window.to)).toBe(1)
    }
  })

  it('gives an off-hours token the weekend at full width', () => {
    const axis = axisOf(WINDOWS.monday, true)
    expect(axis.x(at('2026-11-22T10:00:00-05:00'))).toBeCloseTo(48 / 72, 10)
  })

  it('ignores closed stretches shorter than an hour', () => {
    const from = at('2026-11-17T10:00:00-05:00')
    const axis = tradingAxis(from, from + 10 * HOUR, [{ start: from + HOUR, end: from + HOUR + 30 * 60_000 }])
    expect(axis.x(from + 5 * HOUR)).toBeCloseTo(0.5, 10)
  })

  it('reads a history by its first and last point and the sessions the token trades in', () => {
    const times = [WINDOWS.monday.from, at('2026-11-20T15:00:00-05:00'), WINDOWS.monday.to]
    expect(historyAxis(times, false)?.segments.some((s) => s.gap)).toBe(true)
    expect(historyAxis(times, true)?.segments.some((s) => s.gap)).toBe(false)
    expect(historyAxis([WINDOWS.monday.from], false)).toBeNull()
  })

  it('knows an off-hours token by its sessions, known or kept aside', () => {
    expect(tradesOffHours({ tradableSessions: ['regular'], otherSessions: ['offhours'] })).toBe(true)
    expect(tradesOffHours({ tradableSessions: ['regular', 'offhours'], otherSessions: [] })).toBe(true)
    expect(tradesOffHours({ tradableSessions: ['regular', 'overnight'], otherSessions: [] })).toBe(false)
  })
})

function expectNoOverlap(labels: readonly AxisLabel[], width: number): void {
  for (const label of labels) {
    expect(label.left).toBeGreaterThanOrEqual(0)
    expect(label.right).toBeLessThanOrEqual(width)
  }
  for (let i = 1; i < labels.length; i++) {
    const before = labels[i - 1] as AxisLabel
    const label = labels[i] as AxisLabel
    expect(label.left, `${before.text} / ${label.text}`).toBeGreaterThan(before.right)
  }
}

describe('axisLabels', () => {
  const widths = [180, 320, 360, 640, 1200]

  it.each(Object.keys(WINDOWS) as (keyof typeof WINDOWS)[])(
    'never overlaps on the %s window at any width',
    (name) => {
      const axis = axisOf(WINDOWS[name])
      for (const width of widths) {
        const labels = axisLabels(axis, { width, timeZone: NEW_YORK })
        expect(labels.length, `${name} at ${width}px`).toBeGreaterThan(0)
        expectNoOverlap(labels, width)
      }
    },
  )

  it('labels a Tuesday by hours, every four at 360 px, naming the day where it changes', () => {
    const labels = axisLabels(axisOf(WINDOWS.tuesday), { width: 360, timeZone: NEW_YORK })
    // 12:00 is too near the left edge for its label: the first label shown names Monday instead.
    expect(labels.map((l) => l.text)).toEqual(['Mon 16:00', '20:00', 'Tue 00:00', '04:00', '08:00'])
  })

  it('names Friday and Monday on a Monday, and puts no label in the weekend', () => {
    const axis = axisOf(WINDOWS.monday)
    const labels = axisLabels(axis, { width: 360, timeZone: NEW_YORK })
    const texts = labels.map((l) => l.text)
    expect(texts[0]).toMatch(/^Fri \d\d:00$/)
    expect(texts.filter((text) => text.startsWith('Mon '))).toHaveLength(1)
    expect(texts.some((text) => text.startsWith('Sat '))).toBe(false)
    const gap = axis.segments.find((s) => s.gap)
    for (const label of labels) expect(label.t < (gap?.start ?? 0) || label.t >= (gap?.end ?? 0)).toBe(true)
  })

  it('over Thanksgiving names each day it labels once, and labels nothing in the closed days', () => {
    const axis = axisOf(WINDOWS.thanksgiving)
    for (const width of [360, 800]) {
      const labels = axisLabels(axis, { width, timeZone: NEW_YORK })
      const days = labels.filter((l) => l.namesDay).map((l) => l.text.slice(0, 3))
      expect(days[0]).toBe('Wed')
      expect(days).toContain('Fri')
      expect(new Set(days).size).toBe(days.length)
      const gaps = axis.segments.filter((s) => s.gap)
      for (const label of labels) expect(gaps.some((g) => label.t >= g.start && label.t < g.end)).toBe(false)
    }
  })

  it('does not name the day when the window stays within one', () => {
    const from = at('2026-11-17T04:00:00-05:00')
    const labels = axisLabels(tradingAxis(from, from + 12 * HOUR, []), { width: 360, timeZone: NEW_YORK })
    expect(labels.every((l) => /^\d\d:00$/.test(l.text))).toBe(true)
  })

  it('keeps the day names when the axis is too narrow for hours', () => {
    const labels = axisLabels(axisOf(WINDOWS.thanksgiving), { width: 150, timeZone: NEW_YORK })
    expectNoOverlap(labels, 150)
    expect(labels.every((l) => l.namesDay)).toBe(true)
  })
})
