import { type ReactNode, useState } from 'react'
import { Dec } from '../../../shared/decimal'
import { formatFullTime } from '../../../shared/display-time'
import type { WalletBalancesView } from '../../../shared/wallets'
import { useDisplayZone } from '../../display-zone'

/**
 * Every watched wallet's balances, read on demand (issue 48): each with its source (the service or
 * your node) and when it was read, then per symbol the ledger's quantity against the wallets' and
 * the difference with its sign. Each problem main found is said once, in its words.
 */

const CHAIN = { ethereum: 'Ethereum', bsc: 'BNB Chain', solana: 'Solana' } as const

function differenceText(difference: string): string {
  const value = new Dec(difference)
  if (value.isZero()) return 'matches'
  return value.isPositive() ? `+${difference} in the wallets` : `${difference} in the wallets`
}

/** A table whose numbers keep every digit on one line: too wide for the window, it scrolls sideways. */
function WalletTable(props: { label: string; columns: [string, boolean?][]; children: ReactNode }) {
  return (
    <div className="wallet-table-scroll">
      <table className="wallet-table" aria-label={props.label}>
        <thead>
          <tr>
            {props.columns.map(([name, numeric]) => (
              <th key={name} scope="col" className={numeric ? 'numeric' : undefined}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}

export function WalletBalances() {
  const zone = useDisplayZone()
  const [view, setView] = useState<WalletBalancesView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const read = async () => {
    setBusy(true)
    const result = await window.tokenwatch.readWalletBalances()
    setBusy(false)
    if (!result.ok) return setProblem(result.error.message)
    setProblem(null)
    setView(result.value)
  }

  return (
    <div className="wallet-balances">
      <div className="row-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void read()}>
          {busy ? 'Reading balances…' : view ? 'Read balances again' : 'Read balances'}
        </button>
        {view && (
          <span className="muted" role="status">
            Read {formatFullTime(view.asOf, zone)}
          </span>
        )}
      </div>
      {problem && <p className="field-hint warning">{problem}</p>}
      {view && view.notes.length > 0 && (
        <ul className="wallet-notes" aria-label="About these balances">
          {view.notes.map((note) => (
            <li key={note} className="field-hint warning">
              {note}
            </li>
          ))}
        </ul>
      )}
      {view && view.balances.length > 0 && (
        <WalletTable label="Wallet balances" columns={[['Wallet'], ['Token'], ['Balance', true], ['From']]}>
          {view.balances.map((row) => (
            <tr key={`${row.wallet} ${row.chain} ${row.token}`}>
              <td>
                {row.label}
                <span className="muted"> · {CHAIN[row.chain]}</span>
              </td>
              <td>{row.token}</td>
              <td className="numeric">{row.balance}</td>
              <td>{row.source === 'node' ? 'your node' : 'the service'}</td>
            </tr>
          ))}
        </WalletTable>
      )}
      {view && view.reconciliation.length > 0 && (
        <WalletTable
          label="Ledger against wallets"
          columns={[['Symbol'], ['Ledger', true], ['Wallets', true], ['Difference']]}
        >
          {view.reconciliation.map((entry) => (
            <tr key={entry.symbol} data-differs={!new Dec(entry.difference).isZero()}>
              <td>{entry.symbol}</td>
              <td className="numeric">{entry.ledgerQuantity ?? '0'}</td>
              <td className="numeric">{entry.walletQuantity}</td>
              <td>{differenceText(entry.difference)}</td>
            </tr>
          ))}
        </WalletTable>
      )}
      {view && view.balances.length === 0 && view.notes.length === 0 && (
        <p className="muted">No balances in the watched wallets.</p>
      )}
    </div>
  )
}
