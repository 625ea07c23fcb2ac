import { decimalText, powerOfTen } from '../holdings/fixed-point'
import { BigDecimal } from './big-decimal'

/**
 * The money-weighted return's root (returns.ts), found fast and exactly enough: p(x) = the sum
 * of amount x^k over the flows (k buckets from the first) is zero. Newton's steps, each from
 * p(x) and p'(x) by Horner's rule over the gaps between the flows:
 *
 * 1. in binary floating point, safeguarded by bisection (a step that would leave the bracket
 *    where p changes sign halves it instead), from the guess the time-weighted return gives; this
 *    only says where to start;
 * 2. then in exact binary fixed point on BigInt (x in units of 2^-192, some 57 digits; the
 *    amounts as whole counts, scaledAmounts): a few chord steps (p exact, the slope the
 *    floating-point one at the start), then Newton's, exact, until a step moves x by less than
 *    1e-30 (returns.ts's tolerance), at most MOST_EXACT_STEPS of them; after the chord steps
 *    one is usually enough (exactRoot).
 *
 * null where the floating-point values of p at the bracket's ends have one sign, or the exact
 * steps leave the bracket or do not settle: returns.ts then bisects in decimal.js, slow and
 * certain. With every step in 40-digit decimal.js (secant steps from a floating-point bisection
 * over the whole bracket) the 103 money-weighted returns of the bench's year were most of its time.
 */

export interface RootFlow {
  k: number
  amount: BigDecimal
}

const BITS = 192n
const UNIT = 1n << BITS
/** 1e-30 in units of 2^-192. */
const STOP = UNIT / powerOfTen(30)
const MOST_FLOAT_STEPS = 100
const MOST_EXACT_STEPS = 8
const MOST_CHORD_STEPS = 4
/** The root is handed on with this many decimals: more than its 40-digit arithmetic keeps. */
const ROOT_PLACES = 50

/** p and p' at x, in floating point. */
function floatAt(ks: readonly number[], amounts: readonly number[], x: number): [number, number] {
  const last = ks.length - 1
  let p = amounts[last] as number
  let slope = 0
  for (let j = last - 1; j >= 0; j--) {
    const gap = (ks[j + 1] as number) - (ks[j] as number)
    const power = x ** gap
    slope = slope * power + p * gap * x ** (gap - 1)
    p = p * power + (amounts[j] as number)
  }
  return [p, slope]
}

function floatRoot(
  ks: readonly number[],
  amounts: readonly number[],
  lo: number,
  hi: number,
  start: number,
): number | null {
  const [atLo] = floatAt(ks, amounts, lo)
  const [atHi] = floatAt(ks, amounts, hi)
  if (atLo === 0) return lo
  if (atHi === 0) return hi
  if (atLo < 0 === atHi < 0) return null
  // p has atLo's sign at a and the other at b.
  let a = lo
  let b = hi
  let x = start > lo && start < hi ? start : (lo + hi) / 2
  for (let step = 0; step < MOST_FLOAT_STEPS; step++) {
    const [p, slope] = floatAt(ks, amounts, x)
    if (p === 0) return x
    if (p < 0 === atLo < 0) a = x
    else b = x
    let next = x - p / slope
    if (!(next > Math.min(a, b) && next < Math.max(a, b))) next = (a + b) / 2
    if (Math.abs(next - x) <= 1e-15 * x) return next
    x = next
  }
  return x
}

/** A decimal in units of 2^-192 (truncated past them). */
function fixedPoint(value: BigDecimal): bigint {
  const { coefficient, exponent } = value
  return exponent >= 0
    ? (coefficient * powerOfTen(exponent)) << BITS
    : (coefficient << BITS) / powerOfTen(-exponent)
}

/** p at x, and p' where `withSlope` (else 0), in fixed point: x in units of 2^-192, p in the amounts'. */
function exactAt(
  ks: readonly number[],
  amounts: readonly bigint[],
  x: bigint,
  withSlope: boolean,
): [bigint, bigint] {
  const powers: bigint[] = [UNIT]
  const power = (n: number): bigint => {
    while (powers.length <= n) powers.push(((powers[powers.length - 1] as bigint) * x) >> BITS)
    return powers[n] as bigint
  }
  const last = ks.length - 1
  let p = amounts[last] as bigint
  let slope = 0n
  for (let j = last - 1; j >= 0; j--) {
    const gap = (ks[j + 1] as number) - (ks[j] as number)
    const xg = power(gap)
    // At a gap of one (daily flows: nearly every term), p x 1 x x^0 is p x UNIT, whose shift
    // adds p exactly: one product fewer, the same bits.
    if (withSlope)
      slope = gap === 1 ? ((slope * xg) >> BITS) + p : (slope * xg + p * BigInt(gap) * power(gap - 1)) >> BITS
    p = ((p * xg) >> BITS) + (amounts[j] as bigint)
  }
  return [p, slope]
}

/**
 * Steps in fixed point from `start`. First chord steps: the slope from floating point
 * (`startSlope`, p' at the start to some 13-15 digits) and p alone worked out exactly, each half
 * a Newton step's work and each taking the error down by the slope's own error, until one moves
 * x by less than STOP (at most MOST_CHORD_STEPS). Then Newton's steps, exact, until one moves x
 * by less than STOP: they decide, as before; from the chord steps' x one is usually enough (the
 * 103 roots of the bench's year took three Newton steps each before, the third only to confirm
 * the second).
 */
function exactRoot(
  ks: readonly number[],
  amounts: readonly bigint[],
  start: number,
  startSlope: number,
  lo: bigint,
  hi: bigint,
) {
  // start x 2^60 is a whole number a double holds exactly.
  let x = BigInt(Math.round(start * 2 ** 60)) << (BITS - 60n)
  if (Number.isFinite(startSlope) && Math.abs(startSlope) >= 1) {
    const slope = BigInt(Math.round(startSlope))
    for (let step = 0; step < MOST_CHORD_STEPS; step++) {
      const [p] = exactAt(ks, amounts, x, false)
      const move = (p << BITS) / slope
      x -= move
      if (x < lo || x > hi) return null
      if (move < STOP && move > -STOP) break
    }
  }
  for (let step = 0; step < MOST_EXACT_STEPS; step++) {
    const [p, slope] = exactAt(ks, amounts, x, true)
    if (slope === 0n) return null
    const move = (p << BITS) / slope
    x -= move
    if (x < lo || x > hi) return null
    if (move < STOP && move > -STOP) return x
  }
  return null
}

/**
 * The largest amount is shifted up to at least this many bits, so that p's unit is at most 2^-128
 * of it: p(x) is worked out in whole units, and x can be no closer to the root than one unit of
 * p over its slope. With a fixed shift of 64 bits, flows in cents (100.10 a day for 60 days) left
 * x some 1e-26 from the root at best, where it settled on no step of 1e-30: the finder gave up and
 * decimal.js bisected (test/core/portfolio/money-weighted-root.finder.test.ts); 1,000.00 in and
 * 1,100.00 out gave x within 5e-25 only.
 */
const P_BITS = 128
/** Never shifted less than this: large amounts stay as fast as before. */
const LEAST_SHIFT = 64

/**
 * The flows' amounts, each a count of 10^exponent, at the lowest exponent among them and shifted
 * up to P_BITS (at least LEAST_SHIFT): p(x) scaled by a constant has the same root, and no
 * division is needed to bring 200 amounts a position into binary (each was one, in units of
 * 2^-192 of a dollar).
 */
function scaledAmounts(flows: readonly RootFlow[]): bigint[] {
  let lowest = 0
  for (const flow of flows) lowest = Math.min(lowest, flow.amount.exponent)
  const counts = flows.map(({ amount }) => amount.coefficient * powerOfTen(amount.exponent - lowest))
  let largest = 0n
  for (const count of counts) {
    const size = count < 0n ? -count : count
    if (size > largest) largest = size
  }
  const shift = BigInt(Math.max(LEAST_SHIFT, P_BITS - largest.toString(2).length))
  return counts.map((count) => count << shift)
}

/** The root found, x in units of 2^-192, and the returns it gives. */
export class Root {
  constructor(private readonly x: bigint) {}

  /** x as a decimal, with ROOT_PLACES decimals (more than decimal.js's 40 digits keep). */
  text(): string {
    return decimalText((this.x * powerOfTen(ROOT_PLACES)) >> BITS, ROOT_PLACES)
  }

  /**
   * x^-n - 1 for a whole n >= 0 (the return over n buckets), with ROOT_PLACES decimals: 1 / x,
   * then its n-th power by squaring, each product truncated at 2^-192, so within 2n x 2^-192 of
   * it relatively. Two decimal.js powers at 40 digits a money-weighted return were some 4 % of a
   * cold portfolio.
   */
  inverseReturn(n: number): BigDecimal {
    let base = (UNIT << BITS) / this.x
    let power = UNIT
    for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) {
      if (rest % 2 === 1) power = (power * base) >> BITS
      if (rest > 1) base = (base * base) >> BITS
    }
    return new BigDecimal(((power - UNIT) * powerOfTen(ROOT_PLACES)) >> BITS, -ROOT_PLACES)
  }
}

/**
 * The root x in [lo, hi], or null (see above). `flows` ascending in k, none zero, of both signs;
 * `guess` a rough x to start from (NaN: none).
 */
export function moneyWeightedRoot(
  flows: readonly RootFlow[],
  lo: BigDecimal,
  hi: BigDecimal,
  guess: number,
): Root | null {
  const ks = flows.map((flow) => flow.k)
  const exact = scaledAmounts(flows)
  // The floating-point stage only says where to start: each amount's double, scaled as `exact`.
  const amounts = exact.map((amount) => Number(amount))
  const start = floatRoot(ks, amounts, lo.toNumber(), hi.toNumber(), guess)
  if (start === null) return null
  const [, startSlope] = floatAt(ks, amounts, start)
  const root = exactRoot(ks, exact, start, startSlope, fixedPoint(lo), fixedPoint(hi))
  return root === null ? null : new Root(root)
}
