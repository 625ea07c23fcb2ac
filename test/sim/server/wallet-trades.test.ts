import Decimal from 'decimal.js'
import { type Hex, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_WALLETS } from '../../../src/main/sim/market/wallet-holdings'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { type SimNode, startSimNode } from '../../../src/main/sim/server/sim-node'
import { simDemoMarket } from '../../../src/main/sim/server/demo-market'
import { API_KEY, getJson, manualClock } from '../sim-helpers'

/**
 * The demo hot wallet's own trades (issue 48, item 7), opted in: 0.25 NVDAon on BNB Chain bought at
 * 10:00, 12:00 and 14:00 ET of a regular session and sold back an hour later, in the market's time.
 * Fixed instants of November 2025 (EST, UTC-5): Tuesday the 18th, Saturday the 22nd, Thanksgiving
 * on the 27th and its early close on Friday the 28th.
 */

const et = (day: number, hour: number, minute: number, second = 0): number =>
  Date.UTC(2025, 10, day, hour + 5, minute, second)

/** Bought 20.25, sold 4.75 (the fixed demo trades), and 0.25 more while a scheduled pair is open. */
const FLAT = new Decimal('20.25').minus('4.75')
const HOLDING = FLAT.plus('0.25')
const TOKENS_TO_BASE_UNITS = new Decimal(10).pow(18)

const clock = manualClock(et(18, 9, 59, 59))
let server: SimServer
let node: SimNode

beforeAll(async () => {
  server = await startSimServer({
    apiKey: API_KEY,
    assets: 30,
    clock: clock.now,
    grpc: false,
    walletTrades: true,
  })
  node = await startSimNode({ holdings: server.wallets, chain: 'bsc' })
})
afterAll(async () => {
  await node.close()
  await server.close()
})

async function serviceBalance(target: SimServer = server): Promise<string | undefined> {
  const response = await getJson(target, `/v1/chains/bsc-56/balances?userAddress=${DEMO_WALLETS.hot}`)
  const body = (await response.json()) as {
    tokens: { tokenSymbol: string | null; balances: { balance: string }[] }[]
  }
  return body.tokens.find((token) => token.tokenSymbol === 'NVDAon')?.balances[0]?.balance
}

async function nodeBaseUnits(): Promise<bigint> {
  const client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) })
  return client.readContract({
    address: server.wallets.tokenAddress('bsc', 'NVDAon') as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [DEMO_WALLETS.hot as Hex],
  })
}

/** The service's balance and the node's, at the market time the clock is set to (it only moves on). */
async function balancesAt(ms: number): Promise<{ service: string | undefined; node: bigint }> {
  clock.set(ms)
  return { service: await serviceBalance(), node: await nodeBaseUnits() }
}

const expected = (tokens: Decimal) => ({
  service: tokens.toFixed(),
  node: BigInt(tokens.times(TOKENS_TO_BASE_UNITS).toFixed(0)),
})

describe('the demo hot wallet trading on its own, in the market time', () => {
  it('buys at a whole regular-session hour, sells back at the next; service and node agree', async () => {
    expect(await balancesAt(et(18, 9, 59, 59))).toEqual(expected(FLAT))
    expect(await balancesAt(et(18, 10, 0, 0))).toEqual(expected(HOLDING))
    expect(await balancesAt(et(18, 10, 59, 59))).toEqual(expected(HOLDING))
    expect(await balancesAt(et(18, 11, 0, 0))).toEqual(expected(FLAT))
  })

  it('is right after the clock leaps, without anything happening in between', async () => {
    // From 11:00 to 14:30: two trades at 12:00 and 13:00 and a buy at 14:00 never seen one by one.
    expect(await balancesAt(et(18, 14, 30, 0))).toEqual(expected(HOLDING))
    // To Wednesday 12:59:59, a whole day and a half on.
    expect(await balancesAt(et(19, 12, 59, 59))).toEqual(expected(HOLDING))
    expect(await balancesAt(et(19, 15, 0, 0))).toEqual(expected(FLAT))
  })

  it('trades neither on a Saturday nor on a holiday; on an early close 10:00-11:00 only', async () => {
    expect(await balancesAt(et(22, 10, 30, 0))).toEqual(expected(FLAT))
    // Thanksgiving: the market is closed all day.
    expect(await balancesAt(et(27, 10, 30, 0))).toEqual(expected(FLAT))
    // The Friday after closes at 13:00: the 12:00 buy would have no 13:00 sale in the session.
    expect(await balancesAt(et(28, 10, 30, 0))).toEqual(expected(HOLDING))
    expect(await balancesAt(et(28, 12, 30, 0))).toEqual(expected(FLAT))
  })

  it('is off unless asked: a plain simulator keeps the fixed balance at 10:30 on a Tuesday', async () => {
    const plain = await startSimServer({
      apiKey: API_KEY,
      assets: 30,
      clock: () => et(18, 10, 30),
      grpc: false,
    })
    try {
      expect(await serviceBalance(plain)).toBe(FLAT.toFixed())
    } finally {
      await plain.close()
    }
  })

  it("is on in the app's demo market", async () => {
    const demo = await simDemoMarket({ assets: 30, clock: () => et(18, 10, 30) }).start(API_KEY)
    try {
      expect(await serviceBalance(demo)).toBe(HOLDING.toFixed())
    } finally {
      await demo.close()
    }
  })
})
