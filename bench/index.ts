import { parseArgs } from 'node:util'
import { assertRendererBuilt } from '../test/e2e/static-server'
import { describeMachine } from './machine'
import { bytesPerMinuteMetrics } from './node/bytes-per-minute'
import { coreHeapMetrics } from './node/core-heap'
import { feedMetrics } from './node/feed-run'
import { historyMetrics } from './node/history'
import { ledgerReplayMetrics } from './node/ledger-replay'
import { portfolioMetrics } from './node/portfolio'
import { mainThreadMetrics } from './node/main-thread'
import { pipelineMetrics } from './node/pipeline'
import { requestRateMetrics } from './node/request-rate'
import { searchMetricsInFreshProcess } from './node/search-keystrokes'
import { depthWalkMetrics } from './node/depth-walk'
import { heldDepthMetrics } from './node/held-depth'
import { streamMetrics } from './node/stream'
import { updateLatencyMetrics } from './node/update-latency'
import { rendererMetrics } from './renderer/renderer-metrics'
import { type Calibration, calibrate } from './calibration'
import type { Metric } from './report'
import { jsonLine, table } from './table'
import { BUSY_LIMIT, EXIT, type SuiteRun, exitCode, judgeRun, summarize } from './verdict'

/**
 * `npm run bench`: every benchmark of BENCHMARKS.md over the simulator, as a table.
 *   --json   one JSON object per metric and line, then {"summary": {"ok", "missed", "notJudged"}}
 *   --smoke  small sizes and few repeats, to check in under a minute that everything still runs;
 *            budgets are reported but do not set the exit code
 *   --only <suites>  a comma-separated subset of: feed, transfer, requests, pipeline, main, heap, ledger,
 *                    renderer, search, history, depth, portfolio, stream
 * Progress goes to stderr, so stdout holds only the table or the JSON lines, printed once every
 * suite has run (each suite's verdict needs the whole run's quietest calibration). A full run
 * exits 1 when a budget is missed on a quiet enough host, else 3 when a suite ran on a host too
 * busy to judge (bench/verdict.ts), else 0.
 */

/**
 * In this order: the feed's heap is measured before the other suites have grown the process, and
 * the main thread's delays before the pipeline suite leaves it hundreds of MB to collect.
 */
const SUITES = [
  'feed',
  'transfer',
  'requests',
  'main',
  'heap',
  'pipeline',
  'ledger',
  'renderer',
  'search',
  'history',
  'depth',
  'portfolio',
  'stream',
] as const
type SuiteName = (typeof SUITES)[number]
type Log = (line: string) => void

const FULL = {
  pipeline: { sizes: [1_000, 10_000], rounds: 15, caseMs: 30_000 },
  renderer: {
    firstLoadRows: 1_000,
    deltaRows: [1_000, 10_000],
    changedPerDelta: 100,
    warmupDeltas: 50,
    timedDeltas: 60,
    coldLoads: 15,
    idleSeconds: 10,
    idleWindows: 5,
    memoryDeltas: 1_000,
    historySwitches: 15,
  },
  feed: { warmupCycles: 1_000, cycles: 10_000 },
  main: {
    listedSizes: [400, 1_000, 10_000],
    virtualMs: 10 * 60_000,
    // Five minutes: the app runs all day, and what it costs then is the budget's. In its first
    // minutes V8 is still compiling what the polls run (some 120 functions reached an optimising
    // tier in the second minute; the core read 550 ms of CPU in each of its first two minutes and
    // 215-305 ms from the fifth on, 2 December), a one-off the floor, with far less code, barely has.
    cpuWarmupMs: 300_000,
    cpuMeasureMs: 120_000,
    pairs: 3,
  },
  heap: { listedSizes: [400, 10_000] },
  ledger: { transactions: 20_000, symbols: 1_000, runs: 5 },
  search: { listedSizes: [400, 10_000], rounds: 20 },
  history: { recordingSizes: [1_000, 10_000], rounds: 9, dbSymbols: 100, dbDays: 365 },
  depth: { levels: 200, walks: 200, held: { symbols: 50, updates: 30, pairs: 3 } },
  portfolio: { symbols: 100, days: 365, transactions: 20_000, runs: 3 },
  stream: {
    cpu: { warmupMs: 120_000, measureMs: 180_000, pairs: 3 },
    latency: { sizes: [20, 400], warmupMs: 5_000, measureMs: 60_000 },
  },
}

const SMOKE: typeof FULL = {
  pipeline: { sizes: [100, 300], rounds: 3, caseMs: 300 },
  renderer: {
    firstLoadRows: 200,
    deltaRows: [200, 1_000],
    changedPerDelta: 100,
    warmupDeltas: 2,
    timedDeltas: 5,
    coldLoads: 1,
    idleSeconds: 2,
    idleWindows: 1,
    memoryDeltas: 50,
    historySwitches: 2,
  },
  feed: { warmupCycles: 30, cycles: 100 },
  main: { listedSizes: [100], virtualMs: 60_000, cpuWarmupMs: 1_000, cpuMeasureMs: 2_000, pairs: 1 },
  heap: { listedSizes: [100] },
  ledger: { transactions: 2_000, symbols: 100, runs: 1 },
  search: { listedSizes: [400], rounds: 2 },
  history: { recordingSizes: [100], rounds: 2, dbSymbols: 5, dbDays: 30 },
  depth: { levels: 200, walks: 5, held: { symbols: 50, updates: 3, pairs: 1 } },
  portfolio: { symbols: 10, days: 60, transactions: 500, runs: 1 },
  stream: {
    cpu: { warmupMs: 1_000, measureMs: 3_000, pairs: 1 },
    latency: { sizes: [20], warmupMs: 1_000, measureMs: 12_000 },
  },
}

function runSuite(name: SuiteName, sizes: typeof FULL, log: Log): Promise<Metric[]> {
  switch (name) {
    case 'pipeline':
      return pipelineMetrics(sizes.pipeline, log)
    case 'renderer':
      assertRendererBuilt()
      return rendererMetrics(sizes.renderer, log)
    case 'feed':
      return feedMetrics(sizes.feed, log)
    case 'transfer':
      return bytesPerMinuteMetrics(log)
    case 'requests':
      return requestRateMetrics(log)
    case 'main':
      return mainThreadMetrics(sizes.main, log)
    case 'heap':
      return coreHeapMetrics(sizes.heap, log)
    case 'ledger':
      return ledgerReplayMetrics(sizes.ledger, log)
    case 'search':
      return searchMetricsInFreshProcess(sizes.search, log)
    case 'history':
      return historyMetrics(sizes.history, log)
    case 'depth':
      return heldDepthMetrics(sizes.depth.held, log).then((held) => [
        ...depthWalkMetrics(sizes.depth, log),
        ...held,
      ])
    case 'portfolio':
      return portfolioMetrics(sizes.portfolio, log)
    case 'stream':
      // The update-to-screen latency loads the built renderer.
      assertRendererBuilt()
      return streamMetrics(sizes.stream.cpu, log).then(async (cpu) => [
        ...cpu,
        ...(await updateLatencyMetrics(sizes.stream.latency, log)),
      ])
  }
}

function chosenSuites(only: string | undefined): SuiteName[] {
  if (only === undefined) return [...SUITES]
  const names = only.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !(SUITES as readonly string[]).includes(name))
  if (unknown.length > 0)
    throw new Error(`unknown suite ${unknown.join(', ')}; choose from ${SUITES.join(', ')}`)
  return names as SuiteName[]
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean' }, smoke: { type: 'boolean' }, only: { type: 'string' } },
  })
  const log: Log = (line) => process.stderr.write(`bench: ${line}\n`)
  const sizes = values.smoke ? SMOKE : FULL
  const runs: SuiteRun[] = []
  for (const suite of chosenSuites(values.only)) {
    const startedAt = Date.now()
    const before = await calibrate()
    log(`${suite}... (calibration: ${describeCalibration(before)})`)
    const results = await runSuite(suite, sizes, log)
    const after = await calibrate()
    log(
      `${suite} done in ${((Date.now() - startedAt) / 1000).toFixed(1)}` +
        ` s (calibration: ${describeCalibration(after)})`,
    )
    runs.push({ results, before, after })
  }
  const metrics = judgeRun(runs)
  const summary = summarize(metrics)
  if (values.json) {
    for (const figure of metrics) process.stdout.write(`${jsonLine(figure)}\n`)
    process.stdout.write(`${jsonLine({ summary })}\n`)
  } else {
    process.stdout.write(`${describeMachine()}\n${values.smoke ? 'smoke run: budgets not enforced\n' : ''}\n`)
    process.stdout.write(
      `${table(metrics)}\n\n${summary.ok} within budget, ${summary.missed} missed, ` +
        `${summary.notJudged} not judged (host more than ${BUSY_LIMIT}x slower than its quietest reading)\n`,
    )
  }
  process.exitCode = exitCode(summary, values.smoke === true)
  if (process.exitCode === EXIT.notJudged) log('exit 3: some suites ran on a host too busy to judge them')
}

function describeCalibration(reading: Calibration): string {
  return (
    `CPU loop ${reading.cpuMs.toFixed(1)} ms (thread CPU ${reading.cpuThreadMs.toFixed(1)} ms), ` +
    `timer loop ${reading.timerMs.toFixed(1)} ms (typical ${reading.timerTypicalMs.toFixed(1)} ms)`
  )
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 2
})
