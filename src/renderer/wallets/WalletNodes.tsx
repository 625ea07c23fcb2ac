import { useState } from 'react'
import type { IpcResult } from '../../shared/ipc-contract'
import type { WalletsView } from '../../shared/wallets'
import { describedBy, Field } from '../ui/form-fields'

/**
 * Settings > Wallets, a node of one's own per chain (issue 48, item 3): its JSON-RPC URL typed
 * here, checked in main (an http or https URL without a user name or password; refused in words
 * under the field). The URL may carry a provider's key, so main never sends it back: the window
 * shows only whether a chain has a node.
 */

type Chain = keyof WalletsView['nodes']
const CHAINS: [Chain, string][] = [
  ['ethereum', 'Ethereum'],
  ['bsc', 'BNB Chain'],
  ['solana', 'Solana'],
]

export function WalletNodes(props: {
  nodes: WalletsView['nodes']
  busy: boolean
  run(action: () => Promise<IpcResult<WalletsView>>, onRefused: (message: string) => void): Promise<unknown>
}) {
  const [typed, setTyped] = useState<Partial<Record<Chain, string>>>({})
  const [errors, setErrors] = useState<Partial<Record<Chain, string>>>({})
  const refuse = (chain: Chain) => (message: string) => setErrors((known) => ({ ...known, [chain]: message }))

  const name = async (chain: Chain) => {
    const url = typed[chain]?.trim() ?? ''
    if (url === '') return refuse(chain)('Enter the node URL')
    const named = await props.run(() => window.tokenwatch.setWalletNode({ chain, url }), refuse(chain))
    if (named === true) setTyped((known) => ({ ...known, [chain]: '' }))
  }

  return (
    <fieldset className="wallet-nodes">
      <legend>Nodes of your own (optional)</legend>
      <p className="field-hint">
        Balances are also read from a JSON-RPC node you name for a chain, and compared with the
        service&apos;s. The node gets the wallet&apos;s address, never the API key.
      </p>
      {CHAINS.map(([chain, chainName]) => {
        const id = `wallet-node-${chain}`
        return props.nodes[chain] ? (
          <div key={chain} className="wallet-node wallet-node-named">
            <span className="wallet-label">{chainName}</span>
            <span className="muted">read from your node too</span>
            <button
              type="button"
              className="button"
              disabled={props.busy}
              aria-label={`Stop using your ${chainName} node`}
              onClick={() =>
                void props.run(() => window.tokenwatch.setWalletNode({ chain, url: null }), refuse(chain))
              }
            >
              Stop using
            </button>
          </div>
        ) : (
          <div key={chain} className="wallet-node">
            <Field id={id} label={`${chainName} node URL`} error={errors[chain]}>
              <input
                id={id}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://…"
                value={typed[chain] ?? ''}
                maxLength={500}
                aria-invalid={errors[chain] !== undefined}
                aria-describedby={describedBy(id, errors[chain], false)}
                onChange={(event) => {
                  setTyped((known) => ({ ...known, [chain]: event.target.value }))
                  setErrors((known) => ({ ...known, [chain]: undefined }))
                }}
              />
            </Field>
            <button
              type="button"
              className="button"
              disabled={props.busy}
              aria-label={`Use node for ${chainName}`}
              onClick={() => void name(chain)}
            >
              Use node
            </button>
          </div>
        )
      })}
    </fieldset>
  )
}
