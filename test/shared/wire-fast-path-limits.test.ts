import { describe, expect, it } from 'vitest'
import { isDecimalString, isNonNegativeDecimalString } from '../../src/shared/decimal'
import { fastMarketRecord, fastPriceRecord, isDecimalText } from '../../src/main/core/api/wire/wire-fast-path'
import { wireMarketRecord, wirePriceRecord } from '../../src/main/core/api/wire/wire'

/**
 * The wire parser's fast path at the contract's limits, case by case (the property test covers
 * the space at random): at each limit it gives zod's very output, and a record just past a limit
 * is left to zod, never accepted. Records at the limits are still the fast path's to handle: they
 * are what the service sends at its largest.
 */

const TIMESTAMP = 1_763_740_800_000

/** The fast path's answer, checked against zod's: the same output, or left to zod. */
function fastAgrees<T>(
  fast: (raw: unknown) => T | undefined,
  schema: { safeParse(raw: unknown): { success: true; data: unknown } | { success: false } },
  raw: unknown,
): { handled: boolean; zodAccepts: boolean } {
  const expected = schema.safeParse(raw)
  const answer = fast(raw)
  if (answer !== undefined) {
    expect(expected.success, 'the fast path accepted what zod rejects').toBe(true)
    if (expected.success) {
      expect(answer).toEqual(expected.data)
      expect(JSON.stringify(answer)).toBe(JSON.stringify(expected.data))
    }
  }
  return { handled: answer !== undefined, zodAccepts: expected.success }
}

const market = (primary: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  primaryMarket: { symbol: 'AAPLon', price: '230.0100', ...primary },
  underlyingMarket: { ticker: 'AAPL', price: '229.77' },
  timestamp: TIMESTAMP,
  ...rest,
})
const price = (primary: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  primaryMarket: { symbol: 'AAPLon', price: '230.0100', ...primary },
  underlyingMarket: { ticker: 'AAPL', price: '229.77' },
  timestamp: TIMESTAMP,
  ...rest,
})

describe('the fast decimal check at its limits', () => {
  const cases = [
    '1',
    '1.5',
    '1.',
    '.5',
    '1.5a',
    '12a',
    '1.2.3',
    '-',
    '-1',
    '-1.25',
    '--1',
    '',
    '1'.repeat(40),
    '1'.repeat(41),
    `1.${'2'.repeat(40)}`,
    `1.${'2'.repeat(41)}`,
    `-${'9'.repeat(40)}.${'9'.repeat(40)}`,
    `-${'9'.repeat(41)}`,
  ]
  it.each(cases)('reads %j as decimal.ts does, signed and unsigned', (text) => {
    expect(isDecimalText(text, true)).toBe(isDecimalString(text))
    expect(isDecimalText(text, false)).toBe(isNonNegativeDecimalString(text))
  })
})

describe('the fast path at the contract limits', () => {
  it('handles 32 session names and leaves 33 to zod, which refuses them', () => {
    const sessions = (count: number) => Array.from({ length: count }, (_, i) => `session-${i}`)
    expect(
      fastAgrees(fastMarketRecord, wireMarketRecord, market({ tradableSessions: sessions(32) })),
    ).toEqual({
      handled: true,
      zodAccepts: true,
    })
    expect(
      fastAgrees(fastMarketRecord, wireMarketRecord, market({ tradableSessions: sessions(33) })),
    ).toEqual({
      handled: false,
      zodAccepts: false,
    })
  })

  it('handles 256 constituent tokens and leaves 257 to zod, which refuses them', () => {
    const tokens = (count: number) => Array.from({ length: count }, (_, i) => `T${i}on`)
    expect(
      fastAgrees(fastMarketRecord, wireMarketRecord, market({}, { constituentTokens: tokens(256) })),
    ).toEqual({
      handled: true,
      zodAccepts: true,
    })
    expect(
      fastAgrees(fastMarketRecord, wireMarketRecord, market({}, { constituentTokens: tokens(257) })),
    ).toEqual({
      handled: false,
      zodAccepts: false,
    })
    // A constituent that is not a symbol (empty) sends the record to zod, which refuses it.
    expect(
      fastAgrees(fastMarketRecord, wireMarketRecord, market({}, { constituentTokens: ['AAPLon', ''] })),
    ).toEqual({
      handled: false,
      zodAccepts: false,
    })
  })

  it('handles symbols of 1 and 64 characters and tickers of 64; leaves 65 and empty symbols to zod', () => {
    for (const [symbol, handled] of [
      ['A', true],
      ['S'.repeat(64), true],
      ['S'.repeat(65), false],
      ['', false],
    ] as const) {
      expect(fastAgrees(fastPriceRecord, wirePriceRecord, price({ symbol })).handled, symbol).toBe(handled)
      expect(fastAgrees(fastMarketRecord, wireMarketRecord, market({ symbol })).handled, symbol).toBe(handled)
    }
    const ticker = (value: string) => price({}, { underlyingMarket: { ticker: value, price: '1' } })
    expect(fastAgrees(fastPriceRecord, wirePriceRecord, ticker('T'.repeat(64))).handled).toBe(true)
    expect(fastAgrees(fastPriceRecord, wirePriceRecord, ticker('T'.repeat(65))).handled).toBe(false)
  })

  it('handles a holder count of zero, and a price record with no underlying market', () => {
    expect(fastAgrees(fastMarketRecord, wireMarketRecord, market({ totalHolders: 0 })).handled).toBe(true)
    expect(fastAgrees(fastPriceRecord, wirePriceRecord, price({}, { underlyingMarket: null }))).toEqual({
      handled: true,
      zodAccepts: true,
    })
  })

  it('gives records with unknown or reordered keys exactly as zod does: known keys, in its order', () => {
    const extra = {
      timestamp: TIMESTAMP,
      underlyingMarket: null,
      primaryMarket: { price: '1', symbol: 'Fon' },
      note: 'x',
    }
    expect(fastAgrees(fastPriceRecord, wirePriceRecord, extra)).toEqual({ handled: true, zodAccepts: true })
    const missingTimestamp = {
      primaryMarket: { symbol: 'Fon', price: '1' },
      underlyingMarket: null,
      other: 1,
    }
    expect(fastAgrees(fastPriceRecord, wirePriceRecord, missingTimestamp)).toEqual({
      handled: false,
      zodAccepts: false,
    })
    // Same number of keys as a price point, but not the same keys: copied to zod's shape.
    const oddPoint = market({ priceHistory24h: [{ price: '1.5', time: 1, timestamp: TIMESTAMP }] })
    expect(fastAgrees(fastMarketRecord, wireMarketRecord, oddPoint)).toEqual({
      handled: true,
      zodAccepts: true,
    })
  })

  it('reuses a record already in zod’s shape only when every part of it is', () => {
    const exact = price({}, {})
    expect(fastPriceRecord(exact)).toBe(exact)
    // The underlying market carries an unknown key: its copy differs, so the record is rebuilt.
    const withExtra = price({}, { underlyingMarket: { ticker: 'AAPL', price: '229.77', exchange: 'XNAS' } })
    const rebuilt = fastPriceRecord(withExtra)
    expect(rebuilt).not.toBe(withExtra)
    expect(rebuilt).toEqual({ ...withExtra, underlyingMarket: { ticker: 'AAPL', price: '229.77' } })
  })
})
