import { createHash } from 'node:crypto'
import { getAddressDecoder } from '@solana/kit'
import Decimal from 'decimal.js'
import { getAddress } from 'viem'
import { hourlyTradesUntil } from './hourly-trades'

/**
 * The simulated chains behind the simulator's wallet endpoints (issue 48): each listed token's
 * contract address on Ethereum, BNB Chain and Solana, and a few demo wallets whose balances are
 * the sum of their demo trades (and, opted in, of the hourly trades they make in the market's time,
 * hourly-trades.ts). The service routes (server/wallet-routes.ts) and the JSON-RPC
 * stand-in (server/sim-node.ts) read the same balances, so a test can make them agree or differ.
 */

export type SimChain = 'ethereum' | 'bsc' | 'solana'
export const SIM_CHAINS: readonly SimChain[] = ['ethereum', 'bsc', 'solana']
export const SIM_CHAIN_ID: Record<SimChain, string> = {
  ethereum: 'ethereum-1',
  bsc: 'bsc-56',
  solana: 'solana-900',
}
/** ERC-20 tokens have 18 decimals; the Token-2022 mints have been seen with 9 (real-service-notes.md). */
export const SIM_DECIMALS: Record<SimChain, number> = { ethereum: 18, bsc: 18, solana: 9 }

/** A trade or transfer of a demo wallet: a positive quantity comes in, a negative one goes out. */
export interface SimWalletTrade {
  wallet: string
  chain: SimChain
  /** A listed symbol, or null with `tokenAddress` for a token the listing does not know. */
  symbol: string | null
  tokenAddress?: string
  quantity: string
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** A made-up but well-formed address, the same for the same seed text on every run. */
export function simEvmAddress(seedText: string): string {
  return getAddress(`0x${digest(seedText).subarray(0, 20).toString('hex')}`)
}

export function simSolanaAddress(seedText: string): string {
  return getAddressDecoder().decode(digest(seedText))
}

export const DEMO_WALLETS = {
  cold: simEvmAddress('demo wallet: cold'),
  hot: simEvmAddress('demo wallet: hot'),
  phantom: simSolanaAddress('demo wallet: phantom'),
} as const

/** A token no listing names, held by the demo cold wallet on Ethereum. */
export const UNLISTED_DEMO_TOKEN = simEvmAddress('demo token: unlisted')

/** What the demo wallets did: bought, then moved some AAPLon from cold to hot, sold some NVDAon. */
export function demoTrades(): SimWalletTrade[] {
  return [
    { wallet: DEMO_WALLETS.cold, chain: 'ethereum', symbol: 'AAPLon', quantity: '12.5' },
    { wallet: DEMO_WALLETS.cold, chain: 'ethereum', symbol: 'AAPLon', quantity: '-3.5' },
    { wallet: DEMO_WALLETS.hot, chain: 'ethereum', symbol: 'AAPLon', quantity: '3.5' },
    { wallet: DEMO_WALLETS.hot, chain: 'bsc', symbol: 'NVDAon', quantity: '20.25' },
    { wallet: DEMO_WALLETS.hot, chain: 'bsc', symbol: 'NVDAon', quantity: '-4.75' },
    { wallet: DEMO_WALLETS.phantom, chain: 'solana', symbol: 'TSLAon', quantity: '7.123456789' },
    {
      wallet: DEMO_WALLETS.cold,
      chain: 'ethereum',
      symbol: null,
      tokenAddress: UNLISTED_DEMO_TOKEN,
      quantity: '42.1',
    },
  ]
}

/** What the hot wallet buys at each scheduled hour and sells back an hour later (hourly-trades.ts). */
export const HOURLY_DEMO_TRADE: SimWalletTrade = {
  wallet: DEMO_WALLETS.hot,
  chain: 'bsc',
  symbol: 'NVDAon',
  quantity: '0.25',
}

export interface SimWalletOptions {
  /**
   * The market's time: given, the hot wallet makes HOURLY_DEMO_TRADE on its schedule, read at this
   * time at every answer. Without it the balances are the fixed trades alone (what tests expect).
   */
  marketClock?: () => number
}

/** EVM addresses compare without case; base58 is case-sensitive. */
function canonical(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}

function key(chain: SimChain, tokenAddress: string, wallet: string): string {
  return `${chain} ${canonical(tokenAddress)} ${canonical(wallet)}`
}

export class SimWalletHoldings {
  private readonly addressOf = new Map<string, string>()
  private readonly balances = new Map<string, Decimal>()
  /** The balance the hourly trades move, or null when they are off. */
  private readonly hourlyKey: string | null

  constructor(
    private readonly symbols: readonly string[],
    trades: readonly SimWalletTrade[] = demoTrades(),
    private readonly options: SimWalletOptions = {},
  ) {
    for (const symbol of symbols)
      for (const chain of SIM_CHAINS)
        this.addressOf.set(
          `${chain} ${symbol}`,
          chain === 'solana' ? simSolanaAddress(`mint ${symbol}`) : simEvmAddress(`${chain} token ${symbol}`),
        )
    for (const trade of trades) this.record(trade)
    // Listed from the start, so that the wallet's token shows even before its first trade.
    if (options.marketClock) this.record({ ...HOURLY_DEMO_TRADE, quantity: '0' })
    this.hourlyKey = options.marketClock ? this.keyOf(HOURLY_DEMO_TRADE) : null
  }

  /** The contract (or mint) address of a listed symbol on a chain. */
  tokenAddress(chain: SimChain, symbol: string): string {
    const address = this.addressOf.get(`${chain} ${symbol}`)
    if (!address) throw new Error(`sim: ${symbol} is not listed`)
    return address
  }

  /** Moves a wallet's balance, as a trade or a transfer done on chain would; never below zero. */
  record(trade: SimWalletTrade): void {
    const at = this.keyOf(trade)
    const next = (this.balances.get(at) ?? new Decimal(0)).plus(trade.quantity)
    if (next.isNegative()) throw new Error('sim: a wallet cannot send more than it holds')
    this.balances.set(at, next)
  }

  private keyOf(trade: SimWalletTrade): string {
    const token =
      trade.symbol === null ? (trade.tokenAddress as string) : this.tokenAddress(trade.chain, trade.symbol)
    return key(trade.chain, token, trade.wallet)
  }

  /** A balance as the market's time finds it: the recorded trades plus the scheduled ones until now. */
  private balanceAt(at: string, recorded: Decimal): Decimal {
    const clock = this.options.marketClock
    if (!clock || at !== this.hourlyKey) return recorded
    const quantity = new Decimal(HOURLY_DEMO_TRADE.quantity)
    return hourlyTradesUntil(clock()).reduce(
      (balance, trade) => balance.plus(quantity.times(trade.direction)),
      recorded,
    )
  }

  /** `GET /v1/assets/all/addresses`. */
  addressesBody(): {
    symbol: string
    addresses: { networkChainId: string; address: string; decimals: number }[]
  }[] {
    return this.symbols.map((symbol) => ({
      symbol,
      addresses: SIM_CHAINS.map((chain) => ({
        networkChainId: SIM_CHAIN_ID[chain],
        address: this.tokenAddress(chain, symbol),
        decimals: SIM_DECIMALS[chain],
      })),
    }))
  }

  /** `GET /v1/chains/{chainId}/balances?userAddress=`: the wallet's tokens on that chain, in tokens. */
  balancesBody(
    chain: SimChain,
    wallet: string,
  ): {
    tokens: {
      tokenAddress: string
      tokenSymbol: string | null
      balances: { holderAddress: { account: string }; balance: string }[]
    }[]
  } {
    return {
      tokens: this.holdingsOf(chain, wallet).map(({ tokenAddress, symbol, balance }) => ({
        tokenAddress,
        tokenSymbol: symbol,
        balances: [{ holderAddress: { account: wallet }, balance: balance.toFixed() }],
      })),
    }
  }

  /** What a node reads: the balance in base units (balance x 10^decimals), 0 for a token never held. */
  baseUnits(chain: SimChain, tokenAddress: string, wallet: string): bigint {
    const at = key(chain, tokenAddress, wallet)
    const balance = this.balanceAt(at, this.balances.get(at) ?? new Decimal(0))
    return BigInt(balance.times(new Decimal(10).pow(SIM_DECIMALS[chain])).toFixed(0))
  }

  /** Every token a wallet has held on a chain (a token sold to zero still answers 0). */
  holdingsOf(
    chain: SimChain,
    wallet: string,
  ): { tokenAddress: string; symbol: string | null; balance: Decimal }[] {
    const prefix = `${chain} `
    const suffix = ` ${canonical(wallet)}`
    const found: { tokenAddress: string; symbol: string | null; balance: Decimal }[] = []
    for (const [at, balance] of this.balances) {
      if (!at.startsWith(prefix) || !at.endsWith(suffix)) continue
      const token = at.slice(prefix.length, at.length - suffix.length)
      const symbol =
        this.symbols.find((candidate) => canonical(this.tokenAddress(chain, candidate)) === token) ?? null
      const tokenAddress =
        symbol !== null
          ? this.tokenAddress(chain, symbol)
          : token.startsWith('0x')
            ? getAddress(token)
            : token
      found.push({ tokenAddress, symbol, balance: this.balanceAt(at, balance) })
    }
    return found
  }
}
