import type { Snapshot } from '../../src/shared/domain'
import type { AppStatus, KeyStatus } from '../../src/shared/ipc-contract'
import type { Settings } from '../../src/shared/settings'

/**
 * Stands in for the preload in the benchmark page: `window.tokenwatch` answers from canned data
 * (no core, so nothing but the renderer costs CPU in the page), and a few probes are set up before
 * the app's scripts run: long tasks are recorded, and the time the first watchlist rows with
 * prices were painted.
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
  /** The snapshot the delta benchmarks change (set by page-functions.ts). */
  snapshot: Snapshot | null
  /** Deltas delivered so far: each one's asOf and prices depend on it. */
  deltasSent: number
}

declare global {
  interface Window {
    __bench?: BenchPageState
  }
}

/** Code that tsx compiles gains calls to esbuild's `__name`; in the page it only has to exist. */
export const NAME_HELPER_SCRIPT = 'globalThis.__name = globalThis.__name || ((fn) => fn)'

export const PRICED_ROW_SELECTOR = '[role="row"][data-symbol] .cell-price .num'

export interface SnapshotSource {
  /** Where the bench server serves the snapshot script (see bench-server.ts), */
  snapshotScript: string
  /** and the global it sets to the snapshot's JSON. */
  snapshotGlobal: string
}

export function installBenchBridge(
  answers: BridgeAnswers & SnapshotSource & { pricedRowSelector: string },
): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  // The snapshot script loads while the app does; getSnapshot waits for it, then parses it.
  const snapshotLoaded = new Promise<void>((resolve, reject) => {
    const insert = () => {
      const script = document.createElement('script')
      script.src = answers.snapshotScript
      script.onload = () => resolve()
      script.onerror = () => reject(new Error(`could not load ${answers.snapshotScript}`))
      document.documentElement.append(script)
    }
    if (document.documentElement) insert()
    else
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return
        observer.disconnect()
        insert()
      }).observe(document, { childList: true })
  })
  const globals = window as unknown as Record<string, string>
  const canned: Record<string, () => unknown> = {
    getSnapshot: async () => {
      await snapshotLoaded
      return JSON.parse(globals[answers.snapshotGlobal] as string)
    },
    getStatus: () => answers.status,
    getSettings: () => answers.settings,
    updateSettings: () => answers.settings,
    getKeyStatus: () => answers.keyStatus,
  }
  // Lists (assets, alerts, logs) are empty; every other command just succeeds.
  const answer = (name: string): unknown =>
    canned[name]?.() ?? (name.startsWith('list') || name.endsWith('Log') ? [] : null)
  const api: Record<string, unknown> = {
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  }
  for (const name of answers.invokeNames) api[name] = async () => ({ ok: true, value: await answer(name) })
  Object.defineProperty(window, 'tokenwatch', { value: Object.freeze(api) })

  const state: BenchPageState = {
    longTasks: [],
    firstRowsAt: null,
    snapshot: null,
    deltasSent: 0,
  }
  window.__bench = state
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({ startTime: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  // A message posted from requestAnimationFrame arrives after that frame has been painted.
  const rowsObserver = new MutationObserver(() => {
    if (!document.querySelector(answers.pricedRowSelector)) return
    rowsObserver.disconnect()
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        state.firstRowsAt = performance.now()
      }
      channel.port2.postMessage(null)
    })
  })
  rowsObserver.observe(document, { childList: true, subtree: true })
}
