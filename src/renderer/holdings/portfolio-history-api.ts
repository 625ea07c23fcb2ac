import type { PortfolioRange } from '../../shared/portfolio'
import { isFresh } from '../history/history-store'
import { ledgerStore } from '../ledger/ledger-store'
import { forgetPortfolioHistory, portfolioHistoryStore, setPortfolioEntry } from './portfolio-history-store'

/**
 * The portfolio over a range, from main (`getPortfolioHistory`), for the Holdings tab's chart. An
 * answer still fresh (the detail chart's memo times: it is made of the same candles) is shown again
 * without a request; a stale one stays on screen, its age said, while the new one comes; a failure
 * is said where the chart would be.
 */
export async function loadPortfolioHistory(range: PortfolioRange): Promise<void> {
  const known = portfolioHistoryStore.getState().entries.get(range)
  if (isFresh(known, range, Date.now())) return
  if (known?.state !== 'shown') setPortfolioEntry(range, { state: 'loading' })
  const result = await window.tokenwatch.getPortfolioHistory({ range })
  setPortfolioEntry(
    range,
    result.ok
      ? { state: 'shown', view: result.value, fetchedAt: Date.now() }
      : { state: 'failed', message: result.error.message, fetchedAt: Date.now() },
  )
}

/** Shows `range`: drawn at once from what is kept, asked of main when there is none or it is stale. */
export function choosePortfolioRange(range: PortfolioRange): void {
  portfolioHistoryStore.setState({ range })
  void loadPortfolioHistory(range)
}

// A transaction added, edited, deleted or imported: every kept range is replayed again.
ledgerStore.subscribe((state, before) => {
  if (state.view !== before.view && before.view !== null) {
    forgetPortfolioHistory()
    void loadPortfolioHistory(portfolioHistoryStore.getState().range)
  }
})
