import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { AppCore } from '../../src/main/core/app/app-core'
import { ENDPOINT_NAMES } from '../../src/shared/status'
import { MAX_WATCHLIST } from '../../src/shared/settings'
import { type Metric, floorOf, median, metric, round } from '../report'
import { APP_WORKER, FAST_CLOCK_WORKER, startBenchCore } from './bench-core'
import { heapUsedAfterGc } from './gc'
import { runInFreshProcess } from './fresh-process'
import { BENCH_INSTANT } from './bench-instant'
import { type DelayReading, type PostLog } from './event-loop-floor'
import { postedByWorker } from './message-log'
import { replayRequests } from './network-floor'
import { type SimProcess, type SimRequest, startSimProcess } from './sim-process'
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
 *    of 400, over its floor, a process making the same requests at the same offsets and parsing
 *    the answers, nothing else (network-floor.ts): `pairs` cores at once, then their floors at
 *    once (cpuPairs), each in a fresh process, after a warm-up long enough for V8 to have
 *    compiled what the polls run; the budget on the median of the pairs' ratios.
 * The simulator runs in a process of its own, so none of its work is counted; so does each run,
 * so that none of the benchmark's other work is (bench/node/fresh-process.ts).
 */

/**
 * The frame budget, on what the app adds to its floor: a main thread that stalls longer than one
 * frame at 60 Hz delays the window's next update by a frame. Judged on the median of the pairs'
 * differences, the app's reading less its floor's, not on the reading itself nor on a ratio: on
 * this two-core host a thread that does nothing at all waits 17 to 45 ms at the longest in a
 * minute for the host to run it (BENCHMARKS.md, "The longest wait is the host's"), and that wait
 * adds to whatever the app's own is; it cancels only by subtraction. A difference of two maxima
 * can read low when the app's longest stall is shorter than the host's: the app's own readings
 * and their ratios stay in the report beside it.
 */
export const EVENT_LOOP_BUDGET_MS = { p99: 5, max: 16.7 }
/** The core's CPU over a process doing only its network work (network-floor.ts). */
export const CORE_CPU_BUDGET_RATIO = 1.5

export interface MainThreadOptions {
  listedSizes: number[]
  virtualMs: number
  cpuWarmupMs: number
  cpuMeasureMs: number
  /** How many pairs of subject and floor, measured alternately, each figure is the median of. */
  pairs: number
}

/**
 * How much faster than real time the worker's clock and the simulated market run. At 10, the
 * worker and the simulator together keep about one of the two cores busy at 10,000 assets (a
 * market poll costs the worker some 1.5 s): faster, and the main thread's delay would measure
 * the operating system handing its core to them, not anything the main thread does.
 */
const CLOCK_SPEED = 10

export interface EventLoopRun extends DelayReading {
  deltas: number
  /** A PostLog of the worker's messages during the run, as JSON, for the floor to repeat. */
  postLogFile: string
}

export interface CpuRun {
  pct: number
  cpuMsPerMinute: number
}

/** What a measured process needs of a simulator another process started. */
export type SimAddress = Pick<SimProcess, 'url' | 'apiKey' | 'symbols'>

function addressOf({ url, apiKey, symbols }: SimProcess): SimAddress {
  return { url, apiKey, symbols }
}

export type MainThreadRequest =
  | { run: 'eventLoop'; listed: number; options: MainThreadOptions }
  | { run: 'cpu'; options: MainThreadOptions; sim: SimAddress }
  | { run: 'cpuFloor'; options: MainThreadOptions; sim: SimAddress; requests: SimRequest[] }
  | { run: 'eventLoopFloor'; postLogFile: string }

/** Each run in a process of its own (see runInFreshProcess). */
function inFreshProcess<T>(request: MainThreadRequest, log: (line: string) => void): Promise<T> {
  return runInFreshProcess<T>(join(__dirname, 'main-thread-child.ts'), request, log)
}

/**
 * The newest virtual time the worker's polls have reported, as the statuses the core pushes say.
 * Read from those, not by asking the core: its status() derives the whole app's status (the
 * market's calendar, the service's state), and asked every 50 ms it was 42 % of the main thread's
 * work in a run at 10,000 listed (a CPU profile of the run), work the app never does and the
 * floor's thread does not do either.
 */
function lastPolledAt(core: AppCore): () => number {
  let newest = 0
  core.on('status', (status) => {
    for (const name of ENDPOINT_NAMES) newest = Math.max(newest, status.endpoints[name].lastSuccessAt ?? 0)
  })
  return () => newest
}

export async function eventLoopRun(
  listed: number,
  options: MainThreadOptions,
  log: (line: string) => void,
): Promise<EventLoopRun> {
  const sim = await startSimProcess(listed, CLOCK_SPEED)
  process.env.TOKENWATCH_BENCH_SPEED = String(CLOCK_SPEED)
  process.env.TOKENWATCH_BENCH_RECORD_POSTS = '1'
  try {
    const symbols = sim.symbols.slice(0, MAX_WATCHLIST)
    // The benchmark's own garbage (earlier runs and suites) is no part of the core's work.
    heapUsedAfterGc()
    const startedAt = Date.now()
    const bench = await startBenchCore(sim, symbols, FAST_CLOCK_WORKER)
    const polledAt = lastPolledAt(bench.core)
    // From the first snapshot on: the app's start-up (settings, keychain) is not polling.
    const histogram = monitorEventLoopDelay({ resolution: 1 })
    histogram.enable()
    const from = Date.now()
    try {
      // Done when the worker's polls have covered the run, on its clock.
      const endAt = BENCH_INSTANT + options.virtualMs
      const realLimitMs = (3 * options.virtualMs) / CLOCK_SPEED + 60_000
      while (polledAt() < endAt) {
        if (Date.now() - startedAt > realLimitMs)
          throw new Error(`the polls did not cover ${options.virtualMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      histogram.disable()
      const to = Date.now()
      const postLogFile = join(mkdtempSync(join(tmpdir(), 'tokenwatch-bench-posts-')), 'posts.json')
      writeFileSync(
        postLogFile,
        JSON.stringify({ posted: await postedByWorker(), from, to } satisfies PostLog),
      )
      const realSeconds = (Date.now() - startedAt) / 1000
      log(
        `main thread, ${listed} listed: ${bench.deltas()} deltas of ${symbols.length}` +
          ` rows in ${round(realSeconds)} s ` +
          `for ${options.virtualMs / 60_000} virtual minutes`,
      )
      return {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        deltas: bench.deltas(),
        postLogFile,
      }
    } finally {
      await bench.close()
    }
  } finally {
    delete process.env.TOKENWATCH_BENCH_SPEED
    delete process.env.TOKENWATCH_BENCH_RECORD_POSTS
    await sim.close()
  }
}

/** This process's CPU over the measurement window, after the warm-up, as a share of one core. */
async function measureCpu(
  options: MainThreadOptions,
  log: (line: string) => void,
  describe: () => string,
): Promise<CpuRun> {
  await new Promise((resolve) => setTimeout(resolve, options.cpuWarmupMs))
  const before = process.cpuUsage()
  const threadsBefore = threadCpuMs()
  const startedAt = performance.now()
  await new Promise((resolve) => setTimeout(resolve, options.cpuMeasureMs))
  const used = process.cpuUsage(before)
  const wallMs = performance.now() - startedAt
  const cpuMs = (used.user + used.system) / 1000
  log(
    `${describe()}: ${round(cpuMs)} ms in ${round(wallMs / 1000)} s ` +
      `(by thread: ${describeThreadCpu(threadsBefore, threadCpuMs()) || 'not readable here'})`,
  )
  return { pct: (100 * cpuMs) / wallMs, cpuMsPerMinute: (cpuMs * 60_000) / wallMs }
}

/** The core's CPU against a simulator this process did not start (see cpuPairs). */
export async function cpuRun(
  options: MainThreadOptions,
  sim: SimAddress,
  log: (line: string) => void,
): Promise<CpuRun> {
  const bench = await startBenchCore(sim, sim.symbols.slice(0, 20), APP_WORKER)
  try {
    return await measureCpu(options, log, () => `core CPU, ${bench.deltas()} deltas`)
  } finally {
    await bench.close()
  }
}

/** The floor's CPU: the same requests at the same offsets, parsed, nothing else (network-floor.ts). */
export async function cpuFloorRun(
  options: MainThreadOptions,
  sim: SimAddress,
  requests: readonly SimRequest[],
  log: (line: string) => void,
): Promise<CpuRun> {
  const floor = replayRequests(sim.url, sim.apiKey, requests)
  try {
    return await measureCpu(options, log, () => `network floor, ${floor.requests} requests`)
  } finally {
    await floor.stop()
  }
}

/** Each measured run against a simulator of its own, started here and closed after. */
async function withSims<T>(
  count: number,
  logRequests: boolean,
  measure: (sims: SimProcess[]) => Promise<T>,
): Promise<T> {
  const sims = await Promise.all(Array.from({ length: count }, () => startSimProcess(400, 1, logRequests)))
  try {
    return await measure(sims)
  } finally {
    await Promise.all(sims.map((sim) => sim.close()))
  }
}

/**
 * The cores, all at once, then their floors, all at once, each floor repeating the requests its
 * core made; each run in a fresh process against a simulator of its own, started here. Here, not
 * in the measured process: the simulator's log of requests (a line a request, some 300 a minute)
 * is read by the process that started it, and read inside the core's process it was counted as
 * the core's CPU, a fifth of its main thread's, though the floor's process, which logs nothing,
 * did no such work. At once, because each run waits out a warm-up of minutes (see cpuWarmupMs in
 * bench/index.ts) while it costs the host well under one per cent of a core.
 */
async function cpuPairs(
  options: MainThreadOptions,
  log: (line: string) => void,
): Promise<{ core: CpuRun; floor: CpuRun }[]> {
  const { cores, requests } = await withSims(options.pairs, true, async (sims) => {
    const measured = await Promise.all(
      sims.map((sim) => inFreshProcess<CpuRun>({ run: 'cpu', options, sim: addressOf(sim) }, log)),
    )
    return { cores: measured, requests: sims.map((sim) => sim.requests()) }
  })
  const floors = await withSims(options.pairs, false, (sims) =>
    Promise.all(
      sims.map((sim, index) =>
        inFreshProcess<CpuRun>(
          { run: 'cpuFloor', options, requests: requests[index] ?? [], sim: addressOf(sim) },
          log,
        ),
      ),
    ),
  )
  return cores.map((core, index) => ({ core, floor: floors[index] as CpuRun }))
}

/**
 * `<prefix>.eventLoopDelay.p99Ms` and `.maxMs`: each what the app adds to its floor, against the
 * frame budget (EVENT_LOOP_BUDGET_MS).
 */
export function eventLoopDelayMetrics(
  prefix: string,
  n: number,
  pairs: readonly { subject: DelayReading; floor: DelayReading }[],
): Metric[] {
  const unit = `ms over the floor (median of ${pairs.length} pairs' differences)`
  return (['p99Ms', 'maxMs'] as const).map((field) => {
    const floor = floorOf(
      pairs.map((pair) => ({ subject: pair.subject[field], floor: pair.floor[field] })),
      'ms',
    )
    const budget = field === 'p99Ms' ? EVENT_LOOP_BUDGET_MS.p99 : EVENT_LOOP_BUDGET_MS.max
    return metric(`${prefix}.eventLoopDelay.${field}`, n, floor.excess, unit, budget, floor)
  })
}

export async function mainThreadMetrics(
  options: MainThreadOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const listed of options.listedSizes) {
    // Alternately the main thread and its floor, each floor repeating its subject's messages.
    const pairs: { subject: EventLoopRun; floor: DelayReading }[] = []
    for (let pair = 0; pair < options.pairs; pair++) {
      const subject = await inFreshProcess<EventLoopRun>({ run: 'eventLoop', listed, options }, log)
      try {
        const floor = await inFreshProcess<DelayReading>(
          { run: 'eventLoopFloor', postLogFile: subject.postLogFile },
          log,
        )
        log(
          `main thread, ${listed} listed: longest ${round(subject.maxMs)}` +
            ` ms (floor ${round(floor.maxMs)} ms), ` +
            `p99 ${round(subject.p99Ms)} ms (floor ${round(floor.p99Ms)} ms)`,
        )
        pairs.push({ subject, floor })
      } finally {
        rmSync(dirname(subject.postLogFile), { recursive: true, force: true })
      }
    }
    metrics.push(
      ...eventLoopDelayMetrics('main', listed, pairs),
      metric(
        'main.eventLoopDelay.deltas',
        listed,
        median(pairs.map((pair) => pair.subject.deltas)),
        'deltas in a run',
        null,
      ),
    )
  }
  // The cores, then their floors, each floor repeating the requests its core made.
  const pairs = await cpuPairs(options, log)
  const floor = floorOf(
    pairs.map((pair) => ({ subject: pair.core.pct, floor: pair.floor.pct })),
    '% of one core',
  )
  log(
    `core CPU over its network floor, each pair: ` +
      pairs.map((pair) => `${round(pair.core.pct)} / ${round(pair.floor.pct)} %`).join(', ') +
      `; median ratio ${floor.ratio}`,
  )
  metrics.push(
    metric(
      'core.cpu.ratioToFloor',
      20,
      floor.ratio,
      `x network floor (20 of 400, default cadences; median of ${pairs.length} pairs)`,
      CORE_CPU_BUDGET_RATIO,
      floor,
    ),
    metric('core.cpu.pctOfOneCore', 20, floor.subject, '% of one core (median; information)', null),
    metric(
      'core.cpu.msPerMinute',
      20,
      round(median(pairs.map(({ core }) => core.cpuMsPerMinute))),
      'ms CPU per minute',
      null,
    ),
  )
  return metrics
}
