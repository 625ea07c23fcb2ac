import type { z } from 'zod'
import { fastMarketRecord, fastPriceRecord } from './wire-fast-path'
import {
  type WireMarketRecord,
  type WirePriceRecord,
  type WireSymbolLimits,
  wireLimitsEnvelope,
  wireMarketRecord,
  wirePriceRecord,
  wireSymbolLimits,
} from './wire'

/**
 * Reading an endpoint's answer record by record: the schemas of wire.ts have the last word, the
 * hand-written checks of wire-fast-path.ts go first where they are sure. Apart from wire.ts so
 * that the schemas are a leaf that the fast path can name without a cycle.
 */

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
