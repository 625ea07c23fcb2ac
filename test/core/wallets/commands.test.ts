import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { balancesView, walletCommands, walletReader } from '../../../src/main/core/wallets/commands'
import type { WalletBalancesReport } from '../../../src/main/core/wallets/wallet-balances'
import type { WalletWatch } from '../../../src/main/core/wallets/wallet-watch'
import { WalletsFile } from '../../../src/main/core/wallets/wallets-file'
import type { WalletBalancesView } from '../../../src/shared/wallets'
import { manualClock } from '../../support/manual-clock'
import { cleanupAfterEach } from '../../support/cleanups'

/** The wallets' commands and the reader behind them (issue 48), on a fixed instant. */

const NOW = Date.parse('2026-11-25T15:30:00Z') // a Wednesday, 10:30 ET
const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const PHANTOM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const { tempDir } = cleanupAfterEach('wallet-commands-')
let dir: string

beforeEach(() => {
  dir = tempDir()
})

/** A client whose every optional endpoint is missing (a spec-only service), counting its asks and closes. */
function lackingClient(fail?: Error) {
  const counts = { asked: 0, closed: 0 }
  const client = {
    optionalJson: async () => {
      counts.asked++
      if (fail) throw fail
      return { available: false }
    },
    close: async () => {
      counts.closed++
    },
  } as unknown as ApiClient
  return { client, counts }
}

describe('balancesView', () => {
  it('names each row by symbol or as an unlisted token and reconciles with the ledger', () => {
    const report: WalletBalancesReport = {
      asOf: NOW,
      rows: [
        {
          wallet: COLD,
          label: 'Cold',
          chain: 'ethereum',
          symbol: 'AAPLon',
          tokenAddress: `0x${'1'.repeat(40)}`,
          balance: '96.6',
          source: 'node',
          serviceBalance: '100.1',
          nodeBalance: '96.6',
        },
        {
          wallet: COLD,
          label: 'Cold',
          chain: 'bsc',
          symbol: null,
          tokenAddress: `0x${'3'.repeat(40)}`,
          balance: '42.1',
          source: 'service',
          serviceBalance: null,
          nodeBalance: null,
        },
      ],
      notes: ['a note'],
      servicePublishes: true,
      read: [`${COLD} ethereum`],
    }
    expect(balancesView(report, new Map([['AAPLon', '100.10']]))).toEqual({
      asOf: NOW,
      balances: [
        { label: 'Cold', wallet: COLD, chain: 'ethereum', token: 'AAPLon', balance: '96.6', source: 'node' },
        {
          label: 'Cold',
          wallet: COLD,
          chain: 'bsc',
          token: 'unlisted token 0x3333…',
          balance: '42.1',
          source: 'service',
        },
      ],
      reconciliation: [
        { symbol: 'AAPLon', ledgerQuantity: '100.10', walletQuantity: '96.6', difference: '-3.5' },
      ],
      notes: ['a note'],
      servicePublishes: true,
      read: [`${COLD} ethereum`],
    })
  })
})

describe('walletReader', () => {
  it('asks nothing when no wallet is watched', async () => {
    const time = manualClock(NOW)
    const { client, counts } = lackingClient()
    const reader = walletReader({
      wallets: new WalletsFile(dir),
      clock: time.scheduler,
      walletService: () => client,
      ledgerQuantities: () => new Map([['AAPLon', '3.5']]),
    })
    expect(await reader()).toEqual({
      asOf: NOW,
      balances: [],
      reconciliation: [],
      notes: [],
      servicePublishes: null,
      read: [],
    })
    expect(counts).toEqual({ asked: 0, closed: 0 })
  })

  it('says there is no key without a client, and closes a client it used, even on failure', async () => {
    const time = manualClock(NOW)
    const wallets = new WalletsFile(dir, () => NOW)
    await wallets.add(PHANTOM, 'Phantom')
    const context = {
      wallets,
      clock: time.scheduler,
      walletService: (): ApiClient | null => null,
      ledgerQuantities: () => new Map([['TSLAon', '3.5']]),
    }
    const without = await walletReader(context)()
    expect(without.notes).toEqual(['No API key for the service: only the nodes you named were read.'])
    expect(without.servicePublishes).toBeNull()
    expect(without.reconciliation).toEqual([
      { symbol: 'TSLAon', ledgerQuantity: '3.5', walletQuantity: '0', difference: '-3.5' },
    ])

    const lacking = lackingClient()
    time.advanceTo(NOW + 60_000)
    const withClient = await walletReader({ ...context, walletService: () => lacking.client })()
    expect(withClient.asOf).toBe(NOW + 60_000)
    expect(withClient.servicePublishes).toBe(false)
    expect(withClient.notes).toHaveLength(1)
    expect(withClient.notes[0]).toMatch(/^The service does not publish balances/)
    expect(lacking.counts).toEqual({ asked: 1, closed: 1 })

    const failing = lackingClient(new TypeError('a bug'))
    await expect(walletReader({ ...context, walletService: () => failing.client })()).rejects.toThrow('a bug')
    expect(failing.counts.closed).toBe(1)
  })
})

describe('walletCommands', () => {
  function commands() {
    const wallets = new WalletsFile(dir, () => NOW)
    const latest = { asOf: NOW } as WalletBalancesView
    let refreshes = 0
    const walletWatch = {
      refresh: async () => {
        refreshes++
        return latest
      },
      current: () => latest,
    } as unknown as WalletWatch
    return { wallets, latest, handlers: walletCommands({ wallets, walletWatch }), refreshes: () => refreshes }
  }

  it('adds with the default label for a blank one, removes, and reads again after each change', async () => {
    const { handlers, refreshes } = commands()
    const added = await handlers.addWallet({ address: COLD, label: '   ' })
    expect(added.wallets.map((wallet) => wallet.label)).toEqual(['Wallet eAed'])
    await handlers.addWallet({ address: PHANTOM, label: 'Phantom' })
    await handlers.addWallet({ address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' })
    expect(refreshes()).toBe(3)
    const removed = await handlers.removeWallet({ address: 'Phantom' })
    expect(removed.wallets.map((wallet) => wallet.label)).toEqual(['Wallet eAed', 'Wallet d359'])
    expect(refreshes()).toBe(4)
  })

  it('names a node trimmed, clears it when blank, tells the window only whether one is named', async () => {
    const { handlers, refreshes } = commands()
    const named = await handlers.setWalletNode({ chain: 'bsc', url: '  http://127.0.0.1:8546  ' })
    expect(named.nodes).toEqual({ ethereum: false, bsc: true, solana: false })
    expect(named.problem).toBeNull()
    const file = new WalletsFile(dir)
    expect((await file.load()).nodes).toEqual({ bsc: 'http://127.0.0.1:8546' })
    await handlers.setWalletNode({ chain: 'ethereum', url: 'http://127.0.0.1:8545' })
    expect((await handlers.setWalletNode({ chain: 'solana', url: 'http://127.0.0.1:8899' })).nodes).toEqual({
      ethereum: true,
      bsc: true,
      solana: true,
    })
    const cleared = await handlers.setWalletNode({ chain: 'bsc', url: '   ' })
    expect(cleared.nodes).toEqual({ ethereum: true, bsc: false, solana: true })
    await handlers.setWalletNode({ chain: 'ethereum', url: null })
    expect((await file.load()).nodes).toEqual({ solana: 'http://127.0.0.1:8899' })
    expect(refreshes()).toBe(5)
  })

  it('lists the wallets as the file holds them now; reads on demand or gives the last reading', async () => {
    const { handlers, latest, refreshes } = commands()
    await writeFile(path.join(dir, 'wallets.json'), '{"version": 1, "wallets": [')
    expect((await handlers.listWallets(undefined)).problem).toMatch(/^The wallets file was unreadable/)
    // The command line adds a wallet behind the app's back.
    await new WalletsFile(dir, () => NOW).add(COLD, 'Cold')
    const listed = await handlers.listWallets(undefined)
    expect([listed.wallets.map((wallet) => wallet.label), listed.problem]).toEqual([['Cold'], null])
    expect(await handlers.readWalletBalances(undefined)).toBe(latest)
    expect(refreshes()).toBe(1)
    expect(await handlers.latestWalletBalances(undefined)).toBe(latest)
    expect(refreshes()).toBe(1)
  })
})
