import { describe, expect, it } from 'vitest'
import { balanceChangeFirings } from '../../../src/main/core/wallets/balance-changes'
import type { WalletBalanceView, WalletBalancesView } from '../../../src/shared/wallets'

/**
 * Issue 48, item 5: a wallet's balance of a token that moved between two readings, one firing per
 * wallet, chain and token, named by label. Readings at fixed instants (ms), no clock read.
 */

const COLD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const HOT = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const PHANTOM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const FIRST = 1_795_000_000_000
const SECOND = FIRST + 5 * 60_000

function balance(
  wallet: string,
  label: string,
  chain: WalletBalanceView['chain'],
  token: string,
  amount: string,
): WalletBalanceView {
  return { label, wallet, chain, token, balance: amount, source: 'service' }
}

function reading(asOf: number, balances: WalletBalanceView[], read: string[]): WalletBalancesView {
  return { asOf, balances, reconciliation: [], notes: [], servicePublishes: true, read }
}

describe('balanceChangeFirings', () => {
  it('fires once per moved token with the label, the chain, the signed change and both figures', () => {
    const before = reading(
      FIRST,
      [
        balance(COLD, 'Cold', 'ethereum', 'AAPLon', '100.10'),
        balance(COLD, 'Cold', 'ethereum', 'NVDAon', '20.25'),
        balance(HOT, 'Hot', 'bsc', 'NVDAon', '15.5'),
      ],
      [`${COLD} ethereum`, `${HOT} bsc`],
    )
    const after = reading(
      SECOND,
      [
        balance(COLD, 'Cold', 'ethereum', 'AAPLon', '96.60'),
        balance(COLD, 'Cold', 'ethereum', 'NVDAon', '20.25'),
        balance(HOT, 'Hot', 'bsc', 'NVDAon', '15.75'),
      ],
      [`${COLD} ethereum`, `${HOT} bsc`],
    )
    expect(balanceChangeFirings(before, after)).toEqual([
      {
        alertId: 'wallet-balance',
        symbol: 'AAPLon',
        kind: 'wallet-balance',
        message: 'Wallet "Cold": AAPLon on Ethereum -3.5 (100.1 → 96.6)',
        value: '-3.5',
        at: SECOND,
        sound: false,
      },
      {
        alertId: 'wallet-balance',
        symbol: 'NVDAon',
        kind: 'wallet-balance',
        message: 'Wallet "Hot": NVDAon on BNB Chain +0.25 (15.5 → 15.75)',
        value: '0.25',
        at: SECOND,
        sound: false,
      },
    ])
  })

  it('holds a token missing from an answer at zero, naming the wallet by the label it had', () => {
    const before = reading(
      SECOND,
      [balance(PHANTOM, 'Phantom', 'solana', 'TSLAon', '3.5')],
      [`${PHANTOM} solana`],
    )
    const after = reading(
      SECOND + 60_000,
      [balance(PHANTOM, 'Phantom', 'solana', 'AAPLon', '0.125')],
      [`${PHANTOM} solana`],
    )
    expect(balanceChangeFirings(before, after).map((firing) => [firing.message, firing.value])).toEqual([
      ['Wallet "Phantom": TSLAon on Solana -3.5 (3.5 → 0)', '-3.5'],
      ['Wallet "Phantom": AAPLon on Solana +0.125 (0 → 0.125)', '0.125'],
    ])
  })

  it('compares only a wallet and chain read both times', () => {
    const cold = balance(COLD, 'Cold', 'ethereum', 'AAPLon', '100.10')
    const hot = balance(HOT, 'Hot', 'ethereum', 'AAPLon', '3.5')
    // Hot could not be read the first time, Cold not the second: neither has moved for all we know.
    const before = reading(FIRST, [cold], [`${COLD} ethereum`])
    const after = reading(SECOND, [hot], [`${HOT} ethereum`])
    expect(balanceChangeFirings(before, after)).toEqual([])
    // Read both times on Ethereum but not on BNB Chain: only Ethereum's change counts.
    const both = [`${COLD} ethereum`, `${HOT} ethereum`]
    expect(
      balanceChangeFirings(
        reading(FIRST, [cold, balance(COLD, 'Cold', 'bsc', 'AAPLon', '1.5')], [...both, `${COLD} bsc`]),
        reading(SECOND, [{ ...cold, balance: '100.35' }], both),
      ).map((firing) => firing.message),
    ).toEqual(['Wallet "Cold": AAPLon on Ethereum +0.25 (100.1 → 100.35)'])
  })

  it('fires nothing for a balance written differently but equal', () => {
    const before = reading(
      FIRST,
      [balance(COLD, 'Cold', 'ethereum', 'AAPLon', '100.10')],
      [`${COLD} ethereum`],
    )
    const after = reading(
      SECOND,
      [balance(COLD, 'Cold', 'ethereum', 'AAPLon', '100.1')],
      [`${COLD} ethereum`],
    )
    expect(balanceChangeFirings(before, after)).toEqual([])
  })
})
