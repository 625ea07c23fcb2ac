/**
 * Token symbols are the underlying ticker plus `on` (AAPLon, Fon, BRK.Bon). The service rejects a
 * symbol shorter than 3 characters or not ending in `on`; we are stricter still, so that nothing
 * odd ever reaches a URL path: an uppercase ticker of letters, digits, `.` or `-`, at most 12
 * characters, then `on`.
 */
export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,11}on$/
export const MAX_SYMBOL_LENGTH = 14

export type SymbolCheck = { ok: true; symbol: string } | { ok: false; reason: string }

export function checkSymbol(input: unknown): SymbolCheck {
  if (typeof input !== 'string') return { ok: false, reason: 'symbol must be text' }
  if (input.length === 0) return { ok: false, reason: 'symbol is empty' }
  if (input.length > MAX_SYMBOL_LENGTH)
    return { ok: false, reason: `symbol is longer than ${MAX_SYMBOL_LENGTH} characters` }
  if (input.toLowerCase() === 'all') return { ok: false, reason: '"all" is not a token symbol' }
  if (input.length < 3) return { ok: false, reason: 'symbol is shorter than 3 characters' }
  if (!input.endsWith('on')) return { ok: false, reason: 'a token symbol ends in "on" (for example AAPLon)' }
  if (!SYMBOL_PATTERN.test(input))
    return {
      ok: false,
      reason: 'a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"',
    }
  return { ok: true, symbol: input }
}

export function isValidSymbol(input: unknown): input is string {
  return checkSymbol(input).ok
}

/**
 * What a person types: " aaplon " or "AAPLON" or "aapl". Trims, upper-cases the ticker part and
 * adds the `on` suffix when it is missing, then checks the result.
 *
 * A typed "on" at the end is ambiguous: "AAPLON" is AAPLon, but "AON" and "PTON" are tickers
 * (AONon, PTONon). Read as typed when it is already a token symbol ("Fon"); otherwise, given the
 * service's listing, take the reading it lists, and without one the suffix reading.
 */
export function normalizeSymbolInput(input: string, isListed?: (symbol: string) => boolean): SymbolCheck {
  const trimmed = input.trim()
  if (trimmed === '') return { ok: false, reason: 'symbol is empty' }
  const asTyped = checkSymbol(trimmed)
  if (asTyped.ok) return asTyped
  const asTicker = checkSymbol(`${trimmed.toUpperCase()}on`)
  if (!/on$/i.test(trimmed) || trimmed.length <= 2) return asTicker
  const withSuffix = checkSymbol(`${trimmed.slice(0, -2).toUpperCase()}on`)
  if (isListed && asTicker.ok && !(withSuffix.ok && isListed(withSuffix.symbol)) && isListed(asTicker.symbol))
    return asTicker
  return withSuffix
}
