import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeFunctionData, encodeFunctionResult, erc20Abi, multicall3Abi, type Hex } from 'viem'
import { SIM_DECIMALS, type SimChain, type SimWalletHoldings } from '../market/wallet-holdings'

/**
 * A chain node's JSON-RPC, stood in for on 127.0.0.1 (issue 48, item 7): for tests and the demo,
 * a node of Ethereum or BNB Chain answering `eth_chainId` and `eth_call` (an ERC-20 `balanceOf`,
 * or many batched through Multicall3's `aggregate3`), or of Solana answering `getGenesisHash`,
 * `getVersion` and `getTokenAccountsByOwner` on the Token-2022 program; every balance read from
 * the same `SimWalletHoldings` as the simulator's balances endpoint. Faults: an RPC error, a
 * revert, a node that never answers, a token account it writes wrong.
 */

export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const SOLANA_MAINNET_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const EVM_CHAIN_ID: Record<Exclude<SimChain, 'solana'>, number> = { ethereum: 1, bsc: 56 }
/** A request body is one JSON-RPC call or a small batch: beyond this the node refuses it. */
const MAX_REQUEST_BYTES = 256 * 1024

/** `bad-amount`: a Solana token account's amount written as tokens ("7.1"), not the base units it must be. */
export type SimNodeFault = 'rpc-error' | 'revert' | 'hang' | 'bad-amount' | null

export interface SimNodeOptions {
  holdings: SimWalletHoldings
  chain: SimChain
  /** Answer another chain's id (a node for the wrong chain). */
  chainIdOverride?: number
  /** Answer another Solana cluster's genesis hash (a devnet node named for mainnet). */
  genesisHashOverride?: string
  /** A token contract whose `balanceOf` reverts (one call of a Multicall3 batch failing). */
  revertingToken?: string
  fault?: SimNodeFault
}

export interface SimNode {
  url: string
  /** Every method asked, in order, with its params: what reached the node. */
  readonly calls: { method: string; params: unknown }[]
  /** Every HTTP request's headers and body as they arrived: what a test checks never reached a node. */
  readonly requests: { headers: IncomingHttpHeaders; body: string }[]
  setFault(fault: SimNodeFault): void
  close(): Promise<void>
}

interface RpcRequest {
  jsonrpc: '2.0'
  id: number | string | null
  method: string
  params?: unknown[]
}

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message)
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_REQUEST_BYTES) {
        resolve(null)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', () => resolve(null))
  })
}

export async function startSimNode(options: SimNodeOptions): Promise<SimNode> {
  let fault: SimNodeFault = options.fault ?? null
  const calls: { method: string; params: unknown }[] = []
  const requests: { headers: IncomingHttpHeaders; body: string }[] = []
  const { holdings, chain } = options

  const balanceOf = (token: string, callData: Hex): Hex => {
    const call = decodeFunctionData({ abi: erc20Abi, data: callData })
    if (call.functionName !== 'balanceOf' || token.toLowerCase() === options.revertingToken?.toLowerCase())
      throw new RpcFailure(3, 'execution reverted', '0x')
    const owner = call.args[0]
    return encodeFunctionResult({
      abi: erc20Abi,
      functionName: 'balanceOf',
      result: holdings.baseUnits(chain, token, owner),
    })
  }

  const ethCall = (params: unknown[]): Hex => {
    if (fault === 'revert') throw new RpcFailure(3, 'execution reverted', '0x')
    const { to, data } = (params[0] ?? {}) as { to?: string; data?: Hex }
    if (!to || !data) throw new RpcFailure(-32602, 'invalid params')
    if (to.toLowerCase() !== MULTICALL3_ADDRESS.toLowerCase()) return balanceOf(to, data)
    const batch = decodeFunctionData({ abi: multicall3Abi, data })
    if (batch.functionName !== 'aggregate3') throw new RpcFailure(3, 'execution reverted', '0x')
    const results = batch.args[0].map((inner) => {
      try {
        return { success: true, returnData: balanceOf(inner.target, inner.callData) }
      } catch {
        if (!inner.allowFailure) throw new RpcFailure(3, 'execution reverted', '0x')
        return { success: false, returnData: '0x' as Hex }
      }
    })
    return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
  }

  const tokenAccounts = (params: unknown[]): unknown => {
    const [owner, filter] = params as [string, { programId?: string; mint?: string }]
    if (filter?.programId !== TOKEN_2022_PROGRAM) return { context: { slot: 1 }, value: [] }
    const value = holdings.holdingsOf('solana', owner).map((held, index) => ({
      pubkey: `${held.tokenAddress.slice(0, 20)}${owner.slice(0, 12)}${index}`.slice(0, 44),
      account: {
        data: {
          program: 'spl-token-2022',
          parsed: {
            type: 'account',
            info: {
              mint: held.tokenAddress,
              owner,
              state: 'initialized',
              isNative: false,
              tokenAmount: {
                amount:
                  fault === 'bad-amount'
                    ? held.balance.toFixed()
                    : holdings.baseUnits('solana', held.tokenAddress, owner).toString(),
                decimals: SIM_DECIMALS.solana,
                uiAmountString: held.balance.toFixed(),
              },
            },
          },
          space: 170,
        },
        executable: false,
        lamports: 2_074_080,
        owner: TOKEN_2022_PROGRAM,
        rentEpoch: 0,
        space: 170,
      },
    }))
    return { context: { slot: 1 }, value }
  }

  const answer = (request: RpcRequest): unknown => {
    calls.push({ method: request.method, params: request.params })
    if (fault === 'rpc-error') throw new RpcFailure(-32603, 'internal error')
    const params = request.params ?? []
    if (chain === 'solana') {
      if (request.method === 'getGenesisHash') return options.genesisHashOverride ?? SOLANA_MAINNET_GENESIS
      if (request.method === 'getVersion') return { 'solana-core': '2.1.0', 'feature-set': 1 }
      if (request.method === 'getHealth') return 'ok'
      if (request.method === 'getTokenAccountsByOwner') return tokenAccounts(params)
    } else {
      if (request.method === 'eth_chainId')
        return `0x${(options.chainIdOverride ?? EVM_CHAIN_ID[chain]).toString(16)}`
      if (request.method === 'eth_call') return ethCall(params)
      if (request.method === 'eth_blockNumber') return '0x1'
    }
    throw new RpcFailure(-32601, 'method not found')
  }

  const reply = (request: RpcRequest): unknown => {
    try {
      return { jsonrpc: '2.0', id: request.id, result: answer(request) }
    } catch (error) {
      const failure = error instanceof RpcFailure ? error : new RpcFailure(-32603, 'internal error')
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: {
          code: failure.code,
          message: failure.message,
          ...(failure.data ? { data: failure.data } : {}),
        },
      }
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req)
    requests.push({ headers: req.headers, body: text ?? '' })
    if (fault === 'hang') return // never answered: the client's timeout is the test
    let parsed: unknown
    try {
      parsed = text === null ? null : JSON.parse(text)
    } catch {
      parsed = null
    }
    const body =
      parsed === null
        ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }
        : Array.isArray(parsed)
          ? parsed.map((one) => reply(one as RpcRequest))
          : reply(parsed as RpcRequest)
    const json = JSON.stringify(body)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) })
    res.end(json)
  }

  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    requests,
    setFault: (next) => {
      fault = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
