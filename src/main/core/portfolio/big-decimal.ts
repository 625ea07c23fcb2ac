import { Dec } from '../../../shared/decimal'
import { powerOfTen } from '../holdings/fixed-point'

/**
 * decimal.js's arithmetic, the same results to the digit, on BigInt (issue #49's bench): a value
 * is coefficient x 10^exponent, and plus, minus, times and dividedBy give the exact result
 * rounded half to even to `precision` significant digits, as decimal.js does at its precision
 * (Dec's 80 digits, the returns' 40). A value read from a string is kept whole, as decimal.js
 * keeps it. The portfolio's walk over a year of 100 tokens made some 400,000 decimal.js
 * operations, each parsing, allocating digit arrays and rounding in JavaScript: most of its time.
 * Here an operation is one or two BigInt operations and, only when the result has more digits
 * than the precision, one rounding. test/core/portfolio/big-decimal.test.ts holds every
 * operation to decimal.js's own answer.
 */
export class BigDecimal {
  constructor(
    readonly coefficient: bigint,
    readonly exponent: number,
    readonly precision: number = Dec.precision,
  ) {}

  /** A plain decimal string ("-12.50"), whole. */
  static parse(text: string, precision: number = Dec.precision): BigDecimal {
    const negative = text.charCodeAt(0) === 45 // '-'
    const start = negative ? 1 : 0
    const dot = text.indexOf('.', start)
    // Trailing zeros kept: a history's prices written to one number of decimals then share an
    // exponent, and their sums need no scaling (decimal.js's value is the same).
    const places = dot === -1 ? 0 : text.length - dot - 1
    const digits = dot === -1 ? text.slice(start) : text.slice(start, dot) + text.slice(dot + 1)
    if (digits === '') throw new SyntaxError(`not a decimal: ${text}`)
    const count = BigInt(digits)
    return new BigDecimal(negative ? -count : count, -places, precision)
  }

  /** The same value, whose operations round to `precision` digits (as `new XDec(dec)`: itself unrounded). */
  withPrecision(precision: number): BigDecimal {
    return new BigDecimal(this.coefficient, this.exponent, precision)
  }

  plus(other: BigDecimal): BigDecimal {
    return this.sum(other.coefficient, other.exponent)
  }

  minus(other: BigDecimal): BigDecimal {
    return this.sum(-other.coefficient, other.exponent)
  }

  private sum(coefficient: bigint, exponent: number): BigDecimal {
    // Adding nothing: this, rounded (most of a portfolio's tokens are not held at most points).
    if (coefficient === 0n)
      return fits(this.coefficient, this.precision)
        ? this
        : rounded(this.coefficient, this.exponent, this.precision)
    if (this.exponent === exponent) return rounded(this.coefficient + coefficient, exponent, this.precision)
    if (this.exponent < exponent)
      return rounded(
        this.coefficient + coefficient * powerOfTen(exponent - this.exponent),
        this.exponent,
        this.precision,
      )
    return rounded(
      this.coefficient * powerOfTen(this.exponent - exponent) + coefficient,
      exponent,
      this.precision,
    )
  }

  times(other: BigDecimal): BigDecimal {
    return rounded(this.coefficient * other.coefficient, this.exponent + other.exponent, this.precision)
  }

  /** Rounded once, half to even, with what is left of the division counted (decimal.js divides so). */
  dividedBy(other: BigDecimal): BigDecimal {
    if (other.coefficient === 0n) throw new RangeError('division by zero')
    if (this.coefficient === 0n) return new BigDecimal(0n, 0, this.precision)
    const negative = this.coefficient < 0n !== other.coefficient < 0n
    const a = this.coefficient < 0n ? -this.coefficient : this.coefficient
    const b = other.coefficient < 0n ? -other.coefficient : other.coefficient
    // Scaled by 10^shift, the quotient's whole part has more digits than the precision keeps.
    const shift = Math.max(0, this.precision - (digitCount(a) - digitCount(b)) + 1)
    const scaled = a * powerOfTen(shift)
    const whole = scaled / b
    const cut = Math.max(0, digitCount(whole) - this.precision)
    const kept = cut === 0 ? whole : roundedAt(whole, cut, whole * b !== scaled)
    const exponent = this.exponent - other.exponent - shift + cut
    return new BigDecimal(negative ? -kept : kept, exponent, this.precision)
  }

  negated(): BigDecimal {
    return new BigDecimal(-this.coefficient, this.exponent, this.precision)
  }

  isZero(): boolean {
    return this.coefficient === 0n
  }

  isNegative(): boolean {
    return this.coefficient < 0n
  }

  isPositive(): boolean {
    return this.coefficient > 0n
  }

  equals(other: BigDecimal): boolean {
    return this.minus(other).coefficient === 0n
  }

  /** As decimal.js's toString writes it: no trailing zeros; exponent notation past Dec's limits. */
  toString(): string {
    const { coefficient, exponent } = this
    if (coefficient === 0n) return '0'
    const negative = coefficient < 0n
    const digits = (negative ? -coefficient : coefficient).toString()
    const leading = digits.length - 1 + exponent
    if (leading <= Dec.toExpNeg || leading >= Dec.toExpPos)
      return new Dec(`${negative ? '-' : ''}${digits}e${exponent}`).toString()
    let text: string
    if (exponent >= 0) text = digits + '0'.repeat(exponent)
    else {
      const padded = digits.padStart(1 - exponent, '0')
      const whole = padded.slice(0, padded.length + exponent)
      const fraction = padded.slice(padded.length + exponent).replace(/0+$/, '')
      text = fraction ? `${whole}.${fraction}` : whole
    }
    return negative ? `-${text}` : text
  }

  /** shared/decimal.ts's toFixedString: rounded half to even to `places` decimals, never "-0.00". */
  toFixed(places: number): string {
    const { coefficient, exponent } = this
    // In units of 10^-places: rounded where the value has more decimals, scaled up where fewer.
    const count =
      -exponent > places
        ? roundedAt(coefficient, -exponent - places)
        : coefficient * powerOfTen(exponent + places)
    const digits = (count < 0n ? -count : count).toString().padStart(places + 1, '0')
    const whole = digits.slice(0, digits.length - places)
    const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole
    return count < 0n ? `-${text}` : text
  }

  toNumber(): number {
    return Number(this.toString())
  }

  /** For what stays in decimal.js (fractional powers, the split's reading). */
  toDec(): Dec {
    return new Dec(this.toString())
  }
}

/** Below 10^239 a count's double is finite, and its digits' powers of ten are in the table. */
const DOUBLE_RANGE = powerOfTen(239)

/**
 * The number of decimal digits of a non-negative count. Its double's logarithm is within one of
 * it (the double is the count to 16 digits), and one or two comparisons with the table's powers
 * of ten settle it; writing the count out allocated a string at every rounding and division, and
 * a search through the powers of ten took some nine comparisons for an 80-digit cost.
 */
function digitCount(count: bigint): number {
  if (count === 0n) return 1
  if (count < DOUBLE_RANGE) {
    const digits = Math.floor(Math.log10(Number(count))) + 1
    if (count >= powerOfTen(digits)) return digits + 1
    return count < powerOfTen(digits - 1) ? digits - 1 : digits
  }
  // 10^low <= count < 10^high: the digits are the least d with count < 10^d, in (low, high].
  let low = 239
  let high = 480
  while (count >= powerOfTen(high)) {
    low = high
    high *= 2
  }
  while (high - low > 1) {
    const middle = (low + high) >> 1
    if (count >= powerOfTen(middle)) low = middle
    else high = middle
  }
  return high
}

/**
 * `count` rounded half to even at its `cut`-th digit from the right, those digits dropped (`cut` >
 * 0); `sticky`: something nonzero lies past the count (a division's remainder), so a half rounds up.
 */
export function roundedAt(count: bigint, cut: number, sticky = false): bigint {
  const negative = count < 0n
  const unit = powerOfTen(cut)
  const magnitude = negative ? -count : count
  let kept = magnitude / unit
  const twiceRest = (magnitude - kept * unit) * 2n
  if (twiceRest > unit || (twiceRest === unit && (sticky || (kept & 1n) === 1n))) kept += 1n
  return negative ? -kept : kept
}

/**
 * Below 10^precision a count has at most `precision` digits: nothing to round (the common case).
 * Dec's own precision, that of nearly every operation, is compared without a look-up.
 */
const DEFAULT_LIMIT = powerOfTen(Dec.precision)
/** Its negative, made once: `-limit` at each call allocated a BigInt per operation. */
const DEFAULT_FLOOR = -DEFAULT_LIMIT
const LIMITS = new Map<number, bigint>()

function fits(count: bigint, precision: number): boolean {
  if (precision === Dec.precision) return count < DEFAULT_LIMIT && count > DEFAULT_FLOOR
  let limit = LIMITS.get(precision)
  if (limit === undefined) LIMITS.set(precision, (limit = powerOfTen(precision)))
  return count < limit && count > -limit
}

/** How many of a count's digits rounding at `precision` digits drops (0: it fits). */
export function roundingCut(count: bigint, precision: number = Dec.precision): number {
  return fits(count, precision) ? 0 : digitCount(count < 0n ? -count : count) - precision
}

function rounded(count: bigint, exponent: number, precision: number): BigDecimal {
  const cut = roundingCut(count, precision)
  return cut === 0
    ? new BigDecimal(count, exponent, precision)
    : new BigDecimal(roundedAt(count, cut), exponent + cut, precision)
}

export const BIG_ZERO = new BigDecimal(0n, 0)
export const BIG_ONE = new BigDecimal(1n, 0)
