import { ApiClient } from '../../src/main/core/api/api-client'
import {
  type EndpointMode,
  chooseEndpointMode,
  fetchLimits,
  fetchMarket,
  fetchPrices,
} from '../../src/main/core/api/endpoint-fetchers'
import { startSimServer } from '../../src/main/sim/server/server'
import type { EndpointName } from '../../src/shared/status'
import { CADENCE_BOUNDS_MS } from '../../src/shared/settings'
import { type Metric, metric, round } from '../report'
import { BENCH_INSTANT } from './bench-instant'

/**
 * Metric 6: what a minute of polling at the default cadences costs on the wire for a 20-symbol
 * watchlist out of 400 listed assets, fetched per symbol and all-assets, and whether the mode the
 * scheduler picks (chooseEndpointMode) is the cheaper one. Body bytes are measured on the
 * simulator's real answers; headers are an estimate (below), as they depend on the real service.
 */

const WATCHLIST_SIZE = 20
const LISTED_ASSETS = 400
const API_KEY = 'bench-bytes-key-0123456789'
/**
 * Estimated HTTP overhead per request, both ways: the request line and headers (host, x-api-key,
 * accept, user-agent) are about 200 bytes; a CDN-fronted JSON answer's status line and headers
 * (content-type, length, date, cache and tracing headers) about 400. TLS framing is not counted.
 */
export const HEADER_BYTES_PER_REQUEST = 600

const POLLS_PER_MINUTE: Record<EndpointName, number> = {
  prices: 60_000 / CADENCE_BOUNDS_MS.prices.default,
  market: 60_000 / CADENCE_BOUNDS_MS.market.default,
  limits: 60_000 / CADENCE_BOUNDS_MS.limits.default,
}

interface MinuteCost {
  /** The bodies as measured, plus the header estimate per request. */
  bytes: number
  bodyBytes: number
  requests: number
}

async function minuteCost(
  client: ApiClient,
  symbols: readonly string[],
  mode: EndpointMode,
): Promise<MinuteCost> {
  const fetched = {
    prices: await fetchPrices(client, symbols, mode),
    market: await fetchMarket(client, symbols, mode),
    limits: await fetchLimits(client, symbols, mode),
  }
  const requestsPerPoll = mode === 'all' ? 1 : symbols.length
  let bodyBytes = 0
  let requests = 0
  for (const endpoint of ['prices', 'market', 'limits'] as const) {
    if (fetched[endpoint].errors.length > 0) throw new Error(`the simulator refused a ${endpoint} request`)
    bodyBytes += POLLS_PER_MINUTE[endpoint] * fetched[endpoint].bytes
    requests += POLLS_PER_MINUTE[endpoint] * requestsPerPoll
  }
  return { bytes: bodyBytes + requests * HEADER_BYTES_PER_REQUEST, bodyBytes, requests }
}

export async function bytesPerMinuteMetrics(log: (line: string) => void): Promise<Metric[]> {
  const sim = await startSimServer({
    apiKey: API_KEY,
    port: 0,
    assets: LISTED_ASSETS,
    seed: 1,
    clock: () => BENCH_INSTANT,
  })
  const client = new ApiClient({ baseUrl: sim.url, apiKey: API_KEY })
  try {
    const symbols = sim.market.symbols().slice(0, WATCHLIST_SIZE)
    const cost: Record<EndpointMode, MinuteCost> = {
      'per-symbol': await minuteCost(client, symbols, 'per-symbol'),
      all: await minuteCost(client, symbols, 'all'),
    }
    const chosen = chooseEndpointMode(symbols.length, LISTED_ASSETS)
    const cheapest = Math.min(cost['per-symbol'].bytes, cost.all.bytes)
    const describe = (mode: EndpointMode) =>
      `${mode} ${round(cost[mode].bytes / 1e3)} kB (bodies ${round(cost[mode].bodyBytes / 1e3)} kB) ` +
      `in ${cost[mode].requests} requests`
    log(
      `a minute for ${WATCHLIST_SIZE} of ${LISTED_ASSETS} assets: ${describe('per-symbol')}, ` +
        `${describe('all')}; the scheduler picks ${chosen}`,
    )
    return [
      metric(
        'transfer.perSymbol.kBPerMinute',
        WATCHLIST_SIZE,
        round(cost['per-symbol'].bytes / 1e3),
        'kB/min',
        null,
      ),
      metric(
        'transfer.perSymbol.requestsPerMinute',
        WATCHLIST_SIZE,
        cost['per-symbol'].requests,
        'requests/min',
        null,
      ),
      metric('transfer.allAssets.kBPerMinute', LISTED_ASSETS, round(cost.all.bytes / 1e3), 'kB/min', null),
      metric('transfer.allAssets.requestsPerMinute', LISTED_ASSETS, cost.all.requests, 'requests/min', null),
      metric(
        'transfer.chosenMode.costRatio',
        WATCHLIST_SIZE,
        round(cost[chosen].bytes / cheapest),
        `x the cheaper mode (chose ${chosen})`,
        1,
      ),
    ]
  } finally {
    await client.close()
    await sim.close()
  }
}
