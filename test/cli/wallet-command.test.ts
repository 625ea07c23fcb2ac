import Decimal from 'decimal.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runTxCommand } from '../../src/main/cli/tx-command'
import { runWalletCommand } from '../../src/main/cli/wallet-command'
import { DEMO_WALLETS, UNLISTED_DEMO_TOKEN } from '../../src/main/sim/market/wallet-holdings'
import { type SimServer, startSimServer } from '../../src/main/sim/server/server'
import { startSimNode } from '../../src/main/sim/server/sim-node'
import { memoryIo, runCommand } from './memory-io'
import { cleanupAfterEach } from '../support/cleanups'

/**
 * `tokenwatch wallet ...` in-process, over a user data folder of its own and the simulator, at Wednesday
 * 2026-11-25 10:30 ET.
 */

const NOW = Date.parse('2026-11-25T15:30:00Z')
const KEY = 'cli-wallet-key-7d19'
let server: SimServer
const { tempDir } = cleanupAfterEach('tw-wallet-cli-')
let userData: string

beforeAll(async () => {
  server = await startSimServer({ apiKey: KEY, assets: 30, clock: () => NOW, grpc: false })
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  userData = tempDir()
})

async function wallet(...argv: string[]) {
  return walletWith({ TOKENWATCH_API_KEY: KEY }, ...argv)
}

const walletWith = (env: NodeJS.ProcessEnv, ...argv: string[]) =>
  runCommand(runWalletCommand, argv, { env: { TOKENWATCH_USER_DATA: userData, ...env }, now: () => NOW })

async function tx(...argv: string[]) {
  const { io } = memoryIo({ TOKENWATCH_USER_DATA: userData })
  expect(await runTxCommand(argv, io, { now: () => NOW, readStoredKey: async () => null })).toBe(0)
}

describe('tokenwatch wallet', () => {
  it('adds, lists and removes wallets, saying only the last 4 characters', async () => {
    const added = await wallet('add', DEMO_WALLETS.cold.toLowerCase(), '--label', 'Cold')
    expect(added).toEqual({
      code: 0,
      stdout: `Watching "Cold" (…${DEMO_WALLETS.cold.slice(-4)}), watch-only.\n`,
      stderr: '',
    })
    await wallet('add', DEMO_WALLETS.phantom, '--label', 'Phantom')
    expect(JSON.parse((await wallet('list', '--json')).stdout)).toEqual([
      { address: DEMO_WALLETS.cold, label: 'Cold', addedAt: '2026-11-25T15:30:00.000Z' },
      { address: DEMO_WALLETS.phantom, label: 'Phantom', addedAt: '2026-11-25T15:30:00.000Z' },
    ])
    expect((await wallet('remove', 'Cold')).stdout).toBe(
      `No longer watching "Cold" (…${DEMO_WALLETS.cold.slice(-4)}).\n`,
    )
  })

  it.each([
    [DEMO_WALLETS.cold.slice(0, -1), /40 hex digits after the 0x; this one has 39/],
    [`${DEMO_WALLETS.cold}a`, /this one has 41/],
    ['alice.eth', /not supported yet/],
    [`${DEMO_WALLETS.phantom.slice(0, -1)}0`, /never contains "0" \(zero\)/],
    [`${DEMO_WALLETS.phantom.slice(0, -1)}O`, /never contains "O" \(capital O\)/],
    [`${DEMO_WALLETS.phantom.slice(0, -1)}I`, /never contains "I" \(capital I\)/],
    [`${DEMO_WALLETS.phantom.slice(0, -1)}l`, /never contains "l" \(lower-case l\)/],
    // One letter's case flipped: the EIP-55 checksum no longer matches.
    [
      DEMO_WALLETS.cold.replace(/[a-f]/, (letter) => letter.toUpperCase()),
      /do not match the address's checksum \(EIP-55\)/,
    ],
  ])('refuses %s in words, exit 2', async (address, reason) => {
    const refused = await wallet('add', address)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(reason)
  })

  it('prints balances as JSON with the ledger quantity and the difference', async () => {
    // The ledger has the 12.5 AAPLon bought but not the 3.5 moved to Hot... which is watched too: no
    // difference.
    await tx(
      'add',
      '--symbol',
      'AAPLon',
      '--side',
      'buy',
      '--quantity',
      '12.5',
      '--price',
      '100.10',
      '--time',
      '2026-11-20T10:00:00-05:00',
    )
    // ...and NVDAon's 20.25 bought without the sale of 4.75: a missing sale.
    await tx(
      'add',
      '--symbol',
      'NVDAon',
      '--side',
      'buy',
      '--quantity',
      '20.25',
      '--price',
      '120.20',
      '--time',
      '2026-11-20T10:00:00-05:00',
    )
    await wallet('add', DEMO_WALLETS.cold, '--label', 'Cold')
    await wallet('add', DEMO_WALLETS.hot, '--label', 'Hot')
    const run = await wallet('balances', '--json', '--base-url', server.url)
    expect(run.code).toBe(0)
    const missingSale = new Decimal('20.25').minus('4.75').minus('20.25').toFixed()
    // The fields the issue names, in its order, each figure a string (or null where there is none).
    for (const record of JSON.parse(run.stdout) as Record<string, unknown>[])
      expect(Object.keys(record)).toEqual([
        'wallet',
        'label',
        'chain',
        'symbol',
        'tokenAddress',
        'balance',
        'source',
        'ledgerQuantity',
        'difference',
      ])
    expect(JSON.parse(run.stdout)).toEqual([
      {
        wallet: DEMO_WALLETS.cold,
        label: 'Cold',
        chain: 'ethereum',
        symbol: 'AAPLon',
        tokenAddress: server.wallets.tokenAddress('ethereum', 'AAPLon'),
        balance: '9',
        source: 'service',
        ledgerQuantity: '12.5',
        difference: '0',
      },
      {
        wallet: DEMO_WALLETS.cold,
        label: 'Cold',
        chain: 'ethereum',
        symbol: null,
        tokenAddress: UNLISTED_DEMO_TOKEN,
        balance: '42.1',
        source: 'service',
        ledgerQuantity: null,
        difference: null,
      },
      {
        wallet: DEMO_WALLETS.hot,
        label: 'Hot',
        chain: 'ethereum',
        symbol: 'AAPLon',
        tokenAddress: server.wallets.tokenAddress('ethereum', 'AAPLon'),
        balance: '3.5',
        source: 'service',
        ledgerQuantity: '12.5',
        difference: '0',
      },
      {
        wallet: DEMO_WALLETS.hot,
        label: 'Hot',
        chain: 'bsc',
        symbol: 'NVDAon',
        tokenAddress: server.wallets.tokenAddress('bsc', 'NVDAon'),
        balance: '15.5',
        source: 'service',
        ledgerQuantity: '20.25',
        difference: missingSale,
      },
    ])
    const shown = await wallet('balances', '--base-url', server.url)
    expect(shown.stdout).toContain(`unlisted token ${UNLISTED_DEMO_TOKEN.slice(0, 6)}…`)
    expect(shown.stdout).toMatch(/NVDAon\s+20\.25\s+15\.5\s+-4\.75/)
    expect(shown.stdout).toMatch(/AAPLon\s+12\.5\s+12\.5\s+matches/)
  })

  it('reads a node alone without an API key, and says the key is missing (exit 3)', async () => {
    const node = await startSimNode({ holdings: server.wallets, chain: 'solana' })
    try {
      await wallet('add', DEMO_WALLETS.phantom, '--label', 'Phantom')
      expect((await wallet('node', 'solana', node.url)).stdout).toBe('Solana: read from your node too.\n')
      const askedBefore = server.stats().byEndpoint.walletBalances
      const run = await walletWith({}, 'balances', '--json', '--base-url', server.url)
      expect(run.code).toBe(3)
      expect(run.stderr).toMatch(/API key/)
      expect(JSON.parse(run.stdout)).toEqual([
        {
          wallet: DEMO_WALLETS.phantom,
          label: 'Phantom',
          chain: 'solana',
          symbol: null,
          tokenAddress: server.wallets.tokenAddress('solana', 'TSLAon'),
          balance: '7.123456789',
          source: 'node',
          ledgerQuantity: null,
          difference: null,
        },
      ])
      // The node was asked for the wallet's Token-2022 accounts; nothing else learned the address.
      expect(node.calls.map((call) => call.method)).toEqual(['getGenesisHash', 'getTokenAccountsByOwner'])
      expect(server.stats().byEndpoint.walletBalances).toBe(askedBefore)
    } finally {
      await node.close()
    }
  })
})
