import { startSimServer } from '../../src/main/sim/server/server'
import { BENCH_INSTANT } from './bench-instant'

/**
 * The raw all-assets bodies the simulator sends, fetched once over HTTP, exactly as the app's
 * client would receive them. The clock is fixed inside a regular session, so every run of the
 * benchmark sees the same bytes.
 */

const BENCH_KEY = 'bench-key-0123456789'

export interface SimBodies {
  /** Endpoint 4, `/v1/assets/all/prices/latest`. */
  prices: string
  /** Endpoint 2, `/v1/assets/all/market` (96 history points per asset). */
  market: string
}

export async function fetchSimBodies(assets: number): Promise<SimBodies> {
  const sim = await startSimServer({
    apiKey: BENCH_KEY,
    port: 0,
    assets,
    seed: 1,
    clock: () => BENCH_INSTANT,
  })
  try {
    const get = async (path: string) => {
      const response = await fetch(`${sim.url}${path}`, { headers: { 'x-api-key': BENCH_KEY } })
      if (!response.ok) throw new Error(`the simulator answered ${path} with ${response.status}`)
      return response.text()
    }
    return { prices: await get('/v1/assets/all/prices/latest'), market: await get('/v1/assets/all/market') }
  } finally {
    await sim.close()
  }
}
