import { join } from 'node:path'
import { realClock } from '../../src/main/core/clock'
import { LocalPollFeed } from '../../src/main/core/feed/local-poll-feed'
import { isRouteError, matchRoute } from '../../src/main/sim/server/routes'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { type Metric, floorOf, metric, round } from '../report'
import { runInFreshProcess } from './fresh-process'
import { type SimProcess, type SimRequest, startSimProcess } from './sim-process'

/**
 * Streaming against polling, the same core (LocalPollFeed, as the poll worker runs it) on real
 * time against the simulator in a process of its own (its market time fixed at BENCH_INSTANT, a
 * regular Tuesday session, and running at real speed), 20 symbols watched at the default cadences:
 *
 * - REST requests a minute by endpoint while the prices stream (the budget: prices and
 *   market data together at most 6 a minute), counted from the simulator's own request log;
 * - the core's CPU while streaming, as a ratio to the same core polling (budget <= 1; the polling
 *   run is the floor: the app as it was before it streamed). The two run at once, each in a
 *   process of its own against a simulator of its own (which simulator serves which alternating
 *   from pair to pair), so that whatever the machine does during the window it does to both; at
 *   under half a percent of a core each they do not compete. `pairs` times; the figure is the
 *   median of the pairs' ratios.
 *
 *   The window is long and comes late because a minute measures the collector's calendar, not the
 *   core: run minute by minute for 7.5 minutes (30 Nov, 06:16-06:24), either mode's minutes read
 *   from 127 to 492 ms of CPU, a minute with a full collection of the heap (every 100-120 s in
 *   either mode) some 100 ms above one without, and the first two minutes paid for the start
 *   (connections, the stream's set-up, code compiled, the heap's first sizing and its shrinking
 *   after). Minutes 3 to 7 read 960 ms streaming and 1,038 polling; single minutes' ratios ran
 *   from 0.73 to 1.5 on the same code. So each run warms up for two minutes, then is measured over
 *   three, long enough to hold at least one full collection of each mode.
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

/** What the child (stream-run-child.ts) is given: where the simulator is, and which mode to run. */
export interface StreamRunRequest extends StreamBenchOptions {
  url: string
  apiKey: string
  grpcAddress: string
  symbols: string[]
  stream: boolean
}

/** The child's log lines around its measured window, so that the simulator's log is cut there. */
const WINDOW_OPENS = 'stream bench: window opens'
const WINDOW_CLOSES = 'stream bench: window closes'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The child's side: the core streaming or polling, warmed up, then its CPU over the window. */
export async function measureStreamRun(
  request: StreamRunRequest,
  log: (line: string) => void,
): Promise<Omit<Run, 'requests'>> {
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
    baseUrl: request.url,
    apiKey: request.apiKey,
    demo: false,
    streamAddress: request.stream ? request.grpcAddress : 'off',
  })
  feed.setInterest({ watchlist: request.symbols })
  await feed.start()
  try {
    await pause(request.warmupMs)
    fallbacks = 0
    log(WINDOW_OPENS)
    const before = process.cpuUsage()
    const startedAt = performance.now()
    await pause(request.measureMs)
    const used = process.cpuUsage(before)
    const wallMs = performance.now() - startedAt
    log(WINDOW_CLOSES)
    return {
      cpuMs: (used.user + used.system) / 1000,
      wallMs,
      streamed: feed.status().plan.stream?.state === 'streaming',
      fallbacks,
    }
  } finally {
    await feed.stop()
  }
}

/**
 * One run in a process of its own, as the app's poll worker is: run in the bench's process, one
 * after the other, a streaming run that followed a polling one read 321 ms a minute where the
 * others read 163-250 (30 Nov, 00:14-00:26), each paying for what the run before it left.
 */
async function run(
  sim: SimProcess,
  stream: boolean,
  options: StreamBenchOptions,
  log: (line: string) => void,
): Promise<Run> {
  let logged = 0
  let requested: SimRequest[] = []
  const measured = await runInFreshProcess<Omit<Run, 'requests'>>(
    join(__dirname, 'stream-run-child.ts'),
    {
      ...options,
      url: sim.url,
      apiKey: sim.apiKey,
      grpcAddress: sim.grpcAddress ?? 'off',
      symbols: sim.symbols.slice(0, WATCHED),
      stream,
    } satisfies StreamRunRequest,
    (line) => {
      if (line === WINDOW_OPENS) logged = sim.requests().length
      else if (line === WINDOW_CLOSES) requested = sim.requests().slice(logged)
      else log(line)
    },
  )
  const requests = new Map<string, number>()
  for (const request of requested) {
    const route = matchRoute(request.path)
    const name = !isRouteError(route) && ENDPOINTS.includes(route.endpoint) ? route.endpoint : 'other'
    requests.set(name, (requests.get(name) ?? 0) + 1)
  }
  return { ...measured, requests }
}

export async function streamMetrics(
  options: StreamBenchOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const sims = await Promise.all([startSimProcess(400, 1, true), startSimProcess(400, 1, true)])
  try {
    if (sims.some((sim) => sim.grpcAddress === null)) throw new Error('the simulator serves no gRPC')
    const pairs: { subject: number; floor: number }[] = []
    const perMinute = new Map<string, number[]>()
    for (let pair = 0; pair < options.pairs; pair++) {
      const [first, second] = pair % 2 === 0 ? sims : [sims[1], sims[0]]
      const [streaming, polling] = await Promise.all([
        run(first as SimProcess, true, options, log),
        run(second as SimProcess, false, options, log),
      ])
      if (!streaming.streamed) throw new Error('the core did not stream')
      log(
        `pair ${pair + 1}: streaming ${round(streaming.cpuMs)} ms CPU, polling ${round(polling.cpuMs)} ms ` +
          `in ${round(streaming.wallMs / 1000)} s each, at once; ` +
          `the stream fell back ${streaming.fallbacks} times; ` +
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
    await Promise.all(sims.map((sim) => sim.close()))
  }
}
