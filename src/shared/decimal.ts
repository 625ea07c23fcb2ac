import Decimal from 'decimal.js'

/**
 * Decimal strings: prices, volumes and limits travel as the exact text the server sent.
 * They are checked here and never turned into floats; arithmetic goes through `Dec`.
 */

/** A plain decimal: optional minus, digits, optional fraction. No exponent, no `+`, no spaces. */
const DECIMAL_PATTERN = /^-?\d{1,40}(?:\.\d{1,40})?$/

export type DecimalString = string

export function isDecimalString(value: unknown): value is DecimalString {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value)
}

export function isNonNegativeDecimalString(value: unknown): value is DecimalString {
  return isDecimalString(value) && !value.startsWith('-')
}

/**
 * One decimal.js constructor for the whole app, configured once: 18 fractional digits on top of
 * 40 integer digits must survive multiplication exactly, so precision is well above that.
 */
export const Dec = Decimal.clone({
  precision: 80,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
})
export type Dec = InstanceType<typeof Dec>

/** Compares two decimal strings numerically (for sorting). Invalid or missing values sort last. */
export function compareDecimalStrings(a: string | null | undefined, b: string | null | undefined): number {
  const aOk = isDecimalString(a)
  const bOk = isDecimalString(b)
  if (!aOk || !bOk) return aOk === bOk ? 0 : aOk ? -1 : 1
  return new Dec(a).comparedTo(new Dec(b))
}

/** Fixed-point text of a Decimal, never in exponent form. */
export function toFixedString(value: Dec, fractionDigits: number): DecimalString {
  const text = value.toFixed(fractionDigits)
  // "-0.0000" reads as a loss where there is none.
  return /^-0(?:\.0+)?$/.test(text) ? text.slice(1) : text
}

/**
 * Whether the non-negative decimal string `a` is at most `b`, exactly, without building Decimals.
 * Read character by character, nothing allocated: a candle answer asks it once a candle, and the
 * split-and-pad version was a sixth of validating and aligning a `1day/all` answer.
 */
export function nonNegativeAtMost(a: string, b: string): boolean {
  const aPoint = integerEnd(a)
  const bPoint = integerEnd(b)
  const aStart = significantStart(a, aPoint)
  const bStart = significantStart(b, bPoint)
  const width = aPoint - aStart
  if (width !== bPoint - bStart) return width < bPoint - bStart
  for (let i = 0; i < width; i++) {
    const x = a.charCodeAt(aStart + i)
    const y = b.charCodeAt(bStart + i)
    if (x !== y) return x < y
  }
  // The fractions, the shorter read as padded with zeros.
  const fractionWidth = Math.max(a.length - aPoint, b.length - bPoint)
  for (let i = 1; i < fractionWidth; i++) {
    const x = aPoint + i < a.length ? a.charCodeAt(aPoint + i) : ZERO_CODE
    const y = bPoint + i < b.length ? b.charCodeAt(bPoint + i) : ZERO_CODE
    if (x !== y) return x < y
  }
  return true
}

const ZERO_CODE = 48

/** Where the integer digits of a decimal string end: at its point, or its end. */
function integerEnd(text: string): number {
  const point = text.indexOf('.')
  return point < 0 ? text.length : point
}

/** The first integer digit that counts: leading zeros skipped, the last digit always kept. */
function significantStart(text: string, end: number): number {
  let start = 0
  while (start < end - 1 && text.charCodeAt(start) === ZERO_CODE) start++
  return start
}
