import type { DecimalString } from './decimal'
import type { CostMethod } from './holdings'
import type { HistoryRange } from './history'

/**
 * The portfolio over time (issue #49): the ledger replayed over each held token's history (the
 * detail chart's candles and recording), the returns over the range, the same cash flows put into
 * the stocks and into one token, and where the P&L came from. Plain types shared by the core that
 * computes it, the command line that prints it and the window that will draw it; every amount is
 * an exact decimal string in US dollars, every return a fraction ("0.0125" is +1.25 %).
 */

/** The detail chart's ranges from one week on: a day of a portfolio says nothing a return could. */
export const PORTFOLIO_RANGES = [
  '1w',
  '1m',
  '3m',
  '6m',
  '1y',
  'all',
] as const satisfies readonly HistoryRange[]
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number]

/** The token the same cash flows go into when the person names none. */
export const DEFAULT_BENCHMARK = 'SPYon'

/** Returns are written to this many decimals of a fraction (0.000001 %). */
export const RETURN_PLACES = 10

export interface PortfolioPoint {
  /** The history's bucket start, Unix ms; the figures are at its close. */
  t: number
  /** Tokens held x the token's close. */
  value: DecimalString
  /** Tokens x stock close x the multiplier in force; null where a held token's stock is unknown. */
  valueAtFairValue: DecimalString | null
  /** What the tokens held cost (the ledger's method), fees included. */
  cost: DecimalString
  /** P&L since the range's first point: value change less the money put in (fees included). */
  pnl: DecimalString
}

/** The P&L split by its cause; the four parts add up to the P&L exactly. */
export interface Attribution {
  /** The stock's own move (split-adjusted: a split moves nothing). */
  stock: DecimalString
  /** The shares multiplier's change other than splits: dividends reinvested. */
  multiplier: DecimalString
  /** The token's premium or discount to its fair value moving, trade prices against it included. */
  premium: DecimalString
  /** Fees paid in the range, as a negative amount. */
  fees: DecimalString
}

export interface Returns {
  /** Time-weighted, chain-linked at each point of the series; null when nothing was held. */
  twr: DecimalString | null
  /** Money-weighted (the rate discounting every cash flow and the end value to nothing), over the range. */
  mwr: DecimalString | null
  /** Why there is no money-weighted return: no solution, or nothing held. */
  mwrNote: string | null
  /** Value at the end less value at the start less the money put in, fees included. */
  pnl: DecimalString
  /** The same two a year, given only for a range of a year or more. */
  annualised: { twr: DecimalString | null; mwr: DecimalString | null } | null
}

export interface BenchmarkFigures extends Returns {
  /** "stocks": each token's own stock; else the token the flows went into. */
  into: string
  /** Its value at the end. */
  value: DecimalString
  /** Portfolio less benchmark, in percentage points: null where either return is. */
  differenceInPoints: { twr: DecimalString | null; mwr: DecimalString | null }
}

export interface PortfolioFigures extends Returns {
  benchmark: { stocks: BenchmarkFigures | null; token: BenchmarkFigures | null }
  attribution: Attribution
}

export interface PositionFigures extends Returns {
  symbol: string
  attribution: Attribution
  /** Nothing was held at the range's first point: the position was opened inside it. */
  openedInRange: boolean
  /** Nothing is held at the last point: the position was closed inside the range (or before it). */
  closedInRange: boolean
}

export interface BenchmarkPoint {
  t: number
  /** What the same cash flows put into the stocks would be worth; null where that cannot be said. */
  stocks: DecimalString | null
  token: DecimalString | null
}

/** A transaction as the chart marks it. */
export interface TradeMark {
  t: number
  id: string
  symbol: string
  side: string
}

export interface PortfolioReport {
  range: PortfolioRange
  method: CostMethod
  benchmarkSymbol: string
  /** When it was put together, Unix ms. */
  asOf: number
  /** Where the prices came from: the service's candles, the app's recording, or both. */
  source: 'service' | 'recorded' | 'both' | 'none'
  /** Nothing was held at any point of the range: no series, every figure zero or null. */
  empty: boolean
  series: PortfolioPoint[]
  benchmarkSeries: BenchmarkPoint[]
  trades: TradeMark[]
  figures: PortfolioFigures
  positions: PositionFigures[]
  /** What to know about these figures (a carried or unknown price, a recording only), each said once. */
  notes: string[]
}
