import { holdingsTabOnShow, portfolioStore, type PortfolioState } from '../holdings/portfolio-store'
import { selectVisibleOrder, sortSymbols } from './visible-order'
import type { WatchState } from '../store/watch-store'

type HeldView = Pick<PortfolioState, 'held' | 'tabSort' | 'positions'>

let lastHeld: { view: HeldView; quotes: WatchState['quotes']; rows: readonly string[] } | null = null

/**
 * The Holdings tab's rows: what is held, in symbol order or by the tab's sort. The same array while
 * its inputs are the same, so a tick that moved nothing re-renders nothing.
 */
export function selectHeldOrder(
  state: WatchState,
  view: HeldView = portfolioStore.getState(),
): readonly string[] {
  const { held, tabSort, positions } = view
  if (tabSort === null) return held
  const last = lastHeld
  if (
    last &&
    last.view.held === held &&
    last.view.tabSort === tabSort &&
    last.view.positions === positions &&
    last.quotes === state.quotes
  )
    return last.rows
  const sorted = sortSymbols(held, state.quotes, tabSort, positions)
  const rows =
    last && sorted.every((symbol, index) => last.rows[index] === symbol) && sorted.length === last.rows.length
      ? last.rows
      : sorted
  lastHeld = { view: { held, tabSort, positions }, quotes: state.quotes, rows }
  return rows
}

/** The rows on show: what is held while the Holdings tab is, else the active list in its order. */
export function shownRows(state: WatchState): readonly string[] {
  const portfolio = portfolioStore.getState()
  return holdingsTabOnShow(portfolio) ? selectHeldOrder(state, portfolio) : selectVisibleOrder(state)
}
