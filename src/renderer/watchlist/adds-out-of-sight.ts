import { GRID_ID } from '../element-ids'
import { keepFocusOnPage } from '../detail/panel-focus'
import { holdingsTabOnShow, portfolioStore, showHoldingsTab } from '../holdings/portfolio-store'
import { showToast } from '../store/toast-store'
import { announce, select } from '../store/watch-store'

/**
 * While the Holdings tab is on show, the active list is out of sight: a symbol added lands in that
 * list, and nothing on screen would move. What is added then is said, with the list it went to,
 * and offered to be shown.
 */

/** The Holdings tab hides the active list, so an add to it needs saying. */
export function listOutOfSight(): boolean {
  return holdingsTabOnShow(portfolioStore.getState())
}

/** The active list back on show (the Holdings tab put away), the symbol's row selected and focused. */
export function showRowInList(symbol: string): void {
  showHoldingsTab(false)
  select(symbol)
  keepFocusOnPage(() => document.getElementById(GRID_ID))
}

/** Says where a symbol added from the Holdings tab went, and offers to go there. */
export function tellAddedOutOfSight(symbol: string, listName: string): void {
  const text = `The Holdings tab lists what you hold; ${symbol} is in ${listName}.`
  showToast({
    tone: 'info',
    title: `Added ${symbol} to ${listName}`,
    text,
    action: { label: `Show ${listName}`, run: () => showRowInList(symbol) },
  })
  announce(`Added ${symbol} to ${listName}. ${text}`)
}
