import { describe, expect, it } from 'vitest'
import { premiumAxis } from '../../src/renderer/chart/premium-axis'

/**
 * Issue 44 item 9: the premium pane's scale has at least three labels, with the digits its range
 * needs (basis points where it is narrow), never one "0.00%". Premiums in percent, as the chart
 * model holds them: a few basis points, flat, and wide.
 */

function labels(values: number[]) {
  const axis = premiumAxis(values)
  if (!axis) throw new Error('a premium to show has a scale')
  return axis
}

function expectReadable(values: number[]) {
  const axis = labels(values)
  const texts = axis.ticks.map((tick) => tick.text)
  expect(texts.length).toBeGreaterThanOrEqual(3)
  expect(new Set(texts).size).toBe(texts.length)
  // The scale runs from the lowest label to the highest, and the line lies within it.
  expect(axis.min).toBe(axis.ticks[0]?.value)
  expect(axis.max).toBe(axis.ticks.at(-1)?.value)
  expect(axis.min).toBeLessThanOrEqual(Math.min(...values))
  expect(axis.max).toBeGreaterThanOrEqual(Math.max(...values))
  return texts
}

describe('the premium pane scale', () => {
  it('a range of a few basis points reads in basis points, one label a basis point', () => {
    // +2.1 bp to +4.8 bp: the old two-digit percent said "0.00%" at every mark here.
    expect(expectReadable([0.021, 0.0335, 0.048, 0.0402])).toEqual(['+2 bp', '+3 bp', '+4 bp', '+5 bp'])
  })

  it('under a basis point, tenths of one; zero unsigned, a discount with its minus', () => {
    expect(expectReadable([-0.00035, 0.0012])).toEqual(['-0.1 bp', '0.0 bp', '+0.1 bp', '+0.2 bp'])
  })

  it('a flat premium gets a label either side of its own', () => {
    expect(expectReadable([0, 0, 0])).toEqual(['-1 bp', '0 bp', '+1 bp'])
    expect(expectReadable([0.0312, 0.0312])).toEqual(['+2 bp', '+3 bp', '+4 bp'])
    // Far from zero a flat line keeps percent, with the digits a basis point needs.
    expect(expectReadable([12.5, 12.5])).toEqual(['+12.49%', '+12.50%', '+12.51%'])
  })

  it('a wide range reads in percent with only the digits its step needs', () => {
    expect(expectReadable([-1.82, 2.47, 0.3])).toEqual(['-2%', '0%', '+2%', '+4%'])
    expect(expectReadable([-37.1, -36.2])).toEqual(['-37.5%', '-37.0%', '-36.5%', '-36.0%'])
    expect(expectReadable([0.15, 0.9])).toEqual(['0.0%', '+0.5%', '+1.0%'])
  })

  it("the crosshair's value between labels reads in their unit with one digit more", () => {
    const axis = labels([0.021, 0.048])
    expect(axis.format(0.0335)).toBe('+3.4 bp')
    expect(axis.format(0.03)).toBe('+3 bp')
    expect(labels([-1.82, 2.47]).format(-1.82)).toBe('-1.8%')
  })

  it('no premium, no scale', () => {
    expect(premiumAxis([])).toBeNull()
    expect(premiumAxis([Number.NaN])).toBeNull()
  })
})
