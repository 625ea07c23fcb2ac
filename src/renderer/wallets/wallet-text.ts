import { Dec } from '../../shared/decimal'
import type { WalletBalancesView } from '../../shared/wallets'

/** How the wallets' readings are said on screen (Settings > Wallets and the Holdings tab alike). */

export const CHAIN_NAME = { ethereum: 'Ethereum', bsc: 'BNB Chain', solana: 'Solana' } as const

/** Wallets minus ledger, with its sign: "-3.5 in the wallets", "+2.25 in the wallets", "matches". */
export function differenceText(difference: string): string {
  const value = new Dec(difference)
  if (value.isZero()) return 'matches'
  return value.isPositive() ? `+${difference} in the wallets` : `${difference} in the wallets`
}

/** Where a reading's balances came from: "the service", "your node", or both. */
export function sourcesText(view: Pick<WalletBalancesView, 'balances'>): string {
  const sources = new Set(view.balances.map((balance) => balance.source))
  if (sources.size === 2) return 'the service and your node'
  return sources.has('node') ? 'your node' : 'the service'
}
