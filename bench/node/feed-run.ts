import { ApiClient } from '../../src/main/core/api/api-client'
import { MarketFeed } from '../../src/main/core/feed/market-feed'
import { startSimServer } from '../../src/main/sim/server/server'
import type { EndpointName } from '../../src/shared/status'
import { CADENCE_BOUNDS_MS, DEFAULT_WATCHLIST } from '../../src/shared/settings'
import { type Metric, median, metric, round } from '../report'
import { heapUsedAfterGc } from './gc'
import { BENCH_INSTANT } from './bench-instant'
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
/** Heap samples over the measured cycles (see feedMetrics). */
const HEAP_SAMPLES = 10

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
    clock.resetStats()
    deltas = 0
    // The heap after full collections, sampled through the run: on Node 24 one sample can sit a
    // few MB above or below the next with nothing retained (a 10,000-cycle run measured +9 % and
    // -0.4 % back to back, and 40,000 cycles grew less than 10,000), so the figure compares the
    // median of the first samples with that of the last: a leak moves both thirds apart, a
    // passing bump does not.
    const samples = [heapUsedAfterGc()]
    const stride = Math.ceil(options.cycles / (HEAP_SAMPLES - 1))
    for (let done = 0; done < options.cycles; done += stride) {
      await runCycles(feed, clock, Math.min(stride, options.cycles - done))
      samples.push(heapUsedAfterGc())
    }
    const third = Math.max(1, Math.floor(samples.length / 3))
    const heapBefore = median(samples.slice(0, third))
    const heapAfter = median(samples.slice(-third))
    const timers = clock.timerStats()
    const minutes = timers.elapsedMs / 60_000
    log(
      `feed: ${options.cycles} poll cycles over ${round(minutes / 60)} virtual hours, ${deltas} deltas; ` +
        `heap (after GC, MB) ${samples.map((bytes) => round(bytes / 1e6)).join(', ')}`,
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
