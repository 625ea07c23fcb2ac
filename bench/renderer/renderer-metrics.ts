import { type Browser, type CDPSession, type Page, chromium } from 'playwright-core'
import { invokeNames } from '../../src/shared/ipc-contract'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/chromium'
import { type Metric, median, metric, round } from '../report'
import { BENCH_SETTINGS, NO_KEY, onlineStatus, simSnapshot } from './fixtures'
import { type BenchServer, SNAPSHOT_WORKER_PATH, serveBenchPage } from './bench-server'
import {
  FIRST_ROWS_MESSAGE,
  NAME_HELPER_SCRIPT,
  PRICED_ROW_SELECTOR,
  SPARKLINE_SELECTOR,
  SPARKLINES_MESSAGE,
  installBenchBridge,
} from './page-bridge'
import { type DeltaTimings, deliverDeltas, showRows } from './page-functions'

/**
 * Metrics 3, 4 (renderer side) and 5 (renderer side), in Debian's Chromium on the built renderer
 * (out/renderer): time from a delta's delivery to React's commit, which rows re-rendered, cold
 * load to the first rows painted, main-thread load while idle, and the heap over many deltas.
 */

export interface RendererOptions {
  /** The snapshot of the cold load, the idle page and the heap check (1,000 rows in the budget). */
  firstLoadRows: number
  /** Watchlist sizes for the delta timings. */
  deltaRows: readonly number[]
  changedPerDelta: number
  warmupDeltas: number
  timedDeltas: number
  coldLoads: number
  idleSeconds: number
  memoryDeltas: number
}

export const RENDERER_BUDGETS = {
  /** Up to 1,000 rows a delta must be on screen in 8 ms; beyond, within one frame (16 ms). */
  deltaMs: (rows: number) => (rows <= 1_000 ? 8 : 16),
  coldLoadMs: 250,
  idleBusyPct: 2,
  heapGrowthPct: 5,
}

const VIEWPORT = { width: 1280, height: 760 }

interface Session {
  browser: Browser
  server: BenchServer
  rows: number
  close(): Promise<void>
}

async function openSession(rows: number): Promise<Session> {
  const server = await serveBenchPage(simSnapshot(rows, Date.now()))
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  return {
    browser,
    server,
    rows,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** A fresh context (cold caches) with the bridge installed, loaded until the first rows are painted. */
async function openPage(
  session: Session,
  log: (line: string) => void,
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await session.browser.newContext({
    viewport: VIEWPORT,
    locale: 'en-US',
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => log(`page error: ${error.message}`))
  await page.addInitScript({ content: NAME_HELPER_SCRIPT })
  await page.addInitScript(installBenchBridge, {
    snapshotWorker: SNAPSHOT_WORKER_PATH,
    status: onlineStatus(Date.now()),
    settings: BENCH_SETTINGS,
    keyStatus: NO_KEY,
    invokeNames: [...invokeNames],
    pricedRowSelector: PRICED_ROW_SELECTOR,
    firstRowsMessage: FIRST_ROWS_MESSAGE,
    sparklineSelector: SPARKLINE_SELECTOR,
    sparklinesMessage: SPARKLINES_MESSAGE,
  })
  const logged = (text: string) =>
    page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: 30_000 })
  const painted = Promise.all([logged(FIRST_ROWS_MESSAGE), logged(SPARKLINES_MESSAGE)])
  await page.goto(`${session.server.url}?instrument=1`)
  await painted
  return { page, close: () => context.close() }
}

/** From navigation start to the first rows with prices painted, then to their sparklines. */
async function coldLoads(session: Session, runs: number, log: (line: string) => void): Promise<Metric[]> {
  const firstRows: number[] = []
  const sparklines: number[] = []
  for (let run = 0; run < runs; run++) {
    const { page, close } = await openPage(session, log)
    const times = await page.evaluate(() => [window.__bench?.firstRowsAt, window.__bench?.sparklinesAt])
    firstRows.push(times[0] ?? Number.NaN)
    sparklines.push(times[1] ?? Number.NaN)
    await close()
  }
  return [
    metric(
      'renderer.coldLoad.firstRowsMs',
      session.rows,
      round(median(firstRows)),
      'ms',
      RENDERER_BUDGETS.coldLoadMs,
    ),
    metric('renderer.coldLoad.sparklinesMs', session.rows, round(median(sparklines)), 'ms', null),
  ]
}

async function deltaMetrics(page: Page, rows: number, options: RendererOptions, log: (line: string) => void) {
  const snapshotMs = await page.evaluate(showRows, {
    rows,
    asOf: Date.now(),
  })
  await page.evaluate(deliverDeltas, { count: options.warmupDeltas, changed: options.changedPerDelta })
  const timings: DeltaTimings = await page.evaluate(deliverDeltas, {
    count: options.timedDeltas,
    changed: options.changedPerDelta,
  })
  const wrongRenders = Math.max(
    ...timings.rendered.map((rendered, index) => Math.abs(rendered - (timings.changedInDom[index] ?? 0))),
  )
  log(
    `${rows} rows: full snapshot committed in ${round(snapshotMs)} ms; a delta of ${options.changedPerDelta} ` +
      `re-rendered ${median(timings.rendered)} rows (${median(timings.changedInDom)} of the changed were in the DOM)`,
  )
  return [
    metric('renderer.delta.commitMs', rows, round(median(timings.ms)), 'ms', RENDERER_BUDGETS.deltaMs(rows)),
    metric('renderer.delta.wrongRowRenders', rows, wrongRenders, 'rows', 0),
  ]
}

async function cdpMetric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const found = metrics.find((entry) => entry.name === name)
  if (!found) throw new Error(`Chromium reports no ${name} metric`)
  return found.value
}

/** Ticker scrolling, clock ticking, no data change: how busy the main thread is, and long tasks. */
async function idleMetrics(page: Page, seconds: number): Promise<Metric[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  const startedAt = await page.evaluate(() => performance.now())
  const busyBefore = await cdpMetric(cdp, 'TaskDuration')
  const wallBefore = await cdpMetric(cdp, 'Timestamp')
  await page.waitForTimeout(seconds * 1000)
  const busy = (await cdpMetric(cdp, 'TaskDuration')) - busyBefore
  const wall = (await cdpMetric(cdp, 'Timestamp')) - wallBefore
  const longTasks = await page.evaluate(
    (since) => (window.__bench?.longTasks ?? []).filter((task) => task.startTime >= since).length,
    startedAt,
  )
  await cdp.detach()
  return [
    metric(
      'renderer.idle.mainThreadBusyPct',
      seconds,
      round((100 * busy) / wall),
      '% of the main thread',
      RENDERER_BUDGETS.idleBusyPct,
    ),
    metric('renderer.idle.longTasks', seconds, longTasks, 'tasks > 50 ms', 0),
  ]
}

/** The JS heap after a full collection, before and after many deltas. */
async function heapMetric(page: Page, rows: number, options: RendererOptions): Promise<Metric> {
  const cdp = await page.context().newCDPSession(page)
  const heapAfterGc = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  }
  await page.evaluate(showRows, { rows, asOf: Date.now() })
  await page.evaluate(deliverDeltas, { count: options.warmupDeltas, changed: options.changedPerDelta })
  const before = await heapAfterGc()
  const batch = 50
  for (let sent = 0; sent < options.memoryDeltas; sent += batch)
    await page.evaluate(deliverDeltas, {
      count: Math.min(batch, options.memoryDeltas - sent),
      changed: options.changedPerDelta,
    })
  const after = await heapAfterGc()
  await cdp.detach()
  return metric(
    'renderer.heap.growthPct',
    options.memoryDeltas,
    round((100 * (after - before)) / before),
    '% after deltas',
    RENDERER_BUDGETS.heapGrowthPct,
  )
}

export async function rendererMetrics(
  options: RendererOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const session = await openSession(options.firstLoadRows)
  try {
    const metrics: Metric[] = await coldLoads(session, options.coldLoads, log)
    const { page, close } = await openPage(session, log)
    try {
      for (const rows of options.deltaRows) metrics.push(...(await deltaMetrics(page, rows, options, log)))
      await page.evaluate(showRows, {
        rows: options.firstLoadRows,
        asOf: Date.now(),
      })
      metrics.push(...(await idleMetrics(page, options.idleSeconds)))
      metrics.push(await heapMetric(page, options.firstLoadRows, options))
    } finally {
      await close()
    }
    return metrics
  } finally {
    await session.close()
  }
}
