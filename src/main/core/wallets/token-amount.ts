import { Dec } from '../../../shared/decimal'

/**
 * Token amounts read exactly: a node answers base units (divided by 10^decimals in decimal
 * arithmetic, never a float), the service a decimal in tokens, checked record by record.
 */

/** The service sends up to 18 fractional digits (real-service-notes.md, "Wallet balances"). */
export const MAX_FRACTION_DIGITS = 18
const DECIMAL = /^\d{1,60}(?:\.(\d{1,60}))?$/

/** `amount` base units of a token with `decimals` decimals, as a plain decimal string in tokens. */
export function fromBaseUnits(amount: bigint | string, decimals: number): string {
  return new Dec(amount.toString()).div(new Dec(10).pow(decimals)).toFixed()
}

export type BalanceReading = { ok: true; balance: string } | { ok: false; reason: string }

/**
 * A balance as the service sent it, for a token of `decimals` decimals (null: unlisted, so not
 * known). Refused: not a number, negative, more than 18 fractional digits or more than the token
 * has, and a whole number with more digits than the token's decimals: 10^decimals tokens is
 * beyond any supply, so such a figure is base units sent where tokens are expected (a base-unit
 * figure under one token cannot be told from a plain balance: the node, where named, compares).
 */
export function readServiceBalance(value: unknown, decimals: number | null): BalanceReading {
  if (typeof value !== 'string') return { ok: false, reason: 'the balance is not a decimal string' }
  if (value.startsWith('-')) return { ok: false, reason: `the balance is negative (${value.slice(0, 40)})` }
  const match = DECIMAL.exec(value)
  if (!match) return { ok: false, reason: `the balance is not a number (${value.slice(0, 40)})` }
  const fraction = match[1]?.length ?? 0
  if (fraction > MAX_FRACTION_DIGITS)
    return {
      ok: false,
      reason:
        `the balance has ${fraction} fractional digits, more than the ` +
        `${MAX_FRACTION_DIGITS} a balance has`,
    }
  if (decimals !== null && fraction > decimals)
    return {
      ok: false,
      reason:
        `the balance has ${fraction} fractional digits, more than the ` + `token's ${decimals} decimals`,
    }
  const whole = value.split('.')[0] as string
  if (decimals !== null && fraction === 0 && whole.replace(/^0+/, '').length > decimals)
    return {
      ok: false,
      reason:
        `the balance ${value.slice(0, 40)} looks like base units, not ` +
        `tokens (more digits than the token's ${decimals} decimals)`,
    }
  return { ok: true, balance: new Dec(value).toFixed() }
}
