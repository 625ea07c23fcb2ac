import { useSyncExternalStore } from 'react'
import type { AssetQuote } from '../shared/domain'
import { formatAge, type PriceFeed, silentFor } from '../shared/source-freshness'
import { clockStore } from './store/clock-store'
import { watchStore } from './store/watch-store'
import type { AppStatus } from '../shared/status'

/**
 * A row is stale when its newest data is older than twice the price cadence. Main marks `stale`
 * on each quote (from when it last received fresh data for that asset); but main's word arrives
 * only with its next push, and when the feed goes quiet there may be no next push. So the renderer
 * also checks, on its own clock, when the prices endpoint last answered: silence for longer than
 * twice its cadence makes every row stale. (The price's own timestamp is not the test: a market
 * data record is stamped to the minute, so a fresh one can look a minute old.) The age shown is
 * that of the price on screen.
 */

/** True when the prices endpoint has been silent for longer than the stale threshold. */
export function isFeedSilent(nowMs: number, prices: PriceFeed | null): boolean {
  return silentFor(nowMs, prices) !== null
}

export function staleLabel(quote: AssetQuote, nowMs: number, prices: PriceFeed | null): string | null {
  if (!quote.stale && !isFeedSilent(nowMs, prices)) return null
  return quote.priceTimestamp === null ? 'stale' : `stale ${formatAge(nowMs - quote.priceTimestamp)}`
}

/** Calls `onChange` on each clock tick and each change of the watch store (a status push among them). */
function subscribeToClockAndWatch(onChange: () => void): () => void {
  const offClock = clockStore.subscribe(onChange)
  const offWatch = watchStore.subscribe(onChange)
  return () => {
    offClock()
    offWatch()
  }
}

/**
 * A freshness figure read from main's status and the page's clock together (a yes or no, an age
 * label): the component re-renders when that figure changes, not at each poll's status push
 * (whose last answer moves every time) nor at each tick. Selecting the last answer itself
 * re-rendered every row, every held figure and the ticker strip at every poll.
 */
export function useFreshness<T extends string | boolean | null>(
  select: (endpoints: AppStatus['endpoints'] | null, nowMs: number) => T,
): T {
  const read = () => select(watchStore.getState().status?.endpoints ?? null, clockStore.getState().now)
  return useSyncExternalStore(subscribeToClockAndWatch, read, read)
}

/** Whether the prices endpoint is silent now (every price on screen is then stale). */
export function usePricesSilent(): boolean {
  return useFreshness((endpoints, nowMs) => isFeedSilent(nowMs, endpoints?.prices ?? null))
}
