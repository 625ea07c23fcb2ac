import {
  type LedgerView,
  type RemovedTransaction,
  sideWords,
  type Transaction,
  type TransactionInput,
  type TransactionsImportResult,
} from '../../shared/holdings'
import { csvSizeProblem } from '../../shared/holdings-schema'
import type { IpcResult } from '../../shared/ipc-contract'
import { displayZone } from '../../shared/display-time'
import { formatTradeTime } from './ledger-view'
import { ledgerStore, setLastRemoved, setLedger } from './ledger-store'
import { showToast } from '../store/toast-store'
import { announce, showNotice, watchStore } from '../store/watch-store'
import { deliverExport } from '../lists/watchlist-files'

/**
 * The ledger commands. Main keeps the ledger and re-checks the whole of it in time order on every
 * change; each answer replaces the window's copy, and a refusal comes back to the caller to be
 * shown where the change was asked (under the form, beside the row), in main's own words.
 */

function api() {
  return window.tokenwatch
}

/** Asks for the ledger once: the dialog and the detail panels share the copy after that. */
export async function loadLedger(): Promise<void> {
  if (ledgerStore.getState().view) return
  const result = await api().listTransactions()
  if (result.ok) setLedger(result.value)
  else showNotice(`Could not load the transactions: ${result.error.message}`)
}

/** A trade in a few words, for toasts and screen readers: "buy 2.5 AAPLon at 182.35". */
export function describeTrade(
  transaction: Pick<Transaction, 'side' | 'quantity' | 'symbol' | 'price'>,
): string {
  const what = `${sideWords(transaction.side)} ${transaction.quantity} ${transaction.symbol}`
  // A transfer out has no price: its tokens leave at their cost.
  return transaction.side === 'transfer-out' ? what : `${what} at ${transaction.price}`
}

/** Adds (no id) or changes (an id) a transaction; a refusal is the caller's to show. */
export async function saveTransaction(
  id: string | null,
  input: TransactionInput,
): Promise<IpcResult<LedgerView>> {
  const result =
    id === null ? await api().addTransaction(input) : await api().editTransaction({ id, transaction: input })
  if (!result.ok) return result
  setLedger(result.value)
  announce(`${id === null ? 'Recorded' : 'Changed'}: ${describeTrade(input)}`)
  // A symbol the service does not list is kept (it may be delisted) and said.
  if (result.value.warning) showToast({ tone: 'info', title: 'Transaction kept', text: result.value.warning })
  return result
}

/** Puts a deleted transaction back where it stood, under its own id. */
export async function undoDelete(removed: RemovedTransaction): Promise<void> {
  if (ledgerStore.getState().lastRemoved === removed) setLastRemoved(null)
  const result = await api().restoreTransaction({ transaction: removed.transaction, index: removed.index })
  if (!result.ok) {
    showNotice(`Could not put back the ${describeTrade(removed.transaction)}: ${result.error.message}`)
    return
  }
  setLedger(result.value)
  announce(`Put back the ${describeTrade(removed.transaction)}`)
}

/**
 * Deletes a transaction and offers Undo, which puts it back exactly (same id, same place). A
 * refusal (a later sell would be larger than its holding) is the caller's to show beside the row.
 */
export async function deleteTransaction(transaction: Transaction): Promise<IpcResult<RemovedTransaction>> {
  const result = await api().removeTransaction({ id: transaction.id })
  if (!result.ok) return result
  setLedger(result.value.ledger)
  const removed = result.value
  setLastRemoved(removed)
  const zone = displayZone(watchStore.getState().settings?.timeZone ?? 'market')
  const text = `The ${describeTrade(transaction)} on ${formatTradeTime(transaction.time, zone)}`
  showToast({
    tone: 'info',
    title: 'Transaction deleted',
    text,
    action: { label: 'Undo', run: () => void undoDelete(removed) },
  })
  announce(`Deleted: ${text}. Undo is in the notification.`)
  return result
}

/** A file's bytes as base64: what main needs to tell a byte-order mark or another encoding. */
function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'))
    reader.readAsDataURL(file)
  })
}

/**
 * Imports a transactions CSV all or nothing. A file past the size limit is refused here before
 * it is read, in the words main would use; everything else is main's to judge.
 */
export async function importTransactionsFile(file: File): Promise<IpcResult<TransactionsImportResult>> {
  const tooLarge = csvSizeProblem(file.size)
  if (tooLarge)
    return { ok: false, error: { code: 'invalid-argument', message: `${file.name}: ${tooLarge}` } }
  let base64: string
  try {
    base64 = await fileAsBase64(file)
  } catch (error) {
    return {
      ok: false,
      error: { code: 'failed', message: `${file.name} could not be read: ${(error as Error).message}` },
    }
  }
  const result = await api().importTransactions({ base64 })
  if (!result.ok) return result
  setLedger(result.value.ledger)
  announce(importedSummary(result.value))
  return result
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** One sentence for the dialog and screen readers: "Imported 3 transactions; 1 already recorded." */
export function importedSummary(result: TransactionsImportResult): string {
  if (result.problems.length > 0)
    return `Nothing imported: ${count(result.problems.length, 'problem')} in the file, listed below.`
  const parts = [`Imported ${count(result.added, 'transaction')}`]
  if (result.duplicates.length > 0)
    parts.push(`${count(result.duplicates.length, 'line')} already recorded, not added again`)
  return `${parts.join('; ')}.`
}

/** The ledger as CSV: main's save dialog, or (no dialog: the browser tests) a download. */
export async function exportTransactionsCsv(): Promise<void> {
  deliverExport(await api().exportTransactions(), 'csv', 'the transactions')
}
