import type { WalletBalancesView, WalletsView } from '../../../shared/wallets'
import type { ApiClient } from '../api/api-client'
import type { SomeCommandHandlers } from '../command-handlers'
import type { Clock } from '../clock'
import { reconcile } from './reconcile'
import { TokenListingCache } from './service-balances'
import { readWalletBalances, tokenName, type WalletBalancesReport } from './wallet-balances'
import type { WalletWatch } from './wallet-watch'
import type { WalletsFile } from './wallets-file'

/** What a reading of the wallets uses: the file (shared with the command line), the service, the ledger. */
export interface WalletReadContext {
  wallets: WalletsFile
  clock: Clock
  /** A client for the service the app reads now (the demo market's in demo mode), or null without a key. */
  walletService(): ApiClient | null
  /** The ledger's quantity per symbol. */
  ledgerQuantities(): ReadonlyMap<string, string>
}

/** What the wallets' commands use: the file and the watch that reads them (app/ builds it). */
export interface WalletsCommandContext {
  wallets: WalletsFile
  walletWatch: WalletWatch
}

function noWallets(asOf: number): WalletBalancesView {
  return { asOf, balances: [], reconciliation: [], notes: [], servicePublishes: null, read: [] }
}

/** A reading as the window sees it (and the command line's `holdings` reads the quantities of). */
export function balancesView(
  report: WalletBalancesReport,
  ledgerQuantities: ReadonlyMap<string, string>,
): WalletBalancesView {
  return {
    asOf: report.asOf,
    balances: report.rows.map((row) => ({
      label: row.label,
      wallet: row.wallet,
      chain: row.chain,
      token: tokenName(row),
      balance: row.balance,
      source: row.source,
    })),
    reconciliation: reconcile(report.rows, ledgerQuantities),
    notes: report.notes,
    servicePublishes: report.servicePublishes,
    read: report.read,
  }
}

/** Reads every wallet now, as the window sees it: the balances, each problem once, the ledger beside. */
export function walletReader(context: WalletReadContext): () => Promise<WalletBalancesView> {
  const { wallets, clock } = context
  const listingCache = new TokenListingCache(() => clock.now())
  return async () => {
    const content = await wallets.load()
    // No wallet, nothing to ask: not even the token listing.
    if (content.wallets.length === 0) return noWallets(clock.now())
    const client = context.walletService()
    try {
      const report = await readWalletBalances({
        client,
        content,
        listingCache,
        now: () => clock.now(),
      })
      const notes = client
        ? report.notes
        : ['No API key for the service: only the nodes you named were read.', ...report.notes]
      return balancesView({ ...report, notes }, context.ledgerQuantities())
    } finally {
      await client?.close()
    }
  }
}

function view(file: WalletsFile): WalletsView {
  const { wallets, nodes } = file.content()
  return {
    wallets,
    nodes: {
      ethereum: nodes.ethereum !== undefined,
      bsc: nodes.bsc !== undefined,
      solana: nodes.solana !== undefined,
    },
    problem: file.problem(),
  }
}

/**
 * The watch-only wallets from the window: list, add by the address as typed (refused in words,
 * shown under the field), remove, name a chain's node (its URL kept in main, never sent back), and
 * read every wallet's balances now against the ledger. The
 * file is read afresh each time: the command line may have changed it.
 */
export function walletCommands(
  context: WalletsCommandContext,
): SomeCommandHandlers<
  | 'listWallets'
  | 'addWallet'
  | 'removeWallet'
  | 'readWalletBalances'
  | 'latestWalletBalances'
  | 'setWalletNode'
> {
  const { wallets, walletWatch } = context
  /** A wallet or a node added or removed: the balances are read at once, not at the next 5 minutes. */
  const readAfterChange = () => {
    void walletWatch.refresh().catch(() => {})
    return view(wallets)
  }
  return {
    listWallets: async () => {
      await wallets.load()
      return view(wallets)
    },
    addWallet: async ({ address, label }) => {
      await wallets.add(address, label === undefined || label.trim() === '' ? undefined : label)
      return readAfterChange()
    },
    removeWallet: async ({ address }) => {
      await wallets.remove(address)
      return readAfterChange()
    },
    setWalletNode: async ({ chain, url }) => {
      await wallets.setNode(chain, url === null || url.trim() === '' ? null : url.trim())
      return readAfterChange()
    },
    readWalletBalances: () => walletWatch.refresh(),
    latestWalletBalances: async () => walletWatch.current(),
  }
}
