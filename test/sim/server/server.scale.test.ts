import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { API_KEY, TUESDAY_10_00_ET } from '../sim-helpers'

describe('sim server at 10,000 assets', () => {
  let server: SimServer

  beforeAll(async () => {
    server = await startSimServer({ apiKey: API_KEY, assets: 10_000, clock: () => TUESDAY_10_00_ET })
  })

  afterAll(async () => {
    await server.close()
  })

  /** undici's request reads a 50 MB body several times faster than fetch. */
  async function getBody(path: string): Promise<unknown> {
    const response = await request(`${server.url}${path}`, { headers: { 'x-api-key': API_KEY } })
    expect(response.statusCode).toBe(200)
    return response.body.json()
  }

  it('serves the all-assets market data with 10,000 records of 96 history points', async () => {
    const body = (await getBody('/v1/assets/all/market')) as {
      primaryMarket: { symbol: string; priceHistory24h: unknown[] }
    }[]
    expect(body).toHaveLength(10_000)
    expect(new Set(body.map((record) => record.primaryMarket.symbol)).size).toBe(10_000)
    expect(body.every((record) => record.primaryMarket.priceHistory24h.length === 96)).toBe(true)
  })

  it('serves all 10,000 latest prices, sorted', async () => {
    const body = (await getBody('/v1/assets/all/prices/latest?sort=desc')) as unknown[]
    expect(body).toHaveLength(10_000)
  })
})
