import { Dec, toFixedString } from '../../../shared/decimal'
import { RETURN_PLACES } from '../../../shared/portfolio'

/**
 * Time- and money-weighted returns over a series of points (issue #49), in decimal.js.
 *
 * Time-weighted: chain-linked at each point. A point's return is its P&L (the value's change less
 * the money put in at it, fees included) over what was at work in it: the value before plus the
 * money put in (money taken out is counted at the point's end, so selling everything never leaves
 * a step with nothing at work). A step with nothing at work is left out.
 *
 * Money-weighted: the rate that discounts every cash flow and the end value to nothing (XIRR),
 * found in decimal arithmetic. Flows are dated at their point on the series' grid (its bucket
 * width), so with x = 1 / (1 + the rate per bucket) the condition is a polynomial in x, solved
 * by secant steps from a close first guess (guess()), or by bisection where they would leave the
 * bracket. The bracket is an annual rate from -99 % to +10,000 %: no root inside it is said as
 * "no solution". The search stops when x moves by less than 1e-30, which puts the annual rate
 * within 1e-24 of the root; returns are written to RETURN_PLACES decimals.
 */

export const YEAR_MS = 365 * 86_400_000

/** A fraction written as returns are. */
export function returnText(value: Dec): string {
  return toFixedString(value, RETURN_PLACES)
}

/** The returns' own precision: ample for a rate, and fast enough for a year of daily flows. */
const XDec = Dec.clone({ precision: 40 })
type XDec = InstanceType<typeof XDec>

export interface StepInput {
  /** Value at each point's close. */
  values: readonly Dec[]
  /** Money put in at each point (a buy's amount and fee; a sale's proceeds less its fee, negative). */
  flows: readonly Dec[]
  /** The part of `flows` put in (buys), at work during the point. */
  inflows: readonly Dec[]
}

/**
 * Chain-linked time-weighted return; null when nothing was at work at any step. Chained at
 * XIRR's precision (40 digits): ample for a return written to 10 decimals, and a cold year of 100
 * positions' daily steps at 80 digits was most of the portfolio's time.
 */
export function timeWeighted({ values, flows, inflows }: StepInput): Dec | null {
  let growth = new XDec(1)
  let worked = false
  // Between points with no money moved, the steps' (1 + r) telescope to the run's last value
  // over its first: one quotient a run, not one a point.
  let runStart: Dec | null = null
  const closeRun = (end: Dec) => {
    if (runStart !== null && !runStart.isZero()) {
      worked = true
      growth = growth.times(new XDec(end).dividedBy(new XDec(runStart)))
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
    growth = growth.times(new XDec(pnl).dividedBy(new XDec(atWork)).plus(1))
  }
  closeRun(values[values.length - 1] as Dec)
  return worked ? new Dec(growth.minus(1)) : null
}

/** A return over `span` ms as a return a year: (1 + r) ^ (year / span) - 1, at the returns' precision. */
export function annualisedReturn(periodReturn: Dec, span: number): Dec {
  return new Dec(new XDec(periodReturn).plus(1).pow(new XDec(YEAR_MS).dividedBy(span)).minus(1))
}

export interface CashFlow {
  /** Buckets since the first point. */
  k: number
  /** The investor's side: money put in is negative, money taken out (and the end value) positive. */
  amount: Dec
}

export type MoneyWeighted = { ok: true; period: Dec; annual: Dec } | { ok: false; reason: string }

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

/**
 * A first guess in binary floating point: only where to start. The rate is then found, and its
 * convergence decided, in decimal arithmetic (secant steps from this guess), so the guess's
 * rounding never reaches the figure. A year of daily flows over 100 positions took most of the
 * portfolio's time with every step in decimal.js.
 */
function guess(terms: readonly Term[], lo: number, hi: number): number | null {
  const flows = terms.map((term) => ({ k: term.k, amount: term.amount.toNumber() }))
  const at = (x: number) => flows.reduce((sum, flow) => sum + flow.amount * x ** flow.k, 0)
  let a = lo
  let b = hi
  const negativeAtA = at(a) < 0
  if (negativeAtA === at(b) < 0) return null
  for (let step = 0; step < 200 && b - a > 1e-15; step++) {
    const mid = (a + b) / 2
    if (at(mid) < 0 === negativeAtA) a = mid
    else b = mid
  }
  return (a + b) / 2
}

const brackets = new Map<number, { perYear: XDec; lo: XDec; hi: XDec }>()

/** The bracket in x for a grid: two fractional powers, once a bucket width, not once a position. */
function bracketFor(bucketMs: number): { perYear: XDec; lo: XDec; hi: XDec } {
  let bracket = brackets.get(bucketMs)
  if (bracket === undefined) {
    const perYear = new XDec(YEAR_MS).dividedBy(bucketMs)
    // x = (1 + annual) ^ (-1 / perYear): the lowest annual rate gives the largest x.
    bracket = {
      perYear,
      lo: new XDec(101).pow(new XDec(-1).dividedBy(perYear)),
      hi: new XDec('0.01').pow(new XDec(-1).dividedBy(perYear)),
    }
    brackets.set(bucketMs, bracket)
  }
  return bracket
}

/**
 * The money-weighted return of `flows` (ascending k, at least one of each sign for a solution) on
 * a grid of `bucketMs`; `span` buckets from the first point to the last.
 */
export function moneyWeighted(flows: readonly CashFlow[], bucketMs: number, span: number): MoneyWeighted {
  const terms = flows
    .filter((flow) => !flow.amount.isZero())
    .map((flow) => ({ k: flow.k, amount: new XDec(flow.amount) }))
  if (!terms.some((t) => t.amount.isNegative()) || !terms.some((t) => t.amount.isPositive()))
    return { ok: false, reason: 'no solution: the cash flows do not change sign' }
  const { perYear, lo, hi } = bracketFor(bucketMs)
  const start = guess(terms, lo.toNumber(), hi.toNumber())
  if (start !== null) {
    const found = secant(terms, new XDec(start), lo, hi)
    if (found !== null) return solved(found, span, perYear)
  }
  return bracketed(terms, lo, hi, span, perYear)
}

/** Secant steps from a guess close to the root; null when they leave the bracket (then bisection decides). */
function secant(terms: readonly Term[], start: XDec, lo: XDec, hi: XDec): XDec | null {
  let x0 = start
  let x1 = start.times('1.000000000001')
  let p0 = evaluate(terms, x0)
  for (let step = 0; step < 20; step++) {
    const p1 = evaluate(terms, x1)
    if (p1.isZero()) return x1
    if (p1.equals(p0)) return null
    const x2 = x1.minus(p1.times(x1.minus(x0)).dividedBy(p1.minus(p0)))
    if (x2.lessThan(lo) || x2.greaterThan(hi)) return null
    if (x2.minus(x1).abs().lessThan(STOP)) return x2
    x0 = x1
    p0 = p1
    x1 = x2
  }
  return null
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
