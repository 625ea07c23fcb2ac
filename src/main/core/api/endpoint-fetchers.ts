import type { ListedAsset, SnapshotError } from '../../../shared/domain'
import type { WireMarketRecord, WirePriceRecord } from './wire/wire'
import type { LimitsWithTime, RejectedRecord } from './wire/wire-parse'
import type { ApiClient, FetchResult } from './api-client'
import { ApiError } from './api-errors'

/**
 * One fetch of one endpoint for a watchlist, per symbol or all-assets, as the scheduler and the
 * one-shot CLI snapshot both need it.
 */

export type EndpointMode = 'per-symbol' | 'all'

/**
 * Per-symbol requests cost one round trip each; above this many symbols per cycle the single
 * all-assets request is kinder to the service, whatever the bytes.
 */
export const PER_SYMBOL_MAX_REQUESTS = 25

/**
 * Per-symbol or all-assets. Measured on the simulator (BENCHMARKS.md): one latest-price record is
 * about 250 bytes and one market record with 96 history points about 5.5 KB, so an all-assets
 * answer costs as much as "listed" per-symbol answers. Per-symbol wins while the watchlist is under
 * half the listing and within PER_SYMBOL_MAX_REQUESTS; otherwise one all-assets request does.
 */
export function chooseEndpointMode(watchlistSize: number, listedAssets: number | null): EndpointMode {
  if (watchlistSize > PER_SYMBOL_MAX_REQUESTS) return 'all'
  if (listedAssets !== null && watchlistSize * 2 > listedAssets) return 'all'
  return 'per-symbol'
}

export interface EndpointFetch<T> {
  records: T[]
  errors: SnapshotError[]
  bytes: number
  /**
   * When the first of the records arrived (by the caller's clock), null without records. A
   * per-symbol poll ends with its slowest symbol; its data is as old as its earliest answer.
   */
  receivedAt: number | null
  /**
   * Set when the service asked us to wait (a 429, or any answer with Retry-After) while other
   * symbols of the same poll succeeded: the records are good, but the caller must still back off.
   */
  askedToWait?: ApiError
}

/** Errors that say nothing about one symbol but about the service or the key. */
const ENDPOINT_WIDE_KINDS = new Set([
  'key-missing',
  'key-rejected',
  'rate-limited',
  'server',
  'network',
  'timeout',
])

export const PER_SYMBOL_CONCURRENCY = 6

function rejectedToErrors(rejected: readonly RejectedRecord[]): SnapshotError[] {
  return rejected.map((r) => ({ scope: r.symbol ?? 'unknown', code: 'INVALID_RECORD', message: r.reason }))
}

function errorOf(scope: string, error: unknown): SnapshotError {
  // A symbol's answer that could not be read is reported as its all-assets record would be.
  if (error instanceof ApiError && error.kind === 'invalid-response')
    return { scope, code: 'INVALID_RECORD', message: error.message }
  if (error instanceof ApiError) return { scope, code: error.code ?? error.kind, message: error.message }
  return { scope, code: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/**
 * A 404 without the service's ASSET_NOT_FOUND: the path is not the API's (a wrong base URL, such
 * as one ending in /v1), not an unknown symbol.
 */
function isBareNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'not-found' && error.code !== 'ASSET_NOT_FOUND'
}

/** Every symbol met a bare 404: the endpoint failed, and the user can fix it in the settings. */
function noServiceHere(): ApiError {
  return new ApiError({
    kind: 'not-found',
    status: 404,
    message:
      'Nothing at this address answers like the market-data API (404 for every symbol). ' +
      'Check the base URL: it is the API root, without /v1.',
  })
}

/** A 429, or any answer that said when to come back: no further request until then. */
function asksToWait(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'rate-limited' || error.retryAfterMs !== null)
}

/**
 * Runs `fetchOne` for each symbol, at most PER_SYMBOL_CONCURRENCY at once. A symbol's own failure
 * (not found, a bad record) becomes an error entry; when every symbol failed for an endpoint-wide
 * reason (key, network, server, or a 404 that is not the service's), that is thrown so the
 * scheduler backs off and the status says what is wrong.
 *
 * Once the service asks us to wait, no further symbol is requested (those already in flight
 * finish); the ones left out are reported with that answer. Without any success the request to
 * wait is thrown; with some, it is returned as `askedToWait` beside the good records.
 */
async function perSymbol<T>(
  symbols: readonly string[],
  fetchOne: (symbol: string) => Promise<FetchResult<T>>,
  now: () => number,
): Promise<EndpointFetch<T>> {
  const out: EndpointFetch<T> = { records: [], errors: [], bytes: 0, receivedAt: null }
  let endpointWide: unknown = null
  let askedToWait: ApiError | null = null
  let anySucceeded = false
  let everyAnswerWasNotFound = true
  let next = 0
  const worker = async () => {
    while (next < symbols.length && askedToWait === null) {
      const symbol = symbols[next++] as string
      try {
        const result = await fetchOne(symbol)
        out.receivedAt ??= now()
        out.records.push(...result.records)
        out.errors.push(...rejectedToErrors(result.rejected))
        out.bytes += result.bytes
        anySucceeded = true
      } catch (error) {
        if (asksToWait(error)) askedToWait ??= error
        if (error instanceof ApiError && ENDPOINT_WIDE_KINDS.has(error.kind)) endpointWide ??= error
        if (!isBareNotFound(error)) everyAnswerWasNotFound = false
        out.errors.push(errorOf(symbol, error))
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PER_SYMBOL_CONCURRENCY, symbols.length) }, worker))
  if (askedToWait) for (const symbol of symbols.slice(next)) out.errors.push(errorOf(symbol, askedToWait))
  if (!anySucceeded && (askedToWait ?? endpointWide)) throw askedToWait ?? endpointWide
  if (!anySucceeded && everyAnswerWasNotFound && symbols.length > 0) throw noServiceHere()
  if (askedToWait) out.askedToWait = askedToWait
  return out
}

/** An all-assets answer, with an error for each watchlist symbol the service did not list. */
function fromAll<T>(
  result: FetchResult<T>,
  symbols: readonly string[],
  symbolOf: (record: T) => string,
  receivedAt: number,
): EndpointFetch<T> {
  // A symbol whose record could not be read is listed all the same: it is said once, as unreadable.
  const listed = new Set([...result.records.map(symbolOf), ...result.rejected.map((record) => record.symbol)])
  const missing: SnapshotError[] = symbols
    .filter((symbol) => !listed.has(symbol))
    .map((symbol) => ({
      scope: symbol,
      code: 'ASSET_NOT_FOUND',
      message: `${symbol} is not listed by the service`,
    }))
  return {
    records: result.records,
    errors: [...rejectedToErrors(result.rejected), ...missing],
    bytes: result.bytes,
    receivedAt,
  }
}

/**
 * Two records for one symbol in one fetch: identical copies count as one; differing ones cannot
 * both be right, so neither is used and the symbol is reported (its last good value stays shown).
 */
function withoutConflictingDuplicates<T>(
  fetched: EndpointFetch<T>,
  symbolOf: (record: T) => string,
): EndpointFetch<T> {
  const bySymbol = new Map<string, T[]>()
  for (const record of fetched.records) {
    const copies = bySymbol.get(symbolOf(record))
    if (copies) copies.push(record)
    else bySymbol.set(symbolOf(record), [record])
  }
  if (bySymbol.size === fetched.records.length) return fetched
  const records: T[] = []
  const errors = [...fetched.errors]
  for (const [symbol, copies] of bySymbol) {
    const first = JSON.stringify(copies[0])
    if (copies.every((copy) => JSON.stringify(copy) === first)) records.push(copies[0] as T)
    else
      errors.push({
        scope: symbol,
        code: 'DUPLICATE_RECORDS',
        message:
          `The service sent ${copies.length} different records for ${symbol}` +
          ` in one answer; none is used`,
      })
  }
  return { ...fetched, records, errors }
}

/**
 * An answer that had records of which not one could be read: the endpoint failed, whatever its
 * HTTP status said, so the status is not "online" and the last data's time does not move. The
 * validator's words stay in the message, for the details; the banner says it in plain words.
 */
export function unreadableAnswer(fetched: EndpointFetch<unknown>): ApiError | null {
  const rejected = fetched.errors.find((error) => error.code === 'INVALID_RECORD')
  if (fetched.records.length > 0 || rejected === undefined) return null
  return new ApiError({
    kind: 'invalid-response',
    message: `No record in the service's answer could be read (${rejected.message})`,
  })
}

const primarySymbol = (record: { primaryMarket: { symbol: string } }) => record.primaryMarket.symbol

export async function fetchPrices(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<EndpointFetch<WirePriceRecord>> {
  const fetched =
    mode === 'all'
      ? fromAll(await client.allPrices(undefined, signal, new Set(symbols)), symbols, primarySymbol, now())
      : await perSymbol(symbols, (symbol) => client.price(symbol, signal), now)
  return withoutConflictingDuplicates(fetched, primarySymbol)
}

/**
 * `listed`: every asset an all-assets answer lists (for the search), read only where `listing` asks
 * for it; null from per-symbol answers and where it was not asked for.
 */
export async function fetchMarket(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
  now: () => number = Date.now,
  listing = true,
): Promise<EndpointFetch<WireMarketRecord> & { listed: ListedAsset[] | null }> {
  if (mode === 'per-symbol') {
    const fetched = await perSymbol(symbols, (symbol) => client.market(symbol, signal), now)
    return { ...withoutConflictingDuplicates(fetched, primarySymbol), listed: null }
  }
  const only = new Set(symbols)
  const answer = listing
    ? await client.allMarket(signal, only)
    : { ...(await client.allMarketRecords(only, signal)), listed: null }
  const fetched = fromAll(answer, symbols, primarySymbol, now())
  return { ...withoutConflictingDuplicates(fetched, primarySymbol), listed: answer.listed }
}

export async function fetchLimits(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<EndpointFetch<LimitsWithTime>> {
  const fetched =
    mode === 'all'
      ? fromAll(await client.limits(undefined, signal, new Set(symbols)), symbols, (r) => r.symbol, now())
      : await perSymbol(symbols, (symbol) => client.limits(symbol, signal), now)
  return withoutConflictingDuplicates(fetched, (r) => r.symbol)
}
