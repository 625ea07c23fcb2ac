import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import {
  TokenListingCache,
  parseListing,
  parseServiceBalances,
  serviceBalances,
  unlistedName,
} from '../../../src/main/core/wallets/service-balances'
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

describe('the token listing, in any case', () => {
  it('finds an EVM token whose address has letters in whatever case it is asked in', () => {
    const mixed = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
    const usdt = parseListing([
      { symbol: 'USDTon', addresses: [{ networkChainId: 'ethereum-1', address: mixed, decimals: 6 }] },
    ])
    expect(usdt.find('ethereum', mixed.toLowerCase())?.symbol).toBe('USDTon')
    expect(usdt.find('ethereum', `0x${mixed.slice(2).toUpperCase()}`)?.symbol).toBe('USDTon')
  })
})

describe('the token listing, further', () => {
  it('finds a Solana mint only as written, and lists the tokens of one chain', () => {
    expect(listing.find('solana', TSLA_MINT.toLowerCase())).toBeUndefined()
    expect(listing.find('bsc', AAPL_ETH)).toBeUndefined()
    expect(listing.on('ethereum').map((token) => token.symbol)).toEqual(['AAPLon', 'NVDAon'])
    expect(listing.on('solana').map((token) => token.symbol)).toEqual(['TSLAon'])
    expect(listing.on('bsc')).toEqual([])
  })

  it('counts an answer that is no list as one rejection, and skips chains it does not read', () => {
    const notAList = parseListing({ tokens: [] })
    expect([notAList.tokens, notAList.rejected]).toEqual([[], 1])
    const polygon = parseListing([
      {
        symbol: 'AAPLon',
        addresses: [
          { networkChainId: 'polygon-137', address: AAPL_ETH, decimals: 18 },
          { networkChainId: 'bsc-56', address: NVDA_ETH, decimals: 18 },
        ],
      },
    ])
    expect([polygon.tokens, polygon.rejected]).toEqual([
      [{ symbol: 'AAPLon', chain: 'bsc', address: NVDA_ETH, decimals: 18 }],
      0,
    ])
  })

  it('is not cached while the service does not publish it', async () => {
    let asked = 0
    const lacking = {
      optionalJson: async () => {
        asked++
        return { available: false }
      },
    } as unknown as ApiClient
    const cache = new TokenListingCache(() => 1_795_000_000_000)
    expect(await cache.get(lacking)).toEqual({ published: false })
    expect(await cache.get(lacking)).toEqual({ published: false })
    expect(asked).toBe(2)
  })

  it("asks a wallet's balances with its address encoded, and says when the service lacks them", async () => {
    const paths: string[] = []
    const answering = (available: boolean) =>
      ({
        optionalJson: async (_endpoint: string, path: string) => {
          paths.push(path)
          return available
            ? { available, value: { body: { tokens: [token(AAPL_ETH, '3.5')] } } }
            : { available }
        },
      }) as unknown as ApiClient
    expect(await serviceBalances(answering(false), 'bsc', WALLET, 'Cold', listing)).toEqual({
      published: false,
    })
    expect(await serviceBalances(answering(true), 'solana', 'a b&c', 'Odd', listing)).toEqual({
      published: true,
      value: { balances: [], dropped: [] },
    })
    expect(await serviceBalances(answering(true), 'ethereum', WALLET, 'Cold', listing)).toEqual({
      published: true,
      value: { balances: [{ tokenAddress: AAPL_ETH, symbol: 'AAPLon', balance: '3.5' }], dropped: [] },
    })
    expect(paths).toEqual([
      `/v1/chains/bsc-56/balances?userAddress=${WALLET}`,
      '/v1/chains/solana-900/balances?userAddress=a%20b%26c',
      `/v1/chains/ethereum-1/balances?userAddress=${WALLET}`,
    ])
  })
})

describe("the service's balances", () => {
  it('says an answer or a record not in the documented form, naming an unlisted token by its address', () => {
    expect(parseServiceBalances({ balances: [] }, 'bsc', WALLET, 'Hot', listing)).toEqual({
      balances: [],
      dropped: [
        'The service\'s balances for BNB Chain, wallet "Hot" (…eAed) are not in the documented form; ' +
          'none read.',
      ],
    })
    const read = parseServiceBalances(
      { tokens: [{ tokenAddress: '' }, token('0x3333333333333333333333333333333333333333', '-1')] },
      'bsc',
      WALLET,
      'Hot',
      listing,
    )
    expect(read).toEqual({
      balances: [],
      dropped: [
        'A token record for BNB Chain, wallet "Hot" (…eAed) is not in the documented form; left out.',
        'unlisted token 0x3333… in BNB Chain, wallet "Hot" (…eAed): the balance is negative (-1); left out.',
      ],
    })
    expect(unlistedName(TSLA_MINT)).toBe('unlisted token Tokenz…')
  })

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
