import { address, createSolanaRpcFromTransport } from '@solana/kit'
import { BaseError, ContractFunctionRevertedError, createPublicClient, erc20Abi, http } from 'viem'
import { z } from 'zod'
import { CHAIN_NAME, EVM_CHAIN_ID, SOLANA_GENESIS_HASH, type WalletChain } from './chains'
import { boundedFetch } from './node-fetch'
import { type ChainBalance, type ListedToken, type TokenListing, unlistedName } from './service-balances'
import { fromBaseUnits } from './token-amount'

/**
 * Balances read from a node the person named (issue 48, item 3), in base units and converted by
 * the token's decimals exactly. EVM: the chain id checked first (a node of another chain is
 * refused), then every listed token's `balanceOf(wallet)` batched through Multicall3 with viem.
 * Solana: the genesis hash checked, then `getTokenAccountsByOwner` on the Token-2022 program with
 * @solana/kit. Only the wallet's address and the token addresses are sent, and only to that node.
 */

/** Deployed at this address on every EVM chain (multicall3.com); viem names it per chain the same. */
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const NODE_TIMEOUT_MS = 10_000
/** Calldata per Multicall3 request: a few hundred balanceOf calls in one eth_call. */
const MULTICALL_BATCH_BYTES = 32 * 1024

export type NodeReading =
  | {
      ok: true
      balances: ChainBalance[]
      notes: string[]
      /** Tokens asked whose read failed: not a zero, the service's figure stands for them. */
      unread: ReadonlySet<string>
    }
  | { ok: false; reason: string }

/** The first five names and how many more: a note stays one line however many tokens it is about. */
function someNames(names: readonly string[]): string {
  return `${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`
}

function describeNodeError(error: unknown, timeoutMs: number): string {
  if (error instanceof BaseError) {
    if (
      error.walk((inner) => inner instanceof ContractFunctionRevertedError) ||
      /revert/i.test(error.shortMessage)
    )
      return 'the call reverted'
    if (/timed out|took too long/i.test(error.shortMessage)) return `no answer within ${timeoutMs / 1000} s`
    return error.shortMessage.split('\n')[0]?.slice(0, 160) ?? 'the node failed'
  }
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`
  return error instanceof Error
    ? (error.message.split('\n')[0]?.slice(0, 160) ?? 'the node failed')
    : 'the node failed'
}

export async function evmNodeBalances(
  url: string,
  chain: Exclude<WalletChain, 'solana'>,
  wallet: string,
  tokens: readonly ListedToken[],
  timeoutMs = NODE_TIMEOUT_MS,
): Promise<NodeReading> {
  const client = createPublicClient({
    transport: http(url, {
      timeout: timeoutMs,
      retryCount: 0,
      fetchFn: (input, init) => boundedFetch(input, init),
    }),
  })
  try {
    const chainId = await client.getChainId()
    if (chainId !== EVM_CHAIN_ID[chain])
      return {
        ok: false,
        reason:
          `the node answers for chain id ${chainId}, not ${CHAIN_NAME[chain]}` +
          ` (${EVM_CHAIN_ID[chain]}); not used`,
      }
    const results = await client.multicall({
      multicallAddress: MULTICALL3,
      batchSize: MULTICALL_BATCH_BYTES,
      allowFailure: true,
      contracts: tokens.map((token) => ({
        address: token.address as `0x${string}`,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [wallet as `0x${string}`],
      })),
    })
    // viem marks every call of a batch failed when the whole eth_call fails: that is the node failing.
    const firstFailure = results.find((result) => result.status === 'failure')
    if (firstFailure && results.every((result) => result.status === 'failure'))
      return { ok: false, reason: describeNodeError(firstFailure.error, timeoutMs) }
    const balances: ChainBalance[] = []
    const unread: ListedToken[] = []
    results.forEach((result, index) => {
      const token = tokens[index] as ListedToken
      if (result.status === 'failure') unread.push(token)
      else if (result.result > 0n)
        balances.push({
          tokenAddress: token.address,
          symbol: token.symbol,
          balance: fromBaseUnits(result.result, token.decimals),
        })
    })
    const names = someNames(unread.map((token) => token.symbol))
    const notes =
      unread.length > 0
        ? [
            `Your ${CHAIN_NAME[chain]} node could not read ${names} (the call failed); ` +
              `the service's figures stand for those.`,
          ]
        : []
    return { ok: true, balances, notes, unread: new Set(unread.map((token) => token.address.toLowerCase())) }
  } catch (error) {
    return { ok: false, reason: describeNodeError(error, timeoutMs) }
  }
}

/** A JSON-RPC transport for @solana/kit over the bounded fetch, with the node's deadline. */
function solanaTransport(url: string, timeoutMs: number) {
  return async <T>({ payload, signal }: { payload: unknown; signal?: AbortSignal }): Promise<T> => {
    const deadline = AbortSignal.timeout(timeoutMs)
    const response = await boundedFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    })
    if (!response.ok) throw new Error(`the node answered HTTP ${response.status}`)
    return (await response.json()) as T
  }
}

/** A Token-2022 account as `jsonParsed` gives it: its mint and its amount in base units. */
const parsedTokenAccount = z.object({
  parsed: z.object({
    info: z.object({
      mint: z.string().min(1).max(100),
      tokenAmount: z.object({
        amount: z.string().regex(/^\d{1,40}$/),
        decimals: z.number().int().min(0).max(36),
      }),
    }),
  }),
})

/** The mint a record names, if it names one: a record that cannot be read is still said by its token. */
function mintOf(data: unknown): string | null {
  const mint = (data as { parsed?: { info?: { mint?: unknown } } } | null)?.parsed?.info?.mint
  return typeof mint === 'string' && mint.length <= 100 ? mint : null
}

export async function solanaNodeBalances(
  url: string,
  wallet: string,
  listing: TokenListing | null,
  timeoutMs = NODE_TIMEOUT_MS,
): Promise<NodeReading> {
  const rpc = createSolanaRpcFromTransport(solanaTransport(url, timeoutMs))
  try {
    const genesis = await rpc.getGenesisHash().send()
    if (genesis !== SOLANA_GENESIS_HASH)
      return {
        ok: false,
        reason:
          'the node answers for another Solana cluster (its genesis hash ' + "is not mainnet's); not used",
      }
    const accounts = await rpc
      .getTokenAccountsByOwner(
        address(wallet),
        { programId: address(TOKEN_2022_PROGRAM) },
        { encoding: 'jsonParsed' },
      )
      .send()
    const balances: ChainBalance[] = []
    const notes: string[] = []
    // Accounts the node wrote wrong: not a zero, so the service's figure stands for their mints.
    const unread: (string | null)[] = []
    for (const account of accounts.value) {
      const record = parsedTokenAccount.safeParse(account.account.data)
      if (!record.success) {
        unread.push(mintOf(account.account.data))
        continue
      }
      const { mint, tokenAmount } = record.data.parsed.info
      const listed = listing?.find('solana', mint)
      if (listed && listed.decimals !== tokenAmount.decimals)
        notes.push(
          `${listed.symbol}: the node says ${tokenAmount.decimals} decimals, ` +
            `the service ${listed.decimals}; the node's mint is read.`,
        )
      const balance = fromBaseUnits(tokenAmount.amount, tokenAmount.decimals)
      if (balance !== '0') balances.push({ tokenAddress: mint, symbol: listed?.symbol ?? null, balance })
    }
    if (unread.length > 0) {
      const names = unread.map((mint) =>
        mint === null ? 'a mint not named' : (listing?.find('solana', mint)?.symbol ?? unlistedName(mint)),
      )
      notes.push(
        `Your Solana node sent ${unread.length} token account${unread.length === 1 ? '' : 's'} that ` +
          `could not be read (${someNames(names)}); the service's figures stand for those.`,
      )
    }
    const unreadMints = unread.filter((mint): mint is string => mint !== null)
    return { ok: true, balances, notes, unread: new Set(unreadMints) }
  } catch (error) {
    return { ok: false, reason: describeNodeError(error, timeoutMs) }
  }
}
