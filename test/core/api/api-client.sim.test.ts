import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import type { FaultPlan } from '../../../src/main/sim/server/faults'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { compareDecimalStrings } from '../../../src/shared/decimal'
import { TEST_KEY, apiErrorOf } from './api-client.fixtures'

/** The client against the simulator: every endpoint, then every fault the simulator can inject. */

// a Monday, regular session; 250 ms shows the seconds rounding
const CLOCK_MS = Date.UTC(2025, 8, 15, 14, 0, 0, 250)
const ASSETS = 40
let sim: SimServer
let client: ApiClient
let symbols: string[]

beforeAll(async () => {
  sim = await startSimServer({ apiKey: TEST_KEY, port: 0, assets: ASSETS, seed: 7, clock: () => CLOCK_MS })
  client = new ApiClient({ baseUrl: sim.url, apiKey: TEST_KEY, timeoutMs: 2_000 })
  symbols = sim.market.symbols()
})
afterAll(async () => {
  await client.close()
  await sim.close()
})
beforeEach(() => sim.setFaults({}))

const first = () => symbols[0] as string

/** The same plan for all three endpoint groups. */
const everywhere = (faults: NonNullable<FaultPlan['prices']>): FaultPlan => ({
  prices: faults,
  market: faults,
  limits: faults,
})

/** A client with a short deadline, for the faults that make the simulator slow or silent. */
async function withShortDeadline(run: (impatient: ApiClient) => Promise<void>): Promise<void> {
  const impatient = new ApiClient({ baseUrl: sim.url, apiKey: TEST_KEY, timeoutMs: 200 })
  try {
    await run(impatient)
  } finally {
    await impatient.close()
  }
}

describe('every endpoint', () => {
  it('market data for one asset and for all', async () => {
    const one = await client.market(first())
    expect(one.records[0]?.primaryMarket.symbol).toBe(first())
    expect(one.records[0]?.primaryMarket.priceHistory24h?.length).toBeGreaterThan(0)
    const all = await client.allMarket()
    expect(all.rejected).toEqual([])
    expect(all.records.map((record) => record.primaryMarket.symbol).sort()).toEqual([...symbols].sort())
    expect(all.bytes).toBeGreaterThan(ASSETS * 1_000)
    // Read for one symbol: the record read from the bytes is whole after they are released (an
    // answer past 64 KB has a buffer of its own, freed once read: answer-body.ts).
    const asked = await client.allMarket(undefined, new Set([first()]))
    expect(asked.bytes).toBeGreaterThan(64 * 1024)
    expect(asked.records).toHaveLength(1)
    expect(asked.records[0]?.primaryMarket.priceHistory24h).toEqual(
      one.records[0]?.primaryMarket.priceHistory24h,
    )
    expect(asked.listed).toHaveLength(ASSETS)
  })

  it('latest prices for one asset and for all, in both sort orders', async () => {
    expect((await client.price(first())).records[0]?.primaryMarket.symbol).toBe(first())
    const ascending = (await client.allPrices('asc')).records.map((record) => record.primaryMarket.price)
    expect(ascending).toHaveLength(ASSETS)
    expect([...ascending].sort(compareDecimalStrings)).toEqual(ascending)
    const descending = (await client.allPrices('desc')).records.map((record) => record.primaryMarket.price)
    expect(descending).toEqual([...ascending].reverse())
    expect((await client.allPrices()).records).toHaveLength(ASSETS)
  })

  it('session limits for all assets and for one', async () => {
    const all = await client.limits()
    expect(all.rejected).toEqual([])
    expect(all.records).toHaveLength(ASSETS)
    const one = await client.limits(first())
    expect(one.records.map((record) => record.symbol)).toEqual([first()])
  })

  it('an asset the simulator does not list is not-found, a wrong key is key-rejected', async () => {
    expect(await apiErrorOf(client.market('NOTLISTEDon'))).toMatchObject({
      kind: 'not-found',
      code: 'ASSET_NOT_FOUND',
    })
    const wrongKey = new ApiClient({ baseUrl: sim.url, apiKey: 'not-the-key' })
    try {
      expect(await apiErrorOf(wrongKey.allPrices())).toMatchObject({
        kind: 'key-rejected',
        code: 'INVALID_API_KEY',
      })
    } finally {
      await wrongKey.close()
    }
  })
})

describe('injected faults', () => {
  it('serverError: server, on every endpoint', async () => {
    sim.setFaults(everywhere({ serverError: 1 }))
    for (const call of [client.allMarket(), client.price(first()), client.limits()])
      expect(await apiErrorOf(call)).toMatchObject({ kind: 'server', status: 500, code: 'INTERNAL_ERROR' })
  })

  it('rateLimit: rate-limited with the Retry-After it sent', async () => {
    sim.setFaults({ prices: { rateLimit: 1, retryAfterSeconds: 3 } })
    expect(await apiErrorOf(client.allPrices())).toMatchObject({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
      retryAfterMs: 3_000,
    })
    // Only the prices group was told to fail.
    expect((await client.limits(first())).records).toHaveLength(1)
  })

  it('plainText403: key-rejected without a JSON body', async () => {
    sim.setFaults({ market: { plainText403: 1 } })
    expect(await apiErrorOf(client.market(first()))).toMatchObject({
      kind: 'key-rejected',
      status: 403,
      code: null,
    })
  })

  it('reset: network', async () => {
    sim.setFaults({ limits: { reset: 1 } })
    expect((await apiErrorOf(client.limits())).kind).toBe('network')
  })

  it('truncatedJson and invalidJson: invalid-response', async () => {
    sim.setFaults({ market: { truncatedJson: 1 }, prices: { invalidJson: 1 } })
    expect(await apiErrorOf(client.allMarket())).toMatchObject({ kind: 'invalid-response', status: 200 })
    const html = await apiErrorOf(client.price(first()))
    expect(html.kind).toBe('invalid-response')
    expect(html.message).toContain('not JSON (text/html')
  })

  it(
    'badRecords: the good records of a list are kept and the bad ' +
      'ones reported; a bad single record fails',
    async () => {
      sim.setFaults(everywhere({ badRecords: 1 }))
      const prices = await client.allPrices()
      expect(prices.rejected.length).toBeGreaterThan(0)
      expect(prices.records.length + prices.rejected.length).toBe(ASSETS)
      const limits = await client.limits()
      expect(limits.rejected.length).toBeGreaterThan(0)
      expect(limits.records.length + limits.rejected.length).toBe(ASSETS)
      expect((await apiErrorOf(client.market(first()))).kind).toBe('invalid-response')
    },
  )

  it('secondsTimestamps: read back as milliseconds', async () => {
    sim.setFaults(everywhere({ secondsTimestamps: 1 }))
    const priceMs = (await client.price(first())).records[0]?.timestamp ?? 0
    // Whole seconds, read as ms: the 250 ms of the clock are gone, the instant is the same.
    expect(priceMs).toBeGreaterThan(1e12)
    expect(priceMs % 1000).toBe(0)
    expect(CLOCK_MS - priceMs).toBeLessThan(1000)
    const [market] = (await client.market(first())).records
    for (const point of market?.primaryMarket.priceHistory24h ?? [])
      expect(point.timestamp).toBeGreaterThan(1e12)
    const [limits] = (await client.limits(first())).records
    expect(limits?.timestamp).toBeGreaterThan(1e12)
  })

  it('latencyMs: answers late but whole within the deadline, and times out past it', async () => {
    sim.setFaults(everywhere({ latencyMs: 50 }))
    expect((await client.price(first())).records).toHaveLength(1)
    sim.setFaults(everywhere({ latencyMs: 1_000 }))
    await withShortDeadline(async (impatient) => {
      expect((await apiErrorOf(impatient.allPrices())).kind).toBe('timeout')
    })
  })

  it('hang: timeout', async () => {
    sim.setFaults({ market: { hang: 1 } })
    await withShortDeadline(async (impatient) => {
      const error = await apiErrorOf(impatient.market(first()))
      expect(error.kind).toBe('timeout')
      expect(error.message).toContain('within 200 ms')
    })
  })

  it('recovers as soon as the faults are lifted', async () => {
    sim.setFaults(everywhere({ serverError: 1 }))
    expect((await apiErrorOf(client.allMarket())).kind).toBe('server')
    sim.setFaults({})
    expect((await client.allMarket()).records).toHaveLength(ASSETS)
  })
})
