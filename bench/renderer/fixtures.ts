import { polledSymbols } from '../../src/main/core/app/polled-symbols'
import { SnapshotState } from '../../src/main/core/feed/snapshot-state'
import { SimMarket } from '../../src/main/sim/market/market'
import type { Snapshot } from '../../src/shared/domain'
import { calendarOnlyState } from '../../src/main/core/service-status/market-cross-check'
import type { AppStatus, KeyStatus } from '../../src/shared/status'
import { DEFAULT_SETTINGS, MAX_WATCHLIST, type Settings } from '../../src/shared/settings'
import {
  parseAllMarketResponse,
  parseAllPricesResponse,
  parseLimitsResponse,
} from '../../src/main/core/api/wire/wire-parse'

/**
 * What the page is given instead of a running core: a full snapshot of the simulated market as
 * the core would hold it (all three endpoints folded in), and the status, settings and key status
 * the renderer asks for at start.
 */

const SOURCE = { baseUrl: 'http://127.0.0.1:0', demo: true }

/** Every listed asset of a simulated market at `at`, as the store's snapshot. */
export function simSnapshot(assets: number, at: number): Snapshot {
  const market = new SimMarket({ assets, seed: 1, clock: () => at })
  const store = new SnapshotState(SOURCE, market.symbols())
  store.applyMarket(parseAllMarketResponse(market.allMarket()).records, at)
  store.applyPrices(parseAllPricesResponse(market.allPrices()).records, at)
  store.applyLimits(parseLimitsResponse(market.limits()).records)
  store.commit(at)
  return store.snapshot()
}

export function onlineStatus(at: number): AppStatus {
  const endpoint = (cadenceMs: number) => ({
    cadenceMs,
    lastSuccessAt: at,
    lastError: null,
    nextPollAt: at + cadenceMs,
    inFlight: false,
  })
  return {
    mode: 'demo',
    baseUrl: SOURCE.baseUrl,
    connection: 'online',
    paused: false,
    pinned: false,
    endpoints: { prices: endpoint(5_000), market: endpoint(60_000), limits: endpoint(60_000) },
    lastError: null,
    storageProblem: null,
    keychainProblem: null,
    unreadAlerts: 0,
    service: calendarOnlyState(at),
  }
}

/**
 * The default settings with the watchlist as full as a list can be: the snapshot's first
 * MAX_WATCHLIST symbols (500 of the cold load's 1,000 assets). So the cold load's first frame has
 * as many rows as the window holds, and the list's order and lookups cost what they cost a trader
 * with a full list, not the default list's 8 symbols.
 */
export function benchSettings(snapshot: Snapshot): Settings {
  const symbols = snapshot.assets.slice(0, MAX_WATCHLIST).map((asset) => asset.symbol)
  return { ...DEFAULT_SETTINGS, lists: DEFAULT_SETTINGS.lists.map((list) => ({ ...list, symbols })) }
}

export const NO_KEY: KeyStatus = {
  stored: false,
  last4: null,
  storage: null,
  keychainAvailable: true,
  keychainProblem: null,
}

/**
 * The snapshot the core holds for `settings`: only the symbols it polls (the list on show; the
 * benchmark has no alerts), not every asset the market lists.
 */
export function polledSnapshot(market: Snapshot, settings: Settings): Snapshot {
  const polled = new Set(polledSymbols(settings, []))
  return { ...market, assets: market.assets.filter((asset) => polled.has(asset.symbol)) }
}
