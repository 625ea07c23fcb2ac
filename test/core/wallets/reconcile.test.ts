import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { balanceRecords, reconcile } from '../../../src/main/core/wallets/reconcile'
import type { WalletBalanceRow } from '../../../src/main/core/wallets/wallet-balances'

/** The ledger against the wallets (issue 48, item 4). */

const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const HOT = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

function row(wallet: string, label: string, symbol: string | null, balance: string): WalletBalanceRow {
  return {
    wallet,
    label,
    chain: 'ethereum',
    symbol,
    tokenAddress: `0x${'1'.repeat(40)}`,
    balance,
    source: 'service',
    serviceBalance: null,
    nodeBalance: null,
  }
}

describe('reconcile', () => {
  it('finds no difference where the wallets hold what the ledger says', () => {
    expect(reconcile([row(COLD, 'Cold', 'AAPLon', '100.10')], new Map([['AAPLon', '100.1']]))).toEqual([
      { symbol: 'AAPLon', ledgerQuantity: '100.1', walletQuantity: '100.1', difference: '0' },
    ])
  })

  it('shows a sale the ledger lacks as the wallets holding less', () => {
    const ledger = new Map([['NVDAon', '20.25']])
    const [entry] = reconcile([row(HOT, 'Hot', 'NVDAon', '15.5')], ledger)
    expect(entry?.difference).toBe(new Decimal('15.5').minus('20.25').toFixed())
  })

  it('counts a transfer between two own wallets once', () => {
    // 12.5 AAPLon bought into Cold, 3.5 of them moved to Hot: the ledger's 12.5 still matches.
    const rows = [row(COLD, 'Cold', 'AAPLon', '9'), row(HOT, 'Hot', 'AAPLon', '3.5')]
    expect(reconcile(rows, new Map([['AAPLon', '12.5']]))).toEqual([
      { symbol: 'AAPLon', ledgerQuantity: '12.5', walletQuantity: '12.5', difference: '0' },
    ])
  })

  it('leaves unlisted tokens out of the comparison, and lists a ledger holding no wallet has', () => {
    const rows = [row(COLD, 'Cold', null, '42.1')]
    const result = reconcile(
      rows,
      new Map([
        ['TSLAon', '3.5'],
        ['MSFTon', '0'],
      ]),
    )
    expect(result).toEqual([
      { symbol: 'TSLAon', ledgerQuantity: '3.5', walletQuantity: '0', difference: '-3.5' },
    ])
    expect(balanceRecords(rows, result)).toEqual([
      {
        wallet: COLD,
        label: 'Cold',
        chain: 'ethereum',
        symbol: null,
        tokenAddress: `0x${'1'.repeat(40)}`,
        balance: '42.1',
        source: 'service',
        ledgerQuantity: null,
        difference: null,
      },
    ])
  })

  it('lists every symbol in order, a wallet holding the ledger never had shown against null', () => {
    const rows = [row(HOT, 'Hot', 'TSLAon', '3.5'), row(COLD, 'Cold', 'AAPLon', '100.10')]
    const result = reconcile(rows, new Map([['NVDAon', '20.25']]))
    expect(result).toEqual([
      { symbol: 'AAPLon', ledgerQuantity: null, walletQuantity: '100.1', difference: '100.1' },
      { symbol: 'NVDAon', ledgerQuantity: '20.25', walletQuantity: '0', difference: '-20.25' },
      { symbol: 'TSLAon', ledgerQuantity: null, walletQuantity: '3.5', difference: '3.5' },
    ])
    // Each record carries its symbol's ledger quantity and difference (the command line's --json).
    const [hot, cold] = balanceRecords(
      [row(HOT, 'Hot', 'NVDAon', '15.5'), { ...row(COLD, 'Cold', 'AAPLon', '100.10'), source: 'node' }],
      reconcile(
        [row(HOT, 'Hot', 'NVDAon', '15.5'), row(COLD, 'Cold', 'AAPLon', '100.10')],
        new Map([['NVDAon', '20.25']]),
      ),
    )
    expect(hot).toMatchObject({ symbol: 'NVDAon', ledgerQuantity: '20.25', difference: '-4.75' })
    expect(cold).toMatchObject({
      symbol: 'AAPLon',
      balance: '100.10',
      source: 'node',
      ledgerQuantity: null,
      difference: '100.1',
    })
  })
})
