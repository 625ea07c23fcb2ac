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

/** Whether the non-negative decimal string `a` is at most `b`, exactly, without building Decimals. */
export function nonNegativeAtMost(a: string, b: string): boolean {
  // The usual case, two prices of one asset: the same digits before and after the point compare as text.
  if (a.length === b.length && a.indexOf('.') === b.indexOf('.')) return a <= b
  const [aInt = '', aFrac = ''] = a.split('.')
  const [bInt = '', bFrac = ''] = b.split('.')
  const ai = aInt.replace(/^0+(?=\d)/, '')
  const bi = bInt.replace(/^0+(?=\d)/, '')
  if (ai.length !== bi.length) return ai.length < bi.length
  if (ai !== bi) return ai < bi
  const width = Math.max(aFrac.length, bFrac.length)
  return aFrac.padEnd(width, '0') <= bFrac.padEnd(width, '0')
}
