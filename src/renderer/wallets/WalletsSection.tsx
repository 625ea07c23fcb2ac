import { useEffect, useState, type FormEvent } from 'react'
import type { IpcResult } from '../../shared/ipc-contract'
import type { WalletsView } from '../../shared/wallets'
import { describedBy, Field } from '../ui/form-fields'
import { WalletBalances } from './WalletBalances'
import { WalletNodes } from './WalletNodes'

/**
 * Settings > Wallets (issue 48): the watch-only wallets, added by address (main reads it and
 * refuses it in words, shown under the field) and removed, a node of one's own per chain, and
 * their balances read on demand.
 */

const ADDRESS_ID = 'wallet-address-input'
const LABEL_ID = 'wallet-label-input'

function api() {
  return window.tokenwatch
}

/**
 * "0x5aAe…BeAed": enough to recognise one's own wallet in a narrow window; the full address in the tooltip.
 */
function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-5)}`
}

export function WalletsSection() {
  const [view, setView] = useState<WalletsView | null>(null)
  const [address, setAddress] = useState('')
  const [label, setLabel] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void api()
      .listWallets()
      .then((result) => (result.ok ? setView(result.value) : setProblem(result.error.message)))
  }, [])

  const run = async (action: () => Promise<IpcResult<WalletsView>>, onRefused: (message: string) => void) => {
    setBusy(true)
    const result = await action()
    setBusy(false)
    if (!result.ok) return onRefused(result.error.message)
    setView(result.value)
    return true
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (address.trim() === '') return setError('Enter the wallet address')
    const added = await run(
      () =>
        api().addWallet({ address: address.trim(), label: label.trim() === '' ? undefined : label.trim() }),
      setError,
    )
    if (added) {
      setAddress('')
      setLabel('')
    }
  }

  const wallets = view?.wallets ?? []
  return (
    <form
      className="settings-section wallets-section"
      aria-labelledby="wallets-title"
      onSubmit={(event) => void add(event)}
    >
      <h3 id="wallets-title" className="section-title">
        Wallets
      </h3>
      <p className="field-hint">
        Watch-only: Tokenwatch never asks for a private key or a seed phrase. An address is read on Ethereum
        and BNB Chain (0x…) or on Solana, and sent only to the service and to a node you name.
      </p>
      {(view?.problem ?? problem) && <p className="field-hint warning">{view?.problem ?? problem}</p>}
      {view === null && !problem ? (
        <p className="muted">Loading wallets…</p>
      ) : wallets.length === 0 ? (
        <p className="muted">No wallets watched yet.</p>
      ) : (
        <ul className="wallet-list" aria-label="Watched wallets">
          {wallets.map((wallet) => (
            <li key={wallet.address} className="wallet-item">
              <span className="wallet-label">{wallet.label}</span>
              <span className="wallet-address" title={wallet.address}>
                {shortAddress(wallet.address)}
              </span>
              <span className="wallet-chains muted">
                {wallet.address.startsWith('0x') ? 'Ethereum, BNB Chain' : 'Solana'}
              </span>
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={`Stop watching ${wallet.label}`}
                onClick={() => void run(() => api().removeWallet({ address: wallet.address }), setProblem)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field id={ADDRESS_ID} label="Address" error={error}>
        <input
          id={ADDRESS_ID}
          autoComplete="off"
          spellCheck={false}
          value={address}
          maxLength={100}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(ADDRESS_ID, error, false)}
          onChange={(event) => {
            setAddress(event.target.value)
            setError(undefined)
          }}
        />
      </Field>
      <Field id={LABEL_ID} label="Label (optional)">
        <input
          id={LABEL_ID}
          autoComplete="off"
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
        />
      </Field>
      <div className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Watch wallet
        </button>
      </div>
      {view && <WalletNodes nodes={view.nodes} busy={busy} run={run} />}
      {wallets.length > 0 && <WalletBalances />}
    </form>
  )
}
