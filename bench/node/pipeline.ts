import { Bench } from 'tinybench'
import { SnapshotState } from '../../src/main/core/feed/snapshot-state'
import type { Delta } from '../../src/shared/domain'
import { parseAllMarketResponse, parseAllPricesResponse } from '../../src/main/core/api/wire/wire-parse'
import { type Metric, median, metric, round } from '../report'
import { collectYoungGarbage } from './gc'
import { type PollKind, PollSeries } from './poll-series'
import { BENCH_INSTANT } from './bench-instant'
import { fetchSimBodies } from './sim-bodies'

/**
 * Metrics 1 and 2: the main process's work per poll of an all-assets endpoint, as a multiple of
 * JSON.parse of the same bytes (the floor: no client can do less), and the size of the delta it
 * pushes. The pipeline is what MarketFeed does with a body: JSON.parse, per-record validation
 * (parseAll*Response), folding into the store (apply*) and the commit to a Delta. (MarketFeed then
 * also re-checks every row's staleness, a pass over the watchlist that allocates nothing unless a
 * row turns stale; it is no part of parsing a poll and is not timed here.)
 */

export const PIPELINE_BUDGETS: Record<PollKind, number> = { prices: 2.0, market: 2.5 }
export const DELTA_SHARE_BUDGET_PCT = 15

const CADENCE_MS: Record<PollKind, number> = { prices: 5_000, market: 60_000 }
const SOURCE = { baseUrl: 'http://127.0.0.1', demo: true }

export interface PipelineOptions {
  sizes: readonly number[]
  /** At most this many rounds of (floor, pipeline) measurements; the figure is their median ratio. */
  rounds: number
  /** Roughly how long each size and endpoint may take, in ms: big bodies get fewer iterations and rounds. */
  caseMs: number
}

export interface PollCase {
  kind: PollKind
  series: PollSeries
  store: SnapshotState
  poll: number
  body: string
}

export function runPoll(pollCase: PollCase, body: string, now: number): Delta | null {
  const { store } = pollCase
  if (pollCase.kind === 'prices') store.applyPrices(parseAllPricesResponse(JSON.parse(body)).records, now)
  else store.applyMarket(parseAllMarketResponse(JSON.parse(body)).records, now)
  return store.commit(now)
}

/** A store watching every listed asset, filled by a first poll of both endpoints. */
export function newCase(kind: PollKind, bodies: { prices: string; market: string }): PollCase {
  const series = new PollSeries(bodies[kind], kind, BENCH_INSTANT, CADENCE_MS[kind])
  const store = new SnapshotState(SOURCE, series.symbols)
  store.applyMarket(parseAllMarketResponse(JSON.parse(bodies.market)).records, BENCH_INSTANT)
  store.applyPrices(parseAllPricesResponse(JSON.parse(bodies.prices)).records, BENCH_INSTANT)
  store.commit(BENCH_INSTANT)
  return { kind, series, store, poll: 0, body: series.body(0) }
}

export function nextPoll(pollCase: PollCase): void {
  pollCase.poll += 1
  pollCase.body = pollCase.series.body(pollCase.poll)
}

/**
 * Floor and pipeline are measured in alternating rounds, so that whatever else the machine is
 * doing weighs on both alike; each round's ratio is of medians, and the rounds' median is reported.
 */
async function measure(pollCase: PollCase, options: PipelineOptions) {
  // One untimed parse sizes the work: a 50 MB body gets a few iterations, a 100 kB one many.
  const probeStart = performance.now()
  JSON.parse(pollCase.body)
  const parseMs = performance.now() - probeStart + 0.01
  // A round costs about 3 parses per iteration and task (floor, pipeline, assembling the body).
  const iterations = Math.max(2, Math.min(30, Math.round(options.caseMs / options.rounds / (6 * parseMs))))
  const rounds = Math.max(
    3,
    Math.min(options.rounds, Math.round(options.caseMs / (iterations * 6 * parseMs))),
  )
  const floorMs: number[] = []
  const pipelineMs: number[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    // Warm-up (first round only): until the code is optimised, at least 2 iterations and 0.5 s.
    const bench = new Bench({
      iterations,
      time: 0,
      warmup: round === 0,
      warmupIterations: 2,
      warmupTime: 500,
    })
    // The floor parses a fresh copy of the latest body, as the pipeline parses a fresh body: a
    // string parsed before would be cheaper to parse again (flat and in the CPU's caches).
    let floorBody = ''
    bench.add('floor', () => JSON.parse(floorBody), {
      beforeEach: () => {
        floorBody = pollCase.series.body(pollCase.poll)
        collectYoungGarbage()
      },
    })
    bench.add('pipeline', () => runPoll(pollCase, pollCase.body, pollCase.series.timeOf(pollCase.poll)), {
      beforeEach: () => {
        nextPoll(pollCase)
        collectYoungGarbage()
      },
    })
    await bench.run()
    const [floor, pipeline] = bench.tasks.map((task) => task.result?.latency.p50)
    if (floor === undefined || pipeline === undefined)
      throw new Error(`the ${pollCase.kind} benchmark did not run`)
    floorMs.push(floor)
    pipelineMs.push(pipeline)
    ratios.push(pipeline / floor)
  }
  return { floorMs: median(floorMs), pipelineMs: median(pipelineMs), ratio: median(ratios) }
}

/** Metric 2: one more poll with a tenth of the prices changed, and one that changed nothing. */
function deltaSizes(pollCase: PollCase): { sharePct: number; unchangedBytes: number } {
  nextPoll(pollCase)
  const now = pollCase.series.timeOf(pollCase.poll)
  const delta = runPoll(pollCase, pollCase.body, now)
  const deltaBytes = delta === null ? 0 : JSON.stringify(delta).length
  const snapshotBytes = JSON.stringify(pollCase.store.snapshot()).length
  // The same answer again (the service caches prices for 1 s): nothing may be pushed.
  const repeat = runPoll(pollCase, pollCase.body, now)
  return {
    sharePct: (100 * deltaBytes) / snapshotBytes,
    unchangedBytes: repeat === null ? 0 : JSON.stringify(repeat).length,
  }
}

export async function pipelineMetrics(
  options: PipelineOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const n of options.sizes) {
    const bodies = await fetchSimBodies(n)
    for (const kind of ['prices', 'market'] as const) {
      const pollCase = newCase(kind, bodies)
      const result = await measure(pollCase, options)
      const sizes = deltaSizes(pollCase)
      log(
        `${kind} n=${n}: JSON.parse ${round(result.floorMs)} ms, pipeline ${round(result.pipelineMs)} ms, ` +
          `${(pollCase.body.length / 1e6).toFixed(1)} MB per body`,
      )
      metrics.push(
        metric(`pipeline.${kind}.ratio`, n, round(result.ratio), 'x JSON.parse', PIPELINE_BUDGETS[kind], {
          subject: round(result.pipelineMs),
          floor: round(result.floorMs),
          ratio: round(result.ratio),
          unit: 'ms',
        }),
        metric(`pipeline.${kind}.ms`, n, round(result.pipelineMs), 'ms', null),
        metric(`pipeline.${kind}.jsonParseMs`, n, round(result.floorMs), 'ms', null),
        metric(
          `delta.${kind}.tenthChanged`,
          n,
          round(sizes.sharePct),
          '% of snapshot',
          DELTA_SHARE_BUDGET_PCT,
        ),
        metric(`delta.${kind}.unchanged`, n, sizes.unchangedBytes, 'bytes pushed', 0),
      )
    }
  }
  return metrics
}
