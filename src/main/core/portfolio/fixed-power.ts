import { powerOfTen } from '../holdings/fixed-point'
import { BigDecimal } from './big-decimal'

/**
 * A return annualised, (1 + r) ^ (year / span) - 1, in binary fixed point on BigInt (issue #49's
 * bench: 106 annualised returns as decimal.js fractional powers at 40 digits were a tenth of a
 * cold portfolio). exp(ln(1 + r) x year / span), each by its series at 2^-192 (some 57 digits),
 * every term truncated (each of the hundred-odd truncations costs at most 2^-192): within 1e-45
 * of the exact power, times the power where that is over 1, and written with RESULT_PLACES
 * decimals, 40 past the RETURN_PLACES a return is shown with. Its 10 decimals are the exact
 * power's while that is under 10^20 a year (test/core/portfolio/fixed-power.test.ts).
 */

const BITS = 192n
const UNIT = 1n << BITS
const RESULT_PLACES = 50
/** sqrt(2) in units of 2^-BITS: ln's argument is brought into [1/sqrt(2), sqrt(2)). */
const ROOT_TWO = sqrtUnits(2n * UNIT * UNIT)
const LN_TWO = lnNearOne(2n * UNIT)

function sqrtUnits(square: bigint): bigint {
  // Newton's steps on whole numbers from above: they fall to the floor of the root and stop.
  let x = 1n << BigInt(Math.ceil(square.toString(2).length / 2))
  for (;;) {
    const next = (x + square / x) >> 1n
    if (next >= x) return x
    x = next
  }
}

/** ln(m) for m > 0 in units of 2^-BITS: 2 x atanh((m - 1) / (m + 1)), its series until a term is 0. */
function lnNearOne(m: bigint): bigint {
  // atanh is odd: the series on |z|, whose truncations stop at 0 (a negative one shifted stays -1).
  const z = ((m - UNIT) << BITS) / (m + UNIT)
  const magnitude = z < 0n ? -z : z
  const zSquared = (magnitude * magnitude) >> BITS
  let power = magnitude
  let sum = 0n
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k
    power = (power * zSquared) >> BITS
  }
  return z < 0n ? -2n * sum : 2n * sum
}

/** ln(a) for a > 0 in units of 2^-BITS: a = m x 2^shift with m in [1/sqrt(2), sqrt(2)). */
function ln(a: bigint): bigint {
  let shift = BigInt(a.toString(2).length) - BITS - 1n
  let m = shift >= 0n ? a >> shift : a << -shift
  if (m >= ROOT_TWO) {
    m >>= 1n
    shift += 1n
  }
  return shift * LN_TWO + lnNearOne(m)
}

/** exp(y) in units of 2^-BITS: y = whole x ln 2 + f with f in [0, ln 2), f's series until a term is 0. */
function exp(y: bigint): bigint {
  let whole = y / LN_TWO
  if (whole * LN_TWO > y) whole -= 1n
  const f = y - whole * LN_TWO
  let term = UNIT
  let sum = 0n
  for (let k = 1n; term !== 0n; k++) {
    sum += term
    term = (term * f) / (k << BITS)
  }
  return whole >= 0n ? sum << whole : sum >> -whole
}

/**
 * (1 + rate) ^ (numerator / denominator) - 1 with RESULT_PLACES decimals; numerator and
 * denominator whole, the denominator positive. A rate of -100 % (nothing left) stays -100 %.
 */
export function poweredReturn(rate: BigDecimal, numerator: number, denominator: number): BigDecimal {
  const { coefficient, exponent } = rate
  const base =
    UNIT +
    (exponent >= 0
      ? (coefficient * powerOfTen(exponent)) << BITS
      : (coefficient << BITS) / powerOfTen(-exponent))
  if (base <= 0n) return new BigDecimal(-1n, 0)
  const power = exp((ln(base) * BigInt(numerator)) / BigInt(denominator))
  return new BigDecimal(((power - UNIT) * powerOfTen(RESULT_PLACES)) >> BITS, -RESULT_PLACES)
}
