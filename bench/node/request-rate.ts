import { ApiClient } from '../../src/main/core/api/api-client'
import { ServiceStatusLink } from '../../src/main/core/service-status/service-status-link'
import { CAPACITY_REFRESH_MS } from '../../src/main/core/service-status/capacity-watch'
import { cadenceOf, MarketFeed } from '../../src/main/core/feed/market-feed'
import { startSimServer } from '../../src/main/sim/server/server'
import type { SimEndpoint } from '../../src/main/sim/server/routes'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { WarpClock } from '../../test/chaos/warp-clock'
import { type Metric, metric, round } from '../report'

/**
 * Requests per minute by endpoint at the default cadences, with 20 symbols watched out of 400 and
 * the detail panel open on one of them: the price feed and the service's status, capacity and
 * dividends beside it, as AppCore runs them (ServiceStatusLink), against the simulator on
 * 127.0.0.1 on virtual time that stands still while a request is in flight (WarpClock). The
 * issue's budgets: at most 2 status requests a minute and 1 capacity pair (buy and sell) a minute
 * while the detail is open; the price polls never slowed by them.
 */

const WATCHLIST_SIZE = 20
const LISTED_ASSETS = 400
const API_KEY = 'bench-requests-key-0123456789'
/** Tuesday 2026-11-17 10:30 ET: the regular session, every endpoint answering. */
const START = Date.UTC(2026, 10, 17, 15, 30)
/** The first minute is left out: every endpoint asks once at the start, then keeps its cadence. */
const WARMUP_MS = 60_000
/** Minutes counted, a half-open window after the warm-up. */
const MINUTES = 10
/** The methods that make a request: virtual time waits for each while it is in flight. */
const REQUESTS = new Set([
  'market',
  'allMarket',
  'price',
  'allPrices',
  'limits',
  'marketStatus',
  'assetPauses',
  'tradingCapacity',
  'dividends',
])

/** A client whose requests stop virtual time while in flight. */
function warped(client: ApiClient, clock: WarpClock): ApiClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || !REQUESTS.has(String(property))) return value
      return (...args: unknown[]) =>
        clock.during(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
    },
  })
}

export async function requestRateMetrics(log: (line: string) => void): Promise<Metric[]> {
  const clock = new WarpClock(START)
  const sim = await startSimServer({
    apiKey: API_KEY,
    port: 0,
    assets: LISTED_ASSETS,
    seed: 1,
    clock: () => clock.now(),
  })
  const connection = { baseUrl: sim.url, apiKey: API_KEY, demo: false }
  const client = warped(new ApiClient({ ...connection, now: () => clock.now() }), clock)
  const symbols = sim.market.symbols().slice(0, WATCHLIST_SIZE)
  const prices = new MarketFeed(connection, symbols, {
    cadenceMs: cadenceOf(() => DEFAULT_SETTINGS.cadences),
    onDelta: () => {},
    onStatusChange: () => {},
    clock,
  })
  const service = new ServiceStatusLink({
    onStateChange: () => {},
    onStatus: () => {},
    onCapacity: () => {},
    log: () => {},
    clock,
    clientFor: (link) => warped(new ApiClient({ ...link, now: () => clock.now() }), clock),
  })
  try {
    prices.setClient(client, connection)
    service.connect(connection)
    service.setWatched(symbols)
    prices.start()
    service.start()
    service.openDetail(symbols[0] as string)
    await clock.sleep(WARMUP_MS)
    const before = { ...sim.stats().byEndpoint }
    await clock.sleep(MINUTES * 60_000 - 1)
    const after = sim.stats().byEndpoint
    const perMinute = (endpoint: SimEndpoint) => (after[endpoint] - before[endpoint]) / MINUTES
    const status = perMinute('marketStatus') + perMinute('assetPauses')
    const capacityPairs = perMinute('tradingCapacity') / 2
    const pricePollsExpected = (60_000 / DEFAULT_SETTINGS.cadences.pricesMs) * WATCHLIST_SIZE
    log(
      `per minute with ${WATCHLIST_SIZE} of ${LISTED_ASSETS} watched and the detail open: ` +
        (Object.keys(after) as SimEndpoint[])
          .filter((endpoint) => endpoint !== ('unrouted' as SimEndpoint) && perMinute(endpoint) > 0)
          .map((endpoint) => `${endpoint} ${round(perMinute(endpoint))}`)
          .join(', '),
    )
    return [
      metric(
        'requests.prices.perMinute',
        WATCHLIST_SIZE,
        round(perMinute('price')),
        `requests/min (cadence gives ${pricePollsExpected})`,
        null,
      ),
      metric('requests.market.perMinute', WATCHLIST_SIZE, round(perMinute('market')), 'requests/min', null),
      metric('requests.limits.perMinute', WATCHLIST_SIZE, round(perMinute('limits')), 'requests/min', null),
      metric('requests.status.perMinute', null, round(status), 'requests/min (market + assets)', 2),
      metric(
        'requests.capacity.pairsPerMinute',
        1,
        round(capacityPairs),
        `pairs/min (one a ${CAPACITY_REFRESH_MS / 1000} s)`,
        1,
      ),
      metric('requests.dividends.perMinute', null, round(perMinute('dividends')), 'requests/min', null),
      // The price polls keep their cadence beside the status and capacity polls.
      metric(
        'requests.prices.shortfall',
        WATCHLIST_SIZE,
        round(pricePollsExpected - perMinute('price')),
        'requests/min fewer than the cadence',
        0,
      ),
    ]
  } finally {
    prices.stop()
    await service.stop()
    clock.stop()
    await client.close()
    await sim.close()
  }
}
