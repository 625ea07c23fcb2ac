import type { AppCore } from '../../src/main/core/app-core'
import { MAX_WATCHLIST } from '../../src/shared/settings'
import { type Metric, metric, round } from '../report'
import { FAST_CLOCK_WORKER, listedSymbols, startBenchCore } from './bench-core'
import { heapUsedAfterGc } from './gc'
import { workerHeapAfterGc } from './heap-channel'
import { startSimProcess } from './sim-process'

/**
 * The core's memory for what it holds: the heap of its two threads (main and poll worker, each
 * after full collections) with 400 and with 10,000 listed assets, less the heap of the same core
 * idle with an empty watchlist, as a ratio to the JSON bytes of the data it holds (the shown
 * rows with their histories, and the listing of every asset kept for search). Both threads hold
 * the rows (the worker to diff, the main thread to answer the window at once), so 2x is the floor
 * of any design with a worker; the rest is what objects cost over their JSON text.
 */

export const CORE_HEAP_RATIO_BUDGET = 4

export interface CoreHeapOptions {
  listedSizes: number[]
}

async function coreHeap(): Promise<number> {
  return heapUsedAfterGc() + (await workerHeapAfterGc())
}

/** Every shown row has its price, market data and limits. */
function fullyLoaded(core: AppCore): boolean {
  const assets = core.currentSnapshot().assets
  return (
    assets.length > 0 &&
    assets.every((asset) => asset.price !== null && asset.marketTimestamp !== null && asset.limitsTimestamp !== null)
  )
}

async function heapFor(listed: number, log: (line: string) => void) {
  const sim = await startSimProcess(listed)
  process.env.TOKENWATCH_BENCH_SPEED = '1'
  try {
    const symbols = (await listedSymbols(sim)).slice(0, MAX_WATCHLIST)
    const idle = await startBenchCore(sim, [], FAST_CLOCK_WORKER)
    const idleHeap = await coreHeap().finally(() => idle.close())
    const bench = await startBenchCore(sim, symbols, FAST_CLOCK_WORKER)
    try {
      const deadline = Date.now() + 120_000
      while (!fullyLoaded(bench.core)) {
        if (Date.now() > deadline) throw new Error(`the ${symbols.length} rows did not load`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const listing = await bench.core.invoke('listAssets', undefined)
      if (!listing.ok) throw new Error(listing.error.message)
      const dataBytes =
        Buffer.byteLength(JSON.stringify(bench.core.currentSnapshot())) +
        Buffer.byteLength(JSON.stringify(listing.value))
      const heap = await coreHeap()
      log(
        `core heap, ${listed} listed, ${symbols.length} shown: ${round((heap - idleHeap) / 1e6)} MB over idle ` +
          `(${round(idleHeap / 1e6)} MB) for ${round(dataBytes / 1e6)} MB of JSON`,
      )
      return { ratio: (heap - idleHeap) / dataBytes, heldMB: (heap - idleHeap) / 1e6, dataMB: dataBytes / 1e6 }
    } finally {
      await bench.close()
    }
  } finally {
    delete process.env.TOKENWATCH_BENCH_SPEED
    await sim.close()
  }
}

export async function coreHeapMetrics(options: CoreHeapOptions, log: (line: string) => void): Promise<Metric[]> {
  const metrics: Metric[] = []
  for (const listed of options.listedSizes) {
    const run = await heapFor(listed, log)
    metrics.push(
      metric('core.heap.ratioToJson', listed, round(run.ratio), 'x the JSON bytes held', CORE_HEAP_RATIO_BUDGET),
      metric('core.heap.heldMB', listed, round(run.heldMB), 'MB over idle (main + worker)', null),
      metric('core.heap.jsonMB', listed, round(run.dataMB), 'MB of JSON held', null),
    )
  }
  return metrics
}
