import { type Browser, type CDPSession, type Page, chromium } from 'playwright-core'
import { withoutHistories } from '../../src/shared/domain'
import type { Settings } from '../../src/shared/settings'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../test/support/chromium'
import { type Metric, floorOf, measurePair, median, metric, round } from '../report'
import { NO_KEY, benchSettings, onlineStatus, polledSnapshot, simSnapshot } from './fixtures'
import {
  APP_PAGE_PATH,
  BLANK_PAGE_PATH,
  type BenchServer,
  FIRST_FRAME_PAGE_PATH,
  IDLE_FLOOR_PAGE_PATH,
  PAGE_RENDERED_APP_PATH,
  REACT_FIRST_FRAME_PAGE_PATH,
  REACT_ONE_ROW_PAGE_PATH,
  SNAPSHOT_WORKER_PATH,
  serveBenchPage,
} from './bench-server'
import {
  APP_BRIDGE_PROBES,
  FIRST_ROWS_MESSAGE,
  NAME_HELPER_SCRIPT,
  SPARKLINES_MESSAGE,
  installBenchBridge,
} from './page-bridge'
import { type MainFirstFrame, loadMainFirstFrame } from './main-first-frame'
import { marketClockOffsetMs, marketNow, shiftPageClock } from './market-time'
import { historySwitchMetrics, uncachedRangeMetrics } from './history-switch'
import { keyToPaintMetrics } from './key-to-paint'
import { portfolioSwitchMetrics } from './portfolio-switch'
import { type DeltaTimings, deliverDeltas, showRows } from './page-functions'

/**
 * Metrics 3, 4 (renderer side) and 5 (renderer side), in Debian's Chromium on the built renderer
 * (out/renderer): time from a delta's delivery to React's commit, which rows re-rendered, cold
 * load to the first rows painted, main-thread load while idle, the heap over many deltas, the
 * detail chart's switch between ranges already fetched (history-switch.ts) and the portfolio
 * chart's (portfolio-switch.ts).
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
  idleWindows: number
  memoryDeltas: number
  /** Timed switches to each of 1Y and All in the detail chart, and in the portfolio chart. */
  historySwitches: number
}

export const RENDERER_BUDGETS = {
  /** Up to 1,000 rows a delta must be on screen in 8 ms; beyond, within one frame (16 ms). */
  deltaMs: (rows: number) => (rows <= 1_000 ? 8 : 16),
  /** The cold load to the first rows, as a ratio to the same first frame served as a static page. */
  coldLoadRatio: 1.1,
  /** The idle page's main thread over the same rows as a static page, its ticker in CSS alone. */
  idleRatio: 1.2,
  heapGrowthPct: 5,
}

const VIEWPORT = { width: 1280, height: 760 }
const TICKER_ITEM_SELECTOR = '.ticker .ticker-item'

interface Session {
  browser: Browser
  server: BenchServer
  /** The symbols of the list the cold load opens (the rows are those that fit the window). */
  listSymbols: number
  settings: Settings
  mainFirstFrame: MainFirstFrame
  close(): Promise<void>
}

async function openSession(marketAssets: number): Promise<Session> {
  const at = marketNow()
  const market = simSnapshot(marketAssets, at)
  const settings = benchSettings(market)
  const snapshot = polledSnapshot(market, settings)
  const mainFirstFrame = loadMainFirstFrame(
    { snapshot: withoutHistories(snapshot), status: onlineStatus(at), settings, keyStatus: NO_KEY },
    VIEWPORT,
  )
  const server = await serveBenchPage(snapshot, mainFirstFrame.page)
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
  return {
    browser,
    server,
    listSymbols: snapshot.assets.length,
    settings,
    mainFirstFrame,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** Which page a cold load opens, and what it waits for. */
interface PageToLoad {
  /** The app (index.html), or one of the static pages the cold load is compared with. */
  path: string
  /** The app asks main for snapshots; the static pages ask for nothing. */
  app: boolean
  /**
   * The page comes with main's first frame, so the app asks main for nothing until that frame is
   * painted: the snapshot's stand-in starts then (page-bridge.ts, snapshotWorkerAfterFirstRows).
   */
  framedByMain?: boolean
  /** Keep the DOM of the first frame (page-bridge.ts); costs time, so only on untimed loads. */
  captureFirstFrame?: boolean
}

const APP: PageToLoad = { path: `${APP_PAGE_PATH.slice(1)}?instrument=1`, app: true, framedByMain: true }
const PAGE_RENDERED_APP: PageToLoad = { path: `${PAGE_RENDERED_APP_PATH.slice(1)}?instrument=1`, app: true }
const FIRST_FRAME_PAGE: PageToLoad = { path: FIRST_FRAME_PAGE_PATH.slice(1), app: false }
const IDLE_FLOOR_PAGE: PageToLoad = { path: IDLE_FLOOR_PAGE_PATH.slice(1), app: false }
const BLANK_PAGE: PageToLoad = { path: BLANK_PAGE_PATH.slice(1), app: false }
const REACT_ONE_ROW_PAGE: PageToLoad = { path: REACT_ONE_ROW_PAGE_PATH.slice(1), app: false }
const REACT_FIRST_FRAME_PAGE: PageToLoad = { path: REACT_FIRST_FRAME_PAGE_PATH.slice(1), app: false }

/**
 * A fresh context (cold caches) with the bridge installed, loaded until the first rows are painted
 * (and, for the app, their sparklines).
 */
async function openPage(
  session: Session,
  log: (line: string) => void,
  target: PageToLoad = APP,
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await session.browser.newContext({
    viewport: VIEWPORT,
    locale: 'en-US',
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => log(`page error: ${error.message}`))
  await page.addInitScript({ content: NAME_HELPER_SCRIPT })
  await page.addInitScript(shiftPageClock, marketClockOffsetMs())
  await page.addInitScript(installBenchBridge, {
    snapshotWorker: target.app ? SNAPSHOT_WORKER_PATH : null,
    snapshotWorkerAfterFirstRows: target.framedByMain ?? false,
    status: onlineStatus(marketNow()),
    settings: session.settings,
    keyStatus: NO_KEY,
    ...APP_BRIDGE_PROBES,
    captureFirstFrame: target.captureFirstFrame ?? false,
  })
  const logged = (text: string) =>
    page.waitForEvent('console', { predicate: (message) => message.text() === text, timeout: 30_000 })
  const painted = Promise.all(
    target.app ? [logged(FIRST_ROWS_MESSAGE), logged(SPARKLINES_MESSAGE)] : [logged(FIRST_ROWS_MESSAGE)],
  )
  await page.goto(`${session.server.url}${target.path}`)
  await painted
  return { page, close: () => context.close() }
}

/** Milliseconds from navigation start to the first priced rows painted, in a fresh context. */
async function timeFirstRows(session: Session, log: (line: string) => void, target: PageToLoad) {
  const { page, close } = await openPage(session, log, target)
  const times = await page.evaluate(() => [window.__bench?.firstRowsAt, window.__bench?.sparklinesAt])
  await close()
  return { firstRows: times[0] ?? Number.NaN, sparklines: times[1] ?? Number.NaN }
}

/**
 * The app's first frame as a static page: one untimed load of the app keeps the DOM its first
 * rows were painted in, and the server serves that, with the app's stylesheets and no script.
 * Taken from the page that renders the frame itself, which commits it at once (the HTML main
 * renders may reach the DOM in parts as it is parsed); hydration makes the two frames the same.
 */
async function captureFirstFrame(session: Session, log: (line: string) => void): Promise<void> {
  const { page, close } = await openPage(session, log, { ...PAGE_RENDERED_APP, captureFirstFrame: true })
  const frame = await page.evaluate(() => window.__bench?.firstFrame ?? null)
  await close()
  if (!frame) throw new Error('the page did not capture its first frame')
  session.server.setFirstFrame(frame)
}

/**
 * From navigation start to the first rows with prices painted, then to their sparklines; beside
 * them, in the same rounds, the floors the figure is read against: a page with one priced row
 * (the browser's own cost), that row rendered by React (React's fixed cost), the app's first
 * frame as a static page (what the browser needs to show that frame, no script run), and that
 * frame rendered by React from a copy of its DOM, without the app (what React needs to build it:
 * the least a page rendered by React in the browser can take to show that frame). Beside them,
 * the app's page without main's frame, rendering its first frame itself (as on the dev server).
 * The app and the static frame load one after the other, which of them first alternating from
 * round to round (`measurePair`): the first load meets the previous round's last context closing.
 */
async function coldLoads(session: Session, runs: number, log: (line: string) => void): Promise<Metric[]> {
  await captureFirstFrame(session, log)
  const rendersBefore = session.mainFirstFrame.renders.length
  const times = {
    app: [] as number[],
    sparklines: [] as number[],
    staticFrame: [] as number[],
    pageRenderedApp: [] as number[],
  }
  const floors = { blankPage: [] as number[], reactOneRow: [] as number[], reactFirstFrame: [] as number[] }
  for (let run = 0; run < runs; run++) {
    const pair = await measurePair(
      run,
      () => timeFirstRows(session, log, APP),
      () => timeFirstRows(session, log, FIRST_FRAME_PAGE),
    )
    times.app.push(pair.subject.firstRows)
    times.sparklines.push(pair.subject.sparklines)
    times.staticFrame.push(pair.floor.firstRows)
    floors.blankPage.push((await timeFirstRows(session, log, BLANK_PAGE)).firstRows)
    floors.reactOneRow.push((await timeFirstRows(session, log, REACT_ONE_ROW_PAGE)).firstRows)
    floors.reactFirstFrame.push((await timeFirstRows(session, log, REACT_FIRST_FRAME_PAGE)).firstRows)
    times.pageRenderedApp.push((await timeFirstRows(session, log, PAGE_RENDERED_APP)).firstRows)
  }
  const list = (values: number[]) => values.map(round).join(', ')
  const mainRenders = session.mainFirstFrame.renders.slice(rendersBefore)
  // Each round's app load against the static frame loaded beside it: the machine's load moves both.
  const overStaticFrame = (loads: number[]) =>
    loads.map((load, run) => load / (times.staticFrame[run] ?? Number.NaN))
  log(
    `cold loads (ms): app ${list(times.app)}; its first frame as a static page ${list(times.staticFrame)}; ` +
      `one row ${list(floors.blankPage)}; one row by React ${list(floors.reactOneRow)}; ` +
      `the first frame by React ${list(floors.reactFirstFrame)}; the app rendering that frame in the page ` +
      `${list(times.pageRenderedApp)}; main rendering the frame ${list(mainRenders)} (loading and first ` +
      `render ${round(session.mainFirstFrame.coldMs)})`,
  )
  const rows = session.listSymbols
  const overFloor = floorOf(
    times.app.map((load, run) => ({ subject: load, floor: times.staticFrame[run] ?? Number.NaN })),
    'ms to the first rows',
  )
  return [
    metric(
      'renderer.coldLoad.ratioToStaticFrame',
      rows,
      overFloor.ratio,
      'x the static first frame',
      RENDERER_BUDGETS.coldLoadRatio,
      overFloor,
    ),
    // What the app cannot beat while React builds its first frame in the page, in the same terms.
    metric(
      'renderer.coldLoad.reactFirstFrameRatio',
      rows,
      round(median(overStaticFrame(floors.reactFirstFrame))),
      'x the static first frame',
      null,
    ),
    // The page rendering its first frame itself: what main's frame saves.
    metric(
      'renderer.coldLoad.pageRenderedRatio',
      rows,
      round(median(overStaticFrame(times.pageRenderedApp))),
      'x the static first frame',
      null,
    ),
    // Main's thread renders the frame for each load (inside firstRowsMs), and once per start
    // loads the renderer and renders cold.
    metric('main.firstFrame.renderMs', rows, round(median(mainRenders)), 'ms', null),
    metric('main.firstFrame.coldMs', rows, round(session.mainFirstFrame.coldMs), 'ms', null),
    metric('renderer.coldLoad.firstRowsMs', rows, round(median(times.app)), 'ms', null),
    metric('renderer.coldLoad.sparklinesMs', rows, round(median(times.sparklines)), 'ms', null),
    metric('renderer.coldLoad.staticFirstFrameMs', rows, round(median(times.staticFrame)), 'ms', null),
    metric('renderer.coldLoad.blankPageMs', 1, round(median(floors.blankPage)), 'ms', null),
    metric('renderer.coldLoad.reactOneRowMs', 1, round(median(floors.reactOneRow)), 'ms', null),
    metric('renderer.coldLoad.reactFirstFrameMs', rows, round(median(floors.reactFirstFrame)), 'ms', null),
    metric('renderer.coldLoad.pageRenderedMs', rows, round(median(times.pageRenderedApp)), 'ms', null),
  ]
}

async function deltaMetrics(
  page: Page,
  rows: number,
  options: RendererOptions,
  log: (line: string) => void,
  holdings = false,
) {
  const snapshotMs = await page.evaluate(showRows, {
    rows,
    asOf: marketNow(),
  })
  const deltas = { changed: options.changedPerDelta, holdings }
  await page.evaluate(deliverDeltas, { ...deltas, count: options.warmupDeltas })
  const timings: DeltaTimings = await page.evaluate(deliverDeltas, { ...deltas, count: options.timedDeltas })
  const wrongRenders = Math.max(
    ...timings.rendered.map((rendered, index) => Math.abs(rendered - (timings.changedInDom[index] ?? 0))),
  )
  const name = holdings ? 'renderer.delta.withHoldings' : 'renderer.delta'
  log(
    `${rows} rows${holdings ? ', every one held' : ''}: full snapshot ` +
      `committed in ${round(snapshotMs)} ms; a delta of ${options.changedPerDelta} ` +
      (`re-rendered ${median(timings.rendered)} rows (${median(timings.changedInDom)}` +
        ` of the changed were in the DOM)`),
  )
  return [
    metric(`${name}.commitMs`, rows, round(median(timings.ms)), 'ms', RENDERER_BUDGETS.deltaMs(rows)),
    metric(`${name}.wrongRowRenders`, rows, wrongRenders, 'rows', 0),
  ]
}

async function cdpMetric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const found = metrics.find((entry) => entry.name === name)
  if (!found) throw new Error(`Chromium reports no ${name} metric`)
  return found.value
}

/** How busy a page's main thread is over `seconds` (its CPU time over wall time), in %. */
async function busyPct(page: Page, seconds: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const busyBefore = await cdpMetric(cdp, 'TaskDuration')
    const wallBefore = await cdpMetric(cdp, 'Timestamp')
    await page.waitForTimeout(seconds * 1000)
    const busy = (await cdpMetric(cdp, 'TaskDuration')) - busyBefore
    const wall = (await cdpMetric(cdp, 'Timestamp')) - wallBefore
    return (100 * busy) / wall
  } finally {
    await cdp.detach()
  }
}

/** A full collection of the page's heap. */
async function collectGarbage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
  } finally {
    await cdp.detach()
  }
}

/**
 * Ticker scrolling, clock ticking, main's polls answering each prices cadence with nothing changed
 * (its status push, as in the app), no data change: how busy the main thread is, and long tasks,
 * beside its floor: the app's DOM as it stands idle, as a static page (the same rows, none of the
 * app's script; its filled ticker strip moves by the same CSS animation, its session clock's time
 * and countdown are rewritten each second by a plain timer, as the screen must show them), opened
 * fresh for each of its windows. Floor and app windows alternate (`windows` pairs, which of the
 * two goes first alternating too: `measurePair`); the budget applies to the median of the pairs'
 * ratios.
 */
async function idleMetrics(
  session: Session,
  page: Page,
  seconds: number,
  windows: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  // Main's polls go on answering with nothing changed, as in the app: without their status pushes
  // every row would turn stale ten seconds in and its marker count the seconds.
  await page.evaluate(() => {
    const bench = window.__bench
    if (!bench) throw new Error('the page has no benchmark bridge')
    bench.pollAnswered()
    bench.answerPolls(bench.status.endpoints.prices.cadenceMs)
  })
  await page.evaluate(() => new Promise(requestAnimationFrame))
  // The delta cases before leave the page's heap full of garbage (10,000 rows' snapshots, held
  // pushes); V8 collects it once the page falls idle, half a second of the main thread that fell
  // in the first window of the app (5.4-7.5 % of it against a floor of 0.6-0.7 %). Collected now,
  // the windows measure the idle page, not the cases before it.
  await collectGarbage(page)
  const startedAt = await page.evaluate(() => performance.now())
  const idleDom = await page.evaluate(() => window.__bench?.captureDom() ?? null)
  if (!idleDom) throw new Error('the page did not capture its idle DOM')
  session.server.setIdleFloor(idleDom)
  const tickerItems = await page.locator(TICKER_ITEM_SELECTOR).count()
  const pairs: { subject: number; floor: number }[] = []
  const floorWindow = async () => {
    const floorPage = await openPage(session, log, IDLE_FLOOR_PAGE)
    try {
      // The same ticker movement or no floor: the first frame's strip, still empty, moved nothing.
      const floorItems = await floorPage.page.locator(TICKER_ITEM_SELECTOR).count()
      if (tickerItems === 0 || floorItems !== tickerItems)
        throw new Error(`the idle floor moves ${floorItems} ticker items, the app ${tickerItems}`)
      return await busyPct(floorPage.page, seconds)
    } finally {
      await floorPage.close()
    }
  }
  for (let taken = 0; taken < windows; taken++)
    pairs.push(await measurePair(taken, () => busyPct(page, seconds), floorWindow))
  await page.evaluate(() => window.__bench?.stopPolls())
  const longTasks = await page.evaluate(
    (since) => (window.__bench?.longTasks ?? []).filter((task) => task.startTime >= since).length,
    startedAt,
  )
  const floor = floorOf(pairs, '% of the main thread')
  const shares = pairs.map((pair) => `${round(pair.subject)} / ${round(pair.floor)}`)
  log(`idle page over its static floor, each pair (%): ${shares.join(', ')}`)
  return [
    metric(
      'renderer.idle.ratioToFloor',
      seconds,
      floor.ratio,
      `x static page (median of ${windows} pairs of ${seconds} s windows)`,
      RENDERER_BUDGETS.idleRatio,
      floor,
    ),
    metric(
      'renderer.idle.mainThreadBusyPct',
      seconds,
      floor.subject,
      '% of the main thread (median; information)',
      null,
    ),
    metric('renderer.idle.longTasks', seconds, longTasks, 'tasks > 50 ms', 0),
  ]
}

/** The JS heap after a full collection: after the first snapshot, then before and after many deltas. */
async function heapMetrics(page: Page, rows: number, options: RendererOptions): Promise<Metric[]> {
  const cdp = await page.context().newCDPSession(page)
  const heapAfterGc = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  }
  await page.evaluate(showRows, { rows, asOf: marketNow() })
  const afterSnapshot = await heapAfterGc()
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
  return [
    metric('renderer.heap.afterSnapshotMB', rows, round(afterSnapshot / 1e6), 'MB (rows shown)', null),
    metric(
      'renderer.heap.afterDeltasMB',
      options.memoryDeltas,
      round(after / 1e6),
      'MB (deltas applied)',
      null,
    ),
    metric(
      'renderer.heap.growthPct',
      options.memoryDeltas,
      round((100 * (after - before)) / before),
      '% after deltas',
      RENDERER_BUDGETS.heapGrowthPct,
    ),
  ]
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
      // The holding columns shown (every row held), each delta with main's positions push.
      metrics.push(...(await deltaMetrics(page, 1_000, options, log, true)))
      await page.evaluate(showRows, {
        rows: options.firstLoadRows,
        asOf: marketNow(),
      })
      metrics.push(...(await idleMetrics(session, page, options.idleSeconds, options.idleWindows, log)))
      metrics.push(...(await heapMetrics(page, options.firstLoadRows, options)))
    } finally {
      await close()
    }
    const detail = await openPage(session, log)
    try {
      metrics.push(...(await keyToPaintMetrics(detail.page, options.historySwitches, log)))
      metrics.push(...(await historySwitchMetrics(detail.page, options.historySwitches, log)))
      metrics.push(...(await uncachedRangeMetrics(detail.page, options.historySwitches, log)))
    } finally {
      await detail.close()
    }
    const holdings = await openPage(session, log)
    try {
      metrics.push(...(await portfolioSwitchMetrics(holdings.page, options.historySwitches, log)))
    } finally {
      await holdings.close()
    }
    return metrics
  } finally {
    await session.close()
  }
}
