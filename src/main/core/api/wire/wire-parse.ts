import type { z } from 'zod'
import type { ListedAsset } from '../../../../shared/domain'
import { listedAssetsOf } from '../listed-assets'
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

/** The symbol a raw record names (`symbol`, else `primaryMarket.symbol`), unchecked. */
function namedSymbol(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null
  const record = raw as Record<string, unknown>
  const direct = record.symbol
  const primary = record.primaryMarket as Record<string, unknown> | null | undefined
  const candidate =
    typeof direct === 'string' ? direct : primary && typeof primary === 'object' ? primary.symbol : null
  return typeof candidate === 'string' ? candidate : null
}

/** The symbol a raw record claims to be, for error reports only (never trusted further). */
function claimedSymbol(raw: unknown): string | null {
  return namedSymbol(raw)?.slice(0, 64) ?? null
}

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid record'
  const path = issue.path.length > 0 ? issue.path.join('.') : 'record'
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : ''
  return `${path}: ${issue.message}${more}`
}

/**
 * The symbols an all-assets answer is read for. The app watches a few of the hundreds listed (and
 * of the ten thousand the bench lists): every element of such an answer read whole, its 24 h
 * history point by point, was a third of the streaming core's CPU a minute (BENCHMARKS.md). An
 * element that names another symbol is passed over unread; one whose symbol cannot be told is
 * read, so that an answer of nothing readable is still said to be one.
 */
export type OnlySymbols = ReadonlySet<string> | undefined

/**
 * Parses each element on its own: the good ones are kept, the bad ones reported. `fast`, where
 * given, is a hand-written check that agrees with the schema (wire-fast-path.ts); whatever it is
 * not sure of goes to the schema, which has the last word.
 */
export function parseEach<T>(
  schema: z.ZodType<T>,
  raws: readonly unknown[],
  fast?: (raw: unknown) => T | undefined,
  only?: OnlySymbols,
): ParsedRecords<T> {
  const records: T[] = []
  const rejected: RejectedRecord[] = []
  for (const raw of raws) {
    if (only !== undefined) {
      const named = namedSymbol(raw)
      if (named !== null && !only.has(named)) continue
    }
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

const ALL_MARKET = 'all-assets market response'

/** Endpoint 2: the records of the symbols asked for, and every element's listing. */
export function parseAllMarketResponse(
  body: unknown,
  only?: OnlySymbols,
): ParsedRecords<WireMarketRecord> & { listed: ListedAsset[] } {
  const raws = asArray(body, ALL_MARKET)
  return { ...parseEach(wireMarketRecord, raws, fastMarketRecord, only), listed: listedAssetsOf(raws) }
}

/** Endpoint 2 for the records of the symbols asked for alone (no listing). */
export function parseAllMarketRecords(body: unknown, only: OnlySymbols): ParsedRecords<WireMarketRecord> {
  return parseEach(wireMarketRecord, asArray(body, ALL_MARKET), fastMarketRecord, only)
}

/** Endpoint 3. */
export function parsePriceResponse(body: unknown): ParsedRecords<WirePriceRecord> {
  return parseEach(wirePriceRecord, [body], fastPriceRecord)
}

/** Endpoint 4. */
export function parseAllPricesResponse(body: unknown, only?: OnlySymbols): ParsedRecords<WirePriceRecord> {
  return parseEach(wirePriceRecord, asArray(body, 'all-assets prices response'), fastPriceRecord, only)
}

export interface LimitsWithTime extends WireSymbolLimits {
  timestamp: number
}

/**
 * Endpoint 5: documented as `[{limits, timestamp}]`, shown elsewhere as one `{limits, timestamp}`;
 * both are accepted. Each per-symbol entry is validated on its own.
 */
export function parseLimitsResponse(body: unknown, only?: OnlySymbols): ParsedRecords<LimitsWithTime> {
  const envelopes = Array.isArray(body) ? body : [body]
  const out: ParsedRecords<LimitsWithTime> = { records: [], rejected: [] }
  for (const rawEnvelope of envelopes) {
    const envelope = wireLimitsEnvelope.safeParse(rawEnvelope)
    if (!envelope.success) {
      out.rejected.push({ symbol: null, reason: `limits envelope: ${describeIssues(envelope.error)}` })
      continue
    }
    const parsed = parseEach(wireSymbolLimits, envelope.data.limits, undefined, only)
    for (const record of parsed.records) out.records.push({ ...record, timestamp: envelope.data.timestamp })
    out.rejected.push(...parsed.rejected)
  }
  return out
}
