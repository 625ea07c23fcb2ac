import type { SnapshotError } from '../../shared/domain'
import type { LimitsWithTime, RejectedRecord, WireMarketRecord, WirePriceRecord } from '../../shared/wire'
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
  if (error instanceof ApiError) return { scope, code: error.code ?? error.kind, message: error.message }
  return { scope, code: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/**
 * Runs `fetchOne` for each symbol, at most PER_SYMBOL_CONCURRENCY at once. A symbol's own failure
 * (not found, a bad record) becomes an error entry; when every symbol failed for an endpoint-wide
 * reason (key, network, server), that error is thrown so the scheduler backs off.
 */
async function perSymbol<T>(
  symbols: readonly string[],
  fetchOne: (symbol: string) => Promise<FetchResult<T>>,
): Promise<EndpointFetch<T>> {
  const out: EndpointFetch<T> = { records: [], errors: [], bytes: 0 }
  let endpointWide: unknown = null
  let succeeded = 0
  let next = 0
  const worker = async () => {
    while (next < symbols.length) {
      const symbol = symbols[next++] as string
      try {
        const result = await fetchOne(symbol)
        out.records.push(...result.records)
        out.errors.push(...rejectedToErrors(result.rejected))
        out.bytes += result.bytes
        succeeded += 1
      } catch (error) {
        if (error instanceof ApiError && ENDPOINT_WIDE_KINDS.has(error.kind)) endpointWide ??= error
        out.errors.push(errorOf(symbol, error))
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PER_SYMBOL_CONCURRENCY, symbols.length) }, worker))
  if (succeeded === 0 && endpointWide) throw endpointWide
  return out
}

/** An all-assets answer, with an error for each watchlist symbol the service did not list. */
function fromAll<T>(
  result: FetchResult<T>,
  symbols: readonly string[],
  symbolOf: (record: T) => string,
): EndpointFetch<T> {
  const listed = new Set(result.records.map(symbolOf))
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
  }
}

export async function fetchPrices(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
): Promise<EndpointFetch<WirePriceRecord>> {
  if (mode === 'all')
    return fromAll(await client.allPrices(undefined, signal), symbols, (r) => r.primaryMarket.symbol)
  return perSymbol(symbols, (symbol) => client.price(symbol, signal))
}

export async function fetchMarket(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
): Promise<EndpointFetch<WireMarketRecord>> {
  if (mode === 'all') return fromAll(await client.allMarket(signal), symbols, (r) => r.primaryMarket.symbol)
  return perSymbol(symbols, (symbol) => client.market(symbol, signal))
}

export async function fetchLimits(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
  signal?: AbortSignal,
): Promise<EndpointFetch<LimitsWithTime>> {
  if (mode === 'all') return fromAll(await client.limits(undefined, signal), symbols, (r) => r.symbol)
  return perSymbol(symbols, (symbol) => client.limits(symbol, signal))
}
