import type { ExportFormat } from '../../shared/export-format'
import type { IpcResult } from '../../shared/ipc-contract'
import type { ExportResult, ImportResult } from '../../shared/transfer'
import { showToast } from '../store/toast-store'
import { announce, applyWatchlist, showNotice, shownList, watchStore } from '../store/watch-store'

/**
 * Export and import of the watchlist. In the app, main's save dialog writes the export and says
 * where; without one (the browser tests) main hands the text back and the page offers it as a
 * download, which in Electron would open the save dialog all the same.
 */

const MIME_TYPE: Record<ExportFormat, string> = { csv: 'text/csv', json: 'application/json' }
/** The download has started well before this; the object URL can go. */
const REVOKE_AFTER_MS = 60_000

function offerDownload(fileName: string, content: string, format: ExportFormat): void {
  const url = URL.createObjectURL(new Blob([content], { type: MIME_TYPE[format] }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

function told(title: string, text: string): void {
  showToast({ tone: 'info', title, text })
  announce(`${title}: ${text}`)
}

export async function exportWatchlistAs(format: ExportFormat, withWallets = false): Promise<void> {
  deliverExport(await window.tokenwatch.exportWatchlist({ format, withWallets }), format, 'the watchlist')
}

/** Says where main saved an export, or offers its text as a download; a failure as a notice. */
export function deliverExport(result: IpcResult<ExportResult>, format: ExportFormat, what: string): void {
  if (!result.ok) {
    showNotice(`Could not export ${what}: ${result.error.message}`)
    return
  }
  const { fileName, savedTo, content } = result.value
  if (savedTo !== null) told('Exported', `Saved to ${savedTo}`)
  else if (content !== null) {
    offerDownload(fileName, content, format)
    told('Exported', fileName)
  }
  // Neither: the save dialog was cancelled, which needs no word.
}

/** Sends the text to main, which adds what the service lists and answers with what it did. */
export async function importWatchlistText(
  text: string,
  into?: { listId: string } | { newList: string },
): Promise<IpcResult<ImportResult>> {
  const result = await window.tokenwatch.importWatchlist({ text, ...(into ? { into } : {}) })
  if (result.ok) {
    // Another list's symbols come with main's settings push; the shown list's rows at once.
    if (result.value.listId === shownList(watchStore.getState())?.id) applyWatchlist(result.value.watchlist)
    announce(importSummary(result.value))
  }
  return result
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** One sentence for screen readers and the dialog: "Added 2 symbols; 1 unknown; 1 invalid entry." */
export function importSummary(result: ImportResult): string {
  const parts = [`Added ${count(result.added.length, 'symbol')}`]
  if (result.lists) {
    const created = result.lists.filter((list) => list.created).length
    parts[0] =
      `Imported ${count(result.lists.length, 'watchlist')} (${created}` +
      ` new): added ${count(result.added.length, 'symbol')}`
  }
  const where = result.lists ? 'already in their watchlists' : 'already on the watchlist'
  const readings = result.readings?.length ?? 0
  if (readings > 0) parts.push(`${count(readings, 'entry', 'entries')} read as listed symbols`)
  if (result.alreadyPresent.length > 0) parts.push(`${result.alreadyPresent.length} ${where}`)
  if (result.unknown.length > 0) parts.push(`${result.unknown.length} unknown to the service`)
  if (result.invalid.length > 0) parts.push(count(result.invalid.length, 'invalid entry', 'invalid entries'))
  if (result.duplicates.length > 0) parts.push(count(result.duplicates.length, 'repeat'))
  return `${parts.join('; ')}.`
}
