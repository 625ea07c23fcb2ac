import { Dec } from '../../../shared/decimal'
import { powerOfTen } from '../holdings/fixed-point'
import { BigDecimal, roundedAt, roundingCut } from './big-decimal'

/**
 * The walk's amounts as plain BigInt counts of one power of ten per series (issue #49's bench:
 * a BigDecimal object per position and point, and its garbage, were most of a cold computation).
 * Every BigDecimal operation at Dec's precision is its exact result rounded half to even to 80
 * significant digits, which depends on the value alone, not on how it is written; so the same
 * operation on counts at a fixed exponent, rounded at the same digit (rounded80), gives the same
 * value, and so the same string. An operation's exponent is then known from its operands' (a
 * product's is their sum, a sum's the lower), and a count is rescaled only where two differ.
 */

/** A count of 10^from as a count of 10^to (to <= from). */
export function rescaled(count: bigint, from: number, to: number): bigint {
  return from === to ? count : count * powerOfTen(from - to)
}

const LIMIT = powerOfTen(Dec.precision)
const FLOOR = -LIMIT

/**
 * An exact result rounded as BigDecimal rounds it at Dec's 80 digits, kept at its exponent. The
 * common case, nothing to round, is two comparisons in a function small enough to be inlined
 * (a point's sums call it some 150,000 times in a cold year).
 */
export function rounded80(count: bigint): bigint {
  return count < LIMIT && count > FLOOR ? count : roundedLong(count)
}

function roundedLong(count: bigint): bigint {
  const cut = roundingCut(count)
  return roundedAt(count, cut) * powerOfTen(cut)
}

/**
 * Exact sums whose terms come at different exponents, one per slot: each slot at the lowest
 * exponent added to it, nothing rounded (a benchmark's value at each point: its holdings' worth
 * summed over the tokens, which rounding at 80 digits per term and per sum made a third of the
 * benchmark's time, for digits 60 places past the 10 its values are written to).
 */
export class ExactSums {
  readonly counts: bigint[]
  readonly exponents: Int32Array

  constructor(slots: number) {
    this.counts = new Array<bigint>(slots).fill(0n)
    this.exponents = new Int32Array(slots)
  }

  /** Slot `i` plus count x 10^exponent. */
  add(i: number, count: bigint, exponent: number): void {
    const before = this.exponents[i] as number
    const lower = Math.min(before, exponent)
    this.counts[i] = rescaled(this.counts[i] as bigint, before, lower) + rescaled(count, exponent, lower)
    this.exponents[i] = lower
  }

  decimal(i: number): BigDecimal {
    return new BigDecimal(this.counts[i] as bigint, this.exponents[i] as number)
  }

  /** Every slot at the lowest exponent among them. */
  atOneExponent(): { exponent: number; counts: bigint[] } {
    let exponent = 0
    for (const e of this.exponents) exponent = Math.min(exponent, e)
    return {
      exponent,
      counts: this.counts.map((count, i) => rescaled(count, this.exponents[i] as number, exponent)),
    }
  }
}

/**
 * The same sums, each rounded as BigDecimal's plus rounds at 80 digits (the P&L's parts once a
 * split's restated multiplier is among them; a benchmark's money put in): each slot kept at the
 * exponent its last rounding left it, so that the counts stay short.
 */
export class ScaledSums extends ExactSums {
  /** Slot `i` plus count x 10^exponent, rounded at 80 digits (a BigDecimal's plus). */
  override add(i: number, count: bigint, exponent: number): void {
    const before = this.exponents[i] as number
    const lower = Math.min(before, exponent)
    const sum = rescaled(this.counts[i] as bigint, before, lower) + rescaled(count, exponent, lower)
    const cut = roundingCut(sum)
    this.counts[i] = cut === 0 ? sum : roundedAt(sum, cut)
    this.exponents[i] = lower + cut
  }
}
