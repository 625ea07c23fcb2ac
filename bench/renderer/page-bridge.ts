import type { Snapshot } from '../../src/shared/domain'
import { invokeNames } from '../../src/shared/ipc-contract'
import type { AppStatus, KeyStatus } from '../../src/shared/status'
import type { Settings } from '../../src/shared/settings'
import type { FirstFrame, FrameNode } from './first-frame-types'

/**
 * Stands in for the preload in the benchmark page: `window.tokenwatch` answers from canned data
 * (no core, so nothing but the renderer costs CPU in the page), and a few probes are set up before
 * the app's scripts run: long tasks are recorded, and the time the first watchlist rows with
 * prices were painted. The pages the cold load is compared with get the same probes, so every
 * cold-load figure is taken the same way.
 *
 * Everything here runs in the page, so it may not use anything from outside its own body.
 */

export interface BridgeAnswers {
  status: AppStatus
  settings: Settings
  keyStatus: KeyStatus
  invokeNames: readonly string[]
}

export interface BenchPageState {
  /** Long tasks (> 50 ms) since the page started, in the page's milliseconds. */
  longTasks: { startTime: number; duration: number }[]
  /** When the first rows with prices were on screen (after the frame that painted them). */
  firstRowsAt: number | null
  /** When the first sparklines were on screen (the histories come after the first rows). */
  sparklinesAt: number | null
  /** The DOM as the first priced rows appeared, when the page was opened to capture it. */
  firstFrame: FirstFrame | null
  /** The DOM as it is now (the idle page's floor is the app's idle DOM, served static). */
  captureDom(): FirstFrame | null
  /** A fresh copy of the snapshot getSnapshot answers with (page-functions.ts builds larger ones). */
  requestSnapshot(history: boolean): Promise<Snapshot>
  /** The snapshot the delta benchmarks change (set by page-functions.ts). */
  snapshot: Snapshot | null
  /** Deltas delivered so far: each one's asOf and prices depend on it. */
  deltasSent: number
  /** The status getStatus answers with, as main's last status push left it. */
  status: AppStatus
  /**
   * Main's status push after a poll round: every endpoint has just answered. The delta benchmarks
   * send it after each delta and the idle page every prices cadence, as the app's polls do:
   * without it a page open for longer than twice that cadence counts every row stale.
   */
  pollAnswered(): void
  /** Sends pollAnswered each `ms` (main's polls answering, nothing changed) until stopPolls. */
  answerPolls(ms: number): void
  stopPolls(): void
  /** What getHistory answers for each range, whatever the symbol (history-switch.ts sets them). */
  histories: Record<string, unknown>
  /** How long getHistory takes to answer: the simulator's own answer time, where a benchmark sets it. */
  historyAnswerMs: number
  /** What getPortfolioHistory answers for each range (portfolio-switch.ts sets them). */
  portfolioViews: Record<string, unknown>
  /**
   * Pushes an event to the app's listeners as main's IPC would ('delta': update-latency.ts;
   * 'portfolio': portfolio-switch.ts).
   */
  emit(event: string, payload: unknown): void
}

declare global {
  interface Window {
    __bench?: BenchPageState
  }
}

/** Code that tsx compiles gains calls to esbuild's `__name`; in the page it only has to exist. */
export const NAME_HELPER_SCRIPT = 'globalThis.__name = globalThis.__name || ((fn) => fn)'

export const PRICED_ROW_SELECTOR = '[role="row"][data-symbol] .cell-price .num'

/**
 * Logged to the console when the first rows are painted. The benchmark waits for this message
 * rather than polling the page, which would evaluate Playwright's own scripts in the page while
 * it loads and bill them to the cold load.
 */
export const FIRST_ROWS_MESSAGE = 'bench: first rows painted'
export const SPARKLINE_SELECTOR = '[role="row"][data-symbol] svg.sparkline'
export const SPARKLINES_MESSAGE = 'bench: first sparklines painted'

/** What every app page's bridge is given besides its answers: the commands and the first-paint probes. */
export const APP_BRIDGE_PROBES = {
  invokeNames: [...invokeNames],
  pricedRowSelector: PRICED_ROW_SELECTOR,
  firstRowsMessage: FIRST_ROWS_MESSAGE,
  sparklineSelector: SPARKLINE_SELECTOR,
  sparklinesMessage: SPARKLINES_MESSAGE,
}

export interface SnapshotSource {
  /**
   * The worker that answers for the main process with the snapshot (see bench-server.ts); null
   * on the static pages the cold load is compared with, which ask for nothing.
   */
  snapshotWorker: string | null
  /**
   * Start that worker once the first rows are painted (or at the page's first ask, if sooner),
   * not as the page starts. Main holds its snapshot before the window asks and spends nothing on
   * it while the page paints main's first frame; a worker started with the page would fetch and
   * parse the snapshot on the machine's other core during that frame, a cost no app pays and the
   * static frame it is compared with does not bear (BENCHMARKS.md, 29 November 2026). The page
   * that renders its first frame itself asks at its start: its worker starts with it.
   */
  snapshotWorkerAfterFirstRows: boolean
}

export function installBenchBridge(
  answers: BridgeAnswers &
    SnapshotSource & {
      pricedRowSelector: string
      firstRowsMessage: string
      sparklineSelector: string
      sparklinesMessage: string
      /** Keep the DOM of the first frame (serialising it costs time: not on a timed load). */
      captureFirstFrame: boolean
    },
): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  // Each getSnapshot is one request and one structured clone, as an IPC invoke would be.
  // The worker answers in order, so the oldest waiting request gets each answer.
  const waiting: { resolve(snapshot: Snapshot): void; reject(error: Error): void }[] = []
  let snapshotWorker: Worker | null = null
  const startSnapshotWorker = (): Worker | null => {
    if (snapshotWorker || answers.snapshotWorker === null) return snapshotWorker
    const worker = new Worker(answers.snapshotWorker)
    worker.onmessage = (event: MessageEvent<Snapshot>) => waiting.shift()?.resolve(event.data)
    worker.onerror = () => {
      for (const request of waiting.splice(0))
        request.reject(new Error(`the snapshot worker ${answers.snapshotWorker} failed`))
    }
    snapshotWorker = worker
    return worker
  }
  if (!answers.snapshotWorkerAfterFirstRows) startSnapshotWorker()
  const requestSnapshot = (history: boolean) =>
    new Promise<Snapshot>((resolve, reject) => {
      const worker = startSnapshotWorker()
      if (!worker) return reject(new Error('this page has no snapshot worker'))
      waiting.push({ resolve, reject })
      worker.postMessage({ history })
    })
  const canned: Record<string, (args: unknown) => unknown> = {
    getSnapshot: (args) => requestSnapshot((args as { history?: boolean } | undefined)?.history !== false),
    getStatus: () => window.__bench?.status ?? answers.status,
    getSettings: () => answers.settings,
    // Kept as main keeps them: the chart's range is a setting the page reads back.
    updateSettings: (patch) => (answers.settings = { ...answers.settings, ...(patch as Partial<Settings>) }),
    getKeyStatus: () => answers.keyStatus,
    getHistory: async (args) => {
      const { symbol, range } = args as { symbol: string; range: string }
      const series = window.__bench?.histories[range]
      if (!series) throw new Error(`no history for ${range} in this benchmark`)
      const waitMs = window.__bench?.historyAnswerMs ?? 0
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
      return { ...(series as object), symbol }
    },
    getPortfolioHistory: (args) => {
      const { range } = args as { range: string }
      const view = window.__bench?.portfolioViews[range]
      if (!view) throw new Error(`no portfolio history for ${range} in this benchmark`)
      return view
    },
    // As main answers for a service that publishes no dividends (the detail panel asks).
    getDividends: (args) => ({
      symbol: (args as { symbol: string }).symbol,
      available: false,
      dividends: null,
      problem: null,
    }),
    // Nothing held until a delta benchmark pushes positions (page-functions.ts).
    getPortfolio: () => ({
      method: 'average',
      quantitySource: 'ledger',
      quantityFallback: null,
      walletsUnavailable: null,
      asOf: new Date(0).toISOString(),
      positions: [],
      totals: {
        cost: '0',
        realized: '0',
        value: '0',
        unrealized: '0',
        dayChange: '0',
        valueAtFairValue: '0',
        premiumExposure: '0',
      },
      problem: null,
    }),
  }
  // Lists (assets, alerts, logs) are empty; every other command just succeeds.
  const answer = (name: string, args: unknown): unknown =>
    canned[name]?.(args) ?? (name.startsWith('list') || name.endsWith('Log') ? [] : null)
  const api: Record<string, unknown> = {
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  }
  for (const name of answers.invokeNames)
    api[name] = async (args: unknown) => ({ ok: true, value: await answer(name, args) })
  Object.defineProperty(window, 'tokenwatch', { value: Object.freeze(api) })

  const state: BenchPageState = {
    longTasks: [],
    firstRowsAt: null,
    sparklinesAt: null,
    firstFrame: null,
    captureDom: () => null,
    requestSnapshot,
    snapshot: null,
    deltasSent: 0,
    status: answers.status,
    pollAnswered: () => {
      const answered = Date.now()
      const { prices, market, limits } = state.status.endpoints
      state.status = {
        ...state.status,
        endpoints: {
          prices: { ...prices, lastSuccessAt: answered, nextPollAt: answered + prices.cadenceMs },
          market: { ...market, lastSuccessAt: answered, nextPollAt: answered + market.cadenceMs },
          limits: { ...limits, lastSuccessAt: answered, nextPollAt: answered + limits.cadenceMs },
        },
      }
      state.emit('status', state.status)
    },
    answerPolls: (ms) => {
      const timer = setInterval(() => state.pollAnswered(), ms)
      state.stopPolls = () => clearInterval(timer)
    },
    stopPolls: () => undefined,
    histories: {},
    historyAnswerMs: 0,
    portfolioViews: {},
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
  }
  window.__bench = state
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({ startTime: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  // When `selector` first matches, `record` gets the time the frame showing it was painted: a
  // message posted from requestAnimationFrame arrives after that frame's paint. `shown` runs at
  // once, with the DOM as it will be painted.
  const whenPainted = (selector: string, record: (at: number) => void, shown?: () => void) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return
      observer.disconnect()
      shown?.()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => record(performance.now())
        channel.port2.postMessage(null)
      })
    })
    observer.observe(document, { childList: true, subtree: true })
  }
  const frameNode = (node: Node): FrameNode | null => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element)) return null
    return {
      tag: node.localName,
      attributes: [...node.attributes].map((attribute) => [attribute.name, attribute.value]),
      children: [...node.childNodes].map(frameNode).filter((child) => child !== null),
    }
  }
  const captureDom = (): FirstFrame | null => {
    const root = document.getElementById('root')
    if (!root) return null
    const attributes = [...document.documentElement.attributes]
    return {
      htmlAttributes: attributes
        .map(
          (attribute) =>
            `${attribute.name}="${attribute.value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`,
        )
        .join(' '),
      root: root.outerHTML,
      tree: [...root.childNodes].map(frameNode).filter((child) => child !== null),
    }
  }
  state.captureDom = captureDom
  const captureFirstFrame = () => {
    state.firstFrame = captureDom()
  }
  whenPainted(
    answers.pricedRowSelector,
    (at) => {
      state.firstRowsAt = at
      console.debug(answers.firstRowsMessage)
      startSnapshotWorker()
    },
    answers.captureFirstFrame ? captureFirstFrame : undefined,
  )
  whenPainted(answers.sparklineSelector, (at) => {
    state.sparklinesAt = at
    console.debug(answers.sparklinesMessage)
  })
}
