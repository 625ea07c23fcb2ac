import { Dec } from '../../../shared/decimal'
import type { WalletBalanceRow } from './wallet-balances'

/**
 * The ledger against the wallets (issue 48, item 4): per symbol, the ledger's quantity and the sum
 * over every watched wallet and chain. A transfer between two of one's own wallets moves tokens
 * from one row to another and leaves the sum, so it never counts twice; a sale the ledger lacks
 * shows as the wallets holding less. Unlisted tokens have no symbol to compare and are left out.
 */

export interface Reconciliation {
  symbol: string
  /** null: the ledger has never held it. */
  ledgerQuantity: string | null
  walletQuantity: string
  /** wallets minus ledger: positive, the wallets hold more than the ledger says. */
  difference: string
}

export function reconcile(
  rows: readonly WalletBalanceRow[],
  ledger: ReadonlyMap<string, string>,
): Reconciliation[] {
  const held = new Map<string, Dec>()
  for (const row of rows)
    if (row.symbol !== null) held.set(row.symbol, (held.get(row.symbol) ?? new Dec(0)).plus(row.balance))
  const symbols = [
    ...new Set([
      ...held.keys(),
      ...[...ledger].filter(([, quantity]) => !new Dec(quantity).isZero()).map(([symbol]) => symbol),
    ]),
  ].sort()
  return symbols.map((symbol) => {
    const inWallets = held.get(symbol) ?? new Dec(0)
    const inLedger = ledger.get(symbol)
    return {
      symbol,
      ledgerQuantity: inLedger ?? null,
      walletQuantity: inWallets.toFixed(),
      difference: inWallets.minus(inLedger ?? 0).toFixed(),
    }
  })
}

/** The command line's `wallet balances --json` record (issue 48, item 6): decimals as strings. */
export interface WalletBalanceRecord {
  wallet: string
  label: string
  chain: string
  symbol: string | null
  tokenAddress: string
  balance: string
  source: 'service' | 'node'
  ledgerQuantity: string | null
  difference: string | null
}

export function balanceRecords(
  rows: readonly WalletBalanceRow[],
  reconciliation: readonly Reconciliation[],
): WalletBalanceRecord[] {
  const bySymbol = new Map(reconciliation.map((entry) => [entry.symbol, entry]))
  return rows.map((row) => {
    const entry = row.symbol === null ? undefined : bySymbol.get(row.symbol)
    return {
      wallet: row.wallet,
      label: row.label,
      chain: row.chain,
      symbol: row.symbol,
      tokenAddress: row.tokenAddress,
      balance: row.balance,
      source: row.source,
      ledgerQuantity: entry?.ledgerQuantity ?? null,
      difference: entry ? entry.difference : null,
    }
  })
}
