import type { AlertFiring } from '../../../shared/alerts'
import { Dec } from '../../../shared/decimal'
import type { WalletBalancesView } from '../../../shared/wallets'
import { CHAIN_NAME } from './chains'

/**
 * Issue 48, item 5: a watched wallet's balance of a token moved between two readings (a transfer in
 * or out, a trade done elsewhere): one firing per wallet, chain and token, naming the wallet by its
 * label (never its address), the token and the change. Only a wallet and chain that answered both
 * times is compared: a token missing from an answer is held at zero, while a wallet that could not
 * be read this time has not changed for all we know.
 */

function balancesByToken(view: WalletBalancesView): Map<string, { label: string; balance: string }> {
  const byToken = new Map<string, { label: string; balance: string }>()
  for (const row of view.balances)
    byToken.set(`${row.wallet} ${row.chain}\n${row.token}`, { label: row.label, balance: row.balance })
  return byToken
}

export function balanceChangeFirings(
  previous: WalletBalancesView,
  current: WalletBalancesView,
): AlertFiring[] {
  const readBoth = new Set(current.read.filter((walletChain) => previous.read.includes(walletChain)))
  const before = balancesByToken(previous)
  const after = balancesByToken(current)
  const firings: AlertFiring[] = []
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [walletChain = '', token = ''] = key.split('\n')
    if (!readBoth.has(walletChain)) continue
    const was = new Dec(before.get(key)?.balance ?? 0)
    const now = new Dec(after.get(key)?.balance ?? 0)
    if (was.eq(now)) continue
    const change = now.minus(was)
    const signed = change.isPositive() ? `+${change.toFixed()}` : change.toFixed()
    const chain = walletChain.slice(walletChain.lastIndexOf(' ') + 1) as keyof typeof CHAIN_NAME
    const label = (after.get(key) ?? before.get(key))?.label ?? ''
    firings.push({
      alertId: 'wallet-balance',
      symbol: token,
      kind: 'wallet-balance',
      message:
        `Wallet "${label}": ${token} on ${CHAIN_NAME[chain]} ${signed}` +
        ` (${was.toFixed()} → ${now.toFixed()})`,
      value: change.toFixed(),
      at: current.asOf,
      sound: false,
    })
  }
  return firings
}
