import { realClock } from '../../src/main/core/clock'
import { LocalPollFeed } from '../../src/main/core/feed/local-poll-feed'
import { isRouteError, matchRoute } from '../../src/main/sim/server/routes'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { type Metric, floorOf, measurePair, metric, round } from '../report'
import { startSimProcess, type SimProcess } from './sim-process'

/**
 * Streaming against polling, the same core (LocalPollFeed, as the poll worker runs it) on real
 * time against the simulator in a process of its own (its market time fixed at BENCH_INSTANT, a
 * regular Tuesday session, and running at real speed), 20 symbols watched at the default cadences:
 *
 * - REST requests a minute by endpoint while the prices stream (the issue's budget: prices and
 *   market data together at most 6 a minute), counted from the simulator's own request log;
 * - the core's CPU while streaming, as a ratio to the same core polling (budget <= 1): runs of each
 *   alternate, `pairs` times, which of the two first alternating too (`measurePair`), and the figure
 *   is the median of the pairs' ratios (the polling run is the floor: the app as it was before it
 *   streamed). Each run is measured after a minute of warm-up: a feed's first half-minute costs
 *   both modes 285-410 ms of CPU (connections, the stream's set-up, code compiled), more than a
 *   whole later minute (about 190-300 ms in either mode), and is paid once a start, not a minute.
 *
 * The update-to-screen latency, the suite's other part, is update-latency.ts.
 */

export interface StreamBenchOptions {
  warmupMs: number
  measureMs: number
  pairs: number
}

const WATCHED = 20
const PRICE_AND_MARKET = ['price', 'allPrices', 'market', 'allMarket']
/** Reported one by one; any other endpoint is counted under `other`. */
const ENDPOINTS = [...PRICE_AND_MARKET, 'limits', 'other']

interface Run {
  cpuMs: number
  wallMs: number
  /** Requests in the measured window by endpoint. */
  requests: Map<string, number>
  streamed: boolean
  /** Times the stream handed its symbols back to polling in the measured window (ended, failed, silent). */
  fallbacks: number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function run(sim: SimProcess, stream: boolean, options: StreamBenchOptions): Promise<Run> {
  let fallbacks = 0
  let wasStreaming = false
  const feed: LocalPollFeed = new LocalPollFeed(
    {
      onDelta: () => {},
      onStatusChange: () => {
        const streaming = feed.status().plan.stream?.state === 'streaming'
        if (wasStreaming && !streaming) fallbacks++
        wasStreaming = streaming
      },
    },
    { clock: realClock },
  )
  feed.setCadences(DEFAULT_SETTINGS.cadences)
  feed.connect({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    demo: false,
    streamAddress: stream ? (sim.grpcAddress ?? 'off') : 'off',
  })
  feed.setInterest({ watchlist: sim.symbols.slice(0, WATCHED) })
  await feed.start()
  try {
    await pause(options.warmupMs)
    const logged = sim.requests().length
    fallbacks = 0
    const before = process.cpuUsage()
    const startedAt = performance.now()
    await pause(options.measureMs)
    const used = process.cpuUsage(before)
    const wallMs = performance.now() - startedAt
    const requests = new Map<string, number>()
    for (const request of sim.requests().slice(logged)) {
      const route = matchRoute(request.path)
      const name = !isRouteError(route) && ENDPOINTS.includes(route.endpoint) ? route.endpoint : 'other'
      requests.set(name, (requests.get(name) ?? 0) + 1)
    }
    return {
      cpuMs: (used.user + used.system) / 1000,
      wallMs,
      requests,
      streamed: feed.status().plan.stream?.state === 'streaming',
      fallbacks,
    }
  } finally {
    await feed.stop()
  }
}

export async function streamMetrics(
  options: StreamBenchOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const sim = await startSimProcess(400, 1, true)
  try {
    if (sim.grpcAddress === null) throw new Error('the simulator serves no gRPC')
    const pairs: { subject: number; floor: number }[] = []
    const perMinute = new Map<string, number[]>()
    for (let pair = 0; pair < options.pairs; pair++) {
      const { subject: streaming, floor: polling } = await measurePair(
        pair,
        () => run(sim, true, options),
        () => run(sim, false, options),
      )
      if (!streaming.streamed) throw new Error('the core did not stream')
      log(
        `pair ${pair + 1}: streaming ${round(streaming.cpuMs)} ms CPU, polling ${round(polling.cpuMs)} ms ` +
          `in ${round(streaming.wallMs / 1000)} s each; the stream fell back ${streaming.fallbacks} times; ` +
          'requests while streaming ' +
          JSON.stringify(Object.fromEntries(streaming.requests)),
      )
      pairs.push({
        subject: (streaming.cpuMs * 60_000) / streaming.wallMs,
        floor: (polling.cpuMs * 60_000) / polling.wallMs,
      })
      for (const endpoint of ENDPOINTS)
        perMinute.set(endpoint, [
          ...(perMinute.get(endpoint) ?? []),
          ((streaming.requests.get(endpoint) ?? 0) * 60_000) / streaming.wallMs,
        ])
    }
    const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    const priceAndMarket = mean(
      Array.from({ length: options.pairs }, (_, i) =>
        [...PRICE_AND_MARKET].reduce((sum, endpoint) => sum + (perMinute.get(endpoint)?.[i] ?? 0), 0),
      ),
    )
    const cpu = floorOf(pairs, 'ms CPU a minute')
    return [
      metric('stream.rest.priceAndMarketPerMinute', WATCHED, round(priceAndMarket), 'requests/min', 6),
      ...ENDPOINTS.map((endpoint) =>
        metric(
          `stream.rest.${endpoint}PerMinute`,
          WATCHED,
          round(mean(perMinute.get(endpoint) ?? [0])),
          'requests/min while streaming (information)',
          null,
        ),
      ),
      metric('stream.core.cpu.ratioToPolling', WATCHED, cpu.ratio, 'x polling', 1, cpu),
    ]
  } finally {
    await sim.close()
  }
}
