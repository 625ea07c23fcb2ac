import { z } from 'zod'
import { isDecimalString, isNonNegativeDecimalString } from './decimal'
import { normalizeTimestampMs } from './timestamps'
import { fastMarketRecord, fastPriceRecord } from './wire-fast-path'

/**
 * Wire schemas of the five endpoints (spec part 2), tolerant where the real service varies
 * (real-service-notes.md): unknown fields are ignored (zod strips them), `tradableSessions` is
 * optional and may hold session names we do not know, `underlyingMarket` may be null, limits come
 * as an array or a single object, timestamps may be in seconds. Decimals are checked and kept as
 * the exact strings sent.
 *
 * Validation is per record: a response is first read as an array of unknown values, then each
 * record is parsed on its own, so one bad record is dropped and reported, never the response.
 */

const decimal = z.string().refine(isDecimalString, { message: 'not a decimal string' })
const nonNegativeDecimal = z
  .string()
  .refine(isNonNegativeDecimalString, { message: 'not a non-negative decimal string' })

/** A Unix time, in ms or (seen once) seconds; normalised to ms. */
const timestamp = z.number().transform((value, ctx) => {
  const ms = normalizeTimestampMs(value)
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: `not a usable timestamp: ${value}` })
    return z.NEVER
  }
  return ms
})

const symbol = z.string().min(1).max(64)

export const wireHistoryPoint = z.object({ timestamp, price: nonNegativeDecimal })

export const wirePrimaryMarket = z.object({
  symbol,
  price: nonNegativeDecimal,
  priceChange24h: decimal.optional(),
  priceChangePct24h: decimal.optional(),
  priceHistory24h: z.array(wireHistoryPoint).optional(),
  totalHolders: z.number().int().nonnegative().optional(),
  sharesMultiplier: nonNegativeDecimal.optional(),
  /** Kept as raw strings here; the normaliser splits known sessions from unknown ones. */
  tradableSessions: z.array(z.string().max(64)).max(32).optional(),
})

export const wireUnderlyingMarket = z.object({
  ticker: z.string().max(64),
  name: z.string().max(512).optional(),
  price: nonNegativeDecimal,
  priceHigh52w: nonNegativeDecimal.optional(),
  priceLow52w: nonNegativeDecimal.optional(),
  volume: nonNegativeDecimal.optional(),
  averageVolume: nonNegativeDecimal.optional(),
  sharesOutstanding: nonNegativeDecimal.optional(),
  marketCap: nonNegativeDecimal.optional(),
})

/** The tokens a basket holds (real-service-notes.md: top level, `[]` for single stocks). */
export const wireConstituentTokens = z.array(symbol).max(256)

/** 2.1: one market data record (endpoints 1 and 2). */
export const wireMarketRecord = z.object({
  primaryMarket: wirePrimaryMarket,
  underlyingMarket: wireUnderlyingMarket.nullable(),
  timestamp,
  constituentTokens: wireConstituentTokens.optional(),
})

/** 2.4: one latest-price record (endpoints 3 and 4). */
export const wirePriceRecord = z.object({
  primaryMarket: z.object({ symbol, price: nonNegativeDecimal }),
  underlyingMarket: z.object({ ticker: z.string().max(64), price: nonNegativeDecimal }).nullable(),
  timestamp,
})

export const wireSessionLimit = z.object({
  tradable: z.boolean(),
  maxAttestationCount: nonNegativeDecimal,
  maxActiveNotionalValue: nonNegativeDecimal,
})

/** One per-symbol entry of 2.5, with the service's fifth block, `offhours`. Sessions we do not know are stripped. */
export const wireSymbolLimits = z.object({
  symbol,
  premarket: wireSessionLimit.optional(),
  regular: wireSessionLimit.optional(),
  postmarket: wireSessionLimit.optional(),
  overnight: wireSessionLimit.optional(),
  offhours: wireSessionLimit.optional(),
})

/** The envelope of 2.5 (`limits` is read per entry, see parseLimitsResponse). */
export const wireLimitsEnvelope = z.object({ limits: z.array(z.unknown()), timestamp })

export type WireMarketRecord = z.output<typeof wireMarketRecord>
export type WirePriceRecord = z.output<typeof wirePriceRecord>
export type WireSymbolLimits = z.output<typeof wireSymbolLimits>
export type WireSessionLimit = z.output<typeof wireSessionLimit>

/** A record dropped by validation, reported with what we could tell of it. */
export interface RejectedRecord {
  symbol: string | null
  reason: string
}

export interface ParsedRecords<T> {
  records: T[]
  rejected: RejectedRecord[]
}

/** The symbol a raw record claims to be, for error reports only (never trusted further). */
function claimedSymbol(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null
  const record = raw as Record<string, unknown>
  const direct = record.symbol
  const primary = record.primaryMarket as Record<string, unknown> | null | undefined
  const candidate =
    typeof direct === 'string' ? direct : primary && typeof primary === 'object' ? primary.symbol : null
  return typeof candidate === 'string' ? candidate.slice(0, 64) : null
}

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid record'
  const path = issue.path.length > 0 ? issue.path.join('.') : 'record'
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : ''
  return `${path}: ${issue.message}${more}`
}

/**
 * Parses each element on its own: the good ones are kept, the bad ones reported. `fast`, where
 * given, is a hand-written check that agrees with the schema (wire-fast-path.ts); whatever it is
 * not sure of goes to the schema, which has the last word.
 */
export function parseEach<T>(
  schema: z.ZodType<T>,
  raws: readonly unknown[],
  fast?: (raw: unknown) => T | undefined,
): ParsedRecords<T> {
  const records: T[] = []
  const rejected: RejectedRecord[] = []
  for (const raw of raws) {
    const checked = fast?.(raw)
    if (checked !== undefined) {
      records.push(checked)
      continue
    }
    const result = schema.safeParse(raw)
    if (result.success) records.push(result.data)
    else rejected.push({ symbol: claimedSymbol(raw), reason: describeIssues(result.error) })
  }
  return { records, rejected }
}

/** A whole response that is not even of the right outer shape. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError'
}

function asArray(body: unknown, what: string): unknown[] {
  if (!Array.isArray(body)) throw new ResponseShapeError(`${what}: expected a JSON array`)
  return body
}

/** Endpoint 1: one market record. A single bad record is the whole answer, so it is an error. */
export function parseMarketResponse(body: unknown): ParsedRecords<WireMarketRecord> {
  return parseEach(wireMarketRecord, [body], fastMarketRecord)
}

/** Endpoint 2. */
export function parseAllMarketResponse(body: unknown): ParsedRecords<WireMarketRecord> {
  return parseEach(wireMarketRecord, asArray(body, 'all-assets market response'), fastMarketRecord)
}

/** Endpoint 3. */
export function parsePriceResponse(body: unknown): ParsedRecords<WirePriceRecord> {
  return parseEach(wirePriceRecord, [body], fastPriceRecord)
}

/** Endpoint 4. */
export function parseAllPricesResponse(body: unknown): ParsedRecords<WirePriceRecord> {
  return parseEach(wirePriceRecord, asArray(body, 'all-assets prices response'), fastPriceRecord)
}

export interface LimitsWithTime extends WireSymbolLimits {
  timestamp: number
}

/**
 * Endpoint 5: documented as `[{limits, timestamp}]`, shown elsewhere as one `{limits, timestamp}`;
 * both are accepted. Each per-symbol entry is validated on its own.
 */
export function parseLimitsResponse(body: unknown): ParsedRecords<LimitsWithTime> {
  const envelopes = Array.isArray(body) ? body : [body]
  const out: ParsedRecords<LimitsWithTime> = { records: [], rejected: [] }
  for (const rawEnvelope of envelopes) {
    const envelope = wireLimitsEnvelope.safeParse(rawEnvelope)
    if (!envelope.success) {
      out.rejected.push({ symbol: null, reason: `limits envelope: ${describeIssues(envelope.error)}` })
      continue
    }
    const parsed = parseEach(wireSymbolLimits, envelope.data.limits)
    for (const record of parsed.records) out.records.push({ ...record, timestamp: envelope.data.timestamp })
    out.rejected.push(...parsed.rejected)
  }
  return out
}

/** The documented error body `{code, message, documentation}`, read only when it parses. */
export const wireErrorBody = z.object({
  code: z.string().max(200),
  message: z.string().max(2000).optional(),
  documentation: z.string().max(2000).optional(),
})
export type WireErrorBody = z.output<typeof wireErrorBody>
