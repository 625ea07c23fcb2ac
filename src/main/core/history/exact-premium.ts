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

/** Digits at most this many fit a double exactly (10^15 < 2^53): read them without BigInt's parser. */
const SAFE_DIGITS = 15

/** "235.1876" is 2351876 at scale 4: read in one pass; a price's digits usually fit a double. */
export function scaled(text: string): ScaledDecimal {
  const point = text.indexOf('.')
  const scale = point < 0 ? 0 : text.length - point - 1
  if (text.length - (point < 0 ? 0 : 1) > SAFE_DIGITS) {
    return { units: BigInt(point < 0 ? text : text.slice(0, point) + text.slice(point + 1)), scale }
  }
  let digits = 0
  for (let i = 0; i < text.length; i++) if (i !== point) digits = digits * 10 + (text.charCodeAt(i) - 48)
  return { units: BigInt(digits), scale }
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
}

export function fairValue(underlying: string | ScaledDecimal, multiplier: string | ScaledDecimal): FairValue {
  const u = typeof underlying === 'string' ? scaled(underlying) : underlying
  const m = typeof multiplier === 'string' ? scaled(multiplier) : multiplier
  return { units: u.units * m.units, scale: u.scale + m.scale }
}

/** The quotients of PREMIUM_DIGITS digits lie in [LOWEST, HIGHEST). */
const LOWEST = pow10(PREMIUM_DIGITS - 1)
const HIGHEST = pow10(PREMIUM_DIGITS)

/** close / fair - 1 to PREMIUM_DIGITS significant digits; null when the fair value is zero. */
export function exactPremium(close: string, fair: FairValue): string | null {
  if (fair.units === 0n) return null
  const c = scaled(close)
  // close / fair - 1 = (c.units * 10^fair.scale - fair.units * 10^c.scale) / (fair.units * 10^c.scale)
  const den = c.scale === 0 ? fair.units : fair.units * pow10(c.scale)
  let num = (fair.scale === 0 ? c.units : c.units * pow10(fair.scale)) - den
  if (num === 0n) return '0'
  const negative = num < 0n
  if (negative) num = -num
  // Shift so the quotient has PREMIUM_DIGITS digits: value = quotient x 10^-shift. The doubles
  // place it within a digit, more cheaply than writing both BigInts out to count their digits
  // (which is left for operands beyond a double's range); a wrong guess costs one more division.
  // Whether the guess is right is read off the truncated quotient, never the rounded one: a
  // value just below a power of ten rounds up to it and would pass for the next digit.
  const ratio = Number(num) / Number(den)
  let shift =
    PREMIUM_DIGITS -
    1 -
    (ratio > 0 && Number.isFinite(ratio)
      ? Math.floor(Math.log10(ratio))
      : num.toString().length - den.toString().length)
  for (;;) {
    const n = shift >= 0 ? num * pow10(shift) : num
    const d = shift >= 0 ? den : den * pow10(-shift)
    const truncated = n / d
    if (truncated < LOWEST) shift++
    else if (truncated >= HIGHEST) shift--
    else return (negative ? '-' : '') + roundedText(truncated, (n - truncated * d) * 2n, d, shift)
  }
}

/**
 * truncated x 10^-shift rounded half to even by the rest of the division (given twice, against
 * the divisor), as text. Rounding up to 10^PREMIUM_DIGITS is a digit more: one less shift.
 */
function roundedText(truncated: bigint, twiceRest: bigint, divisor: bigint, shift: number): string {
  const up = twiceRest > divisor || (twiceRest === divisor && truncated % 2n === 1n)
  if (!up) return placePoint(truncated.toString(), shift)
  const rounded = truncated + 1n
  return rounded === HIGHEST
    ? placePoint(LOWEST.toString(), shift - 1)
    : placePoint(rounded.toString(), shift)
}

/** digits x 10^-shift as plain decimal text, without trailing fractional zeros. */
function placePoint(digits: string, shift: number): string {
  if (shift <= 0) return digits + '0'.repeat(-shift)
  let end = digits.length
  const point = digits.length - shift
  while (end > Math.max(point, 0) && digits.charCodeAt(end - 1) === 48) end--
  if (point <= 0) return end === 0 ? '0' : `0.${'0'.repeat(-point)}${digits.slice(0, end)}`
  return end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`
}
