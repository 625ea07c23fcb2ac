import { createStore } from 'zustand/vanilla'
import type { PortfolioRange } from '../../shared/portfolio'
import type { PortfolioChartView } from '../../shared/portfolio-chart-view'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The Holdings tab's portfolio chart (issue #49): the range shown (the window's own choice, as the
 * tab is) and main's last answer for each range, kept while fresh as the detail chart's are
 * (history-store.ts), so going back to a range already drawn asks main for nothing.
 */

export type PortfolioChartEntry =
  | { state: 'loading' }
  | { state: 'shown'; view: PortfolioChartView; fetchedAt: number }
  | { state: 'failed'; message: string; fetchedAt: number }

export interface PortfolioHistoryState {
  range: PortfolioRange
  entries: ReadonlyMap<PortfolioRange, PortfolioChartEntry>
}

export const portfolioHistoryStore = createStore<PortfolioHistoryState>(() => ({
  range: '3m',
  entries: new Map(),
}))

export function usePortfolioHistory<T>(selector: (state: PortfolioHistoryState) => T): T {
  return useStoreSlice(portfolioHistoryStore, selector)
}

export function setPortfolioEntry(range: PortfolioRange, entry: PortfolioChartEntry): void {
  const entries = new Map(portfolioHistoryStore.getState().entries)
  entries.set(range, entry)
  portfolioHistoryStore.setState({ entries })
}

/** The ledger changed: every range kept is out of date (each is asked again when shown). */
export function forgetPortfolioHistory(): void {
  portfolioHistoryStore.setState({ entries: new Map() })
}
