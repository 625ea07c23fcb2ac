import { holdingsTabOnShow, portfolioStore } from './portfolio-store'
import { selectVisibleOrder } from './visible-order'
import type { WatchState } from './watch-store'

/** The rows on show: what is held while the Holdings tab is, else the active list in its order. */
export function shownRows(state: WatchState): readonly string[] {
  const portfolio = portfolioStore.getState()
  return holdingsTabOnShow(portfolio) ? portfolio.held : selectVisibleOrder(state)
}
