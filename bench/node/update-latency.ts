import { type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, type Page, chromium } from 'playwright-core'
import { realClock } from '../../src/main/core/clock'
import { LocalPollFeed } from '../../src/main/core/feed/local-poll-feed'
import type { Delta } from '../../src/shared/domain'
import { type PackedDelta, packHistories } from '../../src/shared/packed-histories'
import { deltaPieces } from '../../src/main/core/feed/worker/delta-pieces'
import { DEFAULT_SETTINGS } from '../../src/shared/settings'
import { formatPrice } from '../../src/renderer/format'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../test/support/chromium'
import { type Metric, metric, round } from '../report'
import { PAGE_RENDERED_APP_PATH, SNAPSHOT_WORKER_PATH, serveBenchPage } from '../renderer/bench-server'
import { NO_KEY, benchSettings, onlineStatus } from '../renderer/fixtures'
import { shiftPageClock } from '../renderer/market-time'
import {
  APP_BRIDGE_PROBES,
  FIRST_ROWS_MESSAGE,
  NAME_HELPER_SCRIPT,
  installBenchBridge,
} from '../renderer/page-bridge'
import { BENCH_INSTANT } from './bench-instant'
import { type SimProcess, startSimProcess } from './sim-process'

/**
 * Update to screen: from the simulator writing a price to the watchlist row showing it, in the
 * built renderer in Chromium, fed by the core (LocalPollFeed, as the poll worker runs it) that
 * streams from the simulator or polls it at the default cadence.
 *
 * - Streamed: the simulator (a process of its own) stamps each price frame as it writes it to the
 *   gRPC stream, on `performance.timeOrigin + performance.now()` (sim-child.ts).
 * - Polled: each price a poll brought, from the instant it took effect in the simulator (the start
 *   of its one-second step, the time the stream would have written it): its age as it reaches the
 *   screen. A price that came and went between two polls is never shown and not timed, so the
 *   wait for the next poll after a change is only partly in it. Given beside the streamed one, not
 *   budgeted.
 *
 * The end: a MutationObserver in the page, installed before the app's scripts, sees a row's price
 * text change, and stamps it on the same clock (`performance.timeOrigin + performance.now()` of
 * the page, which the page's shifted Date does not touch: shiftPageClock moves Date alone). The text
 * is matched to the write it shows through the renderer's own formatting (formatPrice): the first
 * write of that symbol whose price reads as that text, after the last one that read otherwise, and
 * not later than the text was seen. Only rows on screen render: at 400 symbols, the rows the
 * window holds (about 19 at 1280 x 760) are the ones timed, while every delta carries all 400.
 *
 * Between core and page, each delta is cut and packed as the poll worker posts it and pushed to
 * the page as one JSON text, a server-sent event from a loopback server of the bench's own
 * (startDeltaChannel), to a worker in the page that parses it and posts the deltas to the page
 * (DELTA_WORKER_SOURCE), where they go to the bench bridge's emit, to the app's own 'delta'
 * listener. So the page's thread reads each batch as a structured clone, as it reads an IPC
 * message: one-way, as Electron's `webContents.send` is, each message a task of the page's. (The
 * app's CSP lets the page itself connect nowhere; its worker, served without one, may.) (Playwright's
 * evaluate did this until 30 Nov: a CDP round trip, one at a time, so a delta ready while one was
 * in flight waited for its answer; the hop to the page read 48 ms p99 at 400 symbols of which the
 * app pays none.) The log splits each change's time into three hops (hopsOf): origin to the
 * core's delta, to the page reading it, to the row's text.
 */

export interface UpdateLatencyOptions {
  /** Streamed symbols of the 400 listed. */
  sizes: readonly number[]
  warmupMs: number
  measureMs: number
}

/** Streamed p99 budgets: 50 ms at 20 symbols, 100 ms at 400 (issue 46, item 8). */
export const STREAMED_P99_BUDGET_MS = (symbols: number) => (symbols <= 20 ? 50 : 100)

const LISTED = 400
const VIEWPORT = { width: 1280, height: 760 }
/** A seen text no write can explain within this long before it is not counted (a stale first frame). */
const MAX_LATENCY_MS = 30_000
/** How long the core may take to price every row (and to stream) before the run gives up. */
const READY_WITHIN_MS = 120_000

type Mode = 'streamed' | 'polled'

/** A row's price text as the page saw it change. */
export interface Seen {
  symbol: string
  text: string
  atMs: number
  /** When the page began to read the batch of deltas last handed to it (null: none yet). */
  emittedAt: number | null
}

/** A price as it left the simulator (streamed) or came to be there (polled), with the text it reads as. */
export interface Origin {
  atMs: number
  text: string
}

declare global {
  interface Window {
    __latency?: { recording: boolean; seen: Seen[]; emittedAt: number | null }
  }
}

/**
 * Runs in the page before its scripts (may use nothing from outside its body): records each
 * watchlist row's price text as it changes, while `recording`, at most `limit` of them.
 */
function installLatencyProbe(args: { priceSelector: string; limit: number }): void {
  const probe = { recording: false, seen: [] as Seen[], emittedAt: null as number | null }
  window.__latency = probe
  const last = new Map<string, string>()
  new MutationObserver((mutations) => {
    const atMs = performance.timeOrigin + performance.now()
    const rows = new Set<Element>()
    for (const mutation of mutations) {
      const node = mutation.target
      const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element)
      const row = element?.closest?.('[role="row"][data-symbol]')
      if (row) rows.add(row)
    }
    for (const row of rows) {
      const symbol = row.getAttribute('data-symbol') ?? ''
      const text = row.querySelector(args.priceSelector)?.textContent ?? ''
      if (text === '' || last.get(symbol) === text) continue
      last.set(symbol, text)
      if (probe.recording && probe.seen.length < args.limit)
        probe.seen.push({ symbol, text, atMs, emittedAt: probe.emittedAt })
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** The nearest-rank percentile `p` (0-100) of `values`. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(probe: () => boolean, what: string): Promise<void> {
  for (const startedAt = Date.now(); !probe(); await pause(100))
    if (Date.now() - startedAt > READY_WITHIN_MS) throw new Error(`${what} did not come within 120 s`)
}

/** Per symbol, the origins in the order they happened. */
function originsBySymbol(entries: Iterable<{ symbol: string } & Origin>): Map<string, Origin[]> {
  const bySymbol = new Map<string, Origin[]>()
  for (const { symbol, atMs, text } of entries) {
    const list = bySymbol.get(symbol) ?? []
    list.push({ atMs, text })
    bySymbol.set(symbol, list)
  }
  return bySymbol
}

/** A seen text with the origin it was matched to. */
interface Matched {
  seen: Seen
  fromMs: number
}

/**
 * Each seen text with its origin: the first origin of the run of origins reading as that text
 * (the one that changed the row), among those not later than the text was seen.
 */
function matchesOf(seen: readonly Seen[], origins: ReadonlyMap<string, readonly Origin[]>): Matched[] {
  const matches: Matched[] = []
  for (const one of seen) {
    const { symbol, text, atMs } = one
    const list = origins.get(symbol) ?? []
    let index = list.length - 1
    while (index >= 0 && ((list[index] as Origin).atMs > atMs || (list[index] as Origin).text !== text))
      index--
    if (index < 0) continue
    while (index > 0 && (list[index - 1] as Origin).text === text) index--
    const fromMs = (list[index] as Origin).atMs
    if (atMs - fromMs <= MAX_LATENCY_MS) matches.push({ seen: one, fromMs })
  }
  return matches
}

/** The latency of each seen text from its origin (matchesOf). */
export function latenciesOf(
  seen: readonly Seen[],
  origins: ReadonlyMap<string, readonly Origin[]>,
): number[] {
  return matchesOf(seen, origins).map(({ seen: { atMs }, fromMs }) => atMs - fromMs)
}

/** Where the time of matched changes went, hop by hop (each list in the order of the changes). */
export interface Hops {
  /** From the origin to the core's delta carrying the text (stream, decode, read, fold, commit). */
  core: number[]
  /** From that delta to the page beginning to read the batch carrying it (pieces, packing, hand-over). */
  handover: number[]
  /** From there to the text in the row (the store, React's commit). */
  page: number[]
}

/**
 * The hops of each seen text that can be followed through all three: its origin, the first delta
 * the core published with that symbol's price reading as the text, not before the origin and not
 * after the text was seen, and the start of the page's reading of the batch it came in.
 */
export function hopsOf(
  seen: readonly Seen[],
  origins: ReadonlyMap<string, readonly Origin[]>,
  published: ReadonlyMap<string, readonly Origin[]>,
): Hops {
  const hops: Hops = { core: [], handover: [], page: [] }
  for (const { seen: one, fromMs } of matchesOf(seen, origins)) {
    const delta = (published.get(one.symbol) ?? []).find(
      ({ atMs, text }) => text === one.text && atMs >= fromMs && atMs <= one.atMs,
    )
    if (!delta || one.emittedAt === null || one.emittedAt < delta.atMs) continue
    hops.core.push(delta.atMs - fromMs)
    hops.handover.push(one.emittedAt - delta.atMs)
    hops.page.push(one.atMs - one.emittedAt)
  }
  return hops
}

/** The bench's stand-in for IPC to the window: a server-sent event stream on 127.0.0.1. */
interface DeltaChannel {
  url: string
  /** Writes `text` (one line: JSON) as one event to the page, if it listens. */
  send(text: string): void
  close(): Promise<void>
}

async function startDeltaChannel(): Promise<DeltaChannel> {
  let listener: ServerResponse | null = null
  const server = createServer((request, response) => {
    // Each event goes out as written, not held back to fill a packet.
    request.socket.setNoDelay(true)
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    })
    response.flushHeaders()
    listener = response
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/deltas`,
    send: (text) => void listener?.write(`data: ${text}\n\n`),
    close: () => {
      listener?.end()
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

const DELTA_WORKER_PATH = '/__bench/delta-worker.js'

/** Plain JavaScript, run as it is: the delta channel's events, parsed, posted to the page. */
const DELTA_WORKER_SOURCE = `
self.onmessage = (event) => {
  const source = new EventSource(event.data)
  source.onopen = () => self.postMessage({ kind: 'open' })
  source.onerror = () => self.postMessage({ kind: 'failed' })
  source.onmessage = (message) => self.postMessage({ kind: 'deltas', deltas: JSON.parse(message.data) })
}
`

type FromDeltaWorker = { kind: 'open' } | { kind: 'failed' } | { kind: 'deltas'; deltas: PackedDelta[] }

/**
 * Runs in the page: starts the delta worker on the channel at `url`; each batch it posts goes in
 * order to the app's 'delta' listener. Resolves once the channel is open.
 */
function listenForDeltas(args: { workerPath: string; url: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(args.workerPath)
    worker.onmessage = ({ data }: MessageEvent<FromDeltaWorker>) => {
      if (data.kind === 'open') return resolve()
      if (data.kind === 'failed') return reject(new Error(`the delta channel ${args.url} failed`))
      if (window.__latency) window.__latency.emittedAt = performance.timeOrigin + performance.now()
      for (const delta of data.deltas) window.__bench?.emit('delta', delta)
    }
    worker.postMessage(args.url)
  })
}

async function openAppPage(
  browser: Browser,
  sim: SimProcess,
  feed: LocalPollFeed,
  log: (line: string) => void,
): Promise<Page> {
  const snapshot = feed.snapshot()
  const settings = benchSettings(snapshot)
  const server = await serveBenchPage(snapshot, () => '<!doctype html><title>unused</title>', [
    { path: DELTA_WORKER_PATH, type: 'text/javascript; charset=utf-8', body: DELTA_WORKER_SOURCE },
  ])
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'dark' })
  context.on('close', () => void server.close())
  const page = await context.newPage()
  page.on('pageerror', (error) => log(`page error: ${error.message}`))
  // The page's Date reads the simulator's market time, so the rows' freshness is as the app's would be.
  const offset = BENCH_INSTANT - (sim.startedAt ?? Date.now())
  await page.addInitScript({ content: NAME_HELPER_SCRIPT })
  await page.addInitScript(shiftPageClock, offset)
  await page.addInitScript(installBenchBridge, {
    snapshotWorker: SNAPSHOT_WORKER_PATH,
    snapshotWorkerAfterFirstRows: false,
    status: onlineStatus(Date.now() + offset),
    settings,
    keyStatus: NO_KEY,
    ...APP_BRIDGE_PROBES,
    captureFirstFrame: false,
  })
  await page.addInitScript(installLatencyProbe, { priceSelector: '.cell-price .num', limit: 200_000 })
  const painted = page.waitForEvent('console', {
    predicate: (message) => message.text() === FIRST_ROWS_MESSAGE,
    timeout: 60_000,
  })
  await page.goto(`${server.url}${PAGE_RENDERED_APP_PATH.slice(1)}`)
  await painted
  return page
}

/**
 * The page's clock against this process's (the simulator's reads the same as this one: Node on
 * the same machine), read across an evaluate, the quickest of 20: a skew beyond its ± would bias
 * every figure.
 */
async function logClockSkew(page: Page, log: (line: string) => void): Promise<void> {
  let best = { skew: Number.NaN, within: Number.POSITIVE_INFINITY }
  for (let read = 0; read < 20; read++) {
    const before = performance.timeOrigin + performance.now()
    const inPage = await page.evaluate(() => performance.timeOrigin + performance.now())
    const after = performance.timeOrigin + performance.now()
    if ((after - before) / 2 < best.within)
      best = { skew: inPage - (before + after) / 2, within: (after - before) / 2 }
  }
  log(`page clock minus the bench's: ${round(best.skew)} ms ± ${round(best.within)} ms`)
}

/** The hops' p50 and p99, for the log (context, not budgeted). */
function logHops(hops: Hops, what: string, log: (line: string) => void): void {
  const figures = (values: number[]) =>
    values.length === 0 ? 'none' : `${round(percentile(values, 50))} / ${round(percentile(values, 99))}`
  log(
    `hops, ${what} (p50 / p99 ms, ${hops.core.length} changes followed): ` +
      `origin to the core's delta ${figures(hops.core)}; ` +
      `to the page reading it ${figures(hops.handover)}; to the row's text ${figures(hops.page)}`,
  )
}

async function measure(
  browser: Browser,
  mode: Mode,
  symbols: number,
  options: UpdateLatencyOptions,
  log: (line: string) => void,
): Promise<number[]> {
  const sim = await startSimProcess(LISTED, 1, false, true)
  let page: Page | null = null
  const channel = await startDeltaChannel()
  /** Polled: each price the core took, at the instant it came to be in the simulator. */
  const polled: ({ symbol: string } & Origin)[] = []
  /** Each price the core published in a delta, when it did (the end of the core's hop). */
  const published: ({ symbol: string } & Origin)[] = []
  const startedAt = sim.startedAt ?? Number.NaN
  const feed: LocalPollFeed = new LocalPollFeed(
    {
      onDelta: (delta: Delta) => {
        const publishedAt = performance.timeOrigin + performance.now()
        // Cut and packed as the poll worker posts it (poll-worker-host.ts), and on its way before
        // the bench's own bookkeeping (a formatted text per change: 400 of them a frame).
        if (page) channel.send(JSON.stringify(deltaPieces(delta).map(packHistories)))
        for (const { symbol, fields } of delta.changed)
          if (fields.price && fields.priceTimestamp) {
            const text = formatPrice(fields.price)
            published.push({ symbol, text, atMs: publishedAt })
            polled.push({ symbol, text, atMs: startedAt + (fields.priceTimestamp - BENCH_INSTANT) })
          }
      },
      onStatusChange: () => {
        const streaming = feed.status().plan.stream?.state === 'streaming'
        if (wasStreaming && !streaming) fallbacks++
        wasStreaming = streaming
      },
    },
    { clock: realClock },
  )
  let wasStreaming = false
  let fallbacks = 0
  try {
    if (sim.grpcAddress === null) throw new Error('the simulator serves no gRPC')
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    feed.connect({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      demo: false,
      streamAddress: mode === 'streamed' ? sim.grpcAddress : 'off',
    })
    feed.setInterest({ watchlist: sim.symbols.slice(0, symbols) })
    await feed.start()
    const streaming = () => feed.status().plan.stream?.state === 'streaming'
    await waitFor(
      () =>
        feed.snapshot().assets.every((asset) => asset.price !== null) && (mode === 'polled' || streaming()),
      `every row priced${mode === 'streamed' ? ' and streaming' : ''}`,
    )
    const opened = await openAppPage(browser, sim, feed, log)
    await opened.evaluate(listenForDeltas, { workerPath: DELTA_WORKER_PATH, url: channel.url })
    page = opened
    await logClockSkew(opened, log)
    await pause(options.warmupMs)
    await page.evaluate(() => {
      if (window.__latency) window.__latency.recording = true
    })
    await pause(options.measureMs)
    const open = page
    const matched = async () => {
      const seen = await open.evaluate(() => [...(window.__latency?.seen ?? [])])
      const writes = sim
        .writes()
        .map(({ atMs, symbol, price }) => ({ atMs, symbol, text: formatPrice(price) }))
      const origins = originsBySymbol(mode === 'streamed' ? writes : polled)
      return { seen, origins, latencies: latenciesOf(seen, origins) }
    }
    // A window in which no price reached a row yet (a loaded host, polls 5 s apart, a stream
    // that fell back) is not a figure: recording goes on, within READY_WITHIN_MS, until one has.
    let { seen, origins, latencies } = await matched()
    for (
      const givingUpAt = Date.now() + READY_WITHIN_MS;
      latencies.length === 0 && Date.now() < givingUpAt;
    ) {
      await pause(1_000)
      ;({ seen, origins, latencies } = await matched())
    }
    await open.evaluate(() => {
      if (window.__latency) window.__latency.recording = false
    })
    // A price polled while the stream was down matches no stream write (it is not counted).
    log(
      `update to screen, ${mode}, ${symbols} symbols: ${seen.length} row changes seen, ` +
        `${latencies.length} matched to their write; the stream fell back ${fallbacks} times`,
    )
    logHops(hopsOf(seen, origins, originsBySymbol(published)), `${mode}, ${symbols} symbols`, log)
    if (latencies.length === 0) throw new Error(`no ${mode} price reached a row`)
    return latencies
  } finally {
    const open = page as Page | null
    page = null
    await open?.context().close()
    await channel.close()
    await feed.stop()
    await sim.close()
  }
}

export async function updateLatencyMetrics(
  options: UpdateLatencyOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
  const metrics: Metric[] = []
  try {
    for (const symbols of options.sizes) {
      const streamed = await measure(browser, 'streamed', symbols, options, log)
      const polled = await measure(browser, 'polled', symbols, options, log)
      const ms = (values: number[], p: number) => round(percentile(values, p))
      metrics.push(
        metric('stream.latency.streamed.p50Ms', symbols, ms(streamed, 50), 'ms', null),
        metric(
          'stream.latency.streamed.p99Ms',
          symbols,
          ms(streamed, 99),
          'ms',
          STREAMED_P99_BUDGET_MS(symbols),
        ),
        metric('stream.latency.polled.p50Ms', symbols, ms(polled, 50), 'ms (information)', null),
        metric('stream.latency.polled.p99Ms', symbols, ms(polled, 99), 'ms (information)', null),
      )
    }
  } finally {
    await browser.close()
  }
  return metrics
}
