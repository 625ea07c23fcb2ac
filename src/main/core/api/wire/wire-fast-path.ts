import { normalizeTimestampMs } from './timestamps'
import type { WireMarketRecord, WirePriceRecord } from './wire'

/**
 * Hand-written checks for the two records every poll brings by the thousand (latest prices and
 * market data with 96 history points each). The zod schemas in wire.ts stay the contract: these
 * only answer "certainly valid, and here is exactly what zod would output" or "not sure"
 * (undefined), in which case the caller asks zod, which then accepts or rejects with its reasons.
 * So a record is never rejected here, and one accepted here is one zod accepts with the same
 * output (test/shared/wire-fast-path.property.test.ts checks both on generated records).
 *
 * An object that already is exactly what zod would output (the same keys in the same order, no
 * value to convert) is returned as it is rather than copied: records are read, never changed, and
 * at thousands per poll the copies would be most of the parser's allocations.
 *
 * Being stricter than zod is always safe: objects must be plain JSON objects, a string longer
 * than a limit in UTF-16 units (zod counts code points) and a key present with the value
 * undefined are left to zod.
 */

type JsonObject = Record<string, unknown>

const MINUS = 45
const DOT = 46
const ZERO = 48
const NINE = 57
const MAX_DIGITS = 40

/** The end of the run of ASCII digits in `text` from `start`. */
function digitsEnd(text: string, start: number): number {
  let end = start
  while (end < text.length) {
    const code = text.charCodeAt(end)
    if (code < ZERO || code > NINE) break
    end += 1
  }
  return end
}

/**
 * decimal.ts's isDecimalString (or, without `signed`, isNonNegativeDecimalString), read character
 * by character: a regular expression per value is a fifth of a large poll's validation.
 * Exported for its test, which checks the two agree.
 */
export function isDecimalText(value: unknown, signed: boolean): value is string {
  if (typeof value !== 'string') return false
  const integerStart = value.charCodeAt(0) === MINUS ? (signed ? 1 : -1) : 0
  if (integerStart < 0) return false
  const integerEnd = digitsEnd(value, integerStart)
  if (integerEnd === integerStart || integerEnd - integerStart > MAX_DIGITS) return false
  if (integerEnd === value.length) return true
  if (value.charCodeAt(integerEnd) !== DOT) return false
  const fractionEnd = digitsEnd(value, integerEnd + 1)
  const fractionDigits = fractionEnd - integerEnd - 1
  return fractionEnd === value.length && fractionDigits >= 1 && fractionDigits <= MAX_DIGITS
}

const isDecimalString = (value: unknown): value is string => isDecimalText(value, true)
const isNonNegativeDecimalString = (value: unknown): value is string => isDecimalText(value, false)

/** What JSON.parse makes of `{...}`; zod accepts more (class instances), which zod then decides. */
function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && (value as JsonObject).constructor === Object
}

/** Within zod's .max(), counted in UTF-16 units (never more than the code points zod counts). */
function isShortString(value: unknown, maxUnits: number): value is string {
  return typeof value === 'string' && value.length <= maxUnits
}

function isSymbol(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= 64
}

/** The wire timestamp (ms or seconds) in ms, or undefined when it is not certainly valid. */
function timestampOf(value: unknown): number | undefined {
  if (typeof value !== 'number') return undefined
  return normalizeTimestampMs(value) ?? undefined
}

/**
 * An optional field: ABSENT when the key is missing (zod leaves it out), the value when `accepts`
 * it, else INVALID (a key present with undefined included: zod would keep that key).
 */
const ABSENT = Symbol('absent')
const INVALID = Symbol('invalid')

function optional<T>(
  object: JsonObject,
  key: string,
  accepts: (value: unknown) => value is T,
): T | typeof ABSENT | typeof INVALID {
  const value = object[key]
  if (value === undefined) return key in object ? INVALID : ABSENT
  return accepts(value) ? value : INVALID
}

const isNonNegativeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** Whether a JSON object's own keys are exactly `keys`, in that order (no array is allocated). */
function hasExactKeys(object: JsonObject, keys: readonly string[]): boolean {
  let index = 0
  for (const key in object) if (key !== keys[index++]) return false
  return index === keys.length
}

const PRICE_RECORD_KEYS = ['primaryMarket', 'underlyingMarket', 'timestamp']
const SYMBOL_AND_PRICE = ['symbol', 'price']
const TICKER_AND_PRICE = ['ticker', 'price']
const TIMESTAMP_AND_PRICE = ['timestamp', 'price']

/** Latest-price record (endpoints 3 and 4), as `wirePriceRecord` outputs it. */
export function fastPriceRecord(raw: unknown): WirePriceRecord | undefined {
  if (!isPlainObject(raw)) return undefined
  const primary = raw.primaryMarket
  if (!isPlainObject(primary) || !isSymbol(primary.symbol) || !isNonNegativeDecimalString(primary.price))
    return undefined
  const underlying = fastPriceUnderlying(raw.underlyingMarket)
  const timestamp = timestampOf(raw.timestamp)
  if (underlying === undefined || timestamp === undefined) return undefined
  const primaryOut = hasExactKeys(primary, SYMBOL_AND_PRICE)
    ? (primary as WirePriceRecord['primaryMarket'])
    : { symbol: primary.symbol, price: primary.price }
  if (
    primaryOut === primary &&
    underlying === raw.underlyingMarket &&
    timestamp === raw.timestamp &&
    hasExactKeys(raw, PRICE_RECORD_KEYS)
  )
    return raw as WirePriceRecord
  return { primaryMarket: primaryOut, underlyingMarket: underlying, timestamp }
}

function fastPriceUnderlying(raw: unknown): WirePriceRecord['underlyingMarket'] | undefined {
  if (raw === null) return null
  if (!isPlainObject(raw) || !isShortString(raw.ticker, 64) || !isNonNegativeDecimalString(raw.price))
    return undefined
  return hasExactKeys(raw, TICKER_AND_PRICE)
    ? (raw as NonNullable<WirePriceRecord['underlyingMarket']>)
    : { ticker: raw.ticker, price: raw.price }
}

type HistoryPoint = NonNullable<WireMarketRecord['primaryMarket']['priceHistory24h']>[number]

/**
 * The history as zod outputs it. A point sent as exactly `{"timestamp": <ms>, "price": ...}` is
 * already what zod would build (same keys, same order, same values), so it is used as it is:
 * thousands of assets x 96 points make that the bulk of a poll's allocations otherwise.
 */
function fastHistory(raw: unknown): HistoryPoint[] | undefined {
  if (!Array.isArray(raw)) return undefined
  const points: HistoryPoint[] = new Array(raw.length)
  for (let i = 0; i < raw.length; i++) {
    const point: unknown = raw[i]
    if (!isPlainObject(point) || !isNonNegativeDecimalString(point.price)) return undefined
    const timestamp = timestampOf(point.timestamp)
    if (timestamp === undefined) return undefined
    points[i] =
      timestamp === point.timestamp && hasExactKeys(point, TIMESTAMP_AND_PRICE)
        ? (point as HistoryPoint)
        : { timestamp, price: point.price }
  }
  return points
}

function isSessionList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > 32) return false
  for (const name of value) if (!isShortString(name, 64)) return false
  return true
}

/** Market record (endpoints 1 and 2), as `wireMarketRecord` outputs it. */
export function fastMarketRecord(raw: unknown): WireMarketRecord | undefined {
  if (!isPlainObject(raw)) return undefined
  const primary = fastMarketPrimary(raw.primaryMarket)
  const underlying = fastMarketUnderlying(raw.underlyingMarket)
  const timestamp = timestampOf(raw.timestamp)
  const constituents = optional(raw, 'constituentTokens', isConstituentList)
  if (
    primary === undefined ||
    underlying === undefined ||
    timestamp === undefined ||
    constituents === INVALID
  )
    return undefined
  const record: WireMarketRecord = { primaryMarket: primary, underlyingMarket: underlying, timestamp }
  if (constituents !== ABSENT) record.constituentTokens = [...constituents]
  return record
}

function isConstituentList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length > 256) return false
  for (const token of value) if (!isSymbol(token)) return false
  return true
}

type Primary = WireMarketRecord['primaryMarket']

function fastMarketPrimary(raw: unknown): Primary | undefined {
  if (!isPlainObject(raw) || !isSymbol(raw.symbol) || !isNonNegativeDecimalString(raw.price)) return undefined
  const change = optional(raw, 'priceChange24h', isDecimalString)
  const changePct = optional(raw, 'priceChangePct24h', isDecimalString)
  const historyRaw = raw.priceHistory24h
  const history =
    historyRaw === undefined
      ? 'priceHistory24h' in raw
        ? INVALID
        : ABSENT
      : (fastHistory(historyRaw) ?? INVALID)
  const holders = optional(raw, 'totalHolders', isNonNegativeInteger)
  const multiplier = optional(raw, 'sharesMultiplier', isNonNegativeDecimalString)
  const sessions = optional(raw, 'tradableSessions', isSessionList)
  if (
    change === INVALID ||
    changePct === INVALID ||
    history === INVALID ||
    holders === INVALID ||
    multiplier === INVALID ||
    sessions === INVALID
  )
    return undefined
  // Keys in the schema's order, only those present, as zod builds its output.
  const primary: Primary = { symbol: raw.symbol, price: raw.price }
  if (change !== ABSENT) primary.priceChange24h = change
  if (changePct !== ABSENT) primary.priceChangePct24h = changePct
  if (history !== ABSENT) primary.priceHistory24h = history
  if (holders !== ABSENT) primary.totalHolders = holders
  if (multiplier !== ABSENT) primary.sharesMultiplier = multiplier
  if (sessions !== ABSENT) primary.tradableSessions = [...sessions]
  return primary
}

type Underlying = NonNullable<WireMarketRecord['underlyingMarket']>
const UNDERLYING_DECIMALS = [
  'priceHigh52w',
  'priceLow52w',
  'volume',
  'averageVolume',
  'sharesOutstanding',
  'marketCap',
] as const

function fastMarketUnderlying(raw: unknown): Underlying | null | undefined {
  if (raw === null) return null
  if (!isPlainObject(raw) || !isShortString(raw.ticker, 64) || !isNonNegativeDecimalString(raw.price))
    return undefined
  const name = optional(raw, 'name', (value): value is string => isShortString(value, 512))
  if (name === INVALID) return undefined
  // Keys in the schema's order (name before price), as zod builds its output.
  const underlying = { ticker: raw.ticker } as Underlying
  if (name !== ABSENT) underlying.name = name
  underlying.price = raw.price
  for (const key of UNDERLYING_DECIMALS) {
    const value = optional(raw, key, isNonNegativeDecimalString)
    if (value === INVALID) return undefined
    if (value !== ABSENT) underlying[key] = value
  }
  return underlying
}
