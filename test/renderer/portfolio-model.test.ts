import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { portfolioModel, type PortfolioModel } from '../../src/renderer/holdings/portfolio-model'
import { slotAt } from '../../src/renderer/chart/chart-slots'
import type { BenchmarkPoint, PortfolioPoint, PortfolioReport } from '../../src/shared/portfolio'

/**
 * The Holdings tab's chart model (issue #49 item 1) on a small report written here: three
 * weekdays' daily buckets of November 2026 at 00:00 UTC, fixed, so the trading axis is the same on
 * any day and in any time zone the test runs. Nothing is held at the first point; the P&L starts
 * as a loss, turns to a gain, and back to a loss; the stock is unknown at one point.
 */

const day = (date: string) => Date.parse(`${date}T00:00:00Z`)
/** [day, value, valueAtFairValue, cost, pnl] */
type Row = [string, string, string | null, string, string]
const ROWS: Row[] = [
  ['2026-11-02', '0', '0', '0', '0'],
  ['2026-11-03', '1250.10', '1248.85', '1251.35', '-1.25'],
  ['2026-11-04', '1238.45', '1240.20', '1251.35', '-12.90'],
  ['2026-11-05', '1262.80', '1260.05', '1251.35', '11.45'],
  ['2026-11-06', '1270.95', null, '1251.35', '19.60'],
  ['2026-11-09', '1244.30', '1245.10', '1251.35', '-7.05'],
]
const SERIES: PortfolioPoint[] = ROWS.map(([date, value, valueAtFairValue, cost, pnl]) => ({
  t: day(date),
  value,
  valueAtFairValue,
  cost,
  pnl,
}))
/** What the same money would be worth in the stocks and in SPYon at each point; one stock unknown. */
const BENCHMARK: BenchmarkPoint[] = [
  ['0', '0'],
  ['1250.10', '1250.10'],
  ['1244.9812345678', '1239.5500000001'],
  ['1255.3300000000', '1248.7712345678'],
  [null, '1251.0400000000'],
  ['1249.6654321098', '1246.2200000000'],
].map(([stocks, token], i) => ({ t: SERIES[i]!.t, stocks, token }) as BenchmarkPoint)

/** Tuesday 3 November 2026, 10:00 ET (3.5 tokens bought), and Thursday 5 November, 14:30 ET. */
const TRADES = [
  { t: Date.parse('2026-11-03T15:00:00Z'), id: 't1', symbol: 'AAPLon', side: 'buy' },
  { t: Date.parse('2026-11-05T19:30:00Z'), id: 't2', symbol: 'NVDAon', side: 'buy' },
]

function reportOf(series: PortfolioPoint[], benchmarkSeries: BenchmarkPoint[] = []): PortfolioReport {
  return {
    range: '3m',
    method: 'average',
    benchmarkSymbol: 'SPYon',
    asOf: Date.parse('2026-11-09T21:00:00Z'),
    source: 'service',
    empty: false,
    series,
    benchmarkSeries,
    trades: TRADES,
    figures: {
      twr: '-0.0056',
      mwr: null,
      mwrNote: 'no solution',
      pnl: '-7.05',
      annualised: null,
      benchmark: { stocks: null, token: null },
      attribution: { stock: '-5.10', multiplier: '0', premium: '-0.30', fees: '-1.65' },
    },
    positions: [],
    notes: [],
  }
}

const FIELDS = ['value', 'valueAtFairValue', 'cost', 'pnl'] as const

function modelOf(report: PortfolioReport, unit: PortfolioModel['unit']): PortfolioModel {
  const model = portfolioModel(report, false, unit)
  if (!model) throw new Error('no model')
  return model
}

/** What the chart plots at each point of the series for one field: a number, or nothing. */
function plotted(
  model: PortfolioModel,
  field: (typeof FIELDS)[number] | 'stocks' | 'token',
): Array<number | null> {
  return model.slotOf.map((slot) => {
    const entry = model[field][slot]
    if (!entry) throw new Error(`no slot ${slot}`)
    return 'value' in entry ? entry.value : null
  })
}

describe('the portfolio chart model (issue #49 item 1)', () => {
  const report = reportOf(SERIES)

  it('gives every point a slot of its own, in time order', () => {
    const model = modelOf(report, 'money')
    expect(new Set(model.slotOf).size).toBe(SERIES.length)
    expect(model.slotOf).toEqual([...model.slotOf].sort((a, b) => a - b))
  })

  it('draws the three lines and the P&L at the report’s figures, at their times', () => {
    const model = modelOf(report, 'money')
    for (const field of FIELDS)
      expect(plotted(model, field)).toEqual(
        SERIES.map((point) => (point[field] === null ? null : Number(point[field]))),
      )
    // Every slot without a point is empty: nothing is drawn between the report's times.
    const withPoint = new Set(model.slotOf)
    for (const field of FIELDS)
      model[field].forEach((entry, slot) => {
        if (!withPoint.has(slot)) expect('value' in entry).toBe(false)
      })
  })

  it('keeps the P&L’s sign about zero, across each crossing (red below, green above)', () => {
    const pnl = plotted(modelOf(report, 'money'), 'pnl')
    const signs = pnl.map((value) => Math.sign(value as number))
    expect(signs).toEqual([0, -1, -1, 1, 1, -1])
    expect(pnl[2]).toBe(-12.9)
    expect(pnl[3]).toBe(11.45)
  })

  it('with amounts hidden, plots percent changes from the range’s starting value, no dollar', () => {
    const model = modelOf(report, 'percent')
    expect(model.unit).toBe('percent')
    // The starting value: the first point where anything is held (1,250.10), one base for all lines.
    const base = new Decimal('1250.10')
    const change = (figure: string) => new Decimal(figure).dividedBy(base).minus(1).times(100).toNumber()
    const share = (figure: string) => new Decimal(figure).dividedBy(base).times(100).toNumber()
    for (const field of ['value', 'valueAtFairValue', 'cost'] as const)
      expect(plotted(model, field)).toEqual(
        SERIES.map((point, i) => (i === 0 || point[field] === null ? null : change(point[field]))),
      )
    expect(plotted(model, 'pnl')).toEqual(SERIES.map((point, i) => (i === 0 ? null : share(point.pnl))))
    // Figures a reader can check: cost 1,251.35 is +0.0999...% of 1,250.10, the P&L -12.90 is -1.0319...%.
    expect(plotted(model, 'cost')[1]).toBeCloseTo(0.099992, 6)
    expect(plotted(model, 'pnl')[2]).toBeCloseTo(-1.031917, 6)
    expect(plotted(model, 'pnl').map((value) => Math.sign(value ?? 0))).toEqual([0, -1, -1, 1, 1, -1])
  })

  it('marks each transaction at its time, between the points of its day and the next', () => {
    const model = modelOf(report, 'money')
    expect(model.trades.map(({ id, symbol, side, t }) => ({ id, symbol, side, t }))).toEqual(TRADES)
    const [first, second] = model.trades
    const slotOfTrade = (x: number) => slotAt(x, model.slots)
    // t1 is on Tuesday 3 November (point 1), t2 on Thursday 5 November (point 3).
    expect(slotOfTrade(first!.x)).toBeGreaterThan(model.slotOf[1]!)
    expect(slotOfTrade(first!.x)).toBeLessThan(model.slotOf[2]!)
    expect(slotOfTrade(second!.x)).toBeGreaterThan(model.slotOf[3]!)
    expect(slotOfTrade(second!.x)).toBeLessThan(model.slotOf[4]!)
  })

  it('draws the same money in the stocks and in the benchmark token, where main knew it (item 3)', () => {
    const withBench = reportOf(SERIES, BENCHMARK)
    const money = modelOf(withBench, 'money')
    expect(plotted(money, 'stocks')).toEqual(
      BENCHMARK.map((point) => (point.stocks === null ? null : Number(point.stocks))),
    )
    expect(plotted(money, 'token')).toEqual(BENCHMARK.map((point) => Number(point.token)))
    // Hidden: each a percent change from the portfolio's own starting value (1,250.10), as its lines are.
    const base = new Decimal('1250.10')
    const change = (figure: string) => new Decimal(figure).dividedBy(base).minus(1).times(100).toNumber()
    const percent = modelOf(withBench, 'percent')
    expect(plotted(percent, 'stocks')).toEqual(
      BENCHMARK.map((point, i) => (i === 0 || point.stocks === null ? null : change(point.stocks))),
    )
    expect(plotted(percent, 'token')).toEqual(
      BENCHMARK.map((point, i) => (i === 0 ? null : change(point.token!))),
    )
    // 1,239.55 against 1,250.10: -10.55 / 1,250.10 = -0.8439...%.
    expect(plotted(percent, 'token')[2]).toBeCloseTo(-0.843932, 5)
    // A report without benchmarks (neither could be worked out) draws neither line.
    const without = modelOf(report, 'money')
    expect([...without.stocks, ...without.token].some((slot) => 'value' in slot)).toBe(false)
  })

  it('has no chart under two points', () => {
    expect(portfolioModel(reportOf(SERIES.slice(0, 1)), false, 'money')).toBeNull()
  })
})
