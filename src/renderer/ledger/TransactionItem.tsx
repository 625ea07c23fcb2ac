import { useState } from 'react'
import { Dec } from '../../shared/decimal'
import { SIDE_LABELS, type Transaction } from '../../shared/holdings'
import { formatExact, formatMoney } from '../format'
import { deleteTransaction, describeTrade } from './ledger-api'
import { useDisplayZone } from '../display-zone'
import { formatTradeTime, tradeAmount } from './ledger-view'

/** quantity x price, before the fee, in cents: "= 1,103.60", or "≈ 33.46" where the cents are rounded. */
function TradeAmount({ transaction }: { transaction: Transaction }) {
  const amount = tradeAmount(transaction)
  const exact = new Dec(amount).decimalPlaces() <= 2
  return (
    <span className="transaction-amount num" title={`Quantity × price, before the fee: ${amount} USD`}>
      {exact ? '=' : '≈'} {formatMoney(amount)}
    </span>
  )
}

/**
 * One transaction as a line of the ledger: side, quantity, symbol, price, when, the amount and fee,
 * its note, and Edit and Delete. A deletion main refuses (a later sell would be larger than its
 * holding) is said under the line, in main's words naming that holding.
 */
export function TransactionItem(props: {
  transaction: Transaction
  /** The detail panel lists one symbol's: no need to repeat it on every line. */
  withSymbol: boolean
  onEdit(transaction: Transaction): void
}) {
  const { transaction } = props
  const zone = useDisplayZone()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setBusy(true)
    const result = await deleteTransaction(transaction)
    setBusy(false)
    setRefusal(result.ok ? null : result.error.message)
  }
  const errorId = `tx-${transaction.id}-refusal`
  return (
    <li
      className={`transaction transaction-${transaction.side}`}
      data-transaction={transaction.id}
      aria-label={describeTrade(transaction)}
    >
      <div className="transaction-main">
        <span className={`transaction-side side-${transaction.side}`}>{SIDE_LABELS[transaction.side]}</span>
        <span className="num transaction-quantity">{formatExact(transaction.quantity)}</span>
        {props.withSymbol && <span className="transaction-symbol">{transaction.symbol}</span>}
        {transaction.side === 'transfer-out' ? (
          // No price and no amount: its tokens leave at their cost (holdings.ts).
          <span className="muted">at their cost</span>
        ) : (
          <>
            <span className="muted">{transaction.side === 'transfer-in' ? 'cost basis' : 'at'}</span>
            <span className="num">{formatExact(transaction.price)}</span>
            <TradeAmount transaction={transaction} />
          </>
        )}
      </div>
      <div className="transaction-meta muted">
        <time dateTime={transaction.time} className="num">
          {formatTradeTime(transaction.time, zone)}
        </time>
        <span className="num">fee {formatExact(transaction.fee)}</span>
        {transaction.note && <span className="transaction-note">{transaction.note}</span>}
      </div>
      <div className="transaction-actions">
        <button type="button" className="button button-small" onClick={() => props.onEdit(transaction)}>
          Edit<span className="visually-hidden"> {describeTrade(transaction)}</span>
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          aria-describedby={refusal ? errorId : undefined}
          onClick={() => void remove()}
        >
          Delete<span className="visually-hidden"> {describeTrade(transaction)}</span>
        </button>
      </div>
      {refusal && (
        <p id={errorId} className="field-error transaction-refusal" role="alert">
          {refusal}
        </p>
      )}
    </li>
  )
}
