/**
 * The premium close / (underlying x multiplier) - 1 in exact decimal arithmetic on BigInt, written
 * to PREMIUM_DIGITS significant digits, rounded half to even: the same text decimal.js gives
 * (test/shared/exact-premium.test.ts checks them against each other), some ten times faster,
 * which a chart of thousands of points needs (decimal.js took 20 us a point).
 */

export const PREMIUM_DIGITS = 16

/** A non-negative decimal string as an integer and its count of fractional digits. */
export interface ScaledDecimal {
  units: bigint
  scale: number
}

export function scaled(text: string): ScaledDecimal {
  const point = text.indexOf('.')
  if (point < 0) return { units: BigInt(text), scale: 0 }
  return { units: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 }
}

const TEN = 10n
const powers: bigint[] = [1n]
function pow10(n: number): bigint {
  while (powers.length <= n) powers.push((powers[powers.length - 1] as bigint) * TEN)
  return powers[n] as bigint
}

/** The divisor underlying x multiplier, kept while both stay the same (most points share them). */
export interface FairValue {
  units: bigint
  scale: number
  /** How many digits `units` has. */
  digits: number
}

export function fairValue(underlying: string, multiplier: string): FairValue {
  const u = scaled(underlying)
  const m = scaled(multiplier)
  const units = u.units * m.units
  return { units, scale: u.scale + m.scale, digits: units.toString().length }
}

/** close / fair - 1 to PREMIUM_DIGITS significant digits; null when the fair value is zero. */
export function exactPremium(close: string, fair: FairValue): string | null {
  if (fair.units === 0n) return null
  const c = scaled(close)
  // close / fair - 1 = (c.units * 10^fair.scale - fair.units * 10^c.scale) / (fair.units * 10^c.scale)
  let num = c.units * pow10(fair.scale) - fair.units * pow10(c.scale)
  if (num === 0n) return '0'
  const negative = num < 0n
  if (negative) num = -num
  const den = fair.units * pow10(c.scale)
  // Shift so the quotient has PREMIUM_DIGITS digits: value = quotient x 10^-shift.
  // The digit counts place the quotient within one digit; one correction at most, either way.
  let shift = PREMIUM_DIGITS - (num.toString().length - (fair.digits + c.scale))
  let digits = divide(num, den, shift).toString()
  if (digits.length !== PREMIUM_DIGITS) {
    shift += PREMIUM_DIGITS - digits.length
    digits = divide(num, den, shift).toString()
  }
  return (negative ? '-' : '') + placePoint(digits, shift)
}

/** round_half_even(num x 10^shift / den). */
function divide(num: bigint, den: bigint, shift: number): bigint {
  const n = shift >= 0 ? num * pow10(shift) : num
  const d = shift >= 0 ? den : den * pow10(-shift)
  const q = n / d
  const twice = (n % d) * 2n
  if (twice > d || (twice === d && q % 2n === 1n)) return q + 1n
  return q
}

/** digits x 10^-shift as plain decimal text, without trailing fractional zeros. */
function placePoint(digits: string, shift: number): string {
  if (shift <= 0) return digits + '0'.repeat(-shift)
  const whole = digits.length > shift ? digits.slice(0, digits.length - shift) : '0'
  const fraction = (digits.length > shift ? digits.slice(digits.length - shift) : '0'.repeat(shift - digits.length) + digits).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}
