import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_WALLETS, UNLISTED_DEMO_TOKEN } from '../../../src/main/sim/market/wallet-holdings'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { API_KEY, TUESDAY_10_00_ET, getJson } from '../sim-helpers'

/**
 * The simulator's wallet endpoints (issue 48, item 7): every token's addresses per chain, and the
 * demo wallets' balances as the sum of their demo trades, moving when a trade is recorded.
 */

let server: SimServer

beforeAll(async () => {
  server = await startSimServer({ apiKey: API_KEY, assets: 30, clock: () => TUESDAY_10_00_ET, grpc: false })
})
afterAll(async () => {
  await server.close()
})

interface AddressEntry {
  symbol: string
  addresses: { networkChainId: string; address: string; decimals: number }[]
}
interface Balances {
  tokens: { tokenAddress: string; tokenSymbol: string | null; balances: { balance: string }[] }[]
}

async function json<T = unknown>(path: string): Promise<{ status: number; body: T }> {
  const response = await getJson(server, path)
  return { status: response.status, body: (await response.json()) as T }
}

describe('the simulator: wallet endpoints', () => {
  it('lists each token on Ethereum, BNB Chain and Solana with its decimals', async () => {
    const { status, body } = await json<AddressEntry[]>('/v1/assets/all/addresses')
    expect(status).toBe(200)
    expect(body).toHaveLength(30)
    const aapl = body.find((entry) => entry.symbol === 'AAPLon')
    expect(aapl?.addresses.map((a) => [a.networkChainId, a.decimals])).toEqual([
      ['ethereum-1', 18],
      ['bsc-56', 18],
      ['solana-900', 9],
    ])
    expect((await json('/v1/assets/AAPLon/addresses')).body).toEqual(aapl)
  })

  it("answers a demo wallet's balances, the sum of its trades, with an unlisted token kept", async () => {
    const aapl = (await json<AddressEntry>('/v1/assets/AAPLon/addresses')).body.addresses[0]?.address
    const { body } = await json<Balances>(`/v1/chains/ethereum-1/balances?userAddress=${DEMO_WALLETS.cold}`)
    // Bought 12.5, moved 3.5 to the hot wallet.
    const expected = new Decimal('12.5').minus('3.5').toFixed()
    expect(body.tokens).toEqual([
      {
        tokenAddress: aapl,
        tokenSymbol: 'AAPLon',
        balances: [{ holderAddress: { account: DEMO_WALLETS.cold }, balance: expected }],
      },
      {
        tokenAddress: UNLISTED_DEMO_TOKEN,
        tokenSymbol: null,
        balances: [{ holderAddress: { account: DEMO_WALLETS.cold }, balance: '42.1' }],
      },
    ])
  })

  it('moves a balance when a demo trade is recorded', async () => {
    server.wallets.record({
      wallet: DEMO_WALLETS.phantom,
      chain: 'solana',
      symbol: 'TSLAon',
      quantity: '-1.1',
    })
    const { body } = await json<Balances>(
      `/v1/chains/solana-900/balances?userAddress=${DEMO_WALLETS.phantom}`,
    )
    expect(body.tokens[0]?.balances[0]?.balance).toBe(new Decimal('7.123456789').minus('1.1').toFixed())
  })

  it('refuses a balances request without userAddress, and an unknown chain', async () => {
    expect(await json('/v1/chains/ethereum-1/balances')).toMatchObject({
      status: 400,
      body: { code: 'MISSING_USER_ADDRESS' },
    })
    expect(await json(`/v1/chains/tron-1/balances?userAddress=${DEMO_WALLETS.cold}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CHAIN_ID' },
    })
  })

  it('answers a bare 404 when it serves only the spec', async () => {
    server.setSpecOnly(true)
    try {
      const response = await getJson(server, '/v1/assets/all/addresses')
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not Found')
    } finally {
      server.setSpecOnly(false)
    }
  })
})
