import type { ReactNode } from 'react'
import { Dec } from '../../shared/decimal'
import { CHAIN_NAME, differenceText } from './wallet-text'
import { formatFullTime } from '../../shared/display-time'
import { useDisplayZone } from '../display-zone'
import { useWallets } from './wallet-store'
import { readWalletsNow } from './wallets-api'

/**
 * Every watched wallet's balances, read on demand (issue 48): each with its source (the service or
 * your node) and when it was read, then per symbol the ledger's quantity against the wallets' and
 * the difference with its sign. Each problem main found is said once, in its words.
 */

/** A table whose numbers keep every digit on one line: too wide for the window, it scrolls sideways. */
export function WalletTable(props: { label: string; columns: [string, boolean?][]; children: ReactNode }) {
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

/** Why the last reading asked from here failed, and each problem main found once, in its words. */
export function WalletNotes(props: { problem: string | null; notes: readonly string[] }) {
  return (
    <>
      {props.problem && <p className="field-hint warning">{props.problem}</p>}
      {props.notes.length > 0 && (
        <ul className="wallet-notes" aria-label="About these balances">
          {props.notes.map((note) => (
            <li key={note} className="field-hint warning">
              {note}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export function WalletBalances() {
  const zone = useDisplayZone()
  const view = useWallets((state) => state.view)
  const problem = useWallets((state) => state.problem)
  const busy = useWallets((state) => state.reading)

  return (
    <div className="wallet-balances">
      <div className="row-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void readWalletsNow()}>
          {busy ? 'Reading balances…' : view ? 'Read balances again' : 'Read balances'}
        </button>
        {view && (
          <span className="muted" role="status">
            Read {formatFullTime(view.asOf, zone)}
          </span>
        )}
      </div>
      <WalletNotes problem={problem} notes={view?.notes ?? []} />
      {view && view.balances.length > 0 && (
        <WalletTable label="Wallet balances" columns={[['Wallet'], ['Token'], ['Balance', true], ['From']]}>
          {view.balances.map((row) => (
            <tr key={`${row.wallet} ${row.chain} ${row.token}`}>
              <td>
                {row.label}
                <span className="muted"> · {CHAIN_NAME[row.chain]}</span>
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
