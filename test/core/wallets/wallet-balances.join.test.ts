import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import type { NodeReading } from '../../../src/main/core/wallets/node-balances'
import { TokenListingCache } from '../../../src/main/core/wallets/service-balances'
import { readWalletBalances } from '../../../src/main/core/wallets/wallet-balances'
import type { WalletsFileContent } from '../../../src/main/core/wallets/wallets-file'

/**
 * How one wallet's readings on a chain are joined, and each problem said once (issue 48, items 2
 * and 3): the service stood in by a client answering set bodies, the nodes by set readings, so
 * each case is exact. The node clients themselves are tested against the JSON-RPC stand-in
 * (wallet-balances.test.ts).
 */

const node = vi.hoisted(() => ({
  evm: new Map<string, NodeReading>(),
  solana: null as NodeReading | null,
  asked: [] as string[],
}))
vi.mock('../../../src/main/core/wallets/node-balances', () => ({
  evmNodeBalances: async (url: string, chain: string, _wallet: string, tokens: { symbol: string }[]) => {
    node.asked.push(`${chain} ${url} ${tokens.map((token) => token.symbol).join(',')}`)
    return node.evm.get(chain) ?? { ok: false, reason: 'not set' }
  },
  solanaNodeBalances: async (url: string) => {
    node.asked.push(`solana ${url}`)
    return node.solana ?? { ok: false, reason: 'not set' }
  },
}))

const NOW = 1_795_000_000_000
const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const PHANTOM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const AAPL = '0x1111111111111111111111111111111111111111'
const NVDA = '0xAbCdEf0000000000000000000000000000000002'
const UNLISTED = '0x3333333333333333333333333333333333333333'
const TSLA_MINT = 'So11111111111111111111111111111111111111112'
const ODD_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'

const LISTING = [
  {
    symbol: 'AAPLon',
    addresses: [
      { networkChainId: 'ethereum-1', address: AAPL, decimals: 18 },
      { networkChainId: 'bsc-56', address: AAPL, decimals: 18 },
    ],
  },
  { symbol: 'NVDAon', addresses: [{ networkChainId: 'ethereum-1', address: NVDA, decimals: 18 }] },
  { symbol: 'TSLAon', addresses: [{ networkChainId: 'solana-900', address: TSLA_MINT, decimals: 9 }] },
]

type Answer = unknown | 'missing' | Error

/** A client whose listing and balances per chain answer as set: a body, 'missing' (404) or an error. */
function service(listing: Answer, balances: Record<string, Answer> = {}) {
  const paths: string[] = []
  const answer = async (value: Answer) => {
    if (value instanceof Error) throw value
    return value === 'missing' ? { available: false } : { available: true, value: { body: value } }
  }
  const client = {
    optionalJson: async (endpoint: string, path: string) => {
      paths.push(path)
      if (endpoint === 'tokenAddresses') return answer(listing)
      const chain = /\/v1\/chains\/([^/]+)\//.exec(path)?.[1] ?? ''
      return answer(balances[chain] ?? { tokens: [] })
    },
  } as unknown as ApiClient
  return { client, paths }
}

function held(wallet: string, address: string, balance: string) {
  return { tokenAddress: address, balances: [{ holderAddress: { account: wallet }, balance }] }
}

function content(wallets: [string, string][], nodes: WalletsFileContent['nodes'] = {}): WalletsFileContent {
  return {
    version: 1,
    wallets: wallets.map(([address, label]) => ({ address, label, addedAt: '2026-11-20T15:00:00.000Z' })),
    nodes,
  }
}

function read(client: ApiClient | null, walletsContent: WalletsFileContent) {
  return readWalletBalances({
    client,
    content: walletsContent,
    listingCache: new TokenListingCache(() => NOW),
    now: () => NOW,
  })
}

const rowsOf = (report: Awaited<ReturnType<typeof read>>) =>
  report.rows.map((row) => [
    row.chain,
    row.symbol,
    row.balance,
    row.source,
    row.serviceBalance,
    row.nodeBalance,
  ])

beforeEach(() => {
  node.evm.clear()
  node.solana = null
  node.asked.length = 0
})

describe('joining the service and a node', () => {
  it("shows the node's figure, says a difference once, and matches EVM addresses in any case", async () => {
    const { client } = service(LISTING, {
      'ethereum-1': {
        tokens: [held(COLD, AAPL, '100.10'), held(COLD, NVDA, '20.25'), held(COLD, UNLISTED, '42.1')],
      },
    })
    node.evm.set('ethereum', {
      ok: true,
      // The node writes NVDAon's address in lower case and an equal figure differently: no note.
      balances: [
        { tokenAddress: AAPL, symbol: 'AAPLon', balance: '96.6' },
        { tokenAddress: NVDA.toLowerCase(), symbol: null, balance: '20.250' },
      ],
      notes: [],
      unread: new Set(),
    })
    const report = await read(client, content([[COLD, 'Cold']], { ethereum: 'http://127.0.0.1:8545' }))
    expect(rowsOf(report).filter((row) => row[0] === 'ethereum')).toEqual([
      ['ethereum', 'AAPLon', '96.6', 'node', '100.1', '96.6'],
      ['ethereum', 'NVDAon', '20.250', 'node', '20.25', '20.250'],
      // Unlisted: never asked of the node (no listed address), so the service's figure stands.
      ['ethereum', null, '42.1', 'service', null, null],
    ])
    expect(report.notes).toEqual([
      'AAPLon in wallet "Cold" on Ethereum: the service says 100.1, your node 96.6; ' +
        "the node's figure is shown.",
    ])
    expect(node.asked).toEqual(['ethereum http://127.0.0.1:8545 AAPLon,NVDAon'])
    expect(report.read).toEqual([`${COLD} ethereum`, `${COLD} bsc`])
    expect(report.asOf).toBe(NOW)
  })

  it("shows the node's zero for a listed token it holds none of, unless its call failed", async () => {
    const { client } = service(LISTING, {
      'ethereum-1': { tokens: [held(COLD, AAPL, '100.10'), held(COLD, NVDA, '3.5')] },
      'bsc-56': { tokens: [held(COLD, AAPL, '0')] },
    })
    const none = { ok: true as const, balances: [], notes: [], unread: new Set<string>() }
    node.evm.set('ethereum', {
      ...none,
      notes: ['Your Ethereum node could not read NVDAon (the call failed); the service stands.'],
      unread: new Set([NVDA.toLowerCase()]),
    })
    node.evm.set('bsc', none)
    const report = await read(
      client,
      content([[COLD, 'Cold']], { ethereum: 'http://127.0.0.1:8545', bsc: 'http://127.0.0.1:8546' }),
    )
    expect(rowsOf(report)).toEqual([
      ['ethereum', 'AAPLon', '0', 'node', '100.1', '0'],
      ['ethereum', 'NVDAon', '3.5', 'service', null, null],
      // A zero the service lists is not a difference.
      ['bsc', 'AAPLon', '0', 'service', null, null],
    ])
    expect(report.notes).toEqual([
      'Your Ethereum node could not read NVDAon (the call failed); the service stands.',
      'AAPLon in wallet "Cold" on Ethereum: the service says 100.1, your node 0; ' +
        "the node's figure is shown.",
    ])
  })

  it('says a token only the node holds, and on Solana zeroes an unlisted mint the node lacks', async () => {
    const { client } = service(LISTING, {
      'solana-900': { tokens: [held(PHANTOM, ODD_MINT, '1.5')] },
    })
    node.solana = {
      ok: true,
      balances: [{ tokenAddress: TSLA_MINT, symbol: 'TSLAon', balance: '3.5' }],
      notes: [],
      unread: new Set(),
    }
    const report = await read(client, content([[PHANTOM, 'Phantom']], { solana: 'http://127.0.0.1:8899' }))
    expect(rowsOf(report)).toEqual([
      ['solana', null, '0', 'node', '1.5', '0'],
      ['solana', 'TSLAon', '3.5', 'node', null, '3.5'],
    ])
    expect(report.notes).toEqual([
      'TSLAon in wallet "Phantom" on Solana: your node says 3.5, the service lists none; ' +
        "the node's figure is shown.",
      'unlisted token Es9vMF… in wallet "Phantom" on Solana: the service says 1.5, your node 0; ' +
        "the node's figure is shown.",
    ])
  })

  it('reads a node alone without a key, saying nothing of the service', async () => {
    node.solana = {
      ok: true,
      balances: [{ tokenAddress: TSLA_MINT, symbol: null, balance: '3.5' }],
      notes: [],
      unread: new Set(),
    }
    const report = await read(
      null,
      content(
        [
          [PHANTOM, 'Phantom'],
          [COLD, 'Cold'],
        ],
        { solana: 'http://127.0.0.1:8899' },
      ),
    )
    expect(rowsOf(report)).toEqual([['solana', null, '3.5', 'node', null, '3.5']])
    expect(report.notes).toEqual([])
    expect(report.servicePublishes).toBeNull()
    expect(report.read).toEqual([`${PHANTOM} solana`])
  })

  it('says a failed node with no service answer as giving no balances, the address cut', async () => {
    const { client } = service(LISTING, { 'solana-900': new ApiError({ kind: 'network', message: 'reset' }) })
    node.solana = { ok: false, reason: `Invalid param: ${PHANTOM}` }
    const report = await read(client, content([[PHANTOM, 'Phantom']], { solana: 'http://127.0.0.1:8899' }))
    expect(report.rows).toEqual([])
    expect(report.read).toEqual([])
    expect(report.notes).toEqual([
      'The service\'s balances for wallet "Phantom" on Solana could not be read: reset',
      'Your Solana node could not be used for wallet "Phantom" on Solana: Invalid param: …xuEb; ' +
        'no balances from it.',
    ])
  })
})

describe('what is said of the service', () => {
  it('counts the listing entries it could not read, in the singular and the plural', async () => {
    const broken = { symbol: '', addresses: [] }
    for (const [entries, said] of [
      [[broken], '1 entry'],
      [[broken, broken], '2 entries'],
    ] as const) {
      const report = await read(service([...LISTING, ...entries]).client, content([[COLD, 'Cold']]))
      expect(report.notes).toEqual([
        `${said} of the service's token addresses could not be read and were left out.`,
      ])
    }
  })

  it('says once that balances are not published, though two chains were asked', async () => {
    const { client, paths } = service(LISTING, { 'ethereum-1': 'missing', 'bsc-56': 'missing' })
    const report = await read(client, content([[COLD, 'Cold']]))
    expect(report.servicePublishes).toBe(false)
    expect(report.notes).toEqual([
      'The service does not publish balances (no balances endpoint): only a node of your own ' +
        'can read the wallets.',
    ])
    expect(paths).toHaveLength(3)
    expect(report.read).toEqual([])
  })

  it('reads the nodes alone when the listing fails, and lets an unexpected error through', async () => {
    node.solana = { ok: true, balances: [], notes: [], unread: new Set() }
    const failing = service(new ApiError({ kind: 'server', message: 'the service answered HTTP 502' }))
    const report = await read(
      failing.client,
      content([[PHANTOM, 'Phantom']], { solana: 'http://127.0.0.1:8899' }),
    )
    expect(report.notes).toEqual([
      'The service could not be asked for token addresses: the service answered HTTP 502',
    ])
    expect(report.servicePublishes).toBeNull()
    expect(failing.paths).toEqual(['/v1/assets/all/addresses'])
    expect(report.read).toEqual([`${PHANTOM} solana`])
    await expect(read(service(new TypeError('a bug')).client, content([[COLD, 'Cold']]))).rejects.toThrow(
      'a bug',
    )
    await expect(
      read(service(LISTING, { 'bsc-56': new RangeError('another bug') }).client, content([[COLD, 'Cold']])),
    ).rejects.toThrow('another bug')
  })

  it('says a dropped record once however many records it drops', async () => {
    const { client } = service(LISTING, {
      'bsc-56': { tokens: [{ tokenAddress: '' }, { balances: 'none' }] },
    })
    const report = await read(client, content([[COLD, 'Cold']]))
    expect(report.notes).toEqual([
      'A token record for BNB Chain, wallet "Cold" (…eAed) is not in the documented form; left out.',
    ])
  })

  it("asks an EVM node nothing without the service's token addresses", async () => {
    const { client } = service('missing')
    const report = await read(client, content([[COLD, 'Cold']], { bsc: 'http://127.0.0.1:8546' }))
    expect(node.asked).toEqual([])
    expect(report.notes).toContain(
      'Your BNB Chain node could not be used for wallet "Cold" on BNB Chain: no token addresses to ' +
        'ask it for (the service does not publish them); no balances from it.',
    )
  })

  it('skips a stored wallet whose address no longer reads', async () => {
    const { client, paths } = service(LISTING)
    const report = await read(client, content([[`${COLD.slice(0, -1)}D`, 'Typo']]))
    expect(report.rows).toEqual([])
    expect(paths).toEqual(['/v1/assets/all/addresses'])
  })
})
