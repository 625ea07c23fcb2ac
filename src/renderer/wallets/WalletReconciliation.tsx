import { useState } from 'react'
import { Dec } from '../../shared/decimal'
import { formatFullTime } from '../../shared/display-time'
import { type LedgerSide, SIDE_LABELS } from '../../shared/holdings'
import type { WalletReconciliationView } from '../../shared/wallets'
import { useDisplayZone } from '../display-zone'
import { holdingsTabOnShow, usePortfolio } from '../holdings/portfolio-store'
import { useWallets } from './wallet-store'
import { CHAIN_NAME, differenceText, sourcesText } from './wallet-text'
import { readWalletsNow } from './wallets-api'
import { WalletNotes, WalletTable } from './WalletBalances'
import { TransactionForm } from '../ledger/TransactionForm'

/**
 * Under the Holdings tab (issue 48, item 4): per held symbol the ledger's quantity against the sum
 * over every watched wallet (a transfer between two of your own wallets moves tokens between them
 * and leaves the sum, so it never counts twice), when and from where the balances were read, and a
 * refresh. Where they differ, the row says by how much and offers to record the difference: a buy
 * or a sell at a price you type, or a transfer in (at a cost basis you give) or out. Tokens the
 * service does not list are named by their address, never dropped.
 */

/** The two ways to record a difference: the wallets hold more (buy, transfer in) or less. */
function offers(difference: Dec): [LedgerSide, LedgerSide] {
  return difference.isPositive() ? ['buy', 'transfer-in'] : ['sell', 'transfer-out']
}

interface Recording {
  symbol: string
  side: LedgerSide
  quantity: string
}

function Offers(props: { entry: WalletReconciliationView; onPick(recording: Recording): void }) {
  const { entry } = props
  const difference = new Dec(entry.difference)
  const quantity = difference.abs().toFixed()
  return (
    <span className="reconcile-offers">
      {offers(difference).map((side) => (
        <button
          key={side}
          type="button"
          className="button button-small"
          aria-label={`Record a ${SIDE_LABELS[side].toLowerCase()} of ${quantity} ${entry.symbol}`}
          onClick={() => props.onPick({ symbol: entry.symbol, side, quantity })}
        >
          {SIDE_LABELS[side]}
        </button>
      ))}
    </span>
  )
}

export function WalletReconciliation() {
  const zone = useDisplayZone()
  const shown = usePortfolio(holdingsTabOnShow)
  const view = useWallets((state) => state.view)
  const reading = useWallets((state) => state.reading)
  const problem = useWallets((state) => state.problem)
  const [recording, setRecording] = useState<Recording | null>(null)
  if (!shown || view === null || (view.read.length === 0 && view.notes.length === 0)) return null
  const unlisted = view.balances.filter((balance) => balance.token.startsWith('unlisted token'))
  return (
    <section className="wallet-reconciliation" aria-label="Ledger against wallets">
      <div className="reconcile-head">
        <h2 className="section-title">Wallets</h2>
        <span className="muted" role="status">
          Read {formatFullTime(view.asOf, zone)} from {sourcesText(view)}
        </span>
        <button
          type="button"
          className="button button-small"
          disabled={reading}
          onClick={() => void readWalletsNow()}
        >
          {reading ? 'Reading…' : 'Refresh'}
        </button>
      </div>
      <WalletNotes problem={problem} notes={view.notes} />
      {view.reconciliation.length > 0 && (
        <WalletTable
          label="Ledger against wallets"
          columns={[['Symbol'], ['Ledger', true], ['Wallets', true], ['Difference']]}
        >
          {view.reconciliation.map((entry) => {
            const differs = !new Dec(entry.difference).isZero()
            return (
              <tr key={entry.symbol} data-differs={differs}>
                <td>{entry.symbol}</td>
                <td className="numeric">{entry.ledgerQuantity ?? '0'}</td>
                <td className="numeric">{entry.walletQuantity}</td>
                <td>
                  <span className="reconcile-difference">{differenceText(entry.difference)}</span>
                  {differs && <Offers entry={entry} onPick={setRecording} />}
                </td>
              </tr>
            )
          })}
        </WalletTable>
      )}
      {recording && (
        <div className="reconcile-form">
          <TransactionForm
            key={`${recording.symbol} ${recording.side}`}
            transaction={null}
            symbol={recording.symbol}
            prefill={{ side: recording.side, quantity: recording.quantity }}
            onDone={() => {
              setRecording(null)
              // Main compares the wallets with the ledger as it is now.
              void readWalletsNow()
            }}
          />
        </div>
      )}
      {unlisted.length > 0 && (
        <ul className="reconcile-unlisted" aria-label="Tokens the service does not list">
          {unlisted.map((balance) => (
            <li key={`${balance.wallet} ${balance.chain} ${balance.token}`}>
              {balance.label} ({CHAIN_NAME[balance.chain]}) holds{' '}
              <span className="num">{balance.balance}</span> of {balance.token}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
