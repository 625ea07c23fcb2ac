import { z } from 'zod'
import type { ApiClient } from '../api/api-client'
import { sanitizeServiceText } from '../api/api-errors'
import { addressForLog, sameAddress } from './address'
import { CHAIN_NAME, SERVICE_CHAIN_ID, type WalletChain, chainOfServiceId } from './chains'
import { readServiceBalance } from './token-amount'

/**
 * What the service says of tokens and wallets (real-service-notes.md, "Contract addresses" and
 * "Wallet balances"): every token's address per chain, cached for the 5 minutes the service
 * caches it, and one wallet's balances on one chain, always asked with `userAddress` (without it
 * the service lists every holder). Both answers are small and bounded (below), so they are read
 * on the calling thread: 458 listed tokens are about 150 KB, a wallet's balances a few KB.
 */

export const LISTING_CACHE_MS = 5 * 60_000
/** Ten times a live listing of 458 tokens on three chains. */
export const MAX_LISTING_BYTES = 2 * 1024 * 1024
/** One wallet on one chain: hundreds of tokens at most. */
export const MAX_BALANCES_BYTES = 512 * 1024

export interface ListedToken {
  symbol: string
  chain: WalletChain
  address: string
  decimals: number
}

const listingEntry = z.object({
  symbol: z.string().min(1).max(40),
  addresses: z
    .array(
      z.object({
        networkChainId: z.string().max(80),
        address: z.string().min(1).max(100),
        decimals: z.number().int().min(0).max(36),
      }),
    )
    .max(20),
})

const balancesAnswer = z.object({ tokens: z.array(z.unknown()).max(5_000) })
const tokenRecord = z.object({
  tokenAddress: z.string().min(1).max(100),
  tokenSymbol: z.string().max(40).nullish(),
  balances: z
    .array(z.object({ holderAddress: z.object({ account: z.string().max(100) }), balance: z.unknown() }))
    .max(100),
})

/** EVM addresses compare without case; base58 is case-sensitive. */
function tokenKey(chain: WalletChain, address: string): string {
  return `${chain} ${address.startsWith('0x') ? address.toLowerCase() : address}`
}

export class TokenListing {
  private readonly byAddress = new Map<string, ListedToken>()
  constructor(
    readonly tokens: readonly ListedToken[],
    /** Records the listing carried that could not be read, said once by the caller. */
    readonly rejected: number,
  ) {
    for (const token of tokens) this.byAddress.set(tokenKey(token.chain, token.address), token)
  }

  find(chain: WalletChain, address: string): ListedToken | undefined {
    return this.byAddress.get(tokenKey(chain, address))
  }

  on(chain: WalletChain): ListedToken[] {
    return this.tokens.filter((token) => token.chain === chain)
  }
}

export function parseListing(body: unknown): TokenListing {
  const entries = Array.isArray(body) ? body : []
  const tokens: ListedToken[] = []
  let rejected = Array.isArray(body) ? 0 : 1
  for (const entry of entries) {
    const read = listingEntry.safeParse(entry)
    if (!read.success) {
      rejected++
      continue
    }
    for (const at of read.data.addresses) {
      const chain = chainOfServiceId(at.networkChainId)
      if (chain) tokens.push({ symbol: read.data.symbol, chain, address: at.address, decimals: at.decimals })
    }
  }
  return new TokenListing(tokens, rejected)
}

export type Published<T> = { published: true; value: T } | { published: false }

/** The listing, asked at most once per 5 minutes; a service that lacks it is remembered by the client. */
export class TokenListingCache {
  private cached: { at: number; listing: TokenListing } | null = null

  constructor(private readonly now: () => number) {}

  async get(client: ApiClient): Promise<Published<TokenListing>> {
    if (this.cached && this.now() - this.cached.at < LISTING_CACHE_MS)
      return { published: true, value: this.cached.listing }
    const answer = await client.optionalJson('tokenAddresses', '/v1/assets/all/addresses', MAX_LISTING_BYTES)
    if (!answer.available) return { published: false }
    const listing = parseListing(answer.value.body)
    this.cached = { at: this.now(), listing }
    return { published: true, value: listing }
  }
}

/** One token a wallet holds on one chain, as read. */
export interface ChainBalance {
  tokenAddress: string
  /** From the listing; null for a token it does not know ("unlisted token 0x1234…"). */
  symbol: string | null
  balance: string
}

export interface ServiceBalances {
  balances: ChainBalance[]
  /** Records dropped, each in words, to be said once. */
  dropped: string[]
}

/** How a token the listing does not know is shown: never dropped. */
export function unlistedName(address: string): string {
  return `unlisted token ${address.slice(0, 6)}…`
}

export function parseServiceBalances(
  body: unknown,
  chain: WalletChain,
  wallet: string,
  label: string,
  listing: TokenListing,
): ServiceBalances {
  const answer = balancesAnswer.safeParse(body)
  const where = `${CHAIN_NAME[chain]}, wallet "${label}" (${addressForLog(wallet)})`
  if (!answer.success)
    return {
      balances: [],
      dropped: [`The service's balances for ${where} are not in the documented ` + `form; none read.`],
    }
  const balances: ChainBalance[] = []
  const dropped: string[] = []
  for (const raw of answer.data.tokens) {
    const token = tokenRecord.safeParse(raw)
    if (!token.success) {
      dropped.push(`A token record for ${where} is not in the documented form; left out.`)
      continue
    }
    const listed = listing.find(chain, token.data.tokenAddress)
    const name = listed?.symbol ?? unlistedName(token.data.tokenAddress)
    // The answer is asked with userAddress; a holder other than this wallet is not ours to show.
    for (const holder of token.data.balances.filter((entry) =>
      sameAddress(entry.holderAddress.account, wallet),
    )) {
      const reading = readServiceBalance(holder.balance, listed?.decimals ?? null)
      if (!reading.ok) dropped.push(`${sanitizeServiceText(name)} in ${where}: ${reading.reason}; left out.`)
      else
        balances.push({
          tokenAddress: token.data.tokenAddress,
          symbol: listed?.symbol ?? null,
          balance: reading.balance,
        })
    }
  }
  return { balances, dropped }
}

/**
 * One wallet's balances on one chain from the service, or `published: false` when it has no such endpoint.
 */
export async function serviceBalances(
  client: ApiClient,
  chain: WalletChain,
  wallet: string,
  label: string,
  listing: TokenListing,
): Promise<Published<ServiceBalances>> {
  const chainId = encodeURIComponent(SERVICE_CHAIN_ID[chain])
  const path = `/v1/chains/${chainId}/balances?userAddress=${encodeURIComponent(wallet)}`
  const answer = await client.optionalJson('walletBalances', path, MAX_BALANCES_BYTES)
  if (!answer.available) return { published: false }
  return { published: true, value: parseServiceBalances(answer.value.body, chain, wallet, label, listing) }
}
