import { Dec } from '../../../shared/decimal'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/api-errors'
import { CHAIN_NAME, CHAINS_OF_KIND, type WalletChain } from './chains'
import { readWalletAddress, withAddressesShortened } from './address'
import type { NodeReading } from './node-balances'
import {
  type ChainBalance,
  type TokenListing,
  type TokenListingCache,
  serviceBalances,
  unlistedName,
} from './service-balances'
import type { Wallet, WalletsFileContent } from './wallets-file'

/**
 * Every watched wallet's balances on each of its chains, from the service and from the node the
 * person named for that chain, joined token by token. Where both answer, the node's figure is
 * shown (it is the chain itself, read by the person's own node) and a difference is said with both
 * numbers; where the node fails, the service's answer stands and that is said. Each problem is said
 * once, in `notes`, naming the wallet by its label and the last 4 characters of its address.
 */

export interface WalletBalanceRow {
  wallet: string
  label: string
  chain: WalletChain
  /** null: a token the service's listing does not know, shown as "unlisted token 0x1234…". */
  symbol: string | null
  tokenAddress: string
  balance: string
  source: 'service' | 'node'
  /** Each source's figure where both answered (equal or not), else null. */
  serviceBalance: string | null
  nodeBalance: string | null
}

export interface WalletBalancesReport {
  asOf: number
  rows: WalletBalanceRow[]
  notes: string[]
  /**
   * false: the service has no token addresses or balances endpoint (a spec-only service); null: not asked.
   */
  servicePublishes: boolean | null
  /**
   * "address chain" of each wallet and chain that answered (the service or a node): a token missing
   * from one of these is held at zero; from any other, not known this time.
   */
  read: string[]
}

export interface ReadWalletBalancesOptions {
  client: ApiClient | null
  content: WalletsFileContent
  listingCache: TokenListingCache
  now: () => number
  nodeTimeoutMs?: number
}

/** How `read` names a wallet on a chain. */
export function walletChainKey(address: string, chain: WalletChain): string {
  return `${address} ${chain}`
}

export const NOT_PUBLISHED = 'The service does not publish balances'

/** The name a row goes by on screen and in notes. */
export function tokenName(row: Pick<WalletBalanceRow, 'symbol' | 'tokenAddress'>): string {
  return row.symbol ?? unlistedName(row.tokenAddress)
}

function tokenKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}

function describeServiceError(error: unknown): string {
  if (error instanceof ApiError) return error.message
  throw error
}

async function nodeReading(
  url: string,
  chain: WalletChain,
  wallet: string,
  listing: TokenListing | null,
  timeoutMs: number | undefined,
): Promise<NodeReading> {
  // The chain clients (viem, @solana/kit) load on the first read from a node: an app with no node
  // named never loads them (some 10 MB of the main thread's heap, a second of its start).
  const { evmNodeBalances, solanaNodeBalances } = await import('./node-balances')
  if (chain === 'solana') return solanaNodeBalances(url, wallet, listing, timeoutMs)
  const tokens = listing?.on(chain) ?? []
  // balanceOf needs the token's address: without the service's listing there is none to ask.
  if (tokens.length === 0)
    return { ok: false, reason: 'no token addresses to ask it for (the service does not publish them)' }
  return evmNodeBalances(url, chain, wallet, tokens, timeoutMs)
}

/** Joins one wallet's readings on one chain into rows, saying each difference and failure. */
function join(
  wallet: Wallet,
  chain: WalletChain,
  service: ChainBalance[] | null,
  node: NodeReading | null,
  notes: string[],
): WalletBalanceRow[] {
  const where = `wallet "${wallet.label}" on ${CHAIN_NAME[chain]}`
  const rows = new Map<string, WalletBalanceRow>()
  const base = { wallet: wallet.address, label: wallet.label, chain }
  for (const held of service ?? [])
    rows.set(tokenKey(held.tokenAddress), {
      ...base,
      ...held,
      source: 'service',
      serviceBalance: null,
      nodeBalance: null,
    })
  if (node && !node.ok) {
    notes.push(
      `Your ${CHAIN_NAME[chain]} node could not be used for ${where}` +
        `: ${node.reason}; ${service ? "the service's answer stands" : 'no balances from it'}.`,
    )
    return [...rows.values()]
  }
  if (!node) return [...rows.values()]
  notes.push(...node.notes)
  for (const held of node.balances) {
    const key = tokenKey(held.tokenAddress)
    const fromService = rows.get(key)
    rows.set(key, {
      ...base,
      ...held,
      symbol: held.symbol ?? fromService?.symbol ?? null,
      source: 'node',
      serviceBalance: fromService?.balance ?? null,
      nodeBalance: held.balance,
    })
    if (fromService && !new Dec(fromService.balance).eq(held.balance))
      notes.push(
        `${tokenName(held)} in ${where}: the service says ${fromService.balance}` +
          `, your node ${held.balance}; the node's figure is shown.`,
      )
    if (service && !fromService)
      notes.push(
        `${tokenName(held)} in ${where}: your node says ${held.balance}` +
          `, the service lists none; the node's figure is shown.`,
      )
  }
  // A token the service lists that the node, asked for it, holds none of: the node's zero is shown.
  // (A row the node holds is the node's by now.)
  for (const [key, row] of rows) {
    if (node.unread.has(key) || row.source !== 'service' || new Dec(row.balance).isZero()) continue
    if (chain !== 'solana' && row.symbol === null) continue // not asked of the node: no listed address
    rows.set(key, { ...row, balance: '0', source: 'node', serviceBalance: row.balance, nodeBalance: '0' })
    notes.push(
      `${tokenName(row)} in ${where}: the service says ${row.balance}` +
        `, your node 0; the node's figure is shown.`,
    )
  }
  return [...rows.values()]
}

export async function readWalletBalances(options: ReadWalletBalancesOptions): Promise<WalletBalancesReport> {
  const notes: string[] = []
  let listing: TokenListing | null = null
  let servicePublishes: boolean | null = null
  if (options.client) {
    try {
      const answer = await options.listingCache.get(options.client)
      servicePublishes = answer.published
      if (answer.published) {
        listing = answer.value
        if (listing.rejected > 0)
          notes.push(
            `${listing.rejected} entr${listing.rejected === 1 ? 'y' : 'ies'}` +
              ` of the service's token addresses could not be read and were left out.`,
          )
      } else
        notes.push(
          `${NOT_PUBLISHED} (no token addresses endpoint): only a node ` +
            `of your own can read the wallets.`,
        )
    } catch (error) {
      notes.push(`The service could not be asked for token addresses: ${describeServiceError(error)}`)
    }
  }
  const rows: WalletBalanceRow[] = []
  const read: string[] = []
  for (const wallet of options.content.wallets) {
    const reading = readWalletAddress(wallet.address)
    if (!reading.ok) continue
    for (const chain of CHAINS_OF_KIND[reading.kind]) {
      let service: ChainBalance[] | null = null
      // The listing is there only when the service answered for it: then it is asked for balances.
      if (listing && options.client) {
        try {
          const answer = await serviceBalances(options.client, chain, wallet.address, wallet.label, listing)
          if (answer.published) {
            service = answer.value.balances
            notes.push(...answer.value.dropped)
          } else if (servicePublishes !== false) {
            servicePublishes = false
            notes.push(
              `${NOT_PUBLISHED} (no balances endpoint): only a node of your ` + `own can read the wallets.`,
            )
          }
        } catch (error) {
          notes.push(
            `The service's balances for wallet "${wallet.label}" on ${CHAIN_NAME[chain]}` +
              ` could not be read: ${describeServiceError(error)}`,
          )
        }
      }
      const url = options.content.nodes[chain]
      const node = url ? await nodeReading(url, chain, wallet.address, listing, options.nodeTimeoutMs) : null
      rows.push(...join(wallet, chain, service, node, notes))
      if (service !== null || node?.ok) read.push(walletChainKey(wallet.address, chain))
    }
  }
  const addresses = options.content.wallets.map((wallet) => wallet.address)
  const said = notes.map((note) => withAddressesShortened(note, addresses))
  return { asOf: options.now(), rows, notes: [...new Set(said)], servicePublishes, read }
}
