import type { WalletBalancesView } from '../../../shared/wallets'
import { readWalletAddress } from './address'
import { CHAIN_NAME } from './chains'
import { NOT_PUBLISHED, walletChainKey } from './wallet-balances'
import type { WalletsFileContent } from './wallets-file'

/**
 * The wallets' quantity per symbol for the positions (issue 48, item 4: Settings > Holdings,
 * "Quantities"), or why the wallets cannot give one now. They can only when every watched wallet
 * answered on every one of its chains at the last reading: a wallet that could not be read would
 * count as holding nothing, and a position shrunk by a failed request would be untrue. The words
 * go beside the figures ("…: quantities from the ledger") and beside the choice in Settings.
 */
export type PositionQuantities =
  { ok: true; bySymbol: ReadonlyMap<string, string> } | { ok: false; why: string }

export function positionQuantities(
  view: WalletBalancesView | null,
  content: WalletsFileContent,
): PositionQuantities {
  if (content.wallets.length === 0) return { ok: false, why: 'No wallet is watched' }
  const noNode = Object.values(content.nodes).every((url) => url === undefined)
  if (view?.servicePublishes === false && noNode)
    return { ok: false, why: `${NOT_PUBLISHED} and no node of your own is named` }
  if (view === null) return { ok: false, why: 'The wallets have not been read yet' }
  for (const wallet of content.wallets) {
    const reading = readWalletAddress(wallet.address)
    const unread = reading.ok
      ? reading.chains.find((chain) => !view.read.includes(walletChainKey(wallet.address, chain)))
      : undefined
    if (unread)
      return { ok: false, why: `Wallet "${wallet.label}" could not be read on ${CHAIN_NAME[unread]}` }
  }
  return {
    ok: true,
    bySymbol: new Map(view.reconciliation.map((entry) => [entry.symbol, entry.walletQuantity])),
  }
}
