import Decimal from 'decimal.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { TokenListingCache } from '../../../src/main/core/wallets/service-balances'
import { type WalletBalanceRow, readWalletBalances } from '../../../src/main/core/wallets/wallet-balances'
import type { WalletsFileContent } from '../../../src/main/core/wallets/wallets-file'
import {
  DEMO_WALLETS,
  SimWalletHoldings,
  UNLISTED_DEMO_TOKEN,
  demoTrades,
} from '../../../src/main/sim/market/wallet-holdings'
import { type SimNode, startSimNode } from '../../../src/main/sim/server/sim-node'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'

/**
 * Wallet balances from the simulator's service and from the JSON-RPC stand-in (issue 48, items 2
 * and 3), at a fixed market time: Wednesday 2026-11-25, 10:30 ET.
 */

const NOW = Date.parse('2026-11-25T15:30:00Z')
const API_KEY = 'wallets-test-key'
const ASSETS = 30
const ADDED = '2026-11-20T15:00:00.000Z'
let server: SimServer
let client: ApiClient
const nodes: SimNode[] = []

beforeAll(async () => {
  server = await startSimServer({ apiKey: API_KEY, assets: ASSETS, clock: () => NOW, grpc: false })
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  server.setSpecOnly(false)
  await client?.close()
  for (const node of nodes.splice(0)) await node.close()
})

function newClient(): ApiClient {
  client = new ApiClient({ baseUrl: server.url, apiKey: API_KEY, now: () => NOW })
  return client
}

async function node(
  options: Omit<Parameters<typeof startSimNode>[0], 'holdings'> & { holdings?: SimWalletHoldings },
): Promise<string> {
  const started = await startSimNode({ holdings: server.wallets, ...options })
  nodes.push(started)
  return started.url
}

function content(
  wallets: [string, string][],
  nodeUrls: WalletsFileContent['nodes'] = {},
): WalletsFileContent {
  return {
    version: 1,
    wallets: wallets.map(([address, label]) => ({ address, label, addedAt: ADDED })),
    nodes: nodeUrls,
  }
}

const pick = (rows: WalletBalanceRow[]) =>
  rows.map(({ label, chain, symbol, balance, source }) => ({ label, chain, symbol, balance, source }))
const read = (walletsContent: WalletsFileContent, nodeTimeoutMs?: number) =>
  readWalletBalances({
    client: newClient(),
    content: walletsContent,
    listingCache: new TokenListingCache(() => NOW),
    now: () => NOW,
    nodeTimeoutMs,
  })

describe('wallet balances from the service', () => {
  it('reads each wallet on its chains, symbols through the listing, an unlisted token kept', async () => {
    const report = await read(
      content([
        [DEMO_WALLETS.cold, 'Cold'],
        [DEMO_WALLETS.hot, 'Hot'],
      ]),
    )
    expect(pick(report.rows)).toEqual([
      {
        label: 'Cold',
        chain: 'ethereum',
        symbol: 'AAPLon',
        balance: new Decimal('12.5').minus('3.5').toFixed(),
        source: 'service',
      },
      { label: 'Cold', chain: 'ethereum', symbol: null, balance: '42.1', source: 'service' },
      { label: 'Hot', chain: 'ethereum', symbol: 'AAPLon', balance: '3.5', source: 'service' },
      {
        label: 'Hot',
        chain: 'bsc',
        symbol: 'NVDAon',
        balance: new Decimal('20.25').minus('4.75').toFixed(),
        source: 'service',
      },
    ])
    expect(report.rows[1]?.tokenAddress).toBe(UNLISTED_DEMO_TOKEN)
    expect(report.notes).toEqual([])
    expect(report.servicePublishes).toBe(true)
    // One listing for the whole read (cached), one balances request per wallet and chain.
    expect(server.stats().byEndpoint.tokenAddresses).toBe(1)
  })

  it('says a spec-only service does not publish balances, and reads a Solana node alone', async () => {
    server.setSpecOnly(true)
    const without = await read(content([[DEMO_WALLETS.phantom, 'Phantom']]))
    expect(without.rows).toEqual([])
    expect(without.servicePublishes).toBe(false)
    expect(without.notes).toEqual([
      'The service does not publish balances (no token addresses endpoint): ' +
        'only a node of your own can read the wallets.',
    ])

    const withNode = await read(
      content([[DEMO_WALLETS.phantom, 'Phantom']], { solana: await node({ chain: 'solana' }) }),
    )
    // No listing to name the mint: shown as an unlisted token, in tokens converted by its 9 decimals.
    expect(pick(withNode.rows)).toEqual([
      {
        label: 'Phantom',
        chain: 'solana',
        symbol: null,
        balance: new Decimal('7123456789').div(new Decimal(10).pow(9)).toFixed(),
        source: 'node',
      },
    ])
  })

  it("says an EVM node has nothing to ask without the service's token addresses", async () => {
    server.setSpecOnly(true)
    const report = await read(content([[DEMO_WALLETS.hot, 'Hot']], { bsc: await node({ chain: 'bsc' }) }))
    expect(report.rows).toEqual([])
    expect(report.notes).toContain(
      'Your BNB Chain node could not be used for wallet "Hot" on BNB ' +
        'Chain: no token addresses to ask it for (the service does not ' +
        'publish them); no balances from it.',
    )
  })
})

describe('wallet balances from a node of your own', () => {
  it('reads balanceOf through Multicall3 and agrees with the service: no note', async () => {
    const report = await read(content([[DEMO_WALLETS.hot, 'Hot']], { bsc: await node({ chain: 'bsc' }) }))
    const nvda = report.rows.find((row) => row.chain === 'bsc')
    expect(nvda).toMatchObject({
      symbol: 'NVDAon',
      source: 'node',
      balance: '15.5',
      serviceBalance: '15.5',
      nodeBalance: '15.5',
    })
    expect(report.notes).toEqual([])
  })

  it('says a difference between the service and the node with both numbers', async () => {
    // The node's chain saw a sale of 1.25 NVDAon the service has not caught up with.
    const chain = new SimWalletHoldings(server.market.symbols(), [
      ...demoTrades(),
      { wallet: DEMO_WALLETS.hot, chain: 'bsc', symbol: 'NVDAon', quantity: '-1.25' },
    ])
    const report = await read(
      content([[DEMO_WALLETS.hot, 'Hot']], { bsc: await node({ chain: 'bsc', holdings: chain }) }),
    )
    const nodeFigure = new Decimal('15.5').minus('1.25').toFixed()
    expect(report.rows.find((row) => row.chain === 'bsc')).toMatchObject({
      balance: nodeFigure,
      source: 'node',
      serviceBalance: '15.5',
      nodeBalance: nodeFigure,
    })
    expect(report.notes).toEqual([
      `NVDAon in wallet "Hot" on BNB Chain: the service says 15.5, ` +
        `your node ${nodeFigure}; the node's figure is shown.`,
    ])
    // Privacy: what is said names the wallet by its label, never by its address.
    expect(report.notes.join(' ').toLowerCase()).not.toContain(DEMO_WALLETS.hot.toLowerCase().slice(2, 12))
  })

  it('refuses a node that answers for another chain; the service stands', async () => {
    const report = await read(
      content([[DEMO_WALLETS.hot, 'Hot']], {
        ethereum: await node({ chain: 'ethereum', chainIdOverride: 56 }),
      }),
    )
    expect(report.rows.find((row) => row.chain === 'ethereum')).toMatchObject({
      symbol: 'AAPLon',
      source: 'service',
      balance: '3.5',
    })
    expect(report.notes).toEqual([
      'Your Ethereum node could not be used for wallet "Hot" on Ethereum: ' +
        'the node answers for chain id 56, not Ethereum (1); not used; ' +
        "the service's answer stands.",
    ])
  })

  it.each([
    ['rpc-error', /internal error/],
    ['revert', /the call reverted/],
    ['hang', /no answer within 0.5 s/],
  ] as const)('keeps the service answer when the node fails (%s), and says so', async (fault, reason) => {
    const report = await read(
      content([[DEMO_WALLETS.cold, 'Cold']], { ethereum: await node({ chain: 'ethereum', fault }) }),
      500,
    )
    expect(pick(report.rows).map((row) => row.source)).toEqual(['service', 'service'])
    expect(report.notes).toHaveLength(1)
    expect(report.notes[0]).toMatch(/^Your Ethereum node could not be used for wallet "Cold" on Ethereum: /)
    expect(report.notes[0]).toMatch(reason)
    expect(report.notes[0]).toMatch(/the service's answer stands\.$/)
  })

  it("keeps the service's figure for the one token whose call reverts in a Multicall3 batch", async () => {
    const aapl = server.wallets.tokenAddress('ethereum', 'AAPLon')
    const report = await read(
      content([[DEMO_WALLETS.cold, 'Cold']], {
        ethereum: await node({ chain: 'ethereum', revertingToken: aapl }),
      }),
    )
    expect(pick(report.rows).find((row) => row.symbol === 'AAPLon')).toEqual({
      label: 'Cold',
      chain: 'ethereum',
      symbol: 'AAPLon',
      balance: new Decimal('12.5').minus('3.5').toFixed(),
      source: 'service',
    })
    expect(report.notes).toEqual([
      "Your Ethereum node could not read AAPLon (the call failed); the service's figures stand for those.",
    ])
  })

  it('refuses a Solana node of another cluster (its genesis hash); the service stands', async () => {
    const devnet = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
    const report = await read(
      content([[DEMO_WALLETS.phantom, 'Phantom']], {
        solana: await node({ chain: 'solana', genesisHashOverride: devnet }),
      }),
    )
    expect(pick(report.rows)).toEqual([
      { label: 'Phantom', chain: 'solana', symbol: 'TSLAon', balance: '7.123456789', source: 'service' },
    ])
    expect(report.notes).toEqual([
      'Your Solana node could not be used for wallet "Phantom" on Solana: the node answers for ' +
        "another Solana cluster (its genesis hash is not mainnet's); not used; the service's answer stands.",
    ])
  })

  it.each([
    ['rpc-error', /internal error/i],
    ['hang', /no answer within 0.5 s/],
  ] as const)(
    'keeps the service answer when a Solana node fails (%s), and says so',
    async (fault, reason) => {
      const report = await read(
        content([[DEMO_WALLETS.phantom, 'Phantom']], { solana: await node({ chain: 'solana', fault }) }),
        500,
      )
      expect(pick(report.rows).map((row) => row.source)).toEqual(['service'])
      expect(report.notes).toHaveLength(1)
      expect(report.notes[0]).toMatch(reason)
      expect(report.notes[0]).toMatch(/the service's answer stands\.$/)
    },
  )

  it("keeps the service's figure for a token account the Solana node writes wrong, and says so", async () => {
    const report = await read(
      content([[DEMO_WALLETS.phantom, 'Phantom']], {
        solana: await node({ chain: 'solana', fault: 'bad-amount' }),
      }),
    )
    // Not the node's zero: the one account it sent could not be read.
    expect(pick(report.rows)).toEqual([
      { label: 'Phantom', chain: 'solana', symbol: 'TSLAon', balance: '7.123456789', source: 'service' },
    ])
    expect(report.notes).toEqual([
      'Your Solana node sent 1 token account that could not be read (TSLAon); ' +
        "the service's figures stand for those.",
    ])
  })

  it('sends the API key to the service only, never to a node', async () => {
    const ethereum = await startSimNode({ holdings: server.wallets, chain: 'ethereum' })
    const solana = await startSimNode({ holdings: server.wallets, chain: 'solana' })
    nodes.push(ethereum, solana)
    const report = await read(
      content(
        [
          [DEMO_WALLETS.cold, 'Cold'],
          [DEMO_WALLETS.phantom, 'Phantom'],
        ],
        { ethereum: ethereum.url, solana: solana.url },
      ),
    )
    // The service answered (it refuses a request without the key) and both nodes were read.
    expect(report.servicePublishes).toBe(true)
    const fromNodes = report.rows.filter((row) => row.source === 'node').map((row) => row.chain)
    expect(new Set(fromNodes)).toEqual(new Set(['ethereum', 'solana']))
    const reached = [...ethereum.requests, ...solana.requests]
    expect(reached.length).toBeGreaterThan(0)
    for (const request of reached) {
      expect(JSON.stringify(request.headers)).not.toContain(API_KEY)
      expect(request.body).not.toContain(API_KEY)
    }
  })

  it('reads Token-2022 accounts on Solana, converted exactly by the mint decimals', async () => {
    const report = await read(
      content([[DEMO_WALLETS.phantom, 'Phantom']], { solana: await node({ chain: 'solana' }) }),
    )
    expect(pick(report.rows)).toEqual([
      {
        label: 'Phantom',
        chain: 'solana',
        symbol: 'TSLAon',
        balance: new Decimal(7123456789).div(1e9).toFixed(),
        source: 'node',
      },
    ])
    expect(report.notes).toEqual([])
  })
})
