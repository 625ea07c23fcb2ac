import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import Decimal from 'decimal.js'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { HistoryPoint } from '../../../src/shared/history'
import type { Transaction } from '../../../src/shared/holdings'

/**
 * The portfolio's fast path (BigInt decimals, Newton's XIRR) against a plain decimal.js
 * computation on random small portfolios: two tokens over a few days of March 2026, one with a
 * stock split (its multiplier times 2, 4, 5 or 10, its stock divided alike) and both with a
 * dividend step of the multiplier, buys and sales at odd prices and fees, average cost and FIFO.
 * The series (value, value at fair value, cost, P&L) and the attribution (the whole and each
 * position's) must match exactly; the time-weighted return to its 10 decimals; the money-weighted
 * return must bracket the root of the flows' present value. Fixed seed: the same draws each run.
 */

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN })
type D = InstanceType<typeof D>
const DAY_MS = 86_400_000
/** Monday 2 March 2026, 00:00 UTC: daily buckets from here, one a day (a token trades every day). */
const FIRST_DAY = Date.parse('2026-03-02T00:00:00Z')
const SYMBOLS = ['AAPLon', 'NVDAon'] as const

interface Row {
  close: D
  stock: D
  multiplier: D
}

interface Case {
  days: number
  method: 'average' | 'fifo'
  /** Per symbol, per day. */
  rows: Row[][]
  split: { symbol: number; day: number; ratio: number }
  ledger: Transaction[]
}

const tradeDraw = fc.record({
  day: fc.nat(),
  symbol: fc.integer({ min: 0, max: 1 }),
  sell: fc.boolean(),
  quantity: fc.constantFrom('3.5', '1.25', '0.5', '2', '7.75'),
  cents: fc.integer({ min: 9_000, max: 21_000 }),
  fee: fc.constantFrom('0', '0.35', '1.10'),
})

const caseDraw = fc
  .record({
    days: fc.integer({ min: 3, max: 8 }),
    method: fc.constantFrom('average' as const, 'fifo' as const),
    stockCents: fc.array(fc.array(fc.integer({ min: 9_000, max: 21_000 }), { minLength: 8, maxLength: 8 }), {
      minLength: 2,
      maxLength: 2,
    }),
    premiumBasisPoints: fc.array(
      fc.array(fc.integer({ min: -120, max: 120 }), { minLength: 8, maxLength: 8 }),
      {
        minLength: 2,
        maxLength: 2,
      },
    ),
    split: fc.record({
      symbol: fc.integer({ min: 0, max: 1 }),
      day: fc.integer({ min: 1, max: 7 }),
      ratio: fc.constantFrom(2, 4, 5, 10),
    }),
    dividendDays: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 2, maxLength: 2 }),
    trades: fc.array(tradeDraw, { minLength: 2, maxLength: 9 }),
  })
  .map((draw): Case => {
    const { days, split } = draw
    const rows = SYMBOLS.map((_, s) => {
      let multiplier = new D(1)
      return Array.from({ length: days }, (_, day): Row => {
        if (day === draw.dividendDays[s]) multiplier = multiplier.times('1.0025')
        if (s === split.symbol && day === split.day) multiplier = multiplier.times(split.ratio)
        const splitBy = s === split.symbol && day >= split.day ? split.ratio : 1
        const stock = new D(draw.stockCents[s]?.[day] as number).dividedBy(100).dividedBy(splitBy)
        const premium = new D(draw.premiumBasisPoints[s]?.[day] as number).dividedBy(10_000).plus(1)
        return { close: stock.times(multiplier).times(premium).toDecimalPlaces(4), stock, multiplier }
      })
    })
    // The ledger in time order, a sale never larger than what is held (the ledger refuses those).
    const held = [new D(0), new D(0)]
    const ledger: Transaction[] = []
    const ordered = draw.trades
      .map((trade, i) => ({ ...trade, day: trade.day % days, i }))
      .sort((a, b) => a.day - b.day || a.i - b.i)
    for (const trade of ordered) {
      const before = held[trade.symbol] as D
      const sell = trade.sell && before.greaterThanOrEqualTo(trade.quantity)
      held[trade.symbol] = sell ? before.minus(trade.quantity) : before.plus(trade.quantity)
      ledger.push({
        id: `t${ledger.length + 1}`,
        time: new Date(
          FIRST_DAY + trade.day * DAY_MS + 14 * 3_600_000 + ledger.length * 60_000,
        ).toISOString(),
        symbol: SYMBOLS[trade.symbol] as string,
        side: sell ? 'sell' : 'buy',
        quantity: trade.quantity,
        price: new D(trade.cents).dividedBy(100).toFixed(2),
        fee: trade.fee,
        note: null,
      })
    }
    return { days, method: draw.method, rows, split, ledger }
  })

const dayStart = (day: number) => FIRST_DAY + day * DAY_MS
const dayClose = (day: number) => dayStart(day) + DAY_MS - 1
const asOf = (c: Case) => dayStart(c.days)

function input(c: Case) {
  const history = (s: number) => ({
    points: (c.rows[s] as Row[]).map((row, day): HistoryPoint => ({
      t: dayStart(day),
      ...{ open: row.close.toString(), high: row.close.toString(), low: row.close.toString() },
      close: row.close.toString(),
      underlyingClose: row.stock.toString(),
      underlyingCarried: false,
      multiplier: row.multiplier.toString(),
      premium: null,
    })),
    bucketMs: DAY_MS,
    source: 'service' as const,
    note: null,
  })
  return {
    range: '1m' as const,
    method: c.method,
    transactions: c.ledger,
    histories: new Map(SYMBOLS.map((symbol, s) => [symbol, history(s)])),
    benchmarkSymbol: 'SPYon',
    benchmark: null,
    asOf: asOf(c),
  }
}

interface Parts {
  stock: D
  multiplier: D
  premium: D
  fees: D
}

/** Every day, every token, every trade, the plain way; the costs are the ledger's own replay. */
function reference(c: Case) {
  const quantity = [new D(0), new D(0)]
  const parts: Parts[] = SYMBOLS.map(() => ({
    stock: new D(0),
    multiplier: new D(0),
    premium: new D(0),
    fees: new D(0),
  }))
  const row = (s: number, day: number) => (c.rows[s] as Row[])[day] as Row
  const move = (s: number, a: { price: D; row: Row }, b: { price: D; row: Row }, split: D) => {
    const q = quantity[s] as D
    const fairA = a.row.stock.times(a.row.multiplier)
    const fairB = b.row.stock.times(b.row.multiplier)
    const own = parts[s] as Parts
    const stock = q.times(b.row.stock.times(a.row.multiplier.times(split)).minus(fairA))
    const premium = q.times(b.price.minus(fairB).minus(a.price.minus(fairA)))
    own.stock = own.stock.plus(stock)
    own.premium = own.premium.plus(premium)
    own.multiplier = own.multiplier.plus(q.times(b.price.minus(a.price)).minus(stock).minus(premium))
  }
  const tradesIn = (s: number, from: number, to: number) =>
    c.ledger.filter(
      (tx) => tx.symbol === SYMBOLS[s] && Date.parse(tx.time) > from && Date.parse(tx.time) <= to,
    )
  /** Each token's cost after the day's trades, as the ledger's replay has it (its own tests hold that). */
  const costsAt = (day: number) => {
    const replay = replayLedger(
      c.ledger.filter((tx) => Date.parse(tx.time) <= dayClose(day)),
      c.method,
    )
    if (!replay.ok) throw new Error('the drawn ledger does not replay')
    return new Map(replay.positions.map((position) => [position.symbol, new D(position.cost)]))
  }
  // The total cost is carried from day to day, each token's change added in the order the ledger
  // first names them, as the series adds it: at 80 digits a cost with 80 decimals is rounded, and
  // the order of the roundings shows in the last digit.
  const firstNamed = [...new Set(c.ledger.map((tx) => tx.symbol))]
  let cost = new D(0)
  let costBefore = new Map<string, D>()
  for (let s = 0; s < SYMBOLS.length; s++)
    for (const tx of tradesIn(s, -Infinity, dayClose(0)))
      quantity[s] =
        tx.side === 'buy' ? (quantity[s] as D).plus(tx.quantity) : (quantity[s] as D).minus(tx.quantity)
  const values: D[] = []
  const fair: D[] = []
  const costs: D[] = []
  const flows: D[] = []
  const inflows: D[] = []
  const perSymbol = SYMBOLS.map(() => ({ values: [] as D[], flows: [] as D[], inflows: [] as D[] }))
  for (let day = 0; day < c.days; day++) {
    let flow = new D(0)
    let inflow = new D(0)
    for (let s = 0; s < SYMBOLS.length && day > 0; s++) {
      const split = s === c.split.symbol && day === c.split.day ? new D(c.split.ratio) : new D(1)
      let mark = { price: row(s, day - 1).close, row: row(s, day - 1) }
      let ownFlow = new D(0)
      let ownInflow = new D(0)
      for (const tx of tradesIn(s, dayClose(day - 1), dayClose(day))) {
        const trade = { price: new D(tx.price), row: row(s, day) }
        move(s, mark, trade, mark.row === row(s, day - 1) ? split : new D(1))
        mark = trade
        const signed = tx.side === 'buy' ? new D(tx.quantity) : new D(tx.quantity).negated()
        const money = signed.times(tx.price).plus(tx.fee)
        ownFlow = ownFlow.plus(money)
        if (tx.side === 'buy') ownInflow = ownInflow.plus(money)
        ;(parts[s] as Parts).fees = (parts[s] as Parts).fees.minus(tx.fee)
        quantity[s] = (quantity[s] as D).plus(signed)
      }
      move(
        s,
        mark,
        { price: row(s, day).close, row: row(s, day) },
        mark.row === row(s, day - 1) ? split : new D(1),
      )
      flow = flow.plus(ownFlow)
      inflow = inflow.plus(ownInflow)
      perSymbol[s]?.flows.push(ownFlow)
      perSymbol[s]?.inflows.push(ownInflow)
    }
    if (day === 0)
      for (const own of perSymbol) {
        own.flows.push(new D(0))
        own.inflows.push(new D(0))
      }
    SYMBOLS.forEach((_, s) => perSymbol[s]?.values.push((quantity[s] as D).times(row(s, day).close)))
    values.push(
      SYMBOLS.reduce((sum, _, s) => sum.plus((quantity[s] as D).times(row(s, day).close)), new D(0)),
    )
    fair.push(
      SYMBOLS.reduce(
        (sum, _, s) => sum.plus((quantity[s] as D).times(row(s, day).stock.times(row(s, day).multiplier))),
        new D(0),
      ),
    )
    const costNow = costsAt(day)
    for (const symbol of firstNamed) {
      const now = costNow.get(symbol) ?? new D(0)
      const before = costBefore.get(symbol)
      if (before === undefined) cost = cost.plus(now)
      else if (!now.equals(before)) cost = cost.plus(now).minus(before)
    }
    costBefore = costNow
    costs.push(cost)
    flows.push(flow)
    inflows.push(inflow)
  }
  return { values, fair, costs, flows, inflows, parts, perSymbol }
}

/** P&L since the first point, day by day. */
function pnlSeries(values: D[], flows: D[]): D[] {
  const pnl = [new D(0)]
  for (let i = 1; i < values.length; i++)
    pnl.push((pnl[i - 1] as D).plus((values[i] as D).minus(values[i - 1] as D)).minus(flows[i] as D))
  return pnl
}

/** Chain-linked at every step with something at work, at 80 digits; null when nothing ever was. */
function chained(values: D[], flows: D[], inflows: D[]): D | null {
  let growth = new D(1)
  let worked = false
  for (let i = 1; i < values.length; i++) {
    const atWork = (values[i - 1] as D).plus(inflows[i] as D)
    if (atWork.isZero()) continue
    worked = true
    const pnl = (values[i] as D).minus(values[i - 1] as D).minus(flows[i] as D)
    growth = growth.times(pnl.dividedBy(atWork).plus(1))
  }
  return worked ? growth.minus(1) : null
}

/** The present value of the flows at a return `r` over the whole span (the money-weighted condition). */
function presentValue(values: D[], flows: D[], r: D): D {
  const span = values.length - 1
  const discount = (k: number) => r.plus(1).pow(new D(-k).dividedBy(span))
  let sum = (values[0] as D).negated()
  for (let k = 1; k <= span; k++) sum = sum.minus((flows[k] as D).times(discount(k)))
  return sum.plus((values[span] as D).times(discount(span)))
}

const partsText = (parts: Parts) => ({
  stock: parts.stock.toString(),
  multiplier: parts.multiplier.toString(),
  premium: parts.premium.toString(),
  fees: parts.fees.toString(),
})

function expectReturns(
  got: { twr: string | null; mwr: string | null; pnl: string },
  run: { values: D[]; flows: D[]; inflows: D[] },
) {
  const pnl = pnlSeries(run.values, run.flows)
  expect(got.pnl).toBe(String(pnl.at(-1)))
  const twr = chained(run.values, run.flows, run.inflows)
  expect(got.twr).toBe(twr === null ? null : twr.toFixed(10))
  if (got.mwr !== null) {
    // The root lies within half a unit of the 10th decimal: a step of 1e-9 either side crosses it.
    const below = presentValue(run.values, run.flows, new D(got.mwr).minus('1e-9'))
    const above = presentValue(run.values, run.flows, new D(got.mwr).plus('1e-9'))
    expect(below.isNegative() !== above.isNegative() || below.isZero() || above.isZero()).toBe(true)
  }
}

describe('the portfolio: fast path against a plain decimal.js computation (issue #49 bench)', () => {
  it('agrees exactly on random small portfolios with splits and multiplier steps', () => {
    fc.assert(
      fc.property(caseDraw, (c) => {
        const report = computePortfolio(input(c))
        const expected = reference(c)
        // Nothing held at the first close and nothing traded after it: an empty range, said so.
        const involved =
          !(expected.values[0] as D).isZero() || c.ledger.some((tx) => Date.parse(tx.time) > dayClose(0))
        expect(report.empty).toBe(!involved)
        if (!involved) return
        expect(report.series.map((p) => p.value)).toEqual(expected.values.map(String))
        expect(report.series.map((p) => p.valueAtFairValue)).toEqual(expected.fair.map(String))
        expect(report.series.map((p) => p.cost)).toEqual(expected.costs.map(String))
        expect(report.series.map((p) => p.pnl)).toEqual(
          pnlSeries(expected.values, expected.flows).map(String),
        )
        const total = expected.parts.reduce((sum, own) => ({
          stock: sum.stock.plus(own.stock),
          multiplier: sum.multiplier.plus(own.multiplier),
          premium: sum.premium.plus(own.premium),
          fees: sum.fees.plus(own.fees),
        }))
        expect(report.figures.attribution).toEqual(partsText(total))
        expectReturns(report.figures, expected)
        for (const position of report.positions) {
          const s = SYMBOLS.indexOf(position.symbol as (typeof SYMBOLS)[number])
          expect(position.attribution).toEqual(partsText(expected.parts[s] as Parts))
          expectReturns(position, expected.perSymbol[s] as { values: D[]; flows: D[]; inflows: D[] })
        }
      }),
      { seed: 4949, numRuns: 150 },
    )
  })
})
