import { Dec, isNonNegativeDecimalString, toFixedString } from './decimal'

/**
 * A token's fair value (underlying price x sharesMultiplier) and its premium over it, each to
 * 4 decimal places. The definition is `decimalFairValue`: decimal.js at 80 significant digits,
 * rounding half to even. It costs some 15 us per asset, mostly the 80-digit division, and a poll
 * of thousands of assets pays it for every moved price, so `exactFairValue` reaches the same
 * strings with integer arithmetic, exactly, wherever that is proven to agree (the reasoning is
 * beside each guard), and leaves the rest to decimal.js. test/shared/fair-value.property.test.ts
 * checks the two against each other, near-ties included.
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
function fixed4(tenThousandths: bigint): string {
  const negative = tenThousandths < 0n
  const digits = (negative ? -tenThousandths : tenThousandths).toString().padStart(5, '0')
  // "-0.0000" never occurs: zero has no sign here, as toFixedString strips it.
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`
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
