import { Dec, isNonNegativeDecimalString, toFixedString } from '../../../../shared/decimal'

/**
 * A token's fair value (underlying price x sharesMultiplier) and its premium over it, each to
 * 4 decimal places. The definition is `decimalFairValue`: decimal.js at 80 significant digits,
 * rounding half to even. Its 80-digit division is costly (BENCHMARKS.md, "Measurements behind
 * the code"), and a poll of thousands of assets pays it for every moved price, so two shortcuts
 * reach the same strings wherever that is proven (the reasoning is beside each guard):
 * `doubleFairValue` in floating point, away from rounding ties, and `exactFairValue` with
 * integers, exactly; decimal.js has the rest. test/shared/fair-value.property.test.ts checks all three
 * against the definition,
 * near-ties included.
 */

export interface FairValue {
  fairValue: string | null
  premiumPct: string | null
}

/** fairValue = underlying price x sharesMultiplier; premiumPct = (price / fairValue - 1) x 100. */
export function fairValueOf(
  price: string | null,
  underlyingPrice: string | null,
  sharesMultiplier: string | null,
): FairValue {
  if (underlyingPrice === null || sharesMultiplier === null) return { fairValue: null, premiumPct: null }
  return (
    doubleFairValue(price, underlyingPrice, sharesMultiplier) ??
    exactFairValue(price, underlyingPrice, sharesMultiplier) ??
    decimalFairValue(price, underlyingPrice, sharesMultiplier)
  )
}

/** The definition, in decimal.js (precision 80, half to even). */
export function decimalFairValue(
  price: string | null,
  underlyingPrice: string,
  sharesMultiplier: string,
): FairValue {
  const fair = new Dec(underlyingPrice).times(sharesMultiplier)
  const fairValue = toFixedString(fair, 4)
  if (price === null || fair.isZero()) return { fairValue, premiumPct: null }
  return { fairValue, premiumPct: toFixedString(new Dec(price).dividedBy(fair).minus(1).times(100), 4) }
}

/** A non-negative decimal string as units x 10^-scale ("12.340": 12340, 3). */
interface Scaled {
  units: bigint
  scale: number
  digits: number
}

function scaled(text: string): Scaled | null {
  if (!isNonNegativeDecimalString(text)) return null
  const dot = text.indexOf('.')
  const digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1)
  return { units: BigInt(digits), scale: dot < 0 ? 0 : text.length - dot - 1, digits: digits.length }
}

const POWERS_OF_TEN: bigint[] = []
function tenTo(exponent: number): bigint {
  return (POWERS_OF_TEN[exponent] ??= 10n ** BigInt(exponent))
}

/**
 * numerator / denominator (denominator > 0) rounded to an integer, ties to even, and how far the
 * exact quotient is from a tie: `fromTie` / (2 x denominator) of a unit (0 on a tie).
 */
function divideHalfEven(numerator: bigint, denominator: bigint): { rounded: bigint; fromTie: bigint } {
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  const fromTie = 2n * (remainder < 0n ? -remainder : remainder) - denominator
  const awayFromZero = fromTie > 0n || (fromTie === 0n && quotient % 2n !== 0n)
  return { rounded: awayFromZero ? quotient + (numerator < 0n ? -1n : 1n) : quotient, fromTie }
}

/** An integer count of 0.0001 as fixed-point text, as toFixedString(x, 4) writes it. */
function fixed4(tenThousandths: bigint | number): string {
  // String() writes no sign for zero, not even a double's -0: toFixedString strips "-0.0000" too.
  const text = String(tenThousandths)
  const negative = text.startsWith('-')
  const digits = (negative ? text.slice(1) : text).padStart(5, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`
}

/** Whether `value` lies within `margin` of a half (k + 0.5), where rounding to an integer turns. */
function nearHalf(value: number, margin: number): boolean {
  return Math.abs(value - Math.floor(value) - 0.5) <= margin
}

/**
 * The same results as decimalFairValue in floating point, or null where that has not been shown
 * to agree: malformed or negative inputs, values past 10^15 units (a double holds every integer
 * only to 2^53), and results near a rounding tie.
 *
 * Each decimal parses to the double nearest to it, within u = 2^-53 of it relatively (JavaScript
 * may round past the 20th significant digit, adding far less). So the fair value in units of
 * 0.0001, x = U x M x 10^4, comes out within 4u|x| of the exact one (four roundings), and the
 * premium in units of 0.0001 %, y = (P / (U x M) - 1) x 10^6 with r = P / (U x M), within
 * 10^6 x u x (6|r| + 2) < 10^-9 x (|r| + 1). Where the computed value lies farther than twice its
 * bound from a half, the exact value is on the same side of that half, so both round to the same
 * integer, and no tie arises for half-to-even to settle. decimal.js's own 80-digit roundings move
 * the exact values by far less than these margins (see exactFairValue).
 */
export function doubleFairValue(
  price: string | null,
  underlyingPrice: string,
  sharesMultiplier: string,
): FairValue | null {
  if (!isNonNegativeDecimalString(underlyingPrice) || !isNonNegativeDecimalString(sharesMultiplier))
    return null
  // Doubles for arithmetic only, never for display: what is returned is the decimal definition's
  // text, or null (the proof above; the property tests compare it with decimalFairValue). Zero
  // only when either is zero: the smallest wire decimals (10^-40) cannot underflow a double.
  const fair = Number(underlyingPrice) * Number(sharesMultiplier)
  const fairUnits = fair * 10_000
  if (!(fairUnits < 1e15) || nearHalf(fairUnits, 1e-15 * fairUnits)) return null
  const fairValue = fixed4(Math.round(fairUnits))
  if (price === null || fair === 0) return { fairValue, premiumPct: null }
  if (!isNonNegativeDecimalString(price)) return null
  const ratio = Number(price) / fair
  const premiumUnits = (ratio - 1) * 1_000_000
  if (!(Math.abs(premiumUnits) < 1e15) || nearHalf(premiumUnits, 2e-9 * (ratio + 1))) return null
  return { fairValue, premiumPct: fixed4(Math.round(premiumUnits)) }
}

/**
 * The same results as decimalFairValue, or null where this has not been shown to agree (negative
 * or malformed inputs, more than 80 digits in the product, a price 10^40 times fair value or more,
 * a premium within 10^-30 of its last place from a rounding tie without being on it).
 */
function exactFairValue(
  price: string | null,
  underlyingPrice: string,
  sharesMultiplier: string,
): FairValue | null {
  const underlying = scaled(underlyingPrice)
  const multiplier = scaled(sharesMultiplier)
  // decimal.js's product is exact when it has at most 80 digits; it then rounds once, as here.
  if (!underlying || !multiplier || underlying.digits + multiplier.digits > 80) return null
  const fair = underlying.units * multiplier.units
  const fairScale = underlying.scale + multiplier.scale
  const fairValue = fixed4(
    fairScale >= 4 ? divideHalfEven(fair, tenTo(fairScale - 4)).rounded : fair * tenTo(4 - fairScale),
  )
  if (price === null || fair === 0n) return { fairValue, premiumPct: null }

  const tokenPrice = scaled(price)
  if (!tokenPrice) return null
  const scale = Math.max(tokenPrice.scale, fairScale)
  const p = tokenPrice.units * tenTo(scale - tokenPrice.scale)
  const f = fair * tenTo(scale - fairScale)
  // decimal.js rounds q = p / f to 80 digits, then (for q < 1) q - 1 to 80 digits. For q < 10^40
  // the two errors together move the premium by under 10^-33 of its last place (0.0001 %).
  if (p >= f * tenTo(40)) return null
  // The premium in units of 0.0001 % is exactly (p - f) x 10^6 / f.
  const { rounded, fromTie } = divideHalfEven((p - f) * 1_000_000n, f)
  // So both round alike unless the exact value lies within 10^-30 units of a tie. An exact tie is a
  // quotient with few digits, which decimal.js holds exactly, so it rounds it to even as here.
  if (fromTie !== 0n && (fromTie < 0n ? -fromTie : fromTie) * tenTo(30) <= f) return null
  return { fairValue, premiumPct: fixed4(rounded) }
}
