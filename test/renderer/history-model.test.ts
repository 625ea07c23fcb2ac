import { describe, expect, it } from 'vitest'
import { carriedLine, historyModel, premiumPercent } from '../../src/renderer/chart/history-model'
import { historyFixture } from '../support/history-fixtures'

/** 13:00 ET on Saturday 21 November 2026: an off-hours token's weekend over a carried stock close. */
const SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** 10:15 ET on Monday 23 November 2026. */
const MONDAY = Date.UTC(2026, 10, 23, 15, 15)
const SPLIT = { t: Date.UTC(2026, 10, 18, 13, 0), from: '1.0011', to: '10.011' }
const DIVIDEND = { t: Date.UTC(2026, 10, 10, 13, 0), from: '1', to: '1.0011' }

describe('the premium as a percent', () => {
  it('keeps every digit of the fraction, signed, in decimal arithmetic', () => {
    expect(premiumPercent('0.0012')).toBe('+0.12%')
    expect(premiumPercent('-0.00035')).toBe('-0.035%')
    expect(premiumPercent('0.000089979285344381')).toBe('+0.0089979285344381%')
    expect(premiumPercent('0.1')).toBe('+10%')
    expect(premiumPercent('0')).toBe('0%')
    expect(premiumPercent('-0.0')).toBe('0%')
    expect(premiumPercent(null)).toBe('—')
  })
})

describe('the model of a history beyond 24 hours', () => {
  it('draws an off-hours token’s weekend premium faded, over the carried stock close', () => {
    const series = historyFixture({ symbol: 'NVDAon', range: '1m', end: SATURDAY, offHours: true })
    const model = historyModel(series, true)
    if (!model) throw new Error('no model')
    const carried = series.points.filter((point) => point.underlyingCarried)
    expect(carried.length).toBeGreaterThan(24)
    // Every carried point's premium is drawn in the faded colour, every other one in the solid.
    const premium = carriedLine(model.premium, '#ffffff', '#ffffff66')
    expect(premium.filter((point) => point.color === '#ffffff66')).toHaveLength(carried.length)
    expect(premium.filter((point) => point.color === '#ffffff')).toHaveLength(
      series.points.length - carried.length,
    )
    expect(carriedLine(model.stock, 'a', 'b').filter((point) => point.color === 'b')).toHaveLength(
      carried.length,
    )
  })

  it('puts every point in a slot of its own, in time order, on the trading axis', () => {
    for (const range of ['1m', 'all'] as const) {
      const series = historyFixture({ symbol: 'AAPLon', range, end: MONDAY, offHours: false })
      const model = historyModel(series, false)
      if (!model) throw new Error('no model')
      expect(new Set(model.slotOf).size).toBe(series.points.length)
      expect(model.slotOf).toEqual([...model.slotOf].sort((a, b) => a - b))
      expect(model.candles.filter((candle) => 'open' in candle)).toHaveLength(series.points.length)
    }
  })

  it('shades sessions behind hourly candles, never behind daily ones, which span every session', () => {
    const hourly = historyModel(
      historyFixture({ symbol: 'AAPLon', range: '1m', end: MONDAY, offHours: false }),
      false,
    )
    const daily = historyModel(
      historyFixture({ symbol: 'AAPLon', range: 'all', end: MONDAY, offHours: false }),
      false,
    )
    expect(hourly?.bands.length).toBeGreaterThan(20)
    expect(daily?.bands).toEqual([])
  })

  it('marks each multiplier step at its place, with the first point under the new value', () => {
    const series = historyFixture({
      symbol: 'AAPLon',
      range: '1m',
      end: MONDAY,
      offHours: false,
      steps: [DIVIDEND, SPLIT],
    })
    const model = historyModel(series, false)
    if (!model) throw new Error('no model')
    expect(model.marks.map(({ from, to }) => [from, to])).toEqual([
      ['1', '1.0011'],
      ['1.0011', '10.011'],
    ])
    for (const mark of model.marks) {
      const point = series.points[mark.pointIndex]
      expect(point?.multiplier).toBe(mark.to)
      expect(series.points[mark.pointIndex - 1]?.multiplier).toBe(mark.from)
      expect(mark.x).toBeCloseTo(model.axis.x(mark.t))
    }
    // A split moves the multiplier, never the premium: the token's close stays near the stock's x multiplier.
    const across = series.points.slice(model.marks[1]!.pointIndex - 1, model.marks[1]!.pointIndex + 1)
    expect(Math.abs(Number(across[1]!.premium) - Number(across[0]!.premium))).toBeLessThan(0.01)
  })

  it('is made once per answer: the same answer gives the same model', () => {
    const series = historyFixture({ symbol: 'AAPLon', range: '1y', end: MONDAY, offHours: false })
    expect(historyModel(series, false)).toBe(historyModel(series, false))
  })
})
