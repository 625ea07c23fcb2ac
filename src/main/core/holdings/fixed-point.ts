import { Dec } from '../../../shared/decimal'

/**
 * Exact decimal fixed point on BigInt, for the ledger's replay (ledger-replay.ts says why): an
 * amount is a whole number of 10^-places units. Only plain decimal strings come in (the ledger's
 * schema checked them); a string with more decimals than `places` is refused, never rounded.
 */

/**
 * 10^0 .. 10^240 as BigInt, made once: scaling by a power of ten is then one multiplication. The
 * portfolio's decimals (portfolio/big-decimal.ts) count digits past 80 (an 80-decimal cost times a
 * price) on every rounding.
 */
const POWERS_OF_TEN = Array.from({ length: 241 }, (_, exponent) => 10n ** BigInt(exponent))

export function powerOfTen(exponent: number): bigint {
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent)
}

/** Digits at most this many fit a double exactly (10^15 < 2^53): read them without BigInt. */
const SAFE_DIGITS = 15
/** 10^0 .. 10^15 as doubles, each exact; a product of whole doubles up to 2^53 - 1 is exact too. */
const DOUBLE_POWERS_OF_TEN = Array.from({ length: SAFE_DIGITS + 1 }, (_, exponent) => 10 ** exponent)

/**
 * "12.5" at 3 places is 12500n. Read in one pass over the characters and scaled by a power of ten
 * from the table: a cold replay reads three of these per transaction, and padding each to 80
 * digits for BigInt's own parser was a third of its time.
 */
export function units(text: string, places: number): bigint {
  const negative = text.charCodeAt(0) === 45 // '-'
  const start = negative ? 1 : 0
  const dot = text.indexOf('.', start)
  const decimals = dot === -1 ? 0 : text.length - dot - 1
  if (decimals > places) throw new RangeError(`${text} has more than ${places} decimals`)
  let count: bigint
  if (text.length - start - (dot === -1 ? 0 : 1) <= SAFE_DIGITS) {
    let digits = 0
    for (let i = start; i < text.length; i++) if (i !== dot) digits = digits * 10 + (text.charCodeAt(i) - 48)
    // Scaled as a double while that is exact (a price at the portfolio's 10 decimals): one BigInt
    // made, not two (the portfolio reads three of these per point of each token's year).
    const scaled = digits * (DOUBLE_POWERS_OF_TEN[places - decimals] ?? Infinity)
    if (scaled <= Number.MAX_SAFE_INTEGER) return BigInt(negative ? -scaled : scaled)
    count = BigInt(digits)
  } else {
    count = BigInt(dot === -1 ? text.slice(start) : text.slice(start, dot) + text.slice(dot + 1))
  }
  if (decimals < places) count *= powerOfTen(places - decimals)
  return negative ? -count : count
}

/** 12500n at 3 places is "12.5": no trailing zeros, no exponent, zero unsigned (as decimal.js writes it). */
export function decimalText(count: bigint, places: number): string {
  const negative = count < 0n
  const digits = (negative ? -count : count).toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return negative && text !== '0' ? `-${text}` : text
}

/** a / b rounded half to even (decimal.js's rounding in this app), b nonzero. */
export function dividedHalfEven(a: bigint, b: bigint): bigint {
  const quotient = a / b
  const remainder = a - quotient * b
  if (remainder === 0n) return quotient
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  const divisor = b < 0n ? -b : b
  const away = a < 0n !== b < 0n ? -1n : 1n
  return twice > divisor || (twice === divisor && quotient % 2n !== 0n) ? quotient + away : quotient
}

/**
 * `count` rounded half to even to `digits` significant digits, `sticky` saying whether a nonzero
 * rest was already cut off below it (so an exact half is then more than half). Returns the digits
 * kept and the power of ten they stand at.
 */
export function toSignificantDigits(
  count: bigint,
  sticky: boolean,
  digits: number,
): { count: bigint; exponent: number } {
  const cut = count.toString().length - digits
  if (cut <= 0) return { count, exponent: 0 }
  const unit = powerOfTen(cut)
  const kept = count / unit
  const twiceRest = (count - kept * unit) * 2n
  const up = twiceRest > unit || (twiceRest === unit && (sticky || kept % 2n === 1n))
  return { count: up ? kept + 1n : kept, exponent: cut }
}

/**
 * dividend / divisor, counts of 10^-dividendPlaces and 10^-divisorPlaces, written exactly as
 * decimal.js's `Dec(dividend).dividedBy(divisor).toSignificantDigits(digits).toString()` writes it:
 * first rounded half to even to Dec's precision, then to `digits` (the same double rounding), then
 * in plain or exponent notation by Dec's toExpNeg / toExpPos. decimal.js parsing the two
 * 80-decimal strings and dividing them was a quarter of a cold replay; this is two BigInt
 * divisions. divisor nonzero.
 */
export function quotientText(
  dividend: bigint,
  dividendPlaces: number,
  divisor: bigint,
  divisorPlaces: number,
  digits: number,
): string {
  if (dividend === 0n) return '0'
  const negative = dividend < 0n !== divisor < 0n
  const a = dividend < 0n ? -dividend : dividend
  const b = divisor < 0n ? -divisor : divisor
  // a / b lies in [10^(la-lb-1), 10^(la-lb+1)): scaled by 10^shift, its whole part has at least
  // precision + 1 digits, so the rounding below sees every digit it keeps.
  const shift = Dec.precision - (a.toString().length - b.toString().length) + 1
  const scaledA = shift > 0 ? a * powerOfTen(shift) : a
  const scaledB = shift < 0 ? b * powerOfTen(-shift) : b
  const whole = scaledA / scaledB
  const atPrecision = toSignificantDigits(whole, whole * scaledB !== scaledA, Dec.precision)
  const shown = toSignificantDigits(atPrecision.count, false, digits)
  let count = shown.count
  let exponent = atPrecision.exponent + shown.exponent - shift + divisorPlaces - dividendPlaces
  while (count % 10n === 0n) {
    count /= 10n
    exponent++
  }
  const text = count.toString()
  // decimal.js's exponent: the power of ten of the first digit.
  const leading = text.length - 1 + exponent
  let body: string
  if (leading <= Dec.toExpNeg || leading >= Dec.toExpPos) {
    const fraction = text.length > 1 ? `.${text.slice(1)}` : ''
    body = `${text[0]}${fraction}e${leading < 0 ? '' : '+'}${leading}`
  } else {
    body = exponent >= 0 ? text + '0'.repeat(exponent) : decimalText(count, -exponent)
  }
  return negative ? `-${body}` : body
}
