import { createStore } from 'zustand/vanilla'
import type { HistoryRange, HistorySeries } from '../../shared/history'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The detail chart's histories beyond 24 hours, as main answered them: the last answer for each
 * symbol and range, kept while it is fresh, so that going back to a range already seen paints at
 * once and asks main for nothing. Only the opened symbol's ranges are ever asked for.
 */

/** How long an answer is shown without asking again: a bucket of the range's candles, at most. */
export const HISTORY_MEMO_MS: Readonly<Record<Exclude<HistoryRange, '1d'>, number>> = {
  // Hourly candles, with the minutes since the last one recorded: a minute old at most.
  '1w': 60_000,
  '1m': 60_000,
  // Daily candles: a day's last candle moves slowly; five minutes.
  '3m': 300_000,
  '6m': 300_000,
  '1y': 300_000,
  all: 300_000,
}

export type HistoryEntry =
  | { state: 'loading' }
  | { state: 'shown'; series: HistorySeries; fetchedAt: number }
  | { state: 'failed'; message: string; fetchedAt: number }

export const historyStore = createStore<{ entries: ReadonlyMap<string, HistoryEntry> }>(() => ({
  entries: new Map(),
}))

export function historyKey(symbol: string, range: HistoryRange): string {
  return `${symbol} ${range}`
}

export function setHistoryEntry(symbol: string, range: HistoryRange, entry: HistoryEntry): void {
  const entries = new Map(historyStore.getState().entries)
  entries.set(historyKey(symbol, range), entry)
  historyStore.setState({ entries })
}

/** Whether an entry may be shown as it is at `now`, without asking main again. */
export function isFresh(
  entry: { state: 'loading' } | { state: 'shown' | 'failed'; fetchedAt: number } | undefined,
  range: Exclude<HistoryRange, '1d'>,
  now: number,
): boolean {
  if (!entry) return false
  if (entry.state === 'loading') return true
  return now - entry.fetchedAt < HISTORY_MEMO_MS[range]
}

/** Every answer kept, by historyKey: the chart keeps each range it drew. */
export function useHistoryEntries(): ReadonlyMap<string, HistoryEntry> {
  return useStoreSlice(historyStore, (state) => state.entries)
}
