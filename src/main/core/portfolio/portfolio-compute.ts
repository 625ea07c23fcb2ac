import { Dec, toFixedString } from '../../../shared/decimal'
import type { HistoryPoint, HistorySource } from '../../../shared/history'
import type { CostMethod, Transaction } from '../../../shared/holdings'
import type {
  Attribution,
  BenchmarkFigures,
  PortfolioRange,
  PortfolioReport,
  PositionFigures,
  Returns,
} from '../../../shared/portfolio'
import { transactionInstant } from '../../../shared/holdings-schema'
import { MONEY_PLACES, QUANTITY_PLACES, replayLedger } from '../holdings/ledger-replay'
import { screenTimeText } from '../screen-time'
import { BIG_ZERO, BigDecimal } from './big-decimal'
import { intoStocks, intoToken } from './benchmark'
import { type LedgerEntry, type PositionWalk, walkPosition } from './position-walk'
import { PriceTrack, priceScale } from './price-track'
import {
  type CashFlow,
  type StepInput,
  YEAR_MS,
  annualisedReturn,
  moneyWeighted,
  returnText,
  timeWeighted,
} from './returns'
import { rounded80 } from './scaled'
import { splitReader } from './split-step'

/**
 * The portfolio over a range (issue #49), pure: the ledger replayed (ledger-replay.ts, the cost
 * method chosen) over each token's history as the detail chart has it, into the series, the
 * returns, the benchmarks and the attribution. Every amount is exact decimal arithmetic; only the
 * returns (quotients) and the benchmarks' holdings (money over a price) are rounded, at 80
 * significant digits, and returns are written to RETURN_PLACES decimals.
 *
 * The series has a point wherever any held token's history has one; a token without a point there
 * is valued at its last. Each point's figures are at its bucket's close (the bucket's end, or now
 * for the one still open), so a trade belongs to the first point whose close is at or after it;
 * what was held at the first point's close is the range's starting value.
 */

export interface TokenHistory {
  points: readonly HistoryPoint[]
  bucketMs: number
  source: HistorySource
  /** HistoryService's sentence when the history is partial (a service without history), else null. */
  note: string | null
}

export interface PortfolioInput {
  range: PortfolioRange
  method: CostMethod
  /** The whole ledger: what was bought before the range is what it starts with. */
  transactions: readonly Transaction[]
  /** Each ledger symbol's history for the range; a symbol missing here had none to be had. */
  histories: ReadonlyMap<string, TokenHistory>
  benchmarkSymbol: string
  benchmark: TokenHistory | null
  asOf: number
}

const ZERO = BIG_ZERO
/**
 * Why a range of one point has no return: there is no step to measure one over (said apart from
 * "nothing was held", which a holder of the range's one point would read as untrue).
 */
const ONE_POINT = 'one point in this range: no period to measure a return over'
/** Benchmarks hold money over a price: their values are written to this many decimals of a dollar. */
const BENCHMARK_PLACES = 10

function ledgerEntries(transactions: readonly Transaction[], method: CostMethod): Map<string, LedgerEntry[]> {
  const entries = new Map<string, LedgerEntry[]>()
  const replay = replayLedger(transactions, method, (transaction, held) => {
    let list = entries.get(transaction.symbol)
    if (!list) entries.set(transaction.symbol, (list = []))
    list.push({
      transaction,
      instant: transactionInstant(transaction),
      quantity: held.quantity,
      cost: held.cost,
    })
  })
  if (!replay.ok) throw new Error(replay.oversold.message)
  return entries
}

/**
 * A token the service has no history of (delisted, or unknown to it): its trades are its only
 * prices, and it is valued at the last of them.
 */
function tradesAsHistory(entries: readonly LedgerEntry[]): HistoryPoint[] {
  return entries
    .filter((entry) => entry.transaction.side === 'buy' || entry.transaction.side === 'sell')
    .map((entry) => ({
      t: entry.instant,
      open: entry.transaction.price,
      high: entry.transaction.price,
      low: entry.transaction.price,
      close: entry.transaction.price,
      underlyingClose: null,
      underlyingCarried: false,
      multiplier: null,
      premium: null,
    }))
}

interface Steps {
  times: readonly number[]
  bucketMs: number
  range: PortfolioRange
}

function returnsOf(run: StepInput, steps: Steps): Returns {
  const { exponent, values, flows } = run
  const { times, bucketMs } = steps
  const last = values.length - 1
  let pnl = rounded80((values[last] as bigint) - (values[0] as bigint))
  for (let i = 1; i <= last; i++) if (flows[i] !== 0n) pnl = rounded80(pnl - (flows[i] as bigint))
  const twr = timeWeighted(run)
  const first = times[0] as number
  const at = (i: number) => Math.round(((times[i] as number) - first) / bucketMs)
  // Money moves at few points: those without add nothing (every amount here is already rounded).
  const cash: { k: number; amount: bigint }[] = [{ k: 0, amount: -(values[0] as bigint) }]
  for (let i = 1; i <= last; i++) if (flows[i] !== 0n) cash.push({ k: at(i), amount: -(flows[i] as bigint) })
  cash.push({ k: at(last), amount: values[last] as bigint })
  const merged = mergeByK(cash).map(({ k, amount }): CashFlow => ({
    k,
    amount: new BigDecimal(amount, exponent),
  }))
  const mwr = twr === null ? null : moneyWeighted(merged, bucketMs, at(last), twr)
  const span = (times[last] as number) - first
  const yearly = steps.range === '1y' || span >= YEAR_MS
  return {
    twr: twr === null ? null : returnText(twr),
    mwr: mwr?.ok ? returnText(mwr.period) : null,
    mwrNote: mwr === null ? (last === 0 ? ONE_POINT : 'nothing was held') : mwr.ok ? null : mwr.reason,
    pnl: new BigDecimal(pnl, exponent).toString(),
    annualised:
      yearly && span > 0
        ? {
            twr: twr === null ? null : returnText(annualisedReturn(twr, span)),
            mwr: mwr?.ok ? returnText(mwr.annual) : null,
          }
        : null,
  }
}

function mergeByK(flows: readonly { k: number; amount: bigint }[]): { k: number; amount: bigint }[] {
  const merged: { k: number; amount: bigint }[] = []
  for (const flow of flows) {
    const last = merged.at(-1)
    if (last && last.k === flow.k) last.amount = rounded80(last.amount + flow.amount)
    else merged.push({ ...flow })
  }
  return merged
}

function attributionOf(parts: Pick<PositionWalk, 'stock' | 'multiplier' | 'premium' | 'fees'>): Attribution {
  return {
    stock: parts.stock.toString(),
    multiplier: parts.multiplier.toString(),
    premium: parts.premium.toString(),
    fees: parts.fees.toString(),
  }
}

function points(value: Dec | null): string | null {
  return value === null ? null : toFixedString(value.times(100), BENCHMARK_PLACES - 2)
}

function benchmarkFigures(
  into: string,
  run: StepInput | null,
  own: Returns,
  steps: Steps,
): BenchmarkFigures | null {
  if (run === null) return null
  const figures = returnsOf(run, steps)
  const difference = (a: string | null, b: string | null) =>
    a === null || b === null ? null : points(new Dec(a).minus(b))
  return {
    ...figures,
    pnl: toFixedString(new Dec(figures.pnl), BENCHMARK_PLACES),
    into,
    value: new BigDecimal(run.values.at(-1) as bigint, run.exponent).toFixed(BENCHMARK_PLACES),
    differenceInPoints: { twr: difference(own.twr, figures.twr), mwr: difference(own.mwr, figures.mwr) },
  }
}

function benchmarkText(run: StepInput, i: number): string {
  return new BigDecimal(run.values[i] as bigint, run.exponent).toFixed(BENCHMARK_PLACES)
}

function reportHead(input: PortfolioInput, source: PortfolioReport['source']) {
  const { range, method, benchmarkSymbol, asOf } = input
  return { range, method, benchmarkSymbol, asOf, source }
}

function emptyReport(
  input: PortfolioInput,
  source: PortfolioReport['source'],
  notes: string[],
): PortfolioReport {
  const zero: Attribution = { stock: '0', multiplier: '0', premium: '0', fees: '0' }
  return {
    ...reportHead(input, source),
    empty: true,
    series: [],
    benchmarkSeries: [],
    trades: [],
    figures: {
      twr: null,
      mwr: null,
      mwrNote: 'nothing was held',
      pnl: '0',
      annualised: null,
      benchmark: { stocks: null, token: null },
      attribution: zero,
    },
    positions: [],
    notes: [...notes, 'Nothing was held in this range.'],
  }
}

function firstInstant(entries: ReadonlyMap<string, readonly LedgerEntry[]>): number | null {
  let first: number | null = null
  for (const list of entries.values()) {
    const instant = list[0]?.instant
    if (instant !== undefined && (first === null || instant < first)) first = instant
  }
  return first
}

/**
 * All of a range begins where the tokens' histories begin, often years before the ledger's first
 * trade: the series then starts at the last point that closed before it (nothing held, the base
 * the first day's P&L is counted from), not with years of zeros.
 */
function fromFirstHolding(times: number[], first: number | null, bucketMs: number): number[] {
  if (first === null) return times
  let start = 0
  while (start + 1 < times.length && (times[start + 1] as number) + bucketMs - 1 < first) start++
  return start === 0 ? times : times.slice(start)
}

/**
 * Every time any of the histories has a point at, up to `asOf`, ascending: each history (in time
 * order, as HistoryService answers) merged into the times so far. The tokens' histories mostly
 * share their times, so a merge is a walk down two equal lists (the bench's year: 10 ms cold on a
 * loaded host, where a set of its 36,500 times and a sort took 20).
 */
function pointTimes(histories: readonly (readonly HistoryPoint[])[], asOf: number): number[] {
  let times: number[] = []
  for (const points of histories) {
    const merged: number[] = []
    let a = 0
    let b = 0
    while (b < points.length && (points[b] as HistoryPoint).t <= asOf) {
      const t = (points[b] as HistoryPoint).t
      while (a < times.length && (times[a] as number) < t) merged.push(times[a++] as number)
      if (a < times.length && times[a] === t) a++
      // A history is in time order, one point a bucket; a repeated time is still one point.
      if (merged[merged.length - 1] !== t) merged.push(t)
      b++
    }
    while (a < times.length) merged.push(times[a++] as number)
    times = merged
  }
  return times
}

function sourceOf(histories: Iterable<TokenHistory>): PortfolioReport['source'] {
  const seen = new Set<HistorySource>()
  for (const history of histories) if (history.points.length > 0) seen.add(history.source)
  if (seen.size === 0) return 'none'
  if (seen.size === 1) return [...seen][0] as HistorySource
  return 'both'
}

export function computePortfolio(input: PortfolioInput): PortfolioReport {
  const notes = new Set<string>()
  const say = (note: string) => void notes.add(note)
  const entries = ledgerEntries(input.transactions, input.method)
  const histories = [...entries.keys()]
    .map((symbol) => [symbol, input.histories.get(symbol)] as const)
    .filter((pair): pair is readonly [string, TokenHistory] => pair[1] !== undefined)
  for (const [, history] of histories) if (history.note) say(history.note)
  const source = sourceOf(histories.map(([, history]) => history))
  const bucketMs = histories.find(([, history]) => history.points.length > 0)?.[1].bucketMs ?? 86_400_000
  const times = fromFirstHolding(
    pointTimes(
      histories.map(([, history]) => history.points),
      input.asOf,
    ),
    input.range === 'all' ? firstInstant(entries) : null,
    bucketMs,
  )
  if (times.length === 0) return emptyReport(input, source, [...notes])
  const closes = times.map((t) => Math.min(t + bucketMs - 1, input.asOf))
  const lastTime = times.at(-1) as number

  const walks: PositionWalk[] = []
  const splits = splitReader()
  const scale = priceScale(
    [...histories.map(([, history]) => history.points), input.benchmark?.points ?? []],
    input.transactions,
    QUANTITY_PLACES,
  )
  for (const [symbol, list] of entries) {
    const history = input.histories.get(symbol)
    const points = history?.points ?? tradesAsHistory(list)
    const track = new PriceTrack(symbol, points, history?.bucketMs ?? 0, scale)
    if (track.points.length === 0) continue
    const walk = walkPosition(track, list, times, closes, splits, say)
    if (!walk.involved) continue
    walks.push(walk)
    const lastPoint = track.points.at(-1) as HistoryPoint
    if (!walk.closedInRange && lastPoint.t + Math.max(track.bucketMs, 1) <= lastTime)
      say(
        history === undefined
          ? `${symbol}: the service has no history of it: valued at its last trade's price.`
          : `${symbol}: no price after ${screenTimeText(lastPoint.t, { year: true })} (delisted?): ` +
              `valued at its last known price.`,
      )
  }
  if (walks.length === 0) return emptyReport(input, source, [...notes])

  const n = times.length
  const steps: Steps = { times, bucketMs, range: input.range }
  // Every walk's money is at the scale's one exponent: the sums below need no rescaling.
  const exponent = (walks[0] as PositionWalk).exponent
  const total: StepInput & { values: bigint[]; flows: bigint[]; inflows: bigint[] } = {
    exponent,
    values: [],
    flows: [],
    inflows: [],
  }
  const series: PortfolioReport['series'] = []
  const text = (count: bigint, at = exponent) => new BigDecimal(count, at).toString()
  let pnl = 0n
  let cost = 0n
  for (let i = 0; i < n; i++) {
    let value = 0n
    let flow = 0n
    let inflow = 0n
    let fair: bigint | null = 0n
    for (const walk of walks) {
      value = rounded80(value + (walk.values[i] as bigint))
      // Money moves and costs change only at trades: most points add nothing here.
      if (walk.flows[i] !== 0n) flow = rounded80(flow + (walk.flows[i] as bigint))
      if (walk.inflows[i] !== 0n) inflow = rounded80(inflow + (walk.inflows[i] as bigint))
      // The replay's costs are unrounded: each is added and taken off as decimal.js would.
      if (i === 0) cost = rounded80(cost + (walk.costs[0] as bigint))
      else if (walk.traded[i] === 1)
        cost = rounded80(rounded80(cost + (walk.costs[i] as bigint)) - (walk.costs[i - 1] as bigint))
      const part = walk.fairValues[i] as bigint | null
      fair = fair === null || part === null ? null : rounded80(fair + part)
    }
    if (i > 0) pnl = rounded80(pnl + rounded80(rounded80(value - (total.values[i - 1] as bigint)) - flow))
    total.values.push(value)
    total.flows.push(flow)
    total.inflows.push(inflow)
    series.push({
      t: times[i] as number,
      value: text(value),
      valueAtFairValue: fair === null ? null : text(fair),
      cost: text(cost, -MONEY_PLACES),
      pnl: text(pnl),
    })
  }
  const own = returnsOf(total, steps)
  const attribution = attributionOf({
    stock: walks.reduce((a, w) => a.plus(w.stock), ZERO),
    multiplier: walks.reduce((a, w) => a.plus(w.multiplier), ZERO),
    premium: walks.reduce((a, w) => a.plus(w.premium), ZERO),
    fees: walks.reduce((a, w) => a.plus(w.fees), ZERO),
  })
  const stocks = intoStocks(walks, n, say)
  const benchmarkTrack =
    input.benchmark === null
      ? null
      : new PriceTrack(input.benchmarkSymbol, input.benchmark.points, input.benchmark.bucketMs, scale)
  if (benchmarkTrack === null) say(`Had you bought ${input.benchmarkSymbol}: its history could not be had.`)
  const token =
    benchmarkTrack === null
      ? null
      : intoToken(
          benchmarkTrack,
          times,
          { exponent, at: (i) => (i === 0 ? (total.values[0] as bigint) : (total.flows[i] as bigint)) },
          say,
        )
  const firstClose = closes[0] as number
  return {
    ...reportHead(input, source),
    empty: false,
    series,
    benchmarkSeries: times.map((t, i) => ({
      t,
      stocks: stocks === null ? null : benchmarkText(stocks, i),
      token: token === null ? null : benchmarkText(token, i),
    })),
    trades: [...entries.values()]
      .flat()
      .filter((entry) => entry.instant > firstClose && entry.instant <= input.asOf)
      .map(({ transaction, instant }) => ({
        t: instant,
        id: transaction.id,
        symbol: transaction.symbol,
        side: transaction.side,
      }))
      .sort((a, b) => a.t - b.t),
    figures: {
      ...own,
      benchmark: {
        stocks: benchmarkFigures('stocks', stocks, own, steps),
        token: benchmarkFigures(input.benchmarkSymbol, token, own, steps),
      },
      attribution,
    },
    positions: walks.map((walk): PositionFigures => ({
      symbol: walk.symbol,
      ...returnsOf(walk, steps),
      attribution: attributionOf(walk),
      openedInRange: walk.openedInRange,
      closedInRange: walk.closedInRange,
    })),
    notes: [...notes],
  }
}
