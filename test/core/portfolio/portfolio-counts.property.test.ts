import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalText } from '../../../src/main/core/holdings/fixed-point'
import { MONEY_PLACES, QUANTITY_PLACES, replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import {
  type PortfolioInput,
  type TokenHistory,
  computePortfolio,
} from '../../../src/main/core/portfolio/portfolio-compute'
import { splitRatio } from '../../../src/main/core/portfolio/split-step'
import { Dec, toFixedString } from '../../../src/shared/decimal'
import type { HistoryPoint } from '../../../src/shared/history'
import type { Transaction } from '../../../src/shared/holdings'
import { RETURN_PLACES } from '../../../src/shared/portfolio'

/**
 * The walk on BigInt counts at one exponent per series (scaled.ts) against the same walk written
 * the straightforward way in decimal.js, operation for operation as the portfolio computed it
 * before (every amount a Dec at 80 digits, the time-weighted chain at 40): the series, both
 * benchmarks' series, the time-weighted returns, the P&L and the attribution must be the same
 * strings, digit for digit. Random ledgers of 3 to 30 transactions over two or three tokens,
 * prices of 2 to 6 decimals, fees of 0 to 4, dividend steps and splits (4:3's ratio is an
 * 80-digit decimal), some points without the stock's price; average cost and FIFO. Fixed seed.
 */

const Rate = Dec.clone({ precision: 40 })
const DAY_MS = 86_400_000
/** Monday 2 March 2026, 00:00 UTC: daily buckets from here. */
const FIRST_DAY = Date.parse('2026-03-02T00:00:00Z')
const SYMBOLS = ['AAPLon', 'NVDAon', 'TSLAon']
const BENCHMARK = 'SPYon'

// ---- The draw -------------------------------------------------------------------------------

const priceText = (count: number, places: number) => new Dec(count).dividedBy(10 ** places).toFixed(places)

const pointDraw = fc.record({
  stockCount: fc.integer({ min: 90_000, max: 210_000 }),
  premiumBasisPoints: fc.integer({ min: -120, max: 120 }),
  stockKnown: fc.integer({ min: 0, max: 9 }),
  dividend: fc.integer({ min: 0, max: 5 }),
})

const tokenDraw = fc.record({
  closePlaces: fc.integer({ min: 2, max: 6 }),
  stockPlaces: fc.integer({ min: 2, max: 6 }),
  split: fc.option(
    fc.record({
      day: fc.integer({ min: 1, max: 9 }),
      // New shares for old: 2:1, 4:1, 10:1, 3:2 and 4:3.
      ratio: fc.constantFrom([2, 1], [4, 1], [10, 1], [3, 2], [4, 3]),
    }),
  ),
  points: fc.array(pointDraw, { minLength: 10, maxLength: 10 }),
})

const tradeDraw = fc.record({
  day: fc.nat(),
  symbol: fc.nat(),
  sell: fc.boolean(),
  quantity: fc.constantFrom('3.5', '1.25', '0.5', '2', '7.75', '0.125'),
  priceCount: fc.integer({ min: 9_000_000, max: 21_000_000 }),
  pricePlaces: fc.integer({ min: 2, max: 6 }),
  fee: fc.constantFrom('0', '0.35', '1.1', '0.0125', '2'),
})

const caseDraw = fc.record({
  days: fc.integer({ min: 3, max: 10 }),
  tokens: fc.integer({ min: 2, max: 3 }),
  method: fc.constantFrom('average' as const, 'fifo' as const),
  histories: fc.array(tokenDraw, { minLength: 4, maxLength: 4 }),
  trades: fc.array(tradeDraw, { minLength: 3, maxLength: 30 }),
  benchmark: fc.boolean(),
})

type Draw = typeof caseDraw extends fc.Arbitrary<infer T> ? T : never
type TokenDraw = Draw['histories'][number]

function history(token: TokenDraw, days: number): TokenHistory {
  let multiplier = new Dec(1)
  const points = Array.from({ length: days }, (_, day): HistoryPoint => {
    const drawn = token.points[day] as Draw['histories'][number]['points'][number]
    if (drawn.dividend === 0) multiplier = multiplier.times('1.0025').toDecimalPlaces(6)
    const ratio =
      token.split === null
        ? null
        : new Dec(token.split.ratio[0] as number).dividedBy(token.split.ratio[1] as number)
    if (ratio !== null && token.split?.day === day) multiplier = multiplier.times(ratio).toDecimalPlaces(7)
    const splitBy = ratio !== null && day >= (token.split?.day ?? 0) ? ratio : 1
    const stock = new Dec(drawn.stockCount).dividedBy(1000).dividedBy(splitBy)
    const close = stock.times(multiplier).times(new Dec(drawn.premiumBasisPoints).dividedBy(10_000).plus(1))
    const text = close.toFixed(token.closePlaces)
    return {
      t: FIRST_DAY + day * DAY_MS,
      ...{ open: text, high: text, low: text, close: text },
      underlyingClose: drawn.stockKnown === 0 ? null : stock.toFixed(token.stockPlaces),
      underlyingCarried: false,
      multiplier: drawn.stockKnown === 1 ? null : multiplier.toString(),
      premium: null,
    }
  })
  return { points, bucketMs: DAY_MS, source: 'service', note: null }
}

function portfolioInput(draw: Draw): PortfolioInput {
  const symbols = SYMBOLS.slice(0, draw.tokens)
  const held = new Map<string, Dec>()
  const ledger: Transaction[] = []
  const ordered = draw.trades
    .map((trade, i) => ({
      ...trade,
      day: trade.day % draw.days,
      symbol: symbols[trade.symbol % draw.tokens],
      i,
    }))
    .sort((a, b) => a.day - b.day || a.i - b.i)
  for (const trade of ordered) {
    const symbol = trade.symbol as string
    const before = held.get(symbol) ?? new Dec(0)
    const sell = trade.sell && before.greaterThanOrEqualTo(trade.quantity)
    held.set(symbol, sell ? before.minus(trade.quantity) : before.plus(trade.quantity))
    ledger.push({
      id: `t${ledger.length + 1}`,
      time: new Date(FIRST_DAY + trade.day * DAY_MS + 14 * 3_600_000 + ledger.length * 60_000).toISOString(),
      symbol,
      side: sell ? 'sell' : 'buy',
      quantity: trade.quantity,
      price: priceText(trade.priceCount, trade.pricePlaces),
      fee: trade.fee,
      note: null,
    })
  }
  return {
    range: '1m',
    method: draw.method,
    transactions: ledger,
    histories: new Map(
      symbols.map((symbol, s) => [symbol, history(draw.histories[s] as TokenDraw, draw.days)]),
    ),
    benchmarkSymbol: BENCHMARK,
    benchmark: draw.benchmark ? history(draw.histories[3] as TokenDraw, draw.days) : null,
    asOf: FIRST_DAY + draw.days * DAY_MS,
  }
}

// ---- The reference: the walk as it was, in decimal.js ---------------------------------------

interface Mark {
  price: Dec
  stock: Dec | null
  multiplier: Dec | null
  multiplierText: string | null
  fair: Dec | null
}

interface Run {
  values: Dec[]
  flows: Dec[]
  inflows: Dec[]
}

interface Walk extends Run {
  symbol: string
  fairValues: (Dec | null)[]
  costs: Dec[]
  traded: boolean[]
  stockPrices: (Dec | null)[]
  splits: (Dec | null)[]
  parts: { stock: Dec; multiplier: Dec; premium: Dec; fees: Dec }
  involved: boolean
}

const ZERO = new Dec(0)
const zeros = (n: number) => Array.from({ length: n }, () => ZERO)

function mark(point: HistoryPoint): Mark {
  const stock = point.underlyingClose === null ? null : new Dec(point.underlyingClose)
  const multiplier = point.multiplier === null ? null : new Dec(point.multiplier)
  return {
    price: new Dec(point.close),
    stock,
    multiplier,
    multiplierText: point.multiplier,
    fair: stock !== null && multiplier !== null ? stock.times(multiplier) : null,
  }
}

function splitOf(from: string | null, to: string | null): Dec | null {
  if (from === to || from === null || to === null) return null
  return splitRatio(new Dec(from), new Dec(to))
}

/** The latest point at or before t; -1: none. */
const indexAt = (points: readonly HistoryPoint[], t: number) => points.findLastIndex((point) => point.t <= t)

interface Entry {
  transaction: Transaction
  instant: number
  quantity: Dec
  cost: Dec
}

function walk(
  symbol: string,
  points: readonly HistoryPoint[],
  entries: Entry[],
  times: number[],
  closes: number[],
): Walk {
  const n = times.length
  const w: Walk = {
    symbol,
    values: [],
    fairValues: [],
    costs: [],
    traded: Array.from({ length: n }, () => false),
    flows: zeros(n),
    inflows: zeros(n),
    stockPrices: [],
    splits: Array.from({ length: n }, () => null),
    parts: { stock: ZERO, multiplier: ZERO, premium: ZERO, fees: ZERO },
    involved: false,
  }
  let e = 0
  let quantity = ZERO
  let cost = ZERO
  while (e < entries.length && (entries[e] as Entry).instant <= (closes[0] as number)) {
    ;({ quantity, cost } = entries[e] as Entry)
    e++
  }
  let current: Mark | null = null
  let previous: Mark | null = null
  const segment = (a: Mark, b: Mark) => {
    const total = quantity.times(b.price.minus(a.price))
    if (a.fair === null || b.fair === null || a.stock === null || b.stock === null) {
      w.parts.stock = w.parts.stock.plus(total)
      return
    }
    const split = splitOf(a.multiplierText, b.multiplierText)
    const restated = split === null ? (a.multiplier as Dec) : (a.multiplier as Dec).times(split)
    const stock = quantity.times(b.stock.times(restated).minus(a.fair))
    const premium = quantity.times(b.price.minus(b.fair).minus(a.price.minus(a.fair)))
    w.parts.stock = w.parts.stock.plus(stock)
    w.parts.premium = w.parts.premium.plus(premium)
    w.parts.multiplier = w.parts.multiplier.plus(total.minus(stock).minus(premium))
  }
  for (let i = 0; i < n; i++) {
    while (i > 0 && e < entries.length && (entries[e] as Entry).instant <= (closes[i] as number)) {
      const entry = entries[e] as Entry
      const bucket = mark(points[Math.max(indexAt(points, entry.instant), 0)] as HistoryPoint)
      const trade = { ...bucket, price: new Dec(entry.transaction.price) }
      if (current !== null && !quantity.isZero()) segment(current, trade)
      const fee = new Dec(entry.transaction.fee)
      const change = entry.quantity.minus(quantity)
      const flow = change.times(trade.price).plus(fee)
      w.flows[i] = (w.flows[i] as Dec).plus(flow)
      if (change.isPositive()) w.inflows[i] = (w.inflows[i] as Dec).plus(flow)
      w.parts.fees = w.parts.fees.minus(fee)
      ;({ quantity, cost } = entry)
      current = trade
      w.traded[i] = true
      w.involved = true
      e++
    }
    const index = indexAt(points, times[i] as number)
    const point = index < 0 && quantity.isZero() ? null : mark(points[Math.max(index, 0)] as HistoryPoint)
    const held = point !== null && !quantity.isZero()
    w.values.push(held ? quantity.times(point.price) : ZERO)
    w.fairValues.push(!held ? ZERO : point.fair === null ? null : quantity.times(point.fair))
    w.costs.push(cost)
    w.stockPrices.push(point?.stock ?? null)
    if (point !== null && previous !== null && point.multiplierText !== previous.multiplierText)
      w.splits[i] = splitOf(previous.multiplierText, point.multiplierText)
    if (point !== null) previous = point
    if (!quantity.isZero()) w.involved = true
    if (point === null) continue
    if (current === null || quantity.isZero()) current = point
    else if (
      i === n - 1 ||
      point.multiplierText !== current.multiplierText ||
      (current.fair === null && point.fair !== null)
    ) {
      segment(current, point)
      current = point
    }
  }
  return w
}

/** The money into something else, as benchmark.ts follows it; null where a price is missing. */
function follow(
  run: Run,
  put: (i: number) => Dec,
  price: (i: number) => Dec | null,
  split: (i: number) => Dec | null,
) {
  let units = ZERO
  for (let i = 0; i < run.values.length; i++) {
    const ratio = split(i)
    if (ratio !== null) units = units.times(ratio)
    const money = put(i)
    const at = price(i)
    if (money.isZero() && units.isZero()) continue
    if (at === null || at.isZero()) return false
    let applied = money
    const after = units.plus(money.dividedBy(at))
    if (after.isNegative()) {
      applied = units.times(at).negated()
      units = ZERO
    } else units = after
    if (i > 0) {
      run.flows[i] = (run.flows[i] as Dec).plus(applied)
      if (applied.isPositive()) run.inflows[i] = (run.inflows[i] as Dec).plus(applied)
    }
    run.values[i] = (run.values[i] as Dec).plus(units.times(at))
  }
  return true
}

/** Chain-linked at 40 digits, a run of points without money moved as one quotient. */
function timeWeighted({ values, flows, inflows }: Run): string | null {
  let growth = new Rate(1)
  let worked = false
  let runStart: Dec | null = null
  const closeRun = (end: Dec) => {
    if (runStart !== null && !runStart.isZero()) {
      worked = true
      growth = growth.times(new Rate(end).dividedBy(runStart))
    }
  }
  for (let i = 1; i < values.length; i++) {
    const before = values[i - 1] as Dec
    if ((flows[i] as Dec).isZero() && (inflows[i] as Dec).isZero()) {
      runStart ??= before
      continue
    }
    closeRun(before)
    runStart = null
    const atWork = before.plus(inflows[i] as Dec)
    if (atWork.isZero()) continue
    worked = true
    const pnl = (values[i] as Dec).minus(before).minus(flows[i] as Dec)
    growth = growth.times(new Rate(pnl).dividedBy(atWork).plus(1))
  }
  closeRun(values.at(-1) as Dec)
  return worked ? toFixedString(new Dec(growth.minus(1)), RETURN_PLACES) : null
}

function pnlOf({ values, flows }: Run): string {
  let pnl = (values.at(-1) as Dec).minus(values[0] as Dec)
  for (let i = 1; i < values.length; i++) pnl = pnl.minus(flows[i] as Dec)
  return pnl.toString()
}

function reference(input: PortfolioInput) {
  const entries = new Map<string, Entry[]>()
  replayLedger(input.transactions, input.method, (transaction, held) => {
    const list = entries.get(transaction.symbol) ?? []
    entries.set(transaction.symbol, list)
    list.push({
      transaction,
      instant: Date.parse(transaction.time),
      quantity: new Dec(decimalText(held.quantity, QUANTITY_PLACES)),
      cost: new Dec(decimalText(held.cost, MONEY_PLACES)),
    })
  })
  const bucketMs = DAY_MS
  const times = [...new Set([...input.histories.values()].flatMap((h) => h.points.map((point) => point.t)))]
    .filter((t) => t <= input.asOf)
    .sort((a, b) => a - b)
  const closes = times.map((t) => Math.min(t + bucketMs - 1, input.asOf))
  const walks = [...entries]
    .map(([symbol, list]) => walk(symbol, input.histories.get(symbol)?.points ?? [], list, times, closes))
    .filter((w) => w.involved)
  const n = times.length
  const total: Run = { values: [], flows: [], inflows: [] }
  const series = []
  let pnl = ZERO
  let cost = ZERO
  for (let i = 0; i < n; i++) {
    let value = ZERO
    let flow = ZERO
    let inflow = ZERO
    let fair: Dec | null = ZERO
    for (const w of walks) {
      value = value.plus(w.values[i] as Dec)
      if (!(w.flows[i] as Dec).isZero()) flow = flow.plus(w.flows[i] as Dec)
      if (!(w.inflows[i] as Dec).isZero()) inflow = inflow.plus(w.inflows[i] as Dec)
      if (i === 0) cost = cost.plus(w.costs[0] as Dec)
      else if (w.traded[i]) cost = cost.plus(w.costs[i] as Dec).minus(w.costs[i - 1] as Dec)
      const part = w.fairValues[i] as Dec | null
      fair = fair === null || part === null ? null : fair.plus(part)
    }
    if (i > 0) pnl = pnl.plus(value.minus(total.values[i - 1] as Dec).minus(flow))
    total.values.push(value)
    total.flows.push(flow)
    total.inflows.push(inflow)
    series.push({
      t: times[i],
      value: value.toString(),
      valueAtFairValue: fair === null ? null : fair.toString(),
      cost: cost.toString(),
      pnl: pnl.toString(),
    })
  }
  const emptyRun = (): Run => ({ values: zeros(n), flows: zeros(n), inflows: zeros(n) })
  let stocks: Run | null = emptyRun()
  for (const w of walks) {
    const put = (i: number) => (i === 0 ? (w.values[0] as Dec) : (w.flows[i] as Dec))
    if (
      stocks !== null &&
      !follow(
        stocks,
        put,
        (i) => w.stockPrices[i] ?? null,
        (i) => w.splits[i] ?? null,
      )
    )
      stocks = null
  }
  let token: Run | null = null
  if (input.benchmark !== null) {
    const points = input.benchmark.points
    token = emptyRun()
    const price = (i: number) => {
      const index = indexAt(points, times[i] as number)
      return index < 0 ? null : new Dec((points[index] as HistoryPoint).close)
    }
    if (
      !follow(
        token,
        (i) => (i === 0 ? (total.values[0] as Dec) : (total.flows[i] as Dec)),
        price,
        () => null,
      )
    )
      token = null
  }
  const parts = (p: Walk['parts']) => ({
    stock: p.stock.toString(),
    multiplier: p.multiplier.toString(),
    premium: p.premium.toString(),
    fees: p.fees.toString(),
  })
  const sum = (key: keyof Walk['parts']) => walks.reduce((a, w) => a.plus(w.parts[key]), ZERO)
  const tenth = (run: Run | null, i: number) =>
    run === null ? null : toFixedString(run.values[i] as Dec, 10)
  return {
    series,
    benchmarkSeries: times.map((t, i) => ({ t, stocks: tenth(stocks, i), token: tenth(token, i) })),
    twr: timeWeighted(total),
    pnl: pnlOf(total),
    attribution: parts({
      stock: sum('stock'),
      multiplier: sum('multiplier'),
      premium: sum('premium'),
      fees: sum('fees'),
    }),
    positions: walks.map((w) => ({
      symbol: w.symbol,
      twr: timeWeighted(w),
      pnl: pnlOf(w),
      attribution: parts(w.parts),
    })),
    benchmarks: [stocks, token].map((run) =>
      run === null ? null : { twr: timeWeighted(run), value: tenth(run, n - 1) },
    ),
  }
}

describe('the portfolio on BigInt counts: the same digits as the walk in decimal.js', () => {
  it('series, benchmarks, returns and attribution on random ledgers, both cost methods', () => {
    let compared = 0
    fc.assert(
      fc.property(caseDraw, (draw) => {
        const input = portfolioInput(draw)
        const report = computePortfolio(input)
        const expected = reference(input)
        if (expected.positions.length === 0) {
          expect(report.empty).toBe(true)
          return
        }
        compared++
        expect(report.series).toEqual(expected.series)
        expect(report.benchmarkSeries).toEqual(expected.benchmarkSeries)
        expect(report.figures.twr).toBe(expected.twr)
        expect(report.figures.pnl).toBe(expected.pnl)
        expect(report.figures.attribution).toEqual(expected.attribution)
        expect(
          report.positions.map(({ symbol, twr, pnl, attribution }) => ({ symbol, twr, pnl, attribution })),
        ).toEqual(expected.positions)
        const { stocks, token } = report.figures.benchmark
        expect([stocks, token].map((b) => (b === null ? null : { twr: b.twr, value: b.value }))).toEqual(
          expected.benchmarks,
        )
      }),
      { seed: 4949, numRuns: 200 },
    )
    // The draw must reach the comparison, not only empty ranges.
    expect(compared).toBeGreaterThan(150)
  })
})
