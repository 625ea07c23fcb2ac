import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { type TokenHistory, computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { Transaction } from '../../../src/shared/holdings'
import { LEDGER, PRICES, fixtureInput, historyOf } from './portfolio-fixture'

/**
 * What a position's walk says about its prices, in the report's notes, and what it values the
 * position at when the history falls short, on the fixture's portfolio (portfolio-fixture.ts).
 * Times in notes are said in market time (ET, the default), with the year for a trade's.
 */

const D = Decimal.clone({ precision: 80 })
const SYMBOLS = Object.keys(PRICES)

function histories(changes: Record<string, TokenHistory>): Map<string, TokenHistory> {
  return new Map(SYMBOLS.map((symbol) => [symbol, changes[symbol] ?? historyOf(symbol)]))
}

const extra = (fields: Partial<Transaction> & Pick<Transaction, 'id' | 'time'>): Transaction => ({
  ...(LEDGER[0] as Transaction),
  ...fields,
})

describe("a position's walk: its notes and its value where prices fall short", () => {
  it('prices a trade before its first candle at the first, values the position at it, and says both', () => {
    // TSLAon's history starts Thursday 5 March; t3 bought 20 on Wednesday 4 March at 11:00 ET.
    const report = computePortfolio(
      fixtureInput({ histories: histories({ TSLAon: historyOf('TSLAon', 3) }) }),
    )
    const candle = report.notes.filter((note) => note.startsWith('TSLAon: no candle at '))
    expect(candle).toHaveLength(1)
    expect(candle[0]).toContain('2026')
    expect(candle[0]).toMatch(/ \(transaction t3\); the nearest later price was used\.$/)
    const before = report.notes.filter((note) => note.startsWith('TSLAon: no price before '))
    expect(before).toHaveLength(1)
    expect(before[0]).toMatch(/; its first was used\.$/)
    // Wednesday's point values the 20 TSLAon at Thursday's close, the first there is: 252.40.
    const full = computePortfolio(fixtureInput())
    const wednesday = (r: typeof report) => new D(r.series[2]?.value as string)
    expect(wednesday(report).minus(wednesday(full)).toString()).toBe(
      new D(20).times(new D('252.40').minus('250.78')).toString(),
    )
    // Not held on Monday and Tuesday: nothing to value, nothing said about them.
    expect(report.series[0]?.value).toBe(full.series[0]?.value)
    expect(report.series[1]?.value).toBe(full.series[1]?.value)
  })

  it('says how many points held had the stock carried from its last close, one or several', () => {
    const carried = (symbol: string, days: number[]): TokenHistory => {
      const history = historyOf(symbol)
      const points = history.points.map((point, i) => ({ ...point, underlyingCarried: days.includes(i) }))
      return { ...history, points }
    }
    // AAPLon is held throughout; TSLAon only from Wednesday (day 2) to Wednesday 11 March (day 7).
    const report = computePortfolio(
      fixtureInput({
        histories: histories({ AAPLon: carried('AAPLon', [3, 4]), TSLAon: carried('TSLAon', [1, 5]) }),
      }),
    )
    expect(report.notes).toContain(
      'AAPLon: the stock had no candle at 2 points held (a weekend, a holiday): its last close was carried.',
    )
    // TSLAon's day 1 was before it was bought: only day 5 counts.
    expect(report.notes).toContain(
      'TSLAon: the stock had no candle at 1 point held (a weekend, a holiday): its last close was carried.',
    )
    expect(report.notes.some((note) => note.startsWith('NVDAon: the stock had no candle'))).toBe(false)
  })

  it("says where the stock's price is unknown at a step", () => {
    const history = historyOf('NVDAon')
    // Friday 13 March's stock close unknown: the move since NVDAon's last trade (t6) cannot be split.
    const points = history.points.map((point, i) => (i === 9 ? { ...point, underlyingClose: null } : point))
    const report = computePortfolio(
      fixtureInput({ histories: histories({ NVDAon: { ...history, points } }) }),
    )
    expect(report.notes).toContain(
      "NVDAon: the stock's price is not known at every step: its unexplained moves count as the stock's.",
    )
    expect(
      computePortfolio(fixtureInput()).notes.some((note) => note.includes('not known at every step')),
    ).toBe(false)
  })

  it('says a side it does not know in at most its first 20 characters', () => {
    const unknown = extra({
      id: 't9',
      time: '2026-03-12T15:00:00-04:00',
      side: 'gift-out-to-family-member' as 'sell',
      quantity: '1',
      price: '0',
      fee: '0',
    })
    const report = computePortfolio(fixtureInput({ transactions: [...LEDGER, unknown] }))
    expect(report.notes).toContain(
      'AAPLon: transaction t9 is a "gift-out-to-family-m": ' +
        "its tokens are counted as moved in or out at the market's price, with no P&L.",
    )
  })

  it('says a position held at the start and kept is neither opened nor closed in the range', () => {
    const positions = computePortfolio(fixtureInput()).positions
    const flags = Object.fromEntries(positions.map((p) => [p.symbol, [p.openedInRange, p.closedInRange]]))
    // AAPLon bought before the first close; NVDAon on Tuesday, kept; TSLAon bought and sold.
    expect(flags).toEqual({ AAPLon: [false, false], NVDAon: [true, false], TSLAon: [true, true] })
  })

  it('prices a trade in the first bucket of its history there, with nothing to say', () => {
    // TSLAon's history starts Wednesday 4 March, the day t3 bought it.
    const report = computePortfolio(
      fixtureInput({ histories: histories({ TSLAon: historyOf('TSLAon', 2) }) }),
    )
    expect(report.notes.filter((note) => note.startsWith('TSLAon'))).toEqual([])
    expect(report.series.map((point) => point.value)).toEqual(
      computePortfolio(fixtureInput()).series.map((p) => p.value),
    )
  })

  it("says a trade past its bucket's end (Friday 19:00 ET, Saturday in UTC) used the earlier price", () => {
    // Friday 6 March's bucket ends at 00:00 UTC Saturday, 19:00 ET: a trade then falls in no candle.
    const evening = extra({
      id: 't9',
      time: '2026-03-06T19:00:00-05:00',
      quantity: '0.5',
      price: '100.95',
      fee: '0',
    })
    const justBefore = { ...evening, time: '2026-03-06T18:59:59-05:00' }
    const said = (trade: Transaction) =>
      computePortfolio(fixtureInput({ transactions: [...LEDGER, trade] })).notes.filter((note) =>
        note.includes('(transaction t9)'),
      )
    expect(said(evening)).toHaveLength(1)
    expect(said(evening)[0]).toMatch(/^AAPLon: no candle at .*; the nearest earlier price was used\.$/)
    expect(said(justBefore)).toEqual([])
  })

  it("says the earlier price was used for a trade in a gap after its history's first point", () => {
    // TSLAon's history starts Friday 6 March; bought again on Saturday: Friday's is the earlier price.
    const saturday = extra({
      id: 't9',
      time: '2026-03-07T12:00:00-05:00',
      symbol: 'TSLAon',
      quantity: '2',
      price: '244.50',
      fee: '0',
    })
    const report = computePortfolio(
      fixtureInput({
        transactions: [...LEDGER, saturday],
        histories: histories({ TSLAon: historyOf('TSLAon', 4) }),
      }),
    )
    const said = report.notes.filter((note) => note.includes('(transaction t9)'))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^TSLAon: no candle at .*; the nearest earlier price was used\.$/)
  })

  it("counts a trade at a bucket's last millisecond in its point, a millisecond later in the next", () => {
    const buy = (id: string, time: string) => extra({ id, time, quantity: '0.5', price: '101.40', fee: '0' })
    const value = (time: string, day: number) =>
      new D(
        computePortfolio(fixtureInput({ transactions: [...LEDGER, buy('t9', time)] })).series[day]
          ?.value as string,
      )
    // Thursday 5 March's bucket closes at 23:59:59.999 UTC; its close is 101.40.
    expect(value('2026-03-05T23:59:59.999Z', 3).minus(value('2026-03-06T00:00:00.000Z', 3)).toString()).toBe(
      '50.7',
    )
    // At the first point's close: held from the start, not a trade of the range.
    const first = computePortfolio(
      fixtureInput({ transactions: [...LEDGER, buy('t9', '2026-03-02T23:59:59.999Z')] }),
    )
    expect(
      new D(first.series[0]?.value as string)
        .minus(computePortfolio(fixtureInput()).series[0]?.value as string)
        .toString(),
    ).toBe(new D('0.5').times('100.02').toString())
    expect(first.trades.some((trade) => trade.id === 't9')).toBe(false)
  })

  it("counts a transfer in as tokens moved in at the market's price, with no P&L and no note", () => {
    const transfer = extra({
      id: 't9',
      time: '2026-03-12T15:00:00-04:00',
      side: 'transfer-in',
      quantity: '1.5',
      price: '0',
      fee: '0',
    })
    const report = computePortfolio(fixtureInput({ transactions: [...LEDGER, transfer] }))
    expect(report.notes.some((note) => note.includes('transfer-in'))).toBe(false)
    // Moved in at Thursday 12 March's close (103.20): only Friday's move (to 103.76) is P&L.
    const without = computePortfolio(fixtureInput())
    expect(new D(report.figures.pnl).minus(without.figures.pnl).toString()).toBe(
      new D('1.5').times(new D('103.76').minus('103.20')).toString(),
    )
  })
})
