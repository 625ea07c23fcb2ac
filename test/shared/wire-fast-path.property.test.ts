import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isDecimalString, isNonNegativeDecimalString } from '../../src/shared/decimal'
import { fastMarketRecord, fastPriceRecord, isDecimalText } from '../../src/main/core/api/wire/wire-fast-path'
import { wireMarketRecord, wirePriceRecord } from '../../src/main/core/api/wire/wire'
import {
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseEach,
} from '../../src/main/core/api/wire/wire-parse'
import { nearMisses, negativeDecimal, unsignedDecimal, validDecimal } from '../support/wire-arbitraries'

/**
 * The hand-written fast path of the wire parser (wire-fast-path.ts) against the zod schemas it
 * shortcuts: on records that are valid, nearly valid and plainly wrong, whatever it accepts zod
 * accepts with the very same output (values, keys and key order), and the parse functions that use
 * it answer exactly as zod alone would, rejections and their reasons included.
 */

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
  nearMisses,
)

/** Valid text, up to `max` code points, sometimes at the limit (in UTF-16 units or code points). */
const text = (max: number) =>
  fc.oneof(
    { arbitrary: fc.string({ maxLength: 8 }), weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 2 },
    { arbitrary: fc.constantFrom('A'.repeat(max), '😀'.repeat(max / 2)), weight: 1 },
  )
const timestamp = fc.oneof(
  fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
  fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }),
  fc.double({ min: 1, max: 2e12, noNaN: true }),
  fc.constant(253_402_300_799_999),
)
const extraKey = {
  constituentTokens: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  offhours: junk,
}

const validPriceRecord = fc.record(
  {
    primaryMarket: fc.record(
      { symbol: text(64).filter((s) => s !== ''), price: unsignedDecimal, ...extraKey },
      {
        requiredKeys: ['symbol', 'price'],
      },
    ),
    underlyingMarket: fc.oneof(
      fc.constant(null),
      fc.record({ ticker: text(64), price: unsignedDecimal }, { requiredKeys: ['ticker', 'price'] }),
    ),
    timestamp,
    ...extraKey,
  },
  { requiredKeys: ['primaryMarket', 'underlyingMarket', 'timestamp'] },
)

const historyPoint = fc.oneof(
  fc.record({ timestamp, price: unsignedDecimal, ...extraKey }, { requiredKeys: ['timestamp', 'price'] }),
  // The same keys in the other order: zod's output still has its own order.
  fc.record({ price: unsignedDecimal, timestamp }),
)
const sessionNames = fc.array(
  fc.oneof(fc.constantFrom('premarket', 'regular', 'postmarket', 'overnight', 'offhours'), text(64)),
  {
    maxLength: 32,
    size: 'small',
  },
)
const validMarketRecord = fc.record(
  {
    primaryMarket: fc.record(
      {
        symbol: text(64).filter((s) => s !== ''),
        price: unsignedDecimal,
        priceChange24h: validDecimal,
        priceChangePct24h: validDecimal,
        priceHistory24h: fc.array(historyPoint, { maxLength: 5 }),
        totalHolders: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
        sharesMultiplier: unsignedDecimal,
        tradableSessions: sessionNames,
        ...extraKey,
      },
      { requiredKeys: ['symbol', 'price'] },
    ),
    underlyingMarket: fc.oneof(
      fc.constant(null),
      fc.record(
        {
          ticker: text(64),
          name: text(512),
          price: unsignedDecimal,
          priceHigh52w: unsignedDecimal,
          priceLow52w: unsignedDecimal,
          volume: unsignedDecimal,
          averageVolume: unsignedDecimal,
          sharesOutstanding: unsignedDecimal,
          marketCap: unsignedDecimal,
        },
        { requiredKeys: ['ticker', 'price'] },
      ),
    ),
    timestamp,
  },
  { requiredKeys: ['primaryMarket', 'underlyingMarket', 'timestamp'] },
)

const REMOVE = Symbol('remove')

/** Every [container, key] in a JSON-like value, depth first. */
function slotsOf(value: unknown, slots: [Record<string | number, unknown>, string | number][] = []) {
  if (typeof value !== 'object' || value === null) return slots
  for (const key of Object.keys(value)) {
    const container = value as Record<string | number, unknown>
    slots.push([container, Array.isArray(value) ? Number(key) : key])
    slotsOf(container[key], slots)
  }
  return slots
}

/** A valid record with one field (at any depth) replaced by something else, or removed. */
const withOneBadField = (valid: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(
      valid,
      fc.nat(),
      fc.oneof(
        { arbitrary: nearMisses, weight: 3 },
        { arbitrary: junk, weight: 1 },
        { arbitrary: fc.constant(REMOVE), weight: 1 },
      ),
    )
    .map(([record, pick, replacement]) => {
      const copy = structuredClone(record)
      const slots = slotsOf(copy)
      const [container, key] = slots[pick % slots.length] as (typeof slots)[number]
      if (replacement === REMOVE) delete container[key]
      else container[key] = replacement
      return copy
    })

const records = (valid: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: withOneBadField(valid), weight: 2 })
const priceRecord = records(validPriceRecord)
const marketRecord = records(validMarketRecord)

/** The same record as JSON.parse gives it, or dressed as objects JSON never makes. */
const asReceived = (record: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(
    { arbitrary: record, weight: 6 },
    { arbitrary: record.map((value) => Object.assign(Object.create(null) as object, value)), weight: 1 },
    { arbitrary: record.map((value) => Object.assign(new (class Received {})(), value)), weight: 1 },
    { arbitrary: junk, weight: 1 },
  )

/** Returns whether the fast path answered (so a test can check it is not vacuous). */
function expectSameAsZod<T>(fast: T | undefined, zod: { success: boolean; data?: unknown }): boolean {
  if (fast === undefined) return false
  expect(zod.success).toBe(true)
  expect(fast).toStrictEqual(zod.data)
  expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data))
  return true
}

const RUNS = 2_000

describe('wire fast path', () => {
  it('reads decimals as decimal.ts does', () => {
    const candidates = fc.oneof(
      validDecimal,
      negativeDecimal,
      nearMisses,
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary' }),
    )
    fc.assert(
      fc.property(candidates, (value) => {
        expect(isDecimalText(value, true)).toBe(isDecimalString(value))
        expect(isDecimalText(value, false)).toBe(isNonNegativeDecimalString(value))
      }),
      { numRuns: 5_000 },
    )
  })

  it('accepts a price record only when zod does, with the same output', () => {
    let answered = 0
    fc.assert(
      fc.property(asReceived(priceRecord), (raw) => {
        if (expectSameAsZod(fastPriceRecord(raw), wirePriceRecord.safeParse(raw))) answered += 1
      }),
      { numRuns: RUNS },
    )
    expect(answered).toBeGreaterThan(RUNS / 10)
  })

  it('accepts a market record only when zod does, with the same output', () => {
    let answered = 0
    fc.assert(
      fc.property(asReceived(marketRecord), (raw) => {
        if (expectSameAsZod(fastMarketRecord(raw), wireMarketRecord.safeParse(raw))) answered += 1
      }),
      { numRuns: RUNS },
    )
    expect(answered).toBeGreaterThan(RUNS / 10)
  })

  it('gives the all-assets parsers the answer zod alone gives, rejections included', () => {
    fc.assert(
      fc.property(
        fc.array(asReceived(priceRecord), { maxLength: 6 }),
        fc.array(asReceived(marketRecord), { maxLength: 4 }),
        (prices, markets) => {
          expect(parseAllPricesResponse(prices)).toStrictEqual(parseEach(wirePriceRecord, prices))
          const { listed: _listed, ...market } = parseAllMarketResponse(markets)
          expect(market).toStrictEqual(parseEach(wireMarketRecord, markets))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads of an all-assets answer only the symbols asked for, and any element naming none', () => {
    // What an element names: its `symbol`, else its `primaryMarket.symbol`, when a string.
    const claimed = (raw: unknown) => {
      const element = raw as { symbol?: unknown; primaryMarket?: { symbol?: unknown } } | null
      if (typeof element?.symbol === 'string') return element.symbol
      const primary = element?.primaryMarket
      return typeof primary === 'object' && typeof primary?.symbol === 'string' ? primary.symbol : null
    }
    fc.assert(
      fc.property(
        fc.array(asReceived(marketRecord), { maxLength: 6 }),
        fc.array(fc.nat({ max: 5 }), { maxLength: 3 }),
        (markets, picks) => {
          const only = new Set(picks.map((i) => claimed(markets[i]) ?? 'NONEon'))
          const read = markets.filter((raw) => claimed(raw) === null || only.has(claimed(raw) as string))
          const { listed, ...market } = parseAllMarketResponse(markets, only)
          expect(market).toStrictEqual(parseEach(wireMarketRecord, read))
          // The listing names every element whose symbol, ticker and name are readable, asked for or not.
          const whole = parseEach(wireMarketRecord, markets).records.map((r) => r.primaryMarket.symbol)
          for (const symbol of whole) expect(listed.map((asset) => asset.symbol)).toContain(symbol)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('takes the fast path for the records the service sends', () => {
    const point = (t: number) => ({ timestamp: t, price: '187.2345' })
    const price = {
      primaryMarket: { symbol: 'AAPLon', price: '187.2345' },
      underlyingMarket: { ticker: 'AAPL', price: '187.01' },
      timestamp: 1_757_944_800_000,
    }
    const market = JSON.parse(
      JSON.stringify({
        primaryMarket: {
          symbol: 'AAPLon',
          price: '187.2345',
          priceChange24h: '-1.5',
          priceChangePct24h: '-0.7953271028037383',
          priceHistory24h: [point(1_757_858_400_000), point(1_757_944_800_000)],
          totalHolders: 1_234,
          sharesMultiplier: '1.001084338309087472',
          tradableSessions: ['premarket', 'regular', 'offhours'],
          constituentTokens: ['X'],
        },
        underlyingMarket: {
          ticker: 'AAPL',
          name: 'Apple Inc.',
          price: '187.01',
          marketCap: '2800000000000.00',
        },
        timestamp: 1_757_944_800,
      }),
    )
    expect(fastPriceRecord(JSON.parse(JSON.stringify(price)))).toStrictEqual(wirePriceRecord.parse(price))
    expect(fastMarketRecord(market)).toStrictEqual(wireMarketRecord.parse(market))
    expect(fastMarketRecord(market)?.timestamp).toBe(1_757_944_800_000)
  })
})
