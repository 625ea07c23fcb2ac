import { join } from 'node:path'
import type { AppCore } from '../../src/main/core/app/app-core'
import { MAX_WATCHLIST } from '../../src/shared/settings'
import { type Metric, metric, round } from '../report'
import { FAST_CLOCK_WORKER, startBenchCore } from './bench-core'
import { runInFreshProcess } from './fresh-process'
import { heapUsedAfterGc } from './gc'
import { workerHeapAfterGc } from './worker-channel'
import { startSimProcess } from './sim-process'

/**
 * The core's memory for what it holds: the heap of its two threads (main and poll worker, each
 * after full collections) with 400 and with 10,000 listed assets, less the heap of the same core
 * idle with an empty watchlist, as a ratio to the JSON bytes of the data it holds (the shown
 * rows with their histories, and the listing of every asset kept for search). The worker holds it
 * all; the main thread a mirror of the rows without their histories (WorkerPollFeed).
 *
 * The idle core is measured once the service's status has answered: the market's state and every
 * listed asset's pauses are read and held whatever is watched, as is the code that reads them, so
 * they are neither rows nor counted in the JSON. Measured before that answer, the idle heap left
 * them on the rows' side (0.9 MB at 400 listed, 1.6 MB at 10,000).
 */

export const CORE_HEAP_RATIO_BUDGET = 3

export interface CoreHeapOptions {
  listedSizes: number[]
}

/** Readings of the core's heap, a second apart, of which the least is taken (coreHeap). */
const HEAP_READINGS = 5

/**
 * The heap of the core's two threads after full collections: the least of HEAP_READINGS. Work in
 * flight when the collections run stays alive through them (a poll's answer being parsed, the
 * answers to the JSON question just asked): a single reading of the same loaded core at 10,000
 * listed read 9.2, 13.9 and 4.0 MB over idle in three runs, and five readings a second apart
 * read the main thread 1.5 MB heavier at the first than at the four after it. What the core holds
 * is what stays between its work: the least.
 */
async function coreHeap(): Promise<number> {
  let least = Infinity
  for (let reading = 0; reading < HEAP_READINGS; reading++) {
    if (reading > 0) await new Promise((resolve) => setTimeout(resolve, 1_000))
    const main = heapUsedAfterGc()
    const worker = await workerHeapAfterGc()
    if (process.env.DEBUG_HEAP)
      console.error(`main ${(main / 1e6).toFixed(2)} worker ${(worker / 1e6).toFixed(2)}`)
    least = Math.min(least, main + worker)
  }
  return least
}

/** The service's market status and asset pauses have answered (or said they are not published). */
function statusAnswered(core: AppCore): boolean {
  const { publishes } = core.status().service
  return publishes.marketStatus !== null && publishes.assetPauses !== null
}

async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 120_000
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Every shown row has its price, market data and limits. */
function fullyLoaded(core: AppCore): boolean {
  const assets = core.currentSnapshot().assets
  return (
    assets.length > 0 &&
    assets.every(
      (asset) => asset.price !== null && asset.marketTimestamp !== null && asset.limitsTimestamp !== null,
    )
  )
}

/**
 * The JSON bytes of what the core holds: the rows with their histories (from the worker, as the
 * window gets them) and the listing. Nothing of them stays referenced here when this returns.
 */
async function jsonBytesHeld(core: AppCore): Promise<number> {
  const snapshot = await core.invoke('getSnapshot', { history: true })
  const listing = await core.invoke('listAssets', undefined)
  if (!snapshot.ok || !listing.ok) throw new Error('the core did not answer with its data')
  return Buffer.byteLength(JSON.stringify(snapshot.value)) + Buffer.byteLength(JSON.stringify(listing.value))
}

export interface HeapRun {
  ratio: number
  heldMB: number
  dataMB: number
}

export async function heapFor(listed: number, log: (line: string) => void): Promise<HeapRun> {
  const sim = await startSimProcess(listed)
  process.env.TOKENWATCH_BENCH_SPEED = '1'
  try {
    const symbols = sim.symbols.slice(0, MAX_WATCHLIST)
    const idle = await startBenchCore(sim, [], FAST_CLOCK_WORKER)
    const idleHeap = await until(() => statusAnswered(idle.core), "the idle core's status")
      .then(coreHeap)
      .finally(() => idle.close())
    const bench = await startBenchCore(sim, symbols, FAST_CLOCK_WORKER)
    try {
      await until(
        () => fullyLoaded(bench.core) && statusAnswered(bench.core),
        `the ${symbols.length} rows to load`,
      )
      const dataBytes = await jsonBytesHeld(bench.core)
      const heap = await coreHeap()
      log(
        `core heap, ${listed} listed, ${symbols.length} shown: ${round((heap - idleHeap) / 1e6)}` +
          ` MB over idle ` +
          `(${round(idleHeap / 1e6)} MB) for ${round(dataBytes / 1e6)} MB of JSON`,
      )
      return {
        ratio: (heap - idleHeap) / dataBytes,
        heldMB: (heap - idleHeap) / 1e6,
        dataMB: dataBytes / 1e6,
      }
    } finally {
      await bench.close()
    }
  } finally {
    delete process.env.TOKENWATCH_BENCH_SPEED
    await sim.close()
  }
}

export async function coreHeapMetrics(
  options: CoreHeapOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const listed of options.listedSizes) {
    // In a process of its own: the other suites' leftovers would otherwise weigh on the idle
    // core's heap, measured first, and not on the loaded one's (1.9 × instead of 3.1 × at 400).
    const run = await runInFreshProcess<HeapRun>(join(__dirname, 'core-heap-child.ts'), listed, log)
    metrics.push(
      // One measurement per size, not pairs: the heap does not move with the host's load.
      metric(
        'core.heap.ratioToJson',
        listed,
        round(run.ratio),
        'x the JSON bytes held',
        CORE_HEAP_RATIO_BUDGET,
        {
          subject: round(run.heldMB),
          floor: round(run.dataMB),
          ratio: round(run.ratio),
          unit: 'MB',
        },
      ),
      metric('core.heap.heldMB', listed, round(run.heldMB), 'MB over idle (main + worker)', null),
      metric('core.heap.jsonMB', listed, round(run.dataMB), 'MB of JSON held', null),
    )
  }
  return metrics
}
