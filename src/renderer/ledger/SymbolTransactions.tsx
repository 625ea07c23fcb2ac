import { lazy, Suspense, useEffect, useState } from 'react'
import type { Transaction } from '../../shared/holdings'
import { loadLedger } from './ledger-api'
import { useLedger } from './ledger-store'
import { openDialog } from '../store/watch-store'
import { PanelSection } from '../alerts/AlertsPanel'
import { TransactionItem } from './TransactionItem'

/** The form checks with the shared zod schemas: loaded when first opened, not with the panel. */
const TransactionForm = lazy(() =>
  import('./TransactionForm').then((module) => ({ default: module.TransactionForm })),
)

/** The panel lists the newest few; the ledger dialog has them all. */
const SHORT_LIST = 5

const NO_TRANSACTIONS: readonly Transaction[] = []

/** The shown symbol's transactions, newest first, with Add transaction, Edit and Delete. */
export function SymbolTransactions({ symbol }: { symbol: string }) {
  const loaded = useLedger((state) => state.view !== null)
  const all = useLedger((state) => state.view?.transactions ?? NO_TRANSACTIONS)
  const [editing, setEditing] = useState<null | 'new' | Transaction>(null)
  useEffect(() => {
    void loadLedger()
  }, [])
  // A new symbol shown: its own form, not the last one's.
  useEffect(() => setEditing(null), [symbol])
  const mine = all.filter((transaction) => transaction.symbol === symbol).reverse()
  const shown = mine.slice(0, SHORT_LIST)
  return (
    <PanelSection id="detail-transactions-title" title="Transactions" count={mine.length}>
      <div className="row-actions">
        <button
          type="button"
          className="button button-small"
          disabled={editing === 'new'}
          onClick={() => setEditing('new')}
        >
          Add transaction
        </button>
        {all.length > 0 && (
          <button type="button" className="button button-small" onClick={() => openDialog('ledger')}>
            All transactions…
          </button>
        )}
      </div>
      {editing !== null && (
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <TransactionForm
            key={editing === 'new' ? `new-${symbol}` : editing.id}
            transaction={editing === 'new' ? null : editing}
            symbol={symbol}
            onDone={() => setEditing(null)}
          />
        </Suspense>
      )}
      {!loaded ? (
        <p className="muted">Loading the transactions…</p>
      ) : mine.length === 0 ? (
        <p className="muted">No transactions in {symbol}.</p>
      ) : (
        <>
          <ul className="transaction-list" aria-label={`${symbol} transactions`}>
            {shown.map((transaction) => (
              <TransactionItem
                key={transaction.id}
                transaction={transaction}
                withSymbol={false}
                onEdit={setEditing}
              />
            ))}
          </ul>
          {mine.length > shown.length && (
            <p className="muted">
              The newest {shown.length} of {mine.length}; all of them are under All transactions.
            </p>
          )}
        </>
      )}
    </PanelSection>
  )
}
