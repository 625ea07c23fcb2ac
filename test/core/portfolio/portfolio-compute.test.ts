import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { type TokenHistory, computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { Transaction } from '../../../src/shared/holdings'
import { AS_OF, DAYS, DAY_MS, LEDGER, PRICES, fixtureInput, historyOf } from './portfolio-fixture'

/**
 * The portfolio's own bookkeeping around the walks, on the fixture's portfolio
 * (portfolio-fixture.ts): which times the series has, where a range of All starts, the cost at
 * each point, when returns are annualised, what an empty report and the notes say.
 */

const D = Decimal.clone({ precision: 80 })
const SYMBOLS = Object.keys(PRICES)
const HOUR_MS = 3_600_000

const extra = (fields: Partial<Transaction> & Pick<Transaction, 'id' | 'time'>): Transaction => ({
  ...(LEDGER[0] as Transaction),
  ...fields,
})

function histories(changes: Record<string, TokenHistory | undefined>): Map<string, TokenHistory> {
  const map = new Map<string, TokenHistory>()
  for (const symbol of SYMBOLS) {
    const history = symbol in changes ? changes[symbol] : historyOf(symbol)
    if (history !== undefined) map.set(symbol, history)
  }
  return map
}

/** The history with only the points of the given day indexes. */
function onDays(symbol: string, days: number[]): TokenHistory {
  const history = historyOf(symbol)
  return { ...history, points: history.points.filter((_, i) => days.includes(i)) }
}

describe('the series: its times and its cost', () => {
  it("has a point at every time any held token's history has one, each once, in order", () => {
    // NVDAon without Thursday 5 March and Monday 9 March, with a Saturday 7 March point and its
    // Tuesday point sent twice; TSLAon from Wednesday, without Monday, to Wednesday 11 March.
    const nvda = onDays('NVDAon', [0, 1, 2, 4, 6, 7, 8, 9])
    const saturday = Date.parse('2026-03-07T00:00:00Z')
    const sent = {
      ...nvda,
      points: [
        ...[nvda.points[0]!, nvda.points[1]!, nvda.points[1]!, nvda.points[2]!, nvda.points[3]!],
        { ...nvda.points[3]!, t: saturday },
        ...nvda.points.slice(4),
      ],
    }
    const report = computePortfolio(
      fixtureInput({ histories: histories({ NVDAon: sent, TSLAon: onDays('TSLAon', [2, 3, 4, 6, 7]) }) }),
    )
    expect(report.series.map((point) => point.t)).toEqual([...DAYS.slice(0, 5), saturday, ...DAYS.slice(5)])
  })

  it('ends at the point that opened at or before the time asked for, that point included', () => {
    const at = (asOf: number) => computePortfolio(fixtureInput({ asOf })).series.map((point) => point.t)
    expect(at(DAYS[9] as number)).toEqual(DAYS)
    expect(at((DAYS[9] as number) - 1)).toEqual(DAYS.slice(0, 9))
  })

  it('holds the cost of what is held at each point (average cost: fees in, a sale taking its share)', () => {
    const cost = computePortfolio(fixtureInput()).series.map((point) => point.cost)
    // AAPLon 3.5 at 100.10 + 0.35; NVDAon 12 at 180.40 + 1.20; TSLAon 20 at 250.75 + 0.99; AAPLon
    // 1.5 at 101.20 + 0.15; 2 of AAPLon's 5 sold (2/5 of 502.65); NVDAon 2.25 at 181.05 + 0.25;
    // TSLAon all sold; AAPLon 1 at 104.00 + 0.10.
    const steps = [
      '350.70',
      '2166.00',
      '5015.99',
      '151.95',
      '0',
      '-201.06',
      '407.6125',
      '-5015.99',
      '104.10',
      '0',
    ]
    let total = new D(0)
    const expected = steps.map((step) => (total = total.plus(step)).toString())
    expect(cost).toEqual(expected)
  })

  it('closes an hourly point an hour after it opens: a trade later that day is in the next', () => {
    const hourly = (symbol: string): TokenHistory => ({ ...historyOf(symbol), bucketMs: HOUR_MS })
    const report = computePortfolio(fixtureInput({ histories: new Map(SYMBOLS.map((s) => [s, hourly(s)])) }))
    // t1 (AAPLon, 2 March 10:00 ET) falls after the first point's close at 00:59:59.999 UTC.
    expect(report.series[0]?.value).toBe('0')
    // t2 (NVDAon, 3 March 10:30 ET) likewise falls after Tuesday's: only AAPLon is held there.
    expect(report.series[1]?.value).toBe(new D('3.5').times('100.48').toString())
  })

  it("takes the bucket of the first token with points: one with none does not set the series'", () => {
    const empty: TokenHistory = { points: [], bucketMs: HOUR_MS, source: 'service', note: null }
    const report = computePortfolio(fixtureInput({ histories: histories({ AAPLon: empty }) }))
    const without = computePortfolio(
      fixtureInput({ histories: histories({ AAPLon: { ...empty, bucketMs: DAY_MS } }) }),
    )
    expect(report.series).toEqual(without.series)
    expect(report.positions.map((position) => position.symbol)).toEqual(['NVDAon', 'TSLAon'])
  })
})

describe('where a range of All starts', () => {
  const all = (time: string) =>
    computePortfolio(
      fixtureInput({
        range: 'all',
        transactions: [extra({ id: 't1', time, symbol: 'NVDAon', quantity: '2.5', price: '181.50' })],
      }),
    ).series[0]?.t
  it('starts at the last point that closed before the first trade (one at a close is in that point)', () => {
    // Wednesday 4 March's point closes at 23:59:59.999 UTC.
    expect(all('2026-03-04T23:59:59.999Z')).toBe(DAYS[1])
    expect(all('2026-03-05T00:00:00.000Z')).toBe(DAYS[2])
    expect(all('2026-03-04T11:00:00-05:00')).toBe(DAYS[1])
  })
})

describe('annualised returns', () => {
  it('are not given over a month', () => {
    expect(computePortfolio(fixtureInput()).figures.annualised).toBeNull()
  })

  it('are given over a year to the day, and not over a day less', () => {
    const days = Array.from({ length: 366 }, (_, i) => Date.parse('2025-03-03T00:00:00Z') + i * DAY_MS)
    const history: TokenHistory = {
      points: days.map((t, i) => {
        const close = new D('50.10').plus(new D('0.05').times(i)).toString()
        return {
          ...{ t, open: close, high: close, low: close, close },
          ...{ underlyingClose: null, underlyingCarried: false, multiplier: null, premium: null },
        }
      }),
      bucketMs: DAY_MS,
      source: 'service',
      note: null,
    }
    const buy = extra({ id: 't1', time: '2025-03-03T10:00:00-05:00', symbol: 'AMDon', price: '50.10' })
    const over = (points: number) =>
      computePortfolio(
        fixtureInput({
          range: 'all',
          transactions: [buy],
          histories: new Map([['AMDon', { ...history, points: history.points.slice(0, points) }]]),
          asOf: (days[points - 1] as number) + HOUR_MS,
        }),
      ).figures.annualised
    expect(over(366)).not.toBeNull()
    expect(over(365)).toBeNull()
  })

  it('are not given over a year range of a single point', () => {
    // Asked at 22:00 UTC on 2 March, after t1: one point, AAPLon held.
    const report = computePortfolio(fixtureInput({ range: '1y', asOf: (DAYS[0] as number) + 22 * HOUR_MS }))
    expect(report.series).toHaveLength(1)
    expect(report.figures.annualised).toBeNull()
  })
})

describe('what the report says', () => {
  it('says an empty range with zeros everywhere and the histories’ own notes', () => {
    const note =
      'This service publishes no history; Tokenwatch has been recording it since Mar 20, 09:30:00 ET.'
    const recorded = (s: string): TokenHistory => ({ ...historyOf(s), points: [], source: 'recorded', note })
    const report = computePortfolio(
      fixtureInput({ histories: new Map(SYMBOLS.map((s) => [s, recorded(s)])) }),
    )
    expect(report.empty).toBe(true)
    expect(report.figures.pnl).toBe('0')
    expect(report.figures.attribution).toEqual({ stock: '0', multiplier: '0', premium: '0', fees: '0' })
    expect(report.notes).toEqual([note, 'Nothing was held in this range.'])
    // Nothing held in a range that has points: the notes are kept too.
    const later = LEDGER.map((tx) => ({ ...tx, time: '2026-03-20T10:00:00-04:00' }))
    const withNote = new Map(SYMBOLS.map((s) => [s, { ...historyOf(s), note }]))
    expect(computePortfolio(fixtureInput({ transactions: later, histories: withNote })).notes).toEqual([
      note,
      'Nothing was held in this range.',
    ])
  })

  it('says where the histories came from: the service, the recording, or both', () => {
    expect(computePortfolio(fixtureInput()).source).toBe('service')
    const recorded = { ...historyOf('TSLAon'), source: 'recorded' as const }
    expect(computePortfolio(fixtureInput({ histories: histories({ TSLAon: recorded }) })).source).toBe('both')
  })

  it('values a token the service has no history of at its last trade, not at a transfer, and says so', () => {
    const mstr = [
      extra({
        id: 'm1',
        time: '2026-03-03T10:00:00-05:00',
        symbol: 'MSTRon',
        quantity: '2',
        price: '150.25',
        fee: '0.20',
      }),
      extra({
        id: 'm2',
        time: '2026-03-06T10:00:00-05:00',
        symbol: 'MSTRon',
        side: 'sell',
        quantity: '0.5',
        price: '155.40',
        fee: '0',
      }),
      extra({
        id: 'm3',
        time: '2026-03-10T10:00:00-04:00',
        symbol: 'MSTRon',
        side: 'transfer-in',
        quantity: '0.25',
        price: '0',
        fee: '0',
      }),
    ]
    const report = computePortfolio(fixtureInput({ transactions: [...LEDGER, ...mstr] }))
    expect(report.notes).toContain(
      "MSTRon: the service has no history of it: valued at its last trade's price.",
    )
    const without = computePortfolio(fixtureInput())
    const at = (r: typeof report, i: number) => new D(r.series[i]?.value as string)
    // At its buy's price (150.25) until it sold at 155.40; a transfer's 0 is no price.
    expect(at(report, 2).minus(at(without, 2)).toString()).toBe(new D(2).times('150.25').toString())
    expect(at(report, 9).minus(at(without, 9)).toString()).toBe(new D('1.75').times('155.40').toString())
    // It has no stock whose close could have been carried, and its trades are its prices: a point
    // whose day it was bought in is valued at that buy, not "before its first price".
    expect(report.notes.some((note) => note.startsWith('MSTRon: the stock had no candle'))).toBe(false)
    expect(report.notes.filter((note) => note.startsWith('MSTRon:'))).toEqual([
      "MSTRon: the stock's price is not known at every step: its unexplained moves count as the stock's.",
      "MSTRon: the service has no history of it: valued at its last trade's price.",
    ])
  })

  it('says a token whose history ends a bucket or more before the last point is valued at its last', () => {
    const noPriceAfter = (days: number) =>
      computePortfolio(
        fixtureInput({ histories: histories({ NVDAon: historyOf('NVDAon', 0, days) }) }),
      ).notes.filter((note) => note.startsWith('NVDAon: no price after '))
    // Ending Thursday 12 March, the day before the last point: said, with the year.
    const said = noPriceAfter(9)
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('2026')
    expect(said[0]).toMatch(/ \(delisted\?\): valued at its last known price\.$/)
    expect(noPriceAfter(10)).toEqual([])
  })

  it("says the benchmark token's history could not be had", () => {
    expect(computePortfolio(fixtureInput({ benchmarkSymbol: 'QQQon' })).notes).toContain(
      'Had you bought QQQon: its history could not be had.',
    )
  })

  it('lists the trades after the first point up to the time asked for, one at that time included', () => {
    const at = extra({ id: 't9', time: '2026-03-13T21:00:00Z', quantity: '0.5', price: '103.80' })
    const after = extra({ id: 't10', time: '2026-03-13T21:00:00.001Z', quantity: '0.5', price: '103.80' })
    const report = computePortfolio(fixtureInput({ transactions: [...LEDGER, at, after], asOf: AS_OF }))
    expect(report.trades.map((trade) => trade.id)).toEqual(['t2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'])
  })
})
