import { describe, expect, it } from 'vitest'
import { closedSpans, historyAxis, sessionSpans, tradingAxis } from '../../src/shared/trading-axis'

/**
 * The trading axis at its limits, with exact shares: a closed stretch of exactly the least gap,
 * stretches given out of order, a window closed from end to end, many gaps sharing their cap, an
 * empty window, a history of two points.
 */

const HOUR = 3_600_000
/** Saturday 21 November 2026, 00:00 UTC: a weekend, so any window here is closed for stocks. */
const FROM = Date.parse('2026-11-21T00:00:00Z')

describe('the trading axis at its limits', () => {
  it('squeezes a closed stretch of exactly one hour (the least gap), not one a minute shorter', () => {
    const hourGap = tradingAxis(FROM, FROM + 4 * HOUR, [{ start: FROM + HOUR, end: FROM + 2 * HOUR }])
    expect(hourGap.segments.map((segment) => segment.gap)).toEqual([false, true, false])
    const shorter = tradingAxis(FROM, FROM + 4 * HOUR, [
      { start: FROM + HOUR, end: FROM + 2 * HOUR - 60_000 },
    ])
    expect(shorter.segments.map((segment) => segment.gap)).toEqual([false])
  })

  it('lays out closed stretches in time order whatever order they come in', () => {
    const axis = tradingAxis(FROM, FROM + 10 * HOUR, [
      { start: FROM + 6 * HOUR, end: FROM + 8 * HOUR },
      { start: FROM + 2 * HOUR, end: FROM + 4 * HOUR },
    ])
    expect(axis.segments.map((segment) => [segment.start - FROM, segment.end - FROM, segment.gap])).toEqual([
      [0, 2 * HOUR, false],
      [2 * HOUR, 4 * HOUR, true],
      [4 * HOUR, 6 * HOUR, false],
      [6 * HOUR, 8 * HOUR, true],
      [8 * HOUR, 10 * HOUR, false],
    ])
    // Each gap takes 3 % of the width; the three open hours' pairs share the other 94 % evenly.
    expect(axis.x(FROM + 2 * HOUR)).toBeCloseTo(0.94 / 3, 12)
    expect(axis.x(FROM + 4 * HOUR)).toBeCloseTo(0.94 / 3 + 0.03, 12)
  })

  it('draws a window closed from end to end on clock time', () => {
    const axis = tradingAxis(FROM, FROM + 4 * HOUR, [{ start: FROM, end: FROM + 4 * HOUR }])
    expect(axis.segments).toEqual([{ start: FROM, end: FROM + 4 * HOUR, gap: false, x0: 0, x1: 1 }])
    expect(axis.x(FROM + HOUR)).toBe(0.25)
  })

  it('starts with the gap when the window opens closed: no empty open stretch before it', () => {
    const axis = tradingAxis(FROM, FROM + 4 * HOUR, [{ start: FROM, end: FROM + 2 * HOUR }])
    expect(axis.segments.map((segment) => [segment.gap, segment.x0, segment.x1])).toEqual([
      [true, 0, 0.03],
      [false, 0.03, 1],
    ])
  })

  it('caps ten gaps at a fifth of the width together, 2 % each', () => {
    const closed = Array.from({ length: 10 }, (_, i) => ({
      start: FROM + (3 * i + 1) * HOUR,
      end: FROM + (3 * i + 2) * HOUR,
    }))
    const axis = tradingAxis(FROM, FROM + 30 * HOUR, closed)
    const gaps = axis.segments.filter((segment) => segment.gap)
    expect(gaps).toHaveLength(10)
    for (const gap of gaps) expect(gap.x1 - gap.x0).toBeCloseTo(0.02, 12)
    const open = axis.segments.filter((segment) => !segment.gap)
    expect(open.reduce((sum, segment) => sum + segment.x1 - segment.x0, 0)).toBeCloseTo(0.8, 12)
    // The last segment ends exactly at 1, whatever the sum of the shares before it.
    expect(axis.segments.at(-1)?.x1).toBe(1)
    expect(axis.x(FROM + 30 * HOUR)).toBe(1)
  })

  it('gives an empty window no closed stretch and no session', () => {
    expect(closedSpans(FROM, FROM)).toEqual([])
    expect(sessionSpans(FROM, FROM)).toEqual([])
    expect(sessionSpans(FROM, FROM, true)).toEqual([])
  })

  it('needs two points for a history axis', () => {
    expect(historyAxis([FROM], false)).toBeNull()
    const axis = historyAxis([FROM, FROM + HOUR], false)
    expect([axis?.from, axis?.to]).toEqual([FROM, FROM + HOUR])
  })
})
