import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { AppCore } from '../../src/main/core/app/app-core'
import { ENDPOINT_NAMES } from '../../src/shared/status'
import { MAX_WATCHLIST } from '../../src/shared/settings'
import { type Metric, median, metric, round } from '../report'
import { APP_WORKER, FAST_CLOCK_WORKER, startBenchCore } from './bench-core'
import { heapUsedAfterGc } from './gc'
import { runInFreshProcess } from './fresh-process'
import { BENCH_INSTANT } from './sim-bodies'
import { startSimProcess } from './sim-process'
import { describeThreadCpu, threadCpuMs } from './thread-cpu'

/**
 * The app's main thread while the poll worker works: AppCore exactly as the Electron shell runs
 * it (bench/node/bench-core.ts: WorkerPollFeed, live mode against the simulator, each pushed
 * event serialised as Electron's IPC does, the snapshot cache saved as in the app).
 *
 *  - Event-loop delay (perf_hooks.monitorEventLoopDelay) over ten virtual minutes of polling at the
 *    default cadences, through the all-assets endpoints, with 400, 1,000 and 10,000 listed assets
 *    and the largest list the app allows (500 symbols) shown. The worker's clock and the simulated
 *    market run CLOCK_SPEED times faster than real time (bench/node/fast-clock-poll-worker.ts), so
 *    the main thread gets ten minutes of deltas in one, a denser load than the app ever sees.
 *  - CPU: the whole core (main thread and worker) on real time at the default cadences, 20 symbols
 *    of 400, as a share of one core: the median of `cpuRuns` runs, each in a fresh process (a
 *    single minute's figure swings by a third on this shared machine).
 * The simulator runs in a process of its own, so none of its work is counted; so does each run,
 * so that none of the benchmark's other work is (bench/node/fresh-process.ts).
 */

export const EVENT_LOOP_BUDGET_MS = { p99: 10, max: 50 }
export const CORE_CPU_BUDGET_PCT = 0.5

export interface MainThreadOptions {
  listedSizes: number[]
  virtualMs: number
  cpuWarmupMs: number
  cpuMeasureMs: number
  cpuRuns: number
}

/**
 * How much faster than real time the worker's clock and the simulated market run. At 10, the
 * worker and the simulator together keep about one of the two cores busy at 10,000 assets (a
 * market poll costs the worker some 1.5 s): faster, and the main thread's delay would measure
 * the operating system handing its core to them, not anything the main thread does.
 */
const CLOCK_SPEED = 10

export interface EventLoopRun {
  p99Ms: number
  maxMs: number
  deltas: number
}

export interface CpuRun {
  pct: number
  cpuMsPerMinute: number
}

export type MainThreadRequest =
  | { run: 'eventLoop'; listed: number; options: MainThreadOptions }
  | { run: 'cpu'; options: MainThreadOptions }

/** Each run in a process of its own (see runInFreshProcess). */
function inFreshProcess<T>(request: MainThreadRequest, log: (line: string) => void): Promise<T> {
  return runInFreshProcess<T>(join(__dirname, 'main-thread-child.ts'), request, log)
}

/** The newest virtual time the worker's polls have reported. */
function lastPolledAt(core: AppCore): number {
  const status = core.status()
  return Math.max(...ENDPOINT_NAMES.map((name) => status.endpoints[name].lastSuccessAt ?? 0))
}

export async function eventLoopRun(
  listed: number,
  options: MainThreadOptions,
  log: (line: string) => void,
): Promise<EventLoopRun> {
  const sim = await startSimProcess(listed, CLOCK_SPEED)
  process.env.TOKENWATCH_BENCH_SPEED = String(CLOCK_SPEED)
  try {
    const symbols = sim.symbols.slice(0, MAX_WATCHLIST)
    // The benchmark's own garbage (earlier runs and suites) is no part of the core's work.
    heapUsedAfterGc()
    const startedAt = Date.now()
    const bench = await startBenchCore(sim, symbols, FAST_CLOCK_WORKER)
    // From the first snapshot on: the app's start-up (settings, keychain) is not polling.
    const histogram = monitorEventLoopDelay({ resolution: 1 })
    histogram.enable()
    try {
      // Done when the worker's polls have covered the run, on its clock.
      const endAt = BENCH_INSTANT + options.virtualMs
      const realLimitMs = (3 * options.virtualMs) / CLOCK_SPEED + 60_000
      while (lastPolledAt(bench.core) < endAt) {
        if (Date.now() - startedAt > realLimitMs)
          throw new Error(`the polls did not cover ${options.virtualMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      histogram.disable()
      const realSeconds = (Date.now() - startedAt) / 1000
      log(
        `main thread, ${listed} listed: ${bench.deltas()} deltas of ${symbols.length} rows in ${round(realSeconds)} s ` +
          `for ${options.virtualMs / 60_000} virtual minutes`,
      )
      return {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        deltas: bench.deltas(),
      }
    } finally {
      await bench.close()
    }
  } finally {
    delete process.env.TOKENWATCH_BENCH_SPEED
    await sim.close()
  }
}

export async function cpuRun(options: MainThreadOptions, log: (line: string) => void): Promise<CpuRun> {
  const sim = await startSimProcess(400)
  try {
    const symbols = sim.symbols.slice(0, 20)
    const bench = await startBenchCore(sim, symbols, APP_WORKER)
    try {
      await new Promise((resolve) => setTimeout(resolve, options.cpuWarmupMs))
      const before = process.cpuUsage()
      const threadsBefore = threadCpuMs()
      const startedAt = performance.now()
      await new Promise((resolve) => setTimeout(resolve, options.cpuMeasureMs))
      const used = process.cpuUsage(before)
      const wallMs = performance.now() - startedAt
      const cpuMs = (used.user + used.system) / 1000
      log(
        `core CPU: ${round(cpuMs)} ms in ${round(wallMs / 1000)} s, ${bench.deltas()} deltas ` +
          `(by thread: ${describeThreadCpu(threadsBefore, threadCpuMs()) || 'not readable here'})`,
      )
      return { pct: (100 * cpuMs) / wallMs, cpuMsPerMinute: (cpuMs * 60_000) / wallMs }
    } finally {
      await bench.close()
    }
  } finally {
    await sim.close()
  }
}

export async function mainThreadMetrics(
  options: MainThreadOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const listed of options.listedSizes) {
    const run = await inFreshProcess<EventLoopRun>({ run: 'eventLoop', listed, options }, log)
    metrics.push(
      metric('main.eventLoopDelay.p99Ms', listed, round(run.p99Ms), 'ms', EVENT_LOOP_BUDGET_MS.p99),
      metric('main.eventLoopDelay.maxMs', listed, round(run.maxMs), 'ms', EVENT_LOOP_BUDGET_MS.max),
      metric('main.eventLoopDelay.deltas', listed, run.deltas, 'deltas in the run', null),
    )
  }
  const cpuRuns: CpuRun[] = []
  for (let run = 0; run < options.cpuRuns; run++)
    cpuRuns.push(await inFreshProcess<CpuRun>({ run: 'cpu', options }, log))
  const cpu = {
    pct: median(cpuRuns.map((run) => run.pct)),
    cpuMsPerMinute: median(cpuRuns.map((run) => run.cpuMsPerMinute)),
  }
  log(
    `core CPU, each run: ${cpuRuns.map((run) => `${round(run.pct)} %`).join(', ')}; median ${round(cpu.pct)} %`,
  )
  metrics.push(
    metric(
      'core.cpu.pctOfOneCore',
      20,
      round(cpu.pct),
      `% of one core (20 of 400, default cadences; median of ${cpuRuns.length} runs)`,
      CORE_CPU_BUDGET_PCT,
    ),
    metric('core.cpu.msPerMinute', 20, round(cpu.cpuMsPerMinute), 'ms CPU per minute', null),
  )
  return metrics
}
