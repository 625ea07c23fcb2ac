import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { parseListing, parseServiceBalances } from '../../../src/main/core/wallets/service-balances'
import { fromBaseUnits } from '../../../src/main/core/wallets/token-amount'

/**
 * The service's token listing and balances read record by record (issue 48, item 2, "Bad input and faults").
 */

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const AAPL_ETH = '0x1111111111111111111111111111111111111111'
const NVDA_ETH = '0x2222222222222222222222222222222222222222'
const TSLA_MINT = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const listing = parseListing([
  { symbol: 'AAPLon', addresses: [{ networkChainId: 'ethereum-1', address: AAPL_ETH, decimals: 18 }] },
  { symbol: 'NVDAon', addresses: [{ networkChainId: 'ethereum-1', address: NVDA_ETH, decimals: 18 }] },
  // Solana named by its genesis hash, as one documentation page does.
  {
    symbol: 'TSLAon',
    addresses: [
      { networkChainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d', address: TSLA_MINT, decimals: 9 },
    ],
  },
  { symbol: 'BROKEN', addresses: [{ networkChainId: 'ethereum-1', address: AAPL_ETH, decimals: -1 }] },
])

function token(address: string, balance: unknown) {
  return {
    tokenAddress: address,
    tokenSymbol: 'X',
    balances: [{ holderAddress: { account: WALLET.toLowerCase() }, balance }],
  }
}

describe('the token listing', () => {
  it('reads both names of Solana and counts an entry it cannot read', () => {
    expect(listing.find('solana', TSLA_MINT)).toEqual({
      symbol: 'TSLAon',
      chain: 'solana',
      address: TSLA_MINT,
      decimals: 9,
    })
    expect(listing.find('ethereum', AAPL_ETH.toUpperCase().replace('0X', '0x'))?.symbol).toBe('AAPLon')
    expect(listing.rejected).toBe(1)
  })
})

describe("the service's balances", () => {
  it('keeps the good records and drops each bad one with its reason', () => {
    const body = {
      tokens: [
        token(AAPL_ETH, '100.10'),
        token(NVDA_ETH, '1.0000000000000000001'),
        token(NVDA_ETH, '-3.5'),
        token(NVDA_ETH, 'NaN'),
        // 120.20 tokens sent in base units (18 decimals) where tokens are expected.
        token(NVDA_ETH, new Decimal('120.20').times(new Decimal(10).pow(18)).toFixed()),
        token('0x3333333333333333333333333333333333333333', '3.5'),
      ],
    }
    const read = parseServiceBalances(body, 'ethereum', WALLET, 'Cold', listing)
    expect(read.balances).toEqual([
      { tokenAddress: AAPL_ETH, symbol: 'AAPLon', balance: '100.1' },
      { tokenAddress: '0x3333333333333333333333333333333333333333', symbol: null, balance: '3.5' },
    ])
    expect(read.dropped).toEqual([
      'NVDAon in Ethereum, wallet "Cold" (…eAed): the balance has 19 ' +
        'fractional digits, more than the 18 a balance has; left out.',
      'NVDAon in Ethereum, wallet "Cold" (…eAed): the balance is negative (-3.5); left out.',
      'NVDAon in Ethereum, wallet "Cold" (…eAed): the balance is not a number (NaN); left out.',
      'NVDAon in Ethereum, wallet "Cold" (…eAed): the balance 120200000000000000000 ' +
        "looks like base units, not tokens (more digits than the token's " +
        '18 decimals); left out.',
    ])
  })

  it("refuses more fractional digits than a Solana mint's 9 decimals", () => {
    const read = parseServiceBalances(
      {
        tokens: [
          {
            ...token(TSLA_MINT, '3.1234567891'),
            balances: [{ holderAddress: { account: WALLET }, balance: '3.1234567891' }],
          },
        ],
      },
      'solana',
      WALLET,
      'Phantom',
      listing,
    )
    expect(read.dropped).toEqual([
      'TSLAon in Solana, wallet "Phantom" (…eAed): the balance has ' +
        "10 fractional digits, more than the token's 9 decimals; left out.",
    ])
  })

  it('never shows another holder than the wallet asked for', () => {
    const other = {
      tokenAddress: AAPL_ETH,
      balances: [{ holderAddress: { account: '0x0000000000000000000000000000000000000001' }, balance: '5' }],
    }
    expect(parseServiceBalances({ tokens: [other] }, 'ethereum', WALLET, 'Cold', listing).balances).toEqual(
      [],
    )
  })
})

/** decimal.js's default 20 significant digits would round 27-digit amounts: the check runs at 100. */
const Exact = Decimal.clone({ precision: 100 })

/**
 * The same division by integer arithmetic alone, no decimal library: the whole tokens and the
 * remainder's digits, trailing zeros cut.
 */
function byIntegers(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction === '' ? `${units / scale}` : `${units / scale}.${fraction}`
}

const UINT256_MAX = (1n << 256n) - 1n

describe('base units to tokens', () => {
  it.each([
    ['100100000000000000000', 18],
    ['1', 18],
    ['3500000000', 9],
    ['120200000000000000000000001', 18],
    ['7123456789', 9],
    ['1201', 2],
    ['42', 0],
    [UINT256_MAX.toString(), 18],
    [UINT256_MAX.toString(), 36],
  ])('converts %s at %i decimals as an independent decimal division does', (units, decimals) => {
    const independent = new Exact(units).dividedBy(new Exact(10).toPower(decimals))
    expect(new Exact(fromBaseUnits(BigInt(units), decimals)).equals(independent)).toBe(true)
    expect(fromBaseUnits(units, decimals)).toBe(independent.toFixed())
    expect(fromBaseUnits(BigInt(units), decimals)).toBe(byIntegers(BigInt(units), decimals))
  })
})
