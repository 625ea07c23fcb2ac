import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { AtBidsTracker } from '../../src/main/core/holdings/at-bids'
import { readDepth } from '../../src/main/core/depth/depth-reading'
import { REPAINT_GAP_MS, type HeldDepthUpdate } from '../../src/main/core/feed/stream/held-depth-stream'
import { DEFAULT_READINGS } from '../../src/main/sim/market/service-bodies'
import { startSimServer } from '../../src/main/sim/server/server'
import { asRead } from '../../test/support/uint64'
import { type Metric, round } from '../report'
import { RUN_TYPESCRIPT } from './fresh-process'
import { type DelayReading } from './event-loop-floor'
import { eventLoopDelayMetrics } from './main-thread'
import { BENCH_INSTANT } from './bench-instant'

/**
 * Holdings at the bids (issue #47): the main thread while 50 held symbols' depth comes from the
 * poll worker at one repaint a second, as the app runs it: each update (every held symbol's newest
 * ladder, ten levels a side, from the simulator's market, a second apart) received from a worker
 * thread at the poll worker's priority, every position's whole quantity walked down its bids
 * (AtBidsTracker, decimal.js) and the view serialised as Electron's IPC would send it. Its
 * event-loop delay is measured beside its floor, the main-thread bench's: an idle main thread
 * receiving the same messages from the same worker, measured alternately with it, `pairs` times.
 */

export interface HeldDepthOptions {
  symbols: number
  /** Updates in a run, one per REPAINT_GAP_MS. */
  updates: number
  pairs: number
}

/** Quantities a holder types, cycled over the held symbols. */
const QUANTITIES = ['3.5', '12.25', '100.10', '7.125', '0.875']

async function heldUpdates(
  options: HeldDepthOptions,
): Promise<{ symbols: string[]; updates: HeldDepthUpdate[] }> {
  let marketTime = BENCH_INSTANT
  const sim = await startSimServer({
    apiKey: 'bench',
    assets: options.symbols + 10,
    clock: () => marketTime,
    grpc: false,
  })
  try {
    const symbols = sim.market.symbols().slice(0, options.symbols)
    const updates: HeldDepthUpdate[] = []
    for (let update = 0; update < options.updates; update++, marketTime += REPAINT_GAP_MS) {
      const ladders = symbols.map((symbol) => ({
        ladder: readDepth(asRead(sim.market.softQuoteDepth(symbol, DEFAULT_READINGS)!)),
        receivedAt: marketTime,
      }))
      updates.push({ state: 'streaming', reason: null, ladders })
    }
    return { symbols, updates }
  } finally {
    await sim.close()
  }
}

/** One run: the worker posts every update; `onUpdate` is what the main thread does with each. */
async function run(
  updates: readonly HeldDepthUpdate[],
  onUpdate: (update: HeldDepthUpdate) => void,
): Promise<DelayReading> {
  const worker = new Worker(join(__dirname, 'held-depth-worker.ts'), {
    workerData: { updates, gapMs: REPAINT_GAP_MS },
    execArgv: RUN_TYPESCRIPT,
  })
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  try {
    let received = 0
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject)
      worker.once('message', () => {
        histogram.enable()
        worker.on('message', (message: { update: HeldDepthUpdate }) => {
          onUpdate(message.update)
          if (++received === updates.length) resolve()
        })
      })
    })
    histogram.disable()
    return { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 }
  } finally {
    await worker.terminate()
  }
}

export async function heldDepthMetrics(
  options: HeldDepthOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const { symbols, updates } = await heldUpdates(options)
  const pairs: { subject: DelayReading; floor: DelayReading }[] = []
  for (let pair = 0; pair < options.pairs; pair++) {
    let viewBytes = 0
    const tracker = new AtBidsTracker(
      (view) => (viewBytes = JSON.stringify(view).length),
      () => undefined,
    )
    tracker.positionsChanged(
      symbols.map((symbol, index) => ({ symbol, quantity: QUANTITIES[index % QUANTITIES.length] as string })),
    )
    const subject = await run(updates, (update) => tracker.depthUpdate(update))
    const valued = tracker.current().positions.filter((position) => position.kind === 'value').length
    if (valued !== symbols.length)
      throw new Error(`only ${valued} of ${symbols.length} positions were valued`)
    const floor = await run(updates, () => undefined)
    const pairText = (field: keyof DelayReading) => `${round(subject[field])} / ${round(floor[field])} ms`
    log(
      `held depth: ${symbols.length} symbols, ${updates.length} updates a second apart, views of` +
        ` ${viewBytes} bytes: p99 ${pairText('p99Ms')}, max ${pairText('maxMs')} (subject / floor)`,
    )
    pairs.push({ subject, floor })
  }
  return eventLoopDelayMetrics('depth.held', symbols.length, pairs)
}
