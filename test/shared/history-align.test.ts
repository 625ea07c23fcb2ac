import { describe, expect, it } from 'vitest'
import { alignHistory, multiplierChanges } from '../../src/main/core/history/history-align'
import { HISTORY_PLANS, rangeStart } from '../../src/main/core/history/history-plan'
import { recordedCandles } from '../../src/main/core/history/history-recorded'
import { Dec } from '../../src/shared/decimal'
import type { Candle } from '../../src/main/core/api/wire/wire-history'

/**
 * Token candles, stock candles and the multiplier history joined, at fixed market times: a
 * Monday, a weekend with an off-hours token, a holiday, a 10:1 split and a dividend step.
 */

const HOUR = 3_600_000
const DAY = 86_400_000
const candle = (t: number, close: string, open = close): Candle => ({
  t,
  open,
  high: close > open ? close : open,
  low: close > open ? open : close,
  close,
})

describe('alignment', () => {
  it(
    'a Monday: each token hour against the stock hour and the multiplier ' + 'in force, premium to 16 digits',
    () => {
      const monday = Date.UTC(2026, 10, 16, 15)
      const points = alignHistory({
        token: [candle(monday, '101.0000'), candle(monday + HOUR, '100.5')],
        stock: [candle(monday, '100.00'), candle(monday + HOUR, '100.25')],
        multiplier: [{ t: Date.UTC(2025, 8, 3), value: '1.002000000000000000' }],
        intervalMs: HOUR,
        asOf: monday + 90 * 60_000,
      })
      expect(points[0]).toEqual({
        t: monday,
        open: '101.0000',
        high: '101.0000',
        low: '101.0000',
        close: '101.0000',
        underlyingClose: '100.00',
        underlyingCarried: false,
        multiplier: '1.002000000000000000',
        premium: '0.007984031936127745',
      })
      // 100.5 / (100.25 x 1.002) - 1, checked in the app's 80-digit decimal: at least 12 significant digits
      // agree.
      const exact = new Dec('100.5').div(new Dec('100.25').times('1.002')).minus(1)
      expect(new Dec(points[1]?.premium as string).minus(exact).abs().lt(exact.abs().times('1e-12'))).toBe(
        true,
      )
    },
  )

  it('raw points (no bucket): a multiplier step at a point is in force at that point', () => {
    // A recorded poll at 15:00:00.000 when the dividend step lands at 15:00:00.000: the point is
    // already on the new multiplier (a bucket's close is its last millisecond; a raw point's is
    // its own instant).
    const t = Date.UTC(2026, 10, 16, 15)
    const points = alignHistory({
      token: [candle(t - 1, '100.10'), candle(t, '100.15')],
      stock: [candle(t - 1, '100.00')],
      multiplier: [
        { t: 0, value: '1.000000000000000000' },
        { t, value: '1.000700000000000000' },
      ],
      intervalMs: 0,
      asOf: t + 1_000,
    })
    expect(points.map((point) => [point.t, point.multiplier])).toEqual([
      [t - 1, '1.000000000000000000'],
      [t, '1.000700000000000000'],
    ])
  })

  it(
    "a weekend with an off-hours token: Friday's stock close carried " +
      'through Saturday and Sunday, said so',
    () => {
      const friday = Date.UTC(2025, 10, 21)
      const points = alignHistory({
        token: [0, 1, 2, 3].map((d) => candle(friday + d * DAY, `${180 + d}.00`)),
        stock: [candle(friday, '180.00'), candle(friday + 3 * DAY, '183.00')],
        multiplier: [{ t: 0, value: '1' }],
        intervalMs: DAY,
        asOf: friday + 4 * DAY,
      })
      expect(points.map((p) => [p.underlyingClose, p.underlyingCarried])).toEqual([
        ['180.00', false],
        ['180.00', true],
        ['180.00', true],
        ['183.00', false],
      ])
      expect(points[2]?.premium).toBe(new Dec('182').div('180').minus(1).toSignificantDigits(16).toString())
    },
  )

  it(
    'a holiday: a stock-hours token has no candle, so nothing is ' +
      'carried; before the first stock candle nothing is known',
    () => {
      const wednesday = Date.UTC(2025, 10, 26)
      const points = alignHistory({
        token: [candle(wednesday - DAY, '10'), candle(wednesday, '10'), candle(wednesday + 2 * DAY, '10')],
        stock: [candle(wednesday, '10'), candle(wednesday + 2 * DAY, '10')],
        multiplier: [{ t: 0, value: '1' }],
        intervalMs: DAY,
        asOf: wednesday + 3 * DAY,
      })
      expect(points.map((p) => [p.underlyingClose, p.underlyingCarried, p.premium])).toEqual([
        [null, false, null],
        ['10', false, '0'],
        ['10', false, '0'],
      ])
    },
  )

  it(
    'a 10:1 split day: the daily candle closes after the split on ' +
      'the new multiplier, so the premium does not jump',
    () => {
      const splitDay = Date.UTC(2026, 10, 16)
      const splitAt = splitDay + 9 * HOUR
      const steps = [
        { t: Date.UTC(2025, 8, 3), value: '1.000000000000000000' },
        { t: splitAt, value: '10.000000000000000000' },
      ]
      const points = alignHistory({
        token: [candle(splitDay - DAY, '1001.00'), candle(splitDay, '1002.00')],
        stock: [candle(splitDay - DAY, '1000.00'), candle(splitDay, '100.10')],
        multiplier: steps,
        intervalMs: DAY,
        asOf: splitDay + 20 * HOUR,
      })
      expect(points.map((p) => [p.multiplier, p.premium])).toEqual([
        ['1.000000000000000000', '0.001'],
        ['10.000000000000000000', '0.000999000999000999'],
      ])
      expect(multiplierChanges(steps, 0)).toEqual([
        { t: splitAt, from: '1.000000000000000000', to: '10.000000000000000000' },
      ])
    },
  )

  it(
    'a dividend step: the multiplier rises by a fraction of a percent, ' +
      'the stock-on-token-scale with it, the premium steady',
    () => {
      const exDay = Date.UTC(2026, 1, 10)
      const points = alignHistory({
        token: [candle(exDay - HOUR, '100.2004'), candle(exDay + HOUR, '100.4008008')],
        stock: [candle(exDay - HOUR, '100.00'), candle(exDay + HOUR, '100.00')],
        multiplier: [
          { t: 0, value: '1.000000000000000000' },
          { t: exDay, value: '1.002000000000000000' },
        ],
        intervalMs: HOUR,
        asOf: exDay + 2 * HOUR,
      })
      expect(points.map((p) => p.premium)).toEqual(['0.002004', '0.002004'])
    },
  )
})

describe('ranges and recorded rows', () => {
  it('maps each range to the pair the issue names, 3M and 6M with a 1day/1year fallback', () => {
    expect(HISTORY_PLANS['1w']).toMatchObject({
      request: { interval: '1hour', range: '1month' },
      spanMs: 7 * DAY,
      fallback: null,
    })
    expect(HISTORY_PLANS['3m']).toMatchObject({
      request: { interval: '1day', range: '3month' },
      fallback: { interval: '1day', range: '1year' },
    })
    expect(HISTORY_PLANS.all).toMatchObject({ request: { interval: '1day', range: 'all' }, spanMs: null })
    expect(rangeStart('1w', 10 * DAY)).toBe(3 * DAY)
  })

  it('recorded polls become candles; the stock gets none while its market is closed (a Saturday)', () => {
    const saturday = Date.UTC(2025, 10, 22, 17)
    const friday = Date.UTC(2025, 10, 21, 17)
    const row = (t: number, price: string) => ({
      t,
      open: price,
      high: price,
      low: price,
      close: price,
      underlying: '180.00',
      multiplier: '1.0',
    })
    const candles = recordedCandles(
      [row(friday, '181'), row(friday + 60_000, '182'), row(saturday, '183')],
      HOUR,
    )
    expect(candles.token).toEqual([
      { t: friday, open: '181', high: '182', low: '181', close: '182' },
      { t: saturday, open: '183', high: '183', low: '183', close: '183' },
    ])
    expect(candles.stock.map((c) => c.t)).toEqual([friday])
    expect(candles.multiplier).toEqual([{ t: friday, value: '1.0' }])
  })
})
