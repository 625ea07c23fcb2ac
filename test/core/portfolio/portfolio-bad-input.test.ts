import { describe, expect, it } from 'vitest'
import Decimal from 'decimal.js'
import { type TokenHistory, computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { Transaction } from '../../../src/shared/holdings'
import { DAY_MS, LEDGER, PRICES, fixtureInput, historyOf } from './portfolio-fixture'

/** Issue #49's bad input, on the fixture's portfolio (portfolio-fixture.ts) and market time. */

const D = Decimal.clone({ precision: 80 })
const SYMBOLS = Object.keys(PRICES)

const input = fixtureInput

const extra = (fields: Partial<Transaction> & Pick<Transaction, 'id' | 'time'>): Transaction => ({
  ...(LEDGER[0] as Transaction),
  ...fields,
})

describe('the portfolio over time: bad input (issue #49)', () => {
  it('says a range with no holdings, and draws no series', () => {
    const later = LEDGER.map((tx) => ({ ...tx, time: '2026-03-20T10:00:00-04:00' }))
    const report = computePortfolio(input({ transactions: later }))
    expect(report.empty).toBe(true)
    expect(report.series).toEqual([])
    expect(report.figures.twr).toBeNull()
    expect(report.figures.mwrNote).toBe('nothing was held')
    expect(report.notes).toContain('Nothing was held in this range.')
  })

  it('prices a trade at a time without a candle against the nearest earlier one, and says so', () => {
    // Saturday 7 March: no candle; Friday's bucket (its stock and multiplier) is the nearest earlier.
    const saturday = extra({
      id: 't9',
      time: '2026-03-07T12:00:00-05:00',
      quantity: '0.5',
      price: '101.05',
      fee: '0',
    })
    const report = computePortfolio(input({ transactions: [...LEDGER, saturday] }))
    const said = report.notes.filter((note) => note.startsWith('AAPLon: no candle at '))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/2026.* \(transaction t9\); the nearest earlier price was used\.$/)
    const without = computePortfolio(input())
    // The 0.5 bought at 101.05 is worth 0.5 x Monday's close (102.27) at the next point.
    const pnlMonday = (r: typeof report) => new D(r.series[5]?.pnl as string)
    expect(pnlMonday(report).minus(pnlMonday(without)).toString()).toBe(
      new D('0.5').times(new D('102.27').minus('101.05')).toString(),
    )
  })

  it('says a range of one point has no period for a return, not that nothing was held', () => {
    const lastDay = historyOf('AAPLon').points.length - 1
    const histories = new Map<string, TokenHistory>(SYMBOLS.map((s) => [s, historyOf(s, lastDay)]))
    const report = computePortfolio(input({ histories }))
    expect(report.series).toHaveLength(1)
    expect(new D(report.series[0]?.value ?? '0').isPositive()).toBe(true)
    expect(report.figures.twr).toBeNull()
    expect(report.figures.mwrNote).toBe('one point in this range: no period to measure a return over')
    expect(report.positions.length).toBeGreaterThan(0)
    expect(report.positions.map((position) => position.mwrNote)).toEqual(
      report.positions.map(() => 'one point in this range: no period to measure a return over'),
    )
  })

  it('values a token delisted inside the range at its last known price, and says so', () => {
    const histories = new Map<string, TokenHistory>(SYMBOLS.map((s) => [s, historyOf(s)]))
    histories.set('NVDAon', historyOf('NVDAon', 0, 7))
    const report = computePortfolio(input({ histories }))
    expect(report.notes.some((note) => note.startsWith('NVDAon: no price after'))).toBe(true)
    const nvdaLast = new D('14.25').times('181.30')
    const others = new D(4).times('103.76')
    expect(report.series.at(-1)?.value).toBe(nvdaLast.plus(others).toString())
  })

  it('says a history that is the app recording only (a service without history)', () => {
    const note =
      'This service publishes no history; Tokenwatch has been recording it since Mar 2, 09:30:00 ET.'
    const recorded = (s: string): TokenHistory => ({ ...historyOf(s), source: 'recorded', note })
    const report = computePortfolio(input({ histories: new Map(SYMBOLS.map((s) => [s, recorded(s)])) }))
    expect(report.source).toBe('recorded')
    expect(report.notes).toContain(note)
  })

  it('counts a transfer out as tokens moved at the market price, with no P&L and no note', () => {
    const transfer = extra({
      id: 't9',
      time: '2026-03-12T15:00:00-04:00',
      side: 'transfer-out',
      quantity: '1',
      price: '0',
      fee: '0',
    })
    const report = computePortfolio(input({ transactions: [...LEDGER, transfer] }))
    const without = computePortfolio(input())
    expect(report.notes.some((note) => note.includes('transfer-out'))).toBe(false)
    // The token moved out at Thursday's close no longer earns Friday's move; nothing else changes.
    expect(new D(without.figures.pnl).minus(report.figures.pnl).toString()).toBe(
      new D('103.76').minus('103.20').toString(),
    )
  })

  it('counts a side it does not know as tokens moved at the market price, and says so', () => {
    // A ledger written by a newer Tokenwatch: its replay takes an unknown side as tokens going out.
    const unknown = extra({
      id: 't9',
      time: '2026-03-12T15:00:00-04:00',
      side: 'gift-out' as 'sell',
      quantity: '1',
      price: '0',
      fee: '0',
    })
    const report = computePortfolio(input({ transactions: [...LEDGER, unknown] }))
    expect(report.notes.some((note) => note.includes('"gift-out"'))).toBe(true)
  })

  it('starts All at the last point before the first trade, not where the histories begin', () => {
    const byId = (...ids: string[]) => LEDGER.filter((tx) => ids.includes(tx.id))
    const report = computePortfolio(input({ range: 'all', transactions: byId('t2', 't3', 't7') }))
    // t2, the first trade, is on Tuesday 3 March: Monday's point is the base, nothing held.
    expect(report.series[0]).toMatchObject({ t: Date.parse('2026-03-02T00:00:00Z'), value: '0', pnl: '0' })
    const later = computePortfolio(input({ range: 'all', transactions: byId('t6') }))
    expect(later.series[0]?.t).toBe(Date.parse('2026-03-09T00:00:00Z'))
    expect(later.series[1]?.t).toBe(Date.parse('2026-03-10T00:00:00Z'))
  })

  it('says "no solution" where the money-weighted return has none, and annualises a range of a year', () => {
    const t0 = Date.parse('2025-03-03T00:00:00Z')
    const days = Array.from({ length: 400 }, (_, i) => t0 + i * DAY_MS)
    const closes = days.map((_, i) =>
      i === 399 ? '0' : new D('50.10').plus(new D('0.05').times(i)).toString(),
    )
    const history: TokenHistory = {
      points: days.map((t, i) => ({
        t,
        ...{
          open: closes[i] as string,
          high: closes[i] as string,
          low: closes[i] as string,
          close: closes[i] as string,
        },
        ...{ underlyingClose: null, underlyingCarried: false, multiplier: null, premium: null },
      })),
      bucketMs: DAY_MS,
      source: 'service',
      note: null,
    }
    const buy = extra({
      id: 't1',
      time: '2025-03-10T10:00:00-04:00',
      symbol: 'AMDon',
      quantity: '3.5',
      price: '50.45',
      fee: '0.35',
    })
    const base = {
      transactions: [buy],
      histories: new Map([['AMDon', history]]),
      asOf: (days.at(-1) as number) + 3_600_000,
    }
    const wiped = computePortfolio(input({ ...base, range: 'all' }))
    expect(wiped.figures.mwr).toBeNull()
    expect(wiped.figures.mwrNote).toBe('no solution: the cash flows do not change sign')
    expect(wiped.notes.some((note) => note.startsWith("AMDon: the stock's price is not known"))).toBe(true)
    const kept = computePortfolio(
      input({
        ...base,
        range: 'all',
        histories: new Map([['AMDon', { ...history, points: history.points.slice(0, 399) }]]),
      }),
    )
    // All starts at the last point before the buy: day 6.
    const span = (days[398] as number) - (days[6] as number)
    // Bought on day 7 at its close (50.45) for 176.575 + 0.35 fee; held to day 398's close, 70.00.
    const twr = new D('176.575').dividedBy('176.925').times(new D('70').dividedBy('50.45')).minus(1)
    expect(kept.figures.twr).toBe(twr.toFixed(10))
    expect(kept.figures.annualised?.twr).toBe(
      twr
        .plus(1)
        .pow(new D(365 * DAY_MS).dividedBy(span))
        .minus(1)
        .toFixed(10),
    )
  })
})
