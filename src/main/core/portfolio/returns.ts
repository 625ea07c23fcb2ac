import { Dec, toFixedString } from '../../../shared/decimal'
import { RETURN_PLACES } from '../../../shared/portfolio'
import { powerOfTen } from '../holdings/fixed-point'
import { BigDecimal } from './big-decimal'
import { poweredReturn } from './fixed-power'
import { moneyWeightedRoot } from './money-weighted-root'
import { rounded80 } from './scaled'

/**
 * Time- and money-weighted returns over a series of points (issue #49), on BigInt: decimal
 * arithmetic (decimal.js's, big-decimal.ts) and binary fixed point far past the 10 decimals a
 * return is written to (the time-weighted chain, the annualising power: fixed-power.ts).
 *
 * Time-weighted: chain-linked at each point. A point's return is its P&L (the value's change less
 * the money put in at it, fees included) over what was at work in it: the value before plus the
 * money put in (money taken out is counted at the point's end, so selling everything never leaves
 * a step with nothing at work). A step with nothing at work is left out.
 *
 * Money-weighted: the rate that discounts every cash flow and the end value to nothing (XIRR),
 * found in decimal arithmetic. Flows are dated at their point on the series' grid (its bucket
 * width), so with x = 1 / (1 + the rate per bucket) the condition is a polynomial in x, solved
 * by Newton's steps from the time-weighted return's guess (money-weighted-root.ts: in floating
 * point to start, then in exact fixed point), or by bisection in decimal.js where they fail or
 * would leave the bracket. The bracket is an annual rate from -99 % to +10,000 %: no root inside
 * it is said as "no solution". The search stops when x moves by less than 1e-30, which puts the
 * annual rate within 1e-24 of a simple root; returns are written to RETURN_PLACES decimals. At a
 * multiple root (p flat there) 40 digits lose p's sign short of it: some 1e-13 from a triple root,
 * where the annual rate can be off in its 10th decimal (returns.test.ts, the triple root).
 */

export const YEAR_MS = 365 * 86_400_000

/** A fraction written as returns are. */
export function returnText(value: Dec | BigDecimal): string {
  return value instanceof BigDecimal ? value.toFixed(RETURN_PLACES) : toFixedString(value, RETURN_PLACES)
}

/** The returns' own precision: ample for a rate, and fast enough for a year of daily flows. */
const RATE_DIGITS = 40
const XDec = Dec.clone({ precision: RATE_DIGITS })
type XDec = InstanceType<typeof XDec>

export interface StepInput {
  /** The power of ten of every count below (scaled.ts). */
  exponent: number
  /** Value at each point's close. */
  values: readonly bigint[]
  /** Money put in at each point (a buy's amount and fee; a sale's proceeds less its fee, negative). */
  flows: readonly bigint[]
  /** The part of `flows` put in (buys), at work during the point. */
  inflows: readonly bigint[]
}

/** The chain's working precision: binary fixed point of 2^-CHAIN_BITS (some 77 digits). */
const CHAIN_BITS = 256n
const CHAIN_UNIT = 1n << CHAIN_BITS
/** A time-weighted return's decimals: 40 past the RETURN_PLACES it is written to. */
const CHAIN_PLACES = 50

/**
 * Chain-linked time-weighted return; null when nothing was at work at any step. Each step's
 * 1 + r is a ratio of two counts (what was at work plus the step's P&L, over what was at work);
 * the chain carries their product in binary fixed point of 2^-256, one product and one quotient
 * of short BigInts a step, truncated: a year of daily steps is within 1e-74 of the exact chain
 * (times its largest growth), and the return is written with CHAIN_PLACES decimals. A 40-digit
 * decimal quotient, sum and product a step, each rounded, were a fifth of a cold year of 100
 * positions. A point's sums are at 80 digits on the counts themselves (scaled.ts), as every
 * amount of the walk.
 */
export function timeWeighted({ values, flows, inflows }: StepInput): BigDecimal | null {
  let growth = CHAIN_UNIT
  let worked = false
  // Between points with no money moved, the steps' (1 + r) telescope to the run's last value
  // over its first: one factor a run, not one a point. The run's first point; -1: none.
  let runStart = -1
  const closeRun = (end: number) => {
    const start = runStart < 0 ? 0n : (values[runStart] as bigint)
    if (start !== 0n) {
      worked = true
      growth = (growth * (values[end] as bigint)) / start
    }
  }
  for (let i = 1; i < values.length; i++) {
    if (flows[i] === 0n && inflows[i] === 0n) {
      if (runStart < 0) runStart = i - 1
      continue
    }
    closeRun(i - 1)
    runStart = -1
    const before = values[i - 1] as bigint
    const atWork = rounded80(before + (inflows[i] as bigint))
    if (atWork === 0n) continue
    worked = true
    const pnl = rounded80(rounded80((values[i] as bigint) - before) - (flows[i] as bigint))
    growth = (growth * (atWork + pnl)) / atWork
  }
  closeRun(values.length - 1)
  if (!worked) return null
  return new BigDecimal(((growth - CHAIN_UNIT) * powerOfTen(CHAIN_PLACES)) / CHAIN_UNIT, -CHAIN_PLACES)
}

/** A return over `span` ms as a return a year: (1 + r) ^ (year / span) - 1 (fixed-power.ts). */
export function annualisedReturn(periodReturn: BigDecimal, span: number): BigDecimal {
  return poweredReturn(periodReturn, YEAR_MS, span)
}

export interface CashFlow {
  /** Buckets since the first point. */
  k: number
  /** The investor's side: money put in is negative, money taken out (and the end value) positive. */
  amount: BigDecimal
}

export type MoneyWeighted =
  { ok: true; period: Dec | BigDecimal; annual: Dec | BigDecimal } | { ok: false; reason: string }

const STOP = new XDec('1e-30')
const MOST_STEPS = 300

interface Term {
  k: number
  amount: XDec
}

/**
 * p(x) / x^k0 = the sum of amount x^(k - k0) over the terms (k ascending, k0 the first's), by
 * Horner's rule over the gaps between them: the same roots for x > 0, without a power per term.
 */
function evaluate(terms: readonly Term[], x: XDec): XDec {
  const powers: XDec[] = [new XDec(1)]
  let p = (terms[terms.length - 1] as Term).amount
  for (let j = terms.length - 2; j >= 0; j--) {
    const term = terms[j] as Term
    const gap = (terms[j + 1] as Term).k - term.k
    while (powers.length <= gap) powers.push((powers[powers.length - 1] as XDec).times(x))
    p = p.times(powers[gap] as XDec).plus(term.amount)
  }
  return p
}

interface Bracket {
  perYear: XDec
  lo: XDec
  hi: XDec
  /** The same two ends for moneyWeightedRoot. */
  exact: { lo: BigDecimal; hi: BigDecimal }
}

const brackets = new Map<number, Bracket>()

/** The bracket in x for a grid: two fractional powers, once a bucket width, not once a position. */
function bracketFor(bucketMs: number): Bracket {
  let bracket = brackets.get(bucketMs)
  if (bracket === undefined) {
    const perYear = new XDec(YEAR_MS).dividedBy(bucketMs)
    // x = (1 + annual) ^ (-1 / perYear): the lowest annual rate gives the largest x.
    const lo = new XDec(101).pow(new XDec(-1).dividedBy(perYear))
    const hi = new XDec('0.01').pow(new XDec(-1).dividedBy(perYear))
    bracket = {
      perYear,
      lo,
      hi,
      exact: { lo: BigDecimal.parse(lo.toString()), hi: BigDecimal.parse(hi.toString()) },
    }
    brackets.set(bucketMs, bracket)
  }
  return bracket
}

/**
 * The money-weighted return of `flows` (ascending k, at least one of each sign for a solution) on
 * a grid of `bucketMs`; `span` buckets from the first point to the last. `timeWeighted`, the same
 * run's time-weighted return where known, says where to start looking.
 */
export function moneyWeighted(
  flows: readonly CashFlow[],
  bucketMs: number,
  span: number,
  timeWeightedReturn: BigDecimal | null = null,
): MoneyWeighted {
  const nonzero = flows.filter((flow) => !flow.amount.isZero())
  if (!nonzero.some((f) => f.amount.isNegative()) || !nonzero.some((f) => f.amount.isPositive()))
    return { ok: false, reason: 'no solution: the cash flows do not change sign' }
  const { perYear, lo, hi, exact } = bracketFor(bucketMs)
  // x = 1 / (1 + the rate per bucket), had the money grown as the time-weighted return says.
  const guess = timeWeightedReturn === null ? NaN : (1 + timeWeightedReturn.toNumber()) ** (-1 / span)
  const root = moneyWeightedRoot(nonzero, exact.lo, exact.hi, guess)
  if (root !== null)
    return perYear.isInteger()
      ? { ok: true, period: root.inverseReturn(span), annual: root.inverseReturn(perYear.toNumber()) }
      : solved(new XDec(root.text()), span, perYear)
  const terms = nonzero.map((flow) => ({ k: flow.k, amount: new XDec(flow.amount.toString()) }))
  return bracketed(terms, lo, hi, span, perYear)
}

/** Bisection in decimal arithmetic over the whole bracket: slow, and certain. */
function bracketed(terms: readonly Term[], lo: XDec, hi: XDec, span: number, perYear: XDec): MoneyWeighted {
  const pLo = evaluate(terms, lo)
  const pHi = evaluate(terms, hi)
  if (pLo.isZero()) return solved(lo, span, perYear)
  if (pHi.isZero()) return solved(hi, span, perYear)
  if (pLo.isNegative() === pHi.isNegative())
    return { ok: false, reason: 'no solution between -99% and +10,000% a year' }
  let a = lo
  let b = hi
  for (let step = 0; step < MOST_STEPS && b.minus(a).greaterThanOrEqualTo(STOP); step++) {
    const mid = a.plus(b).dividedBy(2)
    const p = evaluate(terms, mid)
    if (p.isZero()) return solved(mid, span, perYear)
    if (p.isNegative() === pLo.isNegative()) a = mid
    else b = mid
  }
  return solved(a.plus(b).dividedBy(2), span, perYear)
}

function solved(x: XDec, span: number, perYear: XDec): MoneyWeighted {
  return {
    ok: true,
    period: new Dec(x.pow(-span).minus(1)),
    annual: new Dec(x.pow(perYear.negated()).minus(1)),
  }
}
