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
 * width), so with x = 1 / (1 + the rate per bucket) the condition is a polynomial in x, solved by
 * Newton's method kept inside a bracket (bisection where a Newton step would leave it). The
 * bracket is an annual rate from -99 % to +10,000 %: no root inside it is said as "no solution".
 * The search stops when x moves by less than 1e-30, which puts the annual rate within 1e-24 of
 * the root; returns are written to RETURN_PLACES decimals.
 */

export const YEAR_MS = 365 * 86_400_000

/** A fraction written as returns are. */
export function returnText(value: Dec): string {
  return toFixedString(value, RETURN_PLACES)
}

export interface StepInput {
  /** Value at each point's close. */
  values: readonly Dec[]
  /** Money put in at each point (a buy's amount and fee; a sale's proceeds less its fee, negative). */
  flows: readonly Dec[]
  /** The part of `flows` put in (buys), at work during the point. */
  inflows: readonly Dec[]
}

/** Chain-linked time-weighted return; null when nothing was at work at any step. */
export function timeWeighted({ values, flows, inflows }: StepInput): Dec | null {
  let growth = new Dec(1)
  let worked = false
  for (let i = 1; i < values.length; i++) {
    const atWork = (values[i - 1] as Dec).plus(inflows[i] as Dec)
    if (atWork.isZero()) continue
    worked = true
    const pnl = (values[i] as Dec).minus(values[i - 1] as Dec).minus(flows[i] as Dec)
    growth = growth.times(pnl.dividedBy(atWork).plus(1))
  }
  return worked ? growth.minus(1) : null
}

/** A return over `span` ms as a return a year: (1 + r) ^ (year / span) - 1. */
export function annualisedReturn(periodReturn: Dec, span: number): Dec {
  return periodReturn.plus(1).pow(new Dec(YEAR_MS).dividedBy(span)).minus(1)
}

/** XIRR's own precision: ample for a rate, and fast enough for a year of daily flows. */
const XDec = Dec.clone({ precision: 40 })
type XDec = InstanceType<typeof XDec>

export interface CashFlow {
  /** Buckets since the first point. */
  k: number
  /** The investor's side: money put in is negative, money taken out (and the end value) positive. */
  amount: Dec
}

export type MoneyWeighted = { ok: true; period: Dec; annual: Dec } | { ok: false; reason: string }

const STOP = new XDec('1e-30')
const MOST_STEPS = 300

/** p(x) = sum of amount x^k and its derivative, over the flows (k ascending). */
function evaluate(terms: readonly { k: number; amount: XDec }[], x: XDec): [XDec, XDec] {
  let p = new XDec(0)
  let dp = new XDec(0)
  let power = new XDec(1)
  let k = 0
  for (const term of terms) {
    if (term.k !== k) {
      power = power.times(x.pow(term.k - k))
      k = term.k
    }
    p = p.plus(term.amount.times(power))
    if (k > 0) dp = dp.plus(term.amount.times(k).times(power).dividedBy(x))
  }
  return [p, dp]
}

/**
 * The money-weighted return of `flows` (ascending k, at least one of each sign for a solution) on
 * a grid of `bucketMs`; `span` buckets from the first point to the last.
 */
export function moneyWeighted(flows: readonly CashFlow[], bucketMs: number, span: number): MoneyWeighted {
  const terms = flows
    .filter((flow) => !flow.amount.isZero())
    .map((flow) => ({ k: flow.k, amount: new XDec(flow.amount.toString()) }))
  if (!terms.some((t) => t.amount.isNegative()) || !terms.some((t) => t.amount.isPositive()))
    return { ok: false, reason: 'no solution: the cash flows do not change sign' }
  const perYear = new XDec(YEAR_MS).dividedBy(bucketMs)
  // x = (1 + annual) ^ (-1 / perYear): the lowest annual rate gives the largest x.
  let lo = new XDec(101).pow(new XDec(-1).dividedBy(perYear))
  let hi = new XDec('0.01').pow(new XDec(-1).dividedBy(perYear))
  const pLo = evaluate(terms, lo)[0]
  const pHi = evaluate(terms, hi)[0]
  if (pLo.isZero()) return solved(lo, span, perYear)
  if (pHi.isZero()) return solved(hi, span, perYear)
  if (pLo.isNegative() === pHi.isNegative())
    return { ok: false, reason: 'no solution between -99 % and +10,000 % a year' }
  const loNegative = pLo.isNegative()
  let x = new XDec(1)
  for (let step = 0; step < MOST_STEPS; step++) {
    const [p, dp] = evaluate(terms, x)
    if (p.isZero()) break
    if (p.isNegative() === loNegative) lo = x
    else hi = x
    const newton = dp.isZero() ? null : x.minus(p.dividedBy(dp))
    const inside =
      newton !== null && newton.greaterThan(XDec.min(lo, hi)) && newton.lessThan(XDec.max(lo, hi))
    const next = inside ? (newton as XDec) : lo.plus(hi).dividedBy(2)
    const moved = next.minus(x).abs()
    x = next
    if (moved.lessThan(STOP)) break
  }
  return solved(x, span, perYear)
}

function solved(x: XDec, span: number, perYear: XDec): MoneyWeighted {
  return {
    ok: true,
    period: new Dec(x.pow(-span).minus(1).toString()),
    annual: new Dec(x.pow(perYear.negated()).minus(1).toString()),
  }
}
