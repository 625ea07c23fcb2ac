import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { evmNodeBalances, solanaNodeBalances } from '../../../src/main/core/wallets/node-balances'
import { type ListedToken, parseListing } from '../../../src/main/core/wallets/service-balances'
import { DEMO_WALLETS, SimWalletHoldings } from '../../../src/main/sim/market/wallet-holdings'
import { type SimNode, startSimNode } from '../../../src/main/sim/server/sim-node'
import { type LoopbackServer, sendJson, startLoopbackServer } from '../api/api-client.fixtures'

/**
 * A node of one's own read directly (issue 48, item 3): an EVM node through the JSON-RPC stand-in,
 * a Solana node answering set token accounts, on 127.0.0.1.
 */

const GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const PHANTOM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const TSLA_MINT = 'So11111111111111111111111111111111111111112'
const AAPL_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
let sim: SimNode | undefined
let server: LoopbackServer | undefined

type RpcRequest = { id: unknown; method: string; params?: unknown[] }
/** Every JSON-RPC request a node of `answerRequest` was sent, in order. */
const asked: RpcRequest[] = []

afterEach(async () => {
  await sim?.close()
  await server?.close()
  sim = server = undefined
  asked.length = 0
})

/** Reads the JSON-RPC request `req` carries, keeps it in `asked`, and sends `answer`'s status and body. */
function answerRequest(
  req: IncomingMessage,
  res: ServerResponse,
  answer: (request: RpcRequest) => [number, unknown],
) {
  let text = ''
  req.on('data', (chunk: Buffer) => (text += chunk.toString()))
  req.on('end', () => {
    const request = JSON.parse(text) as RpcRequest
    asked.push(request)
    sendJson(res, ...answer(request))
  })
}

/** An EVM node whose chain id is `chainId` (as sent) and whose every eth_call fails with `callError`. */
async function evmNode(chainId: string, callError: unknown = { code: -32603, message: 'internal error' }) {
  server = await startLoopbackServer((req, res) =>
    answerRequest(req, res, (request) => [
      200,
      request.method === 'eth_chainId'
        ? { jsonrpc: '2.0', id: request.id, result: chainId }
        : { jsonrpc: '2.0', id: request.id, error: callError },
    ]),
  )
  return server.url
}

describe('an EVM node', () => {
  const holdings = new SimWalletHoldings(['AAPLon', 'NVDAon', 'TSLAon'])
  const tokens: ListedToken[] = ['AAPLon', 'NVDAon', 'TSLAon'].map((symbol) => ({
    symbol,
    chain: 'ethereum',
    address: holdings.tokenAddress('ethereum', symbol),
    decimals: 18,
  }))

  it('gives only the tokens held, and a failed call as unread by its lower-case address', async () => {
    sim = await startSimNode({ holdings, chain: 'ethereum' })
    expect(await evmNodeBalances(sim.url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: true,
      balances: [{ tokenAddress: tokens[0]?.address, symbol: 'AAPLon', balance: '9' }],
      notes: [],
      unread: new Set(),
    })
    await sim.close()
    sim = await startSimNode({ holdings, chain: 'ethereum', revertingToken: tokens[1]?.address })
    expect(await evmNodeBalances(sim.url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: true,
      balances: [{ tokenAddress: tokens[0]?.address, symbol: 'AAPLon', balance: '9' }],
      notes: [
        "Your Ethereum node could not read NVDAon (the call failed); the service's figures stand for those.",
      ],
      unread: new Set([tokens[1]?.address.toLowerCase()]),
    })
  })

  it('says a node whose every call fails as failing', async () => {
    sim = await startSimNode({ holdings, chain: 'ethereum', fault: 'revert' })
    expect(await evmNodeBalances(sim.url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: false,
      reason: 'the call reverted',
    })
  })

  it("says a call refused 'execution reverted' with no revert data (geth's -32000) as reverted", async () => {
    const url = await evmNode('0x1', { code: -32000, message: 'execution reverted' })
    expect(await evmNodeBalances(url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: false,
      reason: 'the call reverted',
    })
  })

  it("cuts the node's error to its first 160 characters, a viem error's or a plain one's", async () => {
    // A chain id past every safe integer: viem's error writes the whole number out.
    let url = await evmNode(`0x${'f'.repeat(200)}`)
    expect(await evmNodeBalances(url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: false,
      reason: `Number "${BigInt(`0x${'f'.repeat(200)}`)}`.slice(0, 160),
    })
    await server?.close()
    // A chain id that is not hex at all: JavaScript's own error, with the text sent in it.
    url = await evmNode('z'.repeat(300))
    expect(await evmNodeBalances(url, 'ethereum', DEMO_WALLETS.cold, tokens)).toEqual({
      ok: false,
      reason: `Cannot convert ${'z'.repeat(145)}`,
    })
  })
})

type Account = { mint?: string; amount: string; decimals: number }

/** A Solana node on mainnet answering `accounts` (or, for `status`, that HTTP status alone). */
async function solanaNode(accounts: Account[], status = 200): Promise<string> {
  server = await startLoopbackServer((req, res) =>
    answerRequest(req, res, (request) => {
      if (status !== 200) return [status, { error: 'unavailable' }]
      const value = accounts.map((account, index) => ({
        pubkey: `${PHANTOM.slice(0, 40)}${index}`,
        account: {
          data: {
            program: 'spl-token-2022',
            parsed: {
              type: 'account',
              info: {
                ...(account.mint === undefined ? {} : { mint: account.mint }),
                tokenAmount: { amount: account.amount, decimals: account.decimals },
              },
            },
            space: 170,
          },
          executable: false,
          lamports: 2_074_080,
          owner: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
          rentEpoch: 0,
          space: 170,
        },
      }))
      const result = request.method === 'getGenesisHash' ? GENESIS : { context: { slot: 1 }, value }
      return [200, { jsonrpc: '2.0', id: request.id, result }]
    }),
  )
  return server.url
}

const listing = parseListing([
  { symbol: 'TSLAon', addresses: [{ networkChainId: 'solana-900', address: TSLA_MINT, decimals: 9 }] },
  { symbol: 'AAPLon', addresses: [{ networkChainId: 'solana-900', address: AAPL_MINT, decimals: 9 }] },
])

/** Base58 mints not listed, each 32 to 44 characters. */
const unlisted = (index: number) => `Unlisted${index}Mint${'1'.repeat(30)}`

describe('a Solana node', () => {
  it("reads each account by the node's decimals, says a mismatch, leaves out zeros", async () => {
    const url = await solanaNode([
      { mint: TSLA_MINT, amount: '3500000000', decimals: 9 },
      { mint: AAPL_MINT, amount: '100100000', decimals: 6 },
      { mint: unlisted(1), amount: '0', decimals: 9 },
      { mint: unlisted(2), amount: '125', decimals: 3 },
    ])
    expect(await solanaNodeBalances(url, PHANTOM, listing)).toEqual({
      ok: true,
      balances: [
        { tokenAddress: TSLA_MINT, symbol: 'TSLAon', balance: '3.5' },
        { tokenAddress: AAPL_MINT, symbol: 'AAPLon', balance: '100.1' },
        { tokenAddress: unlisted(2), symbol: null, balance: '0.125' },
      ],
      notes: ["AAPLon: the node says 6 decimals, the service 9; the node's mint is read."],
      unread: new Set(),
    })
    // Without the service's listing: no symbols, nothing to compare the decimals with.
    const alone = await solanaNodeBalances(url, PHANTOM, null)
    expect(alone.ok && [alone.balances.map((balance) => balance.symbol), alone.notes]).toEqual([
      [null, null, null],
      [],
    ])
  })

  it('names the accounts it could not read, five and how many more', async () => {
    const bad = (mint: string | undefined): Account => ({ mint, amount: '3.5', decimals: 9 })
    const url = await solanaNode([
      bad(TSLA_MINT),
      bad(undefined),
      ...[1, 2, 3, 4, 5].map((index) => bad(unlisted(index))),
      { mint: AAPL_MINT, amount: '2500000000', decimals: 9 },
    ])
    expect(await solanaNodeBalances(url, PHANTOM, listing)).toEqual({
      ok: true,
      balances: [{ tokenAddress: AAPL_MINT, symbol: 'AAPLon', balance: '2.5' }],
      notes: [
        'Your Solana node sent 7 token accounts that could not be read (TSLAon, a mint not named, ' +
          'unlisted token Unlist…, unlisted token Unlist…, unlisted token Unlist… and 2 more); ' +
          "the service's figures stand for those.",
      ],
      unread: new Set([TSLA_MINT, ...[1, 2, 3, 4, 5].map(unlisted)]),
    })
  })

  it('lists five unread accounts with nothing more to count', async () => {
    const url = await solanaNode(
      [1, 2, 3, 4, 5].map((index) => ({ mint: unlisted(index), amount: '-1', decimals: 9 })),
    )
    const reading = await solanaNodeBalances(url, PHANTOM, null)
    expect(reading.ok && reading.notes).toEqual([
      'Your Solana node sent 5 token accounts that could not be read (unlisted token Unlist…, ' +
        'unlisted token Unlist…, unlisted token Unlist…, unlisted token Unlist…, unlisted token Unlist…); ' +
        "the service's figures stand for those.",
    ])
  })

  it('does not name a mint past 100 characters, nor hold it as unread', async () => {
    const url = await solanaNode([{ mint: 'M'.repeat(101), amount: '3500000000', decimals: 9 }])
    expect(await solanaNodeBalances(url, PHANTOM, listing)).toEqual({
      ok: true,
      balances: [],
      notes: [
        'Your Solana node sent 1 token account that could not be read (a mint not named); ' +
          "the service's figures stand for those.",
      ],
      unread: new Set(),
    })
  })

  it('names a mint of exactly 100 characters it could not read, and holds it as unread', async () => {
    const mint = 'M'.repeat(100)
    const url = await solanaNode([{ mint, amount: '-1', decimals: 9 }])
    expect(await solanaNodeBalances(url, PHANTOM, listing)).toEqual({
      ok: true,
      balances: [],
      notes: [
        'Your Solana node sent 1 token account that could not be read (unlisted token MMMMMM…); ' +
          "the service's figures stand for those.",
      ],
      unread: new Set([mint]),
    })
  })

  it('sends its requests as JSON, saying so in their content type', async () => {
    const url = await solanaNode([])
    expect(await solanaNodeBalances(url, PHANTOM, listing)).toMatchObject({ ok: true })
    expect(server?.requests.map((request) => request.headers['content-type'])).toEqual([
      'application/json',
      'application/json',
    ])
  })

  it("asks for the wallet's Token-2022 accounts parsed (jsonParsed), not as raw bytes", async () => {
    const url = await solanaNode([])
    expect(await solanaNodeBalances(url, DEMO_WALLETS.phantom, listing)).toMatchObject({ ok: true })
    expect(asked.map((request) => request.method)).toEqual(['getGenesisHash', 'getTokenAccountsByOwner'])
    expect(asked[1]?.params).toEqual([
      DEMO_WALLETS.phantom,
      { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' },
      expect.objectContaining({ encoding: 'jsonParsed' }),
    ])
  })

  it('says a node answering an HTTP error, or nothing in time', async () => {
    expect(await solanaNodeBalances(await solanaNode([], 503), PHANTOM, listing)).toEqual({
      ok: false,
      reason: 'the node answered HTTP 503',
    })
    await server?.close()
    server = await startLoopbackServer(() => {})
    expect(await solanaNodeBalances(server.url, PHANTOM, listing, 300)).toEqual({
      ok: false,
      reason: 'no answer within 0.3 s',
    })
  })
})
