import { describe, expect, it } from 'vitest'
import { positionQuantities } from '../../../src/main/core/wallets/position-quantities'
import type { WalletsFileContent } from '../../../src/main/core/wallets/wallets-file'
import type { WalletBalancesView } from '../../../src/shared/wallets'

/** Issue 48, item 4: the wallets give the positions' quantities only when every wallet answered. */

const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const PHANTOM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const AS_OF = 1_795_000_000_000

function content(wallets: [string, string][], nodes: WalletsFileContent['nodes'] = {}): WalletsFileContent {
  return {
    version: 1,
    wallets: wallets.map(([address, label]) => ({ address, label, addedAt: '2026-11-20T15:00:00.000Z' })),
    nodes,
  }
}

function view(read: string[], servicePublishes: boolean | null = true): WalletBalancesView {
  return {
    asOf: AS_OF,
    balances: [],
    reconciliation: [
      { symbol: 'AAPLon', ledgerQuantity: '100.10', walletQuantity: '96.6', difference: '-3.5' },
      { symbol: 'TSLAon', ledgerQuantity: null, walletQuantity: '3.5', difference: '3.5' },
    ],
    notes: [],
    servicePublishes,
    read,
  }
}

const ALL_READ = [`${COLD} ethereum`, `${COLD} bsc`, `${PHANTOM} solana`]
const BOTH = content([
  [COLD, 'Cold'],
  [PHANTOM, 'Phantom'],
])

describe('positionQuantities', () => {
  it('gives the wallet quantity per symbol when every wallet answered on every chain', () => {
    const quantities = positionQuantities(view(ALL_READ), BOTH)
    expect(quantities.ok && [...quantities.bySymbol]).toEqual([
      ['AAPLon', '96.6'],
      ['TSLAon', '3.5'],
    ])
  })

  it('says no wallet is watched before anything else', () => {
    expect(positionQuantities(view(ALL_READ, false), content([]))).toEqual({
      ok: false,
      why: 'No wallet is watched',
    })
  })

  it('says the service does not publish balances only when no node is named', () => {
    expect(positionQuantities(view([], false), BOTH)).toEqual({
      ok: false,
      why: 'The service does not publish balances and no node of your own is named',
    })
    expect(positionQuantities(null, content([[COLD, 'Cold']], {}))).toEqual({
      ok: false,
      why: 'The wallets have not been read yet',
    })
    // A Solana node named: the wallets can be read, this reading just missed BNB Chain.
    const withNode = content([[COLD, 'Cold']], { solana: 'http://127.0.0.1:8899' })
    expect(positionQuantities(view([`${COLD} ethereum`], false), withNode)).toEqual({
      ok: false,
      why: 'Wallet "Cold" could not be read on BNB Chain',
    })
    // The service publishes: a missing chain is said as such, not as the service's lack.
    expect(positionQuantities(view([`${COLD} ethereum`], true), content([[COLD, 'Cold']]))).toEqual({
      ok: false,
      why: 'Wallet "Cold" could not be read on BNB Chain',
    })
  })

  it('names the first wallet and chain that could not be read', () => {
    expect(positionQuantities(view([`${COLD} ethereum`, `${COLD} bsc`]), BOTH)).toEqual({
      ok: false,
      why: 'Wallet "Phantom" could not be read on Solana',
    })
    expect(positionQuantities(view([`${COLD} bsc`, `${PHANTOM} solana`]), BOTH)).toEqual({
      ok: false,
      why: 'Wallet "Cold" could not be read on Ethereum',
    })
  })
})
