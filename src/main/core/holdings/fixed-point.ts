/**
 * Exact decimal fixed point on BigInt, for the ledger's replay (ledger-replay.ts says why): an
 * amount is a whole number of 10^-places units. Only plain decimal strings come in (the ledger's
 * schema checked them); a string with more decimals than `places` is refused, never rounded.
 */

/** "12.5" at 3 places is 12500n. */
export function units(text: string, places: number): bigint {
  const negative = text.startsWith('-')
  const body = negative ? text.slice(1) : text
  const dot = body.indexOf('.')
  const whole = dot === -1 ? body : body.slice(0, dot)
  const fraction = dot === -1 ? '' : body.slice(dot + 1)
  if (fraction.length > places) throw new RangeError(`${text} has more than ${places} decimals`)
  const count = BigInt(whole + fraction.padEnd(places, '0'))
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
