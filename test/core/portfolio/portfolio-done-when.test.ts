import { describe, expect, it } from 'vitest'
import Decimal from 'decimal.js'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { Transaction } from '../../../src/shared/holdings'
import { AS_OF, DAY_MS, DAYS, LEDGER, PRICES, type Row, SPLIT, fixtureInput } from './portfolio-fixture'

/**
 * Issue #49's "Done when": the small portfolio of portfolio-fixture.ts, its series, returns and
 * attribution worked out here step by step with decimal.js alone (day by day, with the split's
 * ratio as the fixture states it, not by calling the code under test), and matched exactly.
 */

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN })
type D = InstanceType<typeof D>
const SYMBOLS = Object.keys(PRICES)
const closeAt = (i: number) => Math.min((DAYS[i] as number) + DAY_MS - 1, AS_OF)
const at = (tx: Transaction) => Date.parse(tx.time)
const row = (symbol: string, i: number) => (PRICES[symbol] as Row[])[i] as Row
const fixed10 = (x: D) => x.toFixed(10)

interface Mark {
  price: D
  stock: D
  multiplier: D
}
const pointMark = (symbol: string, i: number): Mark => ({
  price: new D(row(symbol, i).close),
  stock: new D(row(symbol, i).stock),
  multiplier: new D(row(symbol, i).multiplier),
})

/** The reference: every day, every symbol, every trade, the plain way. */
function reference() {
  const quantity = new Map<string, D>(SYMBOLS.map((s) => [s, new D(0)]))
  const cost = new Map<string, D>(SYMBOLS.map((s) => [s, new D(0)]))
  const parts = { stock: new D(0), multiplier: new D(0), premium: new D(0), fees: new D(0) }
  const perSymbol = new Map(
    SYMBOLS.map((s) => [s, { stock: new D(0), multiplier: new D(0), premium: new D(0) }]),
  )
  const apply = (tx: Transaction) => {
    const q = quantity.get(tx.symbol) as D
    const c = cost.get(tx.symbol) as D
    if (tx.side === 'buy') {
      quantity.set(tx.symbol, q.plus(tx.quantity))
      cost.set(tx.symbol, c.plus(new D(tx.quantity).times(tx.price)).plus(tx.fee))
    } else {
      cost.set(tx.symbol, c.minus(c.times(tx.quantity).dividedBy(q)))
      quantity.set(tx.symbol, q.minus(tx.quantity))
    }
  }
  const move = (symbol: string, q: D, a: Mark, b: Mark, split: D) => {
    const fairA = a.stock.times(a.multiplier)
    const fairB = b.stock.times(b.multiplier)
    const stock = q.times(b.stock.times(a.multiplier.times(split)).minus(fairA))
    const multiplier = q.times(b.stock).times(b.multiplier.minus(a.multiplier.times(split)))
    const premium = q.times(b.price.minus(fairB).minus(a.price.minus(fairA)))
    const own = perSymbol.get(symbol) as { stock: D; multiplier: D; premium: D }
    own.stock = own.stock.plus(stock)
    own.multiplier = own.multiplier.plus(multiplier)
    own.premium = own.premium.plus(premium)
    parts.stock = parts.stock.plus(stock)
    parts.multiplier = parts.multiplier.plus(multiplier)
    parts.premium = parts.premium.plus(premium)
  }
  for (const tx of LEDGER) if (at(tx) <= closeAt(0)) apply(tx)
  const values: D[] = []
  const fair: D[] = []
  const costs: D[] = []
  const flows: D[] = [new D(0)]
  const inflows: D[] = [new D(0)]
  const valueNow = (i: number) =>
    SYMBOLS.reduce((sum, s) => sum.plus((quantity.get(s) as D).times(row(s, i).close)), new D(0))
  values.push(valueNow(0))
  for (let i = 0; i < DAYS.length; i++) {
    if (i > 0) {
      let flow = new D(0)
      let inflow = new D(0)
      for (const symbol of SYMBOLS) {
        const split = symbol === SPLIT.symbol && i === SPLIT.day ? new D(SPLIT.ratio) : new D(1)
        let mark = pointMark(symbol, i - 1)
        let usedSplit = false
        for (const tx of LEDGER.filter(
          (t) => t.symbol === symbol && at(t) > closeAt(i - 1) && at(t) <= closeAt(i),
        )) {
          const trade = { ...pointMark(symbol, i), price: new D(tx.price) }
          move(symbol, quantity.get(symbol) as D, mark, trade, usedSplit ? new D(1) : split)
          usedSplit = true
          mark = trade
          const amount = new D(tx.quantity).times(tx.price)
          if (tx.side === 'buy') {
            flow = flow.plus(amount).plus(tx.fee)
            inflow = inflow.plus(amount).plus(tx.fee)
          } else flow = flow.minus(amount).plus(tx.fee)
          parts.fees = parts.fees.minus(tx.fee)
          apply(tx)
        }
        move(symbol, quantity.get(symbol) as D, mark, pointMark(symbol, i), usedSplit ? new D(1) : split)
      }
      flows.push(flow)
      inflows.push(inflow)
      values.push(valueNow(i))
    }
    fair.push(
      SYMBOLS.reduce(
        (sum, s) => sum.plus((quantity.get(s) as D).times(row(s, i).stock).times(row(s, i).multiplier)),
        new D(0),
      ),
    )
    costs.push(SYMBOLS.reduce((sum, s) => sum.plus(cost.get(s) as D), new D(0)))
  }
  const pnl: D[] = [new D(0)]
  for (let i = 1; i < values.length; i++)
    pnl.push(
      (pnl[i - 1] as D)
        .plus(values[i] as D)
        .minus(values[i - 1] as D)
        .minus(flows[i] as D),
    )
  let growth = new D(1)
  for (let i = 1; i < values.length; i++) {
    const atWork = (values[i - 1] as D).plus(inflows[i] as D)
    growth = growth.times(
      (values[i] as D)
        .minus(values[i - 1] as D)
        .minus(flows[i] as D)
        .dividedBy(atWork)
        .plus(1),
    )
  }
  return { values, fair, costs, flows, pnl, twr: growth.minus(1), parts, perSymbol }
}

/** XIRR by plain bisection on the annual rate, flows dated in days / 365. */
function referenceMwr(values: D[], flows: D[]): D {
  const days = DAYS.map((t) => Math.round((t - (DAYS[0] as number)) / DAY_MS))
  const last = values.length - 1
  const cash = [
    { d: 0, amount: (values[0] as D).negated() },
    ...flows.slice(1).map((f, i) => ({ d: days[i + 1] as number, amount: f.negated() })),
    { d: days[last] as number, amount: values[last] as D },
  ]
  const npv = (r: D) =>
    cash.reduce((sum, c) => sum.plus(c.amount.dividedBy(r.plus(1).pow(new D(c.d).dividedBy(365)))), new D(0))
  let lo = new D('-0.99')
  let hi = new D(100)
  const loSign = npv(lo).isNegative()
  for (let step = 0; step < 120; step++) {
    const mid = lo.plus(hi).dividedBy(2)
    if (npv(mid).isNegative() === loSign) lo = mid
    else hi = mid
  }
  return lo
    .plus(1)
    .pow(new D(days[last] as number).dividedBy(365))
    .minus(1)
}

describe('the portfolio over time, worked out independently (issue #49, Done when)', () => {
  const report = computePortfolio(fixtureInput())
  const expected = reference()

  it('matches the series point by point: value, value at fair value, cost and P&L', () => {
    expect(report.empty).toBe(false)
    expect(report.series.map((p) => p.t)).toEqual(DAYS)
    expect(report.series.map((p) => p.value)).toEqual(expected.values.map(String))
    expect(report.series.map((p) => p.valueAtFairValue)).toEqual(expected.fair.map(String))
    expect(report.series.map((p) => p.cost)).toEqual(expected.costs.map(String))
    expect(report.series.map((p) => p.pnl)).toEqual(expected.pnl.map(String))
  })

  it('matches the returns: plain P&L, time-weighted, money-weighted; not annualised under a year', () => {
    expect(report.figures.pnl).toBe(String(expected.pnl.at(-1)))
    expect(report.figures.twr).toBe(fixed10(expected.twr))
    expect(report.figures.mwr).toBe(fixed10(referenceMwr(expected.values, expected.flows)))
    expect(report.figures.mwrNote).toBeNull()
    expect(report.figures.annualised).toBeNull()
  })

  it('matches the attribution, whose four parts add up to the P&L exactly', () => {
    const { attribution } = report.figures
    expect(attribution).toEqual({
      stock: String(expected.parts.stock),
      multiplier: String(expected.parts.multiplier),
      premium: String(expected.parts.premium),
      fees: String(expected.parts.fees),
    })
    const total = Object.values(attribution).reduce((sum, part) => sum.plus(part), new D(0))
    expect(String(total)).toBe(report.figures.pnl)
    for (const position of report.positions) {
      const own = expected.perSymbol.get(position.symbol)
      expect(position.attribution.stock).toBe(String(own?.stock))
      expect(position.attribution.multiplier).toBe(String(own?.multiplier))
      expect(position.attribution.premium).toBe(String(own?.premium))
      const sum = Object.values(position.attribution).reduce((s, part) => s.plus(part), new D(0))
      expect(String(sum)).toBe(position.pnl)
    }
  })

  it('shows no P&L jump on the split day, and the split lands in no part', () => {
    const nvda = report.positions.find((p) => p.symbol === 'NVDAon')
    expect(nvda?.attribution.multiplier).toBe('0')
    // 12 tokens held over the split: the day's P&L is 12 x the token's own move, not the stock's -90 %.
    const splitDay = new D(report.series[SPLIT.day]?.pnl as string).minus(
      report.series[SPLIT.day - 1]?.pnl as string,
    )
    const tokenMove = new D(12).times(new D('183.20').minus('182.70'))
    const others = expected.pnl[SPLIT.day]?.minus(expected.pnl[SPLIT.day - 1] as D).minus(tokenMove)
    expect(String(splitDay)).toBe(String(tokenMove.plus(others as D)))
    expect(splitDay.abs().lessThan(50)).toBe(true)
  })

  it('puts the dividend step in "multiplier" and the premium flip in "premium"', () => {
    const aapl = report.positions.find((p) => p.symbol === 'AAPLon')
    // 3.5 + 1.5 - 2 = 3 tokens held over the step of 10 March: 3 x 102.60 x (1.0034 - 1.0021).
    expect(aapl?.attribution.multiplier).toBe(
      String(new D(3).times('102.60').times(new D('1.0034').minus('1.0021'))),
    )
    const tsla = report.positions.find((p) => p.symbol === 'TSLAon')
    expect(tsla?.attribution.multiplier).toBe('0')
    expect(new D(tsla?.attribution.premium as string).lessThan(-80)).toBe(true)
    expect(tsla?.openedInRange).toBe(true)
    expect(tsla?.closedInRange).toBe(true)
  })
})
