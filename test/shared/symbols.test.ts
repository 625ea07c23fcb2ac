import { describe, expect, it } from 'vitest'
import { checkSymbol, MAX_SYMBOL_LENGTH, normalizeSymbolInput } from '../../src/shared/symbols'

/** What people type for a symbol: tickers, token symbols in any case, and tickers ending in ON. */

const symbolOf = (input: string, listed?: string[]) => {
  const result = normalizeSymbolInput(input, listed && ((symbol) => listed.includes(symbol)))
  return result.ok ? result.symbol : `invalid: ${result.reason}`
}

describe('normalizeSymbolInput', () => {
  it('takes a token symbol as typed, and makes one of a ticker', () => {
    expect(symbolOf(' AAPLon ')).toBe('AAPLon')
    expect(symbolOf('Fon')).toBe('Fon')
    expect(symbolOf('BRK.Bon')).toBe('BRK.Bon')
    expect(symbolOf('aapl')).toBe('AAPLon')
    expect(symbolOf('ON')).toBe('ONon')
    // "on" inside a ticker is not the suffix: only a final "on" can be.
    expect(symbolOf('ontx')).toBe('ONTXon')
    expect(symbolOf('monY')).toBe('MONYon')
  })

  it('reads a typed "on" in any case as the suffix when nothing says otherwise', () => {
    expect(symbolOf('aaplon')).toBe('AAPLon')
    expect(symbolOf('TSLAON')).toBe('TSLAon')
    expect(symbolOf('AON')).toBe('Aon')
  })

  it('lets the listing settle a ticker that ends in ON', () => {
    const listed = ['AONon', 'PTONon', 'AAPLon', 'Aon']
    expect(symbolOf('AON', ['AONon', 'PTONon'])).toBe('AONon')
    expect(symbolOf('pton', listed)).toBe('PTONon')
    expect(symbolOf('AAPLON', listed)).toBe('AAPLon')
    // Both readings listed: the suffix reading, as without a listing.
    expect(symbolOf('AON', listed)).toBe('Aon')
    // Neither listed: the suffix reading, which the caller reports as unknown.
    expect(symbolOf('SON', listed)).toBe('Son')
    // Typed as a token symbol already: read as typed, even where only the ticker reading is listed.
    expect(symbolOf('Pon', ['PONon'])).toBe('Pon')
  })

  it('gives the reason for what cannot be a symbol', () => {
    expect(symbolOf('   ')).toBe('invalid: symbol is empty')
    expect(symbolOf('$AMD')).toMatch(/^invalid: a token symbol is an uppercase ticker/)
  })
})

describe('checkSymbol', () => {
  const reasonOf = (input: unknown) => {
    const result = checkSymbol(input)
    return result.ok ? `ok: ${result.symbol}` : result.reason
  }

  it('gives each rule its own reason, first broken rule first', () => {
    expect(reasonOf(42)).toBe('symbol must be text')
    expect(reasonOf('')).toBe('symbol is empty')
    expect(reasonOf('ABCDEFGHIJKLMon')).toBe(`symbol is longer than ${MAX_SYMBOL_LENGTH} characters`)
    expect(reasonOf('ALL')).toBe('"all" is not a token symbol')
    expect(reasonOf('on')).toBe('symbol is shorter than 3 characters')
    expect(reasonOf('AAPL')).toBe('a token symbol ends in "on" (for example AAPLon)')
    expect(reasonOf('aaplon')).toBe(
      'a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"',
    )
  })

  it('accepts the shortest symbol the rules allow', () => {
    expect(reasonOf('Fon')).toBe('ok: Fon')
  })
})
