import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import type { Transaction, TransactionsImportResult } from '../../shared/holdings'
import {
  describeTrade,
  exportTransactionsCsv,
  importedSummary,
  importTransactionsFile,
  loadLedger,
  undoDelete,
} from './ledger-api'
import {
  type LedgerFilter,
  type LedgerSort,
  type LedgerSortKey,
  ledgerSymbols,
  NEWEST_FIRST,
  NO_FILTER,
  shownTransactions,
} from './ledger-view'
import { useLedger } from './ledger-store'
import { closeDialog } from '../store/watch-store'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'
import { TransactionForm } from './TransactionForm'
import { TransactionItem } from './TransactionItem'

const SORT_LABELS: Record<LedgerSortKey, string> = { time: 'Time', symbol: 'Symbol', amount: 'Amount' }
const IMPORT_INPUT_ID = 'ledger-import-file'

/** What the form shows: nothing, a new transaction, or one being changed. */
type Editing = null | 'new' | Transaction

/** Filters by symbol, side and words, and the sort, each a control a keyboard reaches. */
function LedgerControls(props: {
  symbols: readonly string[]
  filter: LedgerFilter
  sort: LedgerSort
  onFilter(filter: LedgerFilter): void
  onSort(sort: LedgerSort): void
}) {
  const { filter, sort } = props
  return (
    <div className="ledger-controls" role="group" aria-label="Filter and sort">
      <label className="ledger-control">
        Symbol
        <select
          value={filter.symbol}
          onChange={(event) => props.onFilter({ ...filter, symbol: event.target.value })}
        >
          <option value="">All</option>
          {props.symbols.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
      </label>
      <label className="ledger-control">
        Side
        <select
          value={filter.side}
          onChange={(event) =>
            props.onFilter({ ...filter, side: event.target.value as LedgerFilter['side'] })
          }
        >
          <option value="">All sides</option>
          <option value="buy">Buys</option>
          <option value="sell">Sells</option>
          <option value="transfer-in">Transfers in</option>
          <option value="transfer-out">Transfers out</option>
        </select>
      </label>
      <label className="ledger-control ledger-search">
        Find
        <input
          type="search"
          placeholder="Note, symbol, date"
          value={filter.text}
          onChange={(event) => props.onFilter({ ...filter, text: event.target.value })}
        />
      </label>
      <label className="ledger-control">
        Sort by
        <select
          value={sort.key}
          onChange={(event) => props.onSort({ ...sort, key: event.target.value as LedgerSortKey })}
        >
          {Object.entries(SORT_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-small"
        aria-label={sort.direction === 'asc' ? 'Ascending; sort descending' : 'Descending; sort ascending'}
        onClick={() => props.onSort({ ...sort, direction: sort.direction === 'asc' ? 'desc' : 'asc' })}
      >
        {sort.direction === 'asc' ? '↑ Ascending' : '↓ Descending'}
      </button>
    </div>
  )
}

/** What an import did: every bad line with its number and why (nothing imported), or what was added. */
function ImportReport({ result }: { result: TransactionsImportResult }) {
  return (
    <section className="import-report ledger-import-report" aria-label="Import result">
      <p className={result.problems.length > 0 ? 'form-error' : 'import-summary'}>
        {importedSummary(result)}
      </p>
      {result.problems.length > 0 && (
        <table className="import-problems">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {result.problems.map((problem, index) => (
              <tr key={`${problem.line}-${index}`}>
                <td className="num">{problem.line > 0 ? problem.line : 'file'}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.duplicates.length > 0 && (
        <ul className="import-repeats" aria-label="Already recorded, not added again">
          {result.duplicates.map((duplicate) => (
            <li key={duplicate.line}>
              line {duplicate.line}: already recorded as {duplicate.existingId}, not added again
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The last deletion with its Undo, inside the dialog: the page's toasts are out of reach behind it. */
function UndoBar() {
  const removed = useLedger((state) => state.lastRemoved)
  if (!removed) return null
  return (
    <p className="ledger-undo" role="status">
      <span>Deleted the {describeTrade(removed.transaction)}.</span>
      <button type="button" className="button button-small" onClick={() => void undoDelete(removed)}>
        Undo
      </button>
    </p>
  )
}

/** Import a transactions CSV (all lines or none) and export the ledger as one. */
function LedgerTransfer({ onResult }: { onResult(result: TransactionsImportResult | string | null): void }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setBusy(true)
    onResult(null)
    const result = await importTransactionsFile(file)
    setBusy(false)
    onResult(result.ok ? result.value : result.error.message)
  }
  return (
    <div className="ledger-transfer">
      <label htmlFor={IMPORT_INPUT_ID} className="visually-hidden">
        Transactions CSV to import
      </label>
      <input
        id={IMPORT_INPUT_ID}
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        onChange={(event) => void choose(event)}
      />
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        Import CSV…
      </button>
      <button type="button" className="button button-small" onClick={() => void exportTransactionsCsv()}>
        Export CSV
      </button>
    </div>
  )
}

/**
 * Every transaction of the ledger, filtered and sorted, with add, edit and delete (with Undo), and
 * import and export as CSV. Main keeps the ledger: each change comes back checked over the whole of
 * it in time order, and a refusal stands where the change was asked.
 */
export function LedgerDialog() {
  const view = useLedger((state) => state.view)
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER)
  const [sort, setSort] = useState<LedgerSort>(NEWEST_FIRST)
  const [editing, setEditing] = useState<Editing>(null)
  const [imported, setImported] = useState<TransactionsImportResult | string | null>(null)
  useEffect(() => {
    void loadLedger()
  }, [])
  const all = view?.transactions ?? []
  const shown = shownTransactions(all, filter, sort)
  return (
    <Modal titleId="ledger-title" onClose={closeDialog} className="modal-wide ledger-dialog">
      <header className="modal-head">
        <h2 id="ledger-title">Transactions</h2>
        <IconButton label="Close transactions" onClick={closeDialog}>
          ✕
        </IconButton>
      </header>
      <div className="modal-body">
        {view?.problem && <p className="field-hint warning">{view.problem}</p>}
        {/* Said here too: the page's toast is behind the dialog. */}
        {view?.warning && (
          <p className="field-hint warning" role="status">
            {view.warning}
          </p>
        )}
        <div className="ledger-actions">
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => setEditing('new')}
            disabled={editing === 'new'}
          >
            Add transaction
          </button>
          <LedgerTransfer onResult={setImported} />
        </div>
        <UndoBar />
        {typeof imported === 'string' && (
          <p className="form-error" role="alert">
            Nothing imported: {imported}
          </p>
        )}
        {imported !== null && typeof imported !== 'string' && <ImportReport result={imported} />}
        {editing !== null && (
          <TransactionForm
            key={editing === 'new' ? 'new' : editing.id}
            transaction={editing === 'new' ? null : editing}
            symbol={null}
            onDone={() => setEditing(null)}
          />
        )}
        <LedgerControls
          symbols={ledgerSymbols(all)}
          filter={filter}
          sort={sort}
          onFilter={setFilter}
          onSort={setSort}
        />
        <p className="muted ledger-count" role="status">
          {view === null
            ? 'Loading the transactions…'
            : shown.length === all.length
              ? `${all.length} ${all.length === 1 ? 'transaction' : 'transactions'}`
              : `${shown.length} of ${all.length} transactions`}
        </p>
        {view !== null && all.length === 0 && (
          <p className="muted">
            No transactions yet: add one, or import a CSV (time,symbol,side,quantity,price,fee,note).
          </p>
        )}
        <ul className="transaction-list" aria-label="Transactions">
          {shown.map((transaction) => (
            <TransactionItem key={transaction.id} transaction={transaction} withSymbol onEdit={setEditing} />
          ))}
        </ul>
      </div>
    </Modal>
  )
}
