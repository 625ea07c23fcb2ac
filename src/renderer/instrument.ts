import { flushSync } from 'react-dom'
import type { Delta, Snapshot } from '../shared/domain'
import type { PortfolioUpdate } from '../shared/holdings'
import { applyPortfolio } from './holdings/portfolio-store'
import { clockStore } from './store/clock-store'
import { applyDelta, applySnapshot, setSettings, watchStore } from './store/watch-store'

/**
 * Test instrumentation, off unless the page is opened with `?instrument=1` (the E2E tests do).
 * It counts row renders, so a test can prove that a changed price re-renders only its own row,
 * and times store updates through to React's commit, for the large-list budgets.
 */

declare global {
  interface Window {
    __twRenderCounts?: Record<string, number>
    /**
     * Renders of each holding cell, by "symbol column" ("AAPLon positionValue"), of its figure
     * drawn stale ("AAPLon positionValue stale") and of the portfolio line's at-bids figure
     * ("portfolio atBids").
     */
    __twCellRenders?: Record<string, number>
    /** The clock listeners the page's components hold now: the checks each tick runs. */
    __twClockListeners?: () => number
    __twPerf?: {
      /** Applies the payload and returns the milliseconds until React has committed the result. */
      snapshot(snapshot: Snapshot): number
      /**
       * With `portfolio`, main's positions push after the delta, committed with it (the holding columns'
       * worst case).
       */
      delta(delta: Delta, portfolio?: PortfolioUpdate): number
    }
  }
}

const enabled = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('instrument')

const renderCounts: Record<string, number> = {}
const cellRenders: Record<string, number> = {}

if (enabled) {
  window.__twRenderCounts = renderCounts
  window.__twCellRenders = cellRenders
  window.__twClockListeners = countClockListeners()
  const timed = (apply: () => void): number => {
    const start = performance.now()
    // flushSync: render and commit now, so the time covers the whole update.
    flushSync(apply)
    return performance.now() - start
  }
  window.__twPerf = {
    snapshot: (snapshot) =>
      timed(() => {
        showAsList(snapshot)
        applySnapshot(snapshot)
      }),
    delta: (delta, portfolio) =>
      timed(() => {
        applyDelta(delta)
        if (portfolio) applyPortfolio(portfolio)
      }),
  }
}

/** Counts the subscriptions made to the clock from now on (the components', as they mount). */
function countClockListeners(): () => number {
  const subscribe = clockStore.subscribe
  let listening = 0
  clockStore.subscribe = (listener) => {
    const unsubscribe = subscribe(listener)
    listening += 1
    return () => {
      listening -= 1
      unsubscribe()
    }
  }
  return () => listening
}

/**
 * Rows follow the shown list, not the snapshot, and a real list holds at most 500 symbols: so the
 * large-list pages make the shown list hold the injected snapshot's symbols, as main's settings
 * event would (one render with the snapshot, both being set inside one flushSync).
 */
function showAsList(snapshot: Snapshot): void {
  const settings = watchStore.getState().settings
  if (!settings) return
  const symbols = snapshot.assets.map((asset) => asset.symbol)
  setSettings({
    ...settings,
    lists: settings.lists.map((list) => (list.id === settings.activeListId ? { ...list, symbols } : list)),
  })
}

/** Called from a row's render; free when instrumentation is off. */
export function countRowRender(symbol: string): void {
  if (enabled) renderCounts[symbol] = (renderCounts[symbol] ?? 0) + 1
}

/** Called from a holding cell's render; free when instrumentation is off. */
export function countCellRender(symbol: string, column: string): void {
  if (enabled) cellRenders[`${symbol} ${column}`] = (cellRenders[`${symbol} ${column}`] ?? 0) + 1
}
