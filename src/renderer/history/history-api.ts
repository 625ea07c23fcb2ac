import type { HistoryRange } from '../../shared/history'
import { historyCsv } from '../../shared/history-csv'
import { deliverExport } from '../lists/watchlist-files'
import { historyKey, historyStore, isFresh, setHistoryEntry } from './history-store'

/**
 * The detail chart's history beyond 24 hours, from main (`getHistory`), and its export. An answer
 * still fresh is shown again without a request; a failure is said where the chart would be.
 */
export async function loadHistory(symbol: string, range: Exclude<HistoryRange, '1d'>): Promise<void> {
  const known = historyStore.getState().entries.get(historyKey(symbol, range))
  if (isFresh(known, range, Date.now())) return
  // A stale answer stays on screen while the new one comes (the chart says how old it is).
  if (known?.state !== 'shown') setHistoryEntry(symbol, range, { state: 'loading' })
  const result = await window.tokenwatch.getHistory({ symbol, range })
  setHistoryEntry(
    symbol,
    range,
    result.ok
      ? { state: 'shown', series: result.value, fetchedAt: Date.now() }
      : { state: 'failed', message: result.error.message, fetchedAt: Date.now() },
  )
}

/** The shown range as CSV, through main's save dialog (or, without one, a download). */
export async function exportHistory(symbol: string, range: Exclude<HistoryRange, '1d'>): Promise<void> {
  const entry = historyStore.getState().entries.get(historyKey(symbol, range))
  if (entry?.state !== 'shown') return
  const csv = historyCsv(entry.series.points)
  deliverExport(await window.tokenwatch.exportHistory({ symbol, range, csv }), 'csv', 'the history')
}
