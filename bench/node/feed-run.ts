import { ApiClient } from '../../src/main/core/api-client'
import { MarketFeed } from '../../src/main/core/market-feed'
import { startSimServer } from '../../src/main/sim/server'
import type { EndpointName } from '../../src/shared/ipc-contract'
import { CADENCE_BOUNDS_MS, DEFAULT_WATCHLIST } from '../../src/shared/settings'
import { type Metric, metric, round } from '../report'
import { heapUsedAfterGc } from './gc'
import { BENCH_INSTANT } from './sim-bodies'
import { VirtualClock } from './virtual-clock'

/**
 * Metrics 4 (main process) and 5 (main process): the app's MarketFeed polls the simulator over
 * HTTP at the default cadences with the default watchlist, on a virtual clock that jumps from one
 * timer to the next, so thousands of poll cycles (one cycle: one timer firing, one endpoint
 * polled) take seconds. The simulator runs in this process on the same clock, so prices move as
 * time passes; its heap is counted with the core's, which can only overstate growth.
 */

export const CORE_HEAP_GROWTH_BUDGET_PCT = 5

const API_KEY = 'bench-feed-key-0123456789'
const ENDPOINTS: readonly EndpointName[] = ['prices', 'market', 'limits']
const DEFAULT_CADENCE_MS: Record<EndpointName, number> = {
  prices: CADENCE_BOUNDS_MS.prices.default,
  market: CADENCE_BOUNDS_MS.market.default,
  limits: CADENCE_BOUNDS_MS.limits.default,
}
/** A poll against a local simulator that has not ended in this long is a hang, not a slow answer. */
const SETTLE_TIMEOUT_MS = 30_000

export interface FeedRunOptions {
  warmupCycles: number
  cycles: number
}

/** Fires timers one by one, each time waiting (in real time) for the poll it started to end. */
async function runCycles(feed: MarketFeed, clock: VirtualClock, cycles: number): Promise<void> {
  for (let cycle = 0; cycle < cycles; cycle++) {
    if (!clock.fireNext()) throw new Error('the feed stopped setting timers')
    const deadline = Date.now() + SETTLE_TIMEOUT_MS
    while (ENDPOINTS.some((endpoint) => feed.endpointStatus(endpoint).inFlight)) {
      if (Date.now() > deadline) throw new Error('a poll of the simulator did not end')
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

export async function feedMetrics(options: FeedRunOptions, log: (line: string) => void): Promise<Metric[]> {
  const shortestCadenceMs = Math.min(...Object.values(DEFAULT_CADENCE_MS))
  const clock = new VirtualClock(BENCH_INSTANT, shortestCadenceMs)
  const sim = await startSimServer({
    apiKey: API_KEY,
    port: 0,
    assets: 400,
    seed: 1,
    clock: () => clock.now(),
  })
  const source = { baseUrl: sim.url, demo: true }
  const client = new ApiClient({ baseUrl: sim.url, apiKey: API_KEY })
  let deltas = 0
  const feed = new MarketFeed(source, DEFAULT_WATCHLIST, {
    cadenceMs: (endpoint) => DEFAULT_CADENCE_MS[endpoint],
    onDelta: () => {
      deltas += 1
    },
    onStatusChange: () => undefined,
    clock,
  })
  try {
    feed.setClient(client, source)
    feed.start()
    await runCycles(feed, clock, options.warmupCycles)
    const heapBefore = heapUsedAfterGc()
    clock.resetStats()
    deltas = 0
    await runCycles(feed, clock, options.cycles)
    const heapAfter = heapUsedAfterGc()
    const timers = clock.timerStats()
    const minutes = timers.elapsedMs / 60_000
    log(
      `feed: ${options.cycles} poll cycles over ${round(minutes / 60)} virtual hours, ${deltas} deltas; ` +
        `heap ${round(heapBefore / 1e6)} MB after warm-up, ${round(heapAfter / 1e6)} MB at the end`,
    )
    return [
      metric('core.idle.timersSoonerThanCadence', options.cycles, timers.firedSooner, 'timers', 0),
      metric(
        'core.idle.minTimerDelayMs',
        options.cycles,
        timers.minDelayMs ?? 0,
        `ms (cadence ${shortestCadenceMs})`,
        null,
      ),
      metric('core.idle.wakeupsPerMinute', options.cycles, round(timers.fired / minutes), 'timers/min', null),
      metric(
        'core.heap.growthPct',
        options.cycles,
        round((100 * (heapAfter - heapBefore)) / heapBefore),
        '% after warm-up',
        CORE_HEAP_GROWTH_BUDGET_PCT,
      ),
      metric('core.heap.growthMB', options.cycles, round((heapAfter - heapBefore) / 1e6), 'MB', null),
    ]
  } finally {
    feed.stop()
    await client.close()
    await sim.close()
  }
}
