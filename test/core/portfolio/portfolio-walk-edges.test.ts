import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { type TokenHistory, computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { Transaction } from '../../../src/shared/holdings'
import { LEDGER, PRICES, fixtureInput, historyOf } from './portfolio-fixture'

/**
 * A position's walk at the edges of what it holds, on the fixture's portfolio
 * (portfolio-fixture.ts): prices unknown only where nothing is held, a token whose history is a
 * single point.
 */

const D = Decimal.clone({ precision: 80 })
const SYMBOLS = Object.keys(PRICES)

function histories(changes: Record<string, TokenHistory>): Map<string, TokenHistory> {
  return new Map([
    ...SYMBOLS.map((symbol) => [symbol, historyOf(symbol)] as const),
    ...Object.entries(changes),
  ])
}

const trade = (fields: Partial<Transaction> & Pick<Transaction, 'id' | 'time' | 'symbol'>): Transaction => ({
  ...(LEDGER[0] as Transaction),
  ...fields,
})

/** `symbol`'s history in the fixture, its stock's close unknown on `days`. */
function withoutStock(symbol: string, days: number[]): TokenHistory {
  const history = historyOf(symbol)
  const points = history.points.map((point, i) =>
    days.includes(i) ? { ...point, underlyingClose: null } : point,
  )
  return { ...history, points }
}

describe("a position's walk at the edges of what it holds", () => {
  it("says nothing of the stock's price where it is unknown only while nothing is held", () => {
    // TSLAon is bought on Wednesday 4 March (day 2) and sold whole on Wednesday 11 March (day 7);
    // its stock's close is unknown on the two days before and the two after.
    const unknown = computePortfolio(
      fixtureInput({ histories: histories({ TSLAon: withoutStock('TSLAon', [0, 1, 8, 9]) }) }),
    )
    const known = computePortfolio(fixtureInput())
    expect(unknown.notes.filter((note) => note.startsWith("TSLAon: the stock's price"))).toEqual([])
    const tesla = (report: typeof known) => report.positions.find((p) => p.symbol === 'TSLAon')
    expect(tesla(unknown)?.attribution).toEqual(tesla(known)?.attribution)
    expect(tesla(unknown)?.attribution.stock).not.toBe('0')
    // Where it is unknown at a step held (day 7, the sale's), it is said.
    const held = computePortfolio(
      fixtureInput({ histories: histories({ TSLAon: withoutStock('TSLAon', [7]) }) }),
    )
    expect(held.notes).toContain(
      "TSLAon: the stock's price is not known at every step: its unexplained moves count as the stock's.",
    )
  })

  it('values a token whose history is one point, bought in its bucket, from that point on', () => {
    // AMDon has a single candle, Friday 13 March, after the series' first nine points; 3.5 bought
    // at 10:00 ET that day at 160.15 (its close 161.10).
    const only = historyOf('NVDAon', 9)
    const point = { ...(only.points[0] as TokenHistory['points'][number]), close: '161.10' }
    const buy = trade({ id: 'n1', time: '2026-03-13T10:00:00-04:00', symbol: 'AMDon' })
    const report = computePortfolio(
      fixtureInput({
        transactions: [...LEDGER, { ...buy, quantity: '3.5', price: '160.15', fee: '0.35' }],
        histories: histories({ AMDon: { ...only, points: [point] } }),
      }),
    )
    const without = computePortfolio(fixtureInput())
    const value = (r: typeof report, i: number) => new D(r.series[i]?.value as string)
    expect(value(report, 9).minus(value(without, 9)).toString()).toBe(new D('3.5').times('161.10').toString())
    for (let i = 0; i < 9; i++) expect(report.series[i]?.value).toBe(without.series[i]?.value)
    const amd = report.positions.find((p) => p.symbol === 'AMDon')
    expect(amd?.openedInRange).toBe(true)
    expect(amd?.pnl).toBe(new D('3.5').times(new D('161.10').minus('160.15')).minus('0.35').toString())
  })
})
