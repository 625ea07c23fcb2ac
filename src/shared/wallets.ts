import { z } from 'zod'

/**
 * The watch-only wallets as the window sees them (issue 48; docs/wallets.md): address, label and
 * when added, and per chain whether a node of one's own is named (never its URL, which may carry
 * a provider's key). The address is checked in main (EIP-55, base58); the window only bounds it.
 */

export interface WalletView {
  address: string
  label: string
  addedAt: string
}

export interface WalletsView {
  wallets: WalletView[]
  /** Per chain, whether a node of one's own is named. */
  nodes: { ethereum: boolean; bsc: boolean; solana: boolean }
  /** What went wrong reading wallets.json, in words, or null. */
  problem: string | null
}

/** One token a wallet holds on one chain, as last read (docs/wallets.md, "Reading balances"). */
export interface WalletBalanceView {
  label: string
  wallet: string
  chain: 'ethereum' | 'bsc' | 'solana'
  /** The symbol, or "unlisted token 0x1234…". */
  token: string
  balance: string
  source: 'service' | 'node'
}

/** Per symbol: the ledger's quantity against the sum over every watched wallet. */
export interface WalletReconciliationView {
  symbol: string
  ledgerQuantity: string | null
  walletQuantity: string
  /** Wallets minus ledger. */
  difference: string
}

export interface WalletBalancesView {
  /** When they were read (ms): the freshness shown beside them. */
  asOf: number
  balances: WalletBalanceView[]
  reconciliation: WalletReconciliationView[]
  /** Each problem once, in words. */
  notes: string[]
  /** false: the service does not publish balances; null: not asked (no key, no service). */
  servicePublishes: boolean | null
  /** "address chain" of each wallet and chain that answered this time (the service or a node). */
  read: string[]
}

export const addWalletArgs = z
  .object({ address: z.string().min(1).max(100), label: z.string().max(40).optional() })
  .strict()
export const removeWalletArgs = z.object({ address: z.string().min(1).max(100) }).strict()
/** A node of one's own for a chain (its JSON-RPC URL, checked in main), or null: the service only. */
export const setWalletNodeArgs = z
  .object({ chain: z.enum(['ethereum', 'bsc', 'solana']), url: z.string().min(1).max(500).nullable() })
  .strict()
