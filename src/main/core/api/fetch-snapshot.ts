import {
  type AssetQuote,
  type Snapshot,
  type SnapshotError,
  type SnapshotSource,
  emptyAsset,
} from '../../../shared/domain'
import { applyLimitsRecord, applyMarketRecord, applyPriceRecord } from './wire/normalize'
import { checkSymbol } from '../../../shared/symbols'
import type { ApiClient } from './api-client'
import { ApiError, type ApiErrorKind } from './api-errors'
import {
  type EndpointFetch,
  chooseEndpointMode,
  fetchLimits,
  fetchMarket,
  fetchPrices,
} from './endpoint-fetchers'

/**
 * One poll of prices, market data and limits for a list of symbols, folded into a Snapshot in
 * watchlist order: the CLI's `snapshot`. (The app's scheduler polls each endpoint on its own
 * cadence through the same endpoint-fetchers.ts.) Whether to ask per symbol or for all assets is
 * chooseEndpointMode's rule in endpoint-fetchers.ts; the listing size is unknown in one shot.
 *
 * A symbol appears in `assets` only when prices or market data came back for it. One the service
 * does not list is left out and reported (ASSET_NOT_FOUND, scope = the symbol); one whose requests
 * failed outright is left out and the endpoint's error (scope = the endpoint) explains why.
 */

const ENDPOINTS = ['prices', 'market', 'limits'] as const
type Endpoint = (typeof ENDPOINTS)[number]

export interface SnapshotReport {
  snapshot: Snapshot
  /** The kinds of the endpoints that failed outright (key, network, server...), for exit codes. */
  endpointFailures: ApiErrorKind[]
}

export async function fetchSnapshot(
  client: ApiClient,
  symbols: string[],
  source: SnapshotSource,
  now: () => number,
): Promise<Snapshot> {
  return (await fetchSnapshotReport(client, symbols, source, now)).snapshot
}

export async function fetchSnapshotReport(
  client: ApiClient,
  symbols: string[],
  source: SnapshotSource,
  now: () => number,
): Promise<SnapshotReport> {
  const errors: SnapshotError[] = []
  const watched: string[] = []
  for (const symbol of new Set(symbols)) {
    const checked = checkSymbol(symbol)
    if (checked.ok) watched.push(checked.symbol)
    else
      errors.push({
        scope: symbol,
        code: 'invalid-request',
        message: `Not a token symbol: ${checked.reason}.`,
      })
  }
  const mode = chooseEndpointMode(watched.length, null)
  const [prices, market, limits] = await Promise.allSettled([
    fetchPrices(client, watched, mode),
    fetchMarket(client, watched, mode),
    fetchLimits(client, watched, mode),
  ])
  const endpointFailures: ApiErrorKind[] = []
  const recordsOf = <T>(endpoint: Endpoint, outcome: PromiseSettledResult<EndpointFetch<T>>): T[] => {
    if (outcome.status === 'fulfilled') {
      errors.push(...outcome.value.errors)
      return outcome.value.records
    }
    // Anything but an ApiError is a bug of ours, not a service failure: let it surface.
    if (!(outcome.reason instanceof ApiError)) throw outcome.reason
    endpointFailures.push(outcome.reason.kind)
    errors.push({
      scope: endpoint,
      code: outcome.reason.code ?? outcome.reason.kind,
      message: outcome.reason.message,
    })
    return []
  }
  const pricesBySymbol = groupBySymbol(recordsOf('prices', prices), (record) => record.primaryMarket.symbol)
  const marketBySymbol = groupBySymbol(recordsOf('market', market), (record) => record.primaryMarket.symbol)
  const limitsBySymbol = groupBySymbol(recordsOf('limits', limits), (record) => record.symbol)

  const assets: AssetQuote[] = []
  for (const symbol of watched) {
    const marketRecords = marketBySymbol.get(symbol) ?? []
    const priceRecords = pricesBySymbol.get(symbol) ?? []
    if (marketRecords.length === 0 && priceRecords.length === 0) continue
    let asset = emptyAsset(symbol)
    for (const record of marketRecords) asset = applyMarketRecord(asset, record)
    for (const record of priceRecords) asset = applyPriceRecord(asset, record)
    for (const record of limitsBySymbol.get(symbol) ?? []) asset = applyLimitsRecord(asset, record)
    assets.push(asset)
  }
  return { snapshot: { asOf: now(), source, assets, errors: tidyErrors(errors, watched) }, endpointFailures }
}

function groupBySymbol<T>(records: readonly T[], symbolOf: (record: T) => string): Map<string, T[]> {
  const bySymbol = new Map<string, T[]>()
  for (const record of records) {
    const symbol = symbolOf(record)
    const list = bySymbol.get(symbol)
    if (list) list.push(record)
    else bySymbol.set(symbol, [record])
  }
  return bySymbol
}

/**
 * One entry per scope and code (25 symbols missing from three endpoints are 25 lines, not 75), in
 * a fixed order whatever order the concurrent requests finished in: endpoints, then the watchlist,
 * then anything else (records of assets nobody asked for).
 */
function tidyErrors(errors: readonly SnapshotError[], watched: readonly string[]): SnapshotError[] {
  const order = new Map<string, number>([
    ...ENDPOINTS.map((endpoint, index): [string, number] => [endpoint, index - ENDPOINTS.length]),
    ...watched.map((symbol, index): [string, number] => [symbol, index]),
  ])
  const rank = (scope: string) => order.get(scope) ?? watched.length
  const seen = new Set<string>()
  const unique = errors.filter((error) => {
    const key = `${error.scope}\u0000${error.code}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return unique.sort((a, b) => rank(a.scope) - rank(b.scope))
}
