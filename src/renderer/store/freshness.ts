import { useSyncExternalStore } from 'react'
import type { AppStatus } from '../../shared/status'
import { isFeedSilent } from '../staleness'
import { clockStore } from './clock-store'
import { watchStore } from './watch-store'

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
