import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { MarketFeed } from '../../../src/main/core/feed/market-feed'
import {
  HIDDEN_STATUS_CADENCE_MS,
  STATUS_CADENCE_MS,
  ServiceStatusFeed,
} from '../../../src/main/core/service-status/service-status-feed'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { WarpClock } from '../../chaos/warp-clock'

/**
 * The service-status feed beside the market feed, on the warp clock (virtual time, real HTTP to
 * the simulator): at most 2 status requests a minute at the default cadence, a 429 on them backs
 * them off without delaying a single price poll, the market read from the service with the
 * calendar as fallback, and a spec-only service asked once.
 */

const KEY = 'status-feed-key'
/** Tuesday 2025-11-18 10:00 ET. */
const START = Date.UTC(2025, 10, 18, 15, 0, 7)
const PRICES_MS = 5_000
const RUN_MS = 10 * 60_000
const SYMBOLS = ['AAPLon', 'MSFTon', 'NVDAon']

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A client whose requests stop virtual time while they are in flight (warp-clock.ts). */
class WarpedClient extends ApiClient {
  constructor(
    baseUrl: string,
    private readonly clock: WarpClock,
  ) {
    super({ baseUrl, apiKey: KEY, timeoutMs: 5_000 })
  }
  override price(symbol: string, signal?: AbortSignal) {
    return this.clock.during(() => super.price(symbol, signal))
  }
  override market(symbol: string, signal?: AbortSignal) {
    return this.clock.during(() => super.market(symbol, signal))
  }
  override limits(symbol?: string, signal?: AbortSignal) {
    return this.clock.during(() => super.limits(symbol, signal))
  }
  override marketStatus(signal?: AbortSignal) {
    return this.clock.during(() => super.marketStatus(signal))
  }
  override assetPauses(signal?: AbortSignal) {
    return this.clock.during(() => super.assetPauses(signal))
  }
}

async function run(setUp: (sim: SimServer) => void, hidden = false) {
  const clock = new WarpClock(START)
  const sim = await startSimServer({ apiKey: KEY, assets: 40, clock: () => clock.now() })
  setUp(sim)
  const client = new WarpedClient(sim.url, clock)
  const logged: string[] = []
  const market = new MarketFeed({ baseUrl: sim.url, demo: false }, SYMBOLS, {
    cadenceMs: (endpoint) => (endpoint === 'prices' ? PRICES_MS : 60_000),
    onDelta: () => {},
    onStatusChange: () => {},
    clock,
    random: () => 0.5,
  })
  const status = new ServiceStatusFeed({
    onChange: () => {},
    log: (text) => logged.push(text),
    clock,
    random: () => 0.5,
  })
  cleanups.push(async () => {
    market.stop()
    status.stop()
    clock.stop()
    await client.close()
    await sim.close()
  })
  market.setClient(client, { baseUrl: sim.url, demo: false })
  status.setClient(client)
  status.setHidden(hidden)
  market.start()
  status.start()
  await clock.sleep(RUN_MS)
  return { stats: sim.stats().byEndpoint, status, logged }
}

describe('ServiceStatusFeed', () => {
  it(
    'asks each status endpoint once a cadence: 2 requests a minute, ' +
      'and reads the market from the service',
    async () => {
      const { stats, status, logged } = await run(() => {})
      const cadences = RUN_MS / STATUS_CADENCE_MS
      // One at the start and one per cadence; the one due at the very end may or may not have run.
      for (const count of [stats.marketStatus, stats.assetPauses])
        expect([cadences, cadences + 1]).toContain(count)
      const perMinute = (stats.marketStatus + stats.assetPauses - 2) / (RUN_MS / 60_000)
      expect(perMinute).toBeLessThanOrEqual(2)
      expect(status.view()).toMatchObject({
        market: { source: 'service', marketStatus: 'regular', calendarAgrees: true },
        publishes: { marketStatus: true, assetPauses: true },
      })
      expect(status.view().pauses?.all.length).toBeGreaterThan(0)
      expect(logged).toEqual([])
    },
  )

  it('while the window is hidden, every five minutes', async () => {
    const { stats } = await run(() => {}, true)
    const cadences = RUN_MS / HIDDEN_STATUS_CADENCE_MS
    for (const count of [stats.marketStatus, stats.assetPauses])
      expect([cadences, cadences + 1]).toContain(count)
  })

  it('a 429 on the status endpoints backs them off without delaying one price poll', async () => {
    const calm = (await run(() => {})).stats
    const limited = await run((sim) => sim.setFaults({ status: { rateLimit: 1, retryAfterSeconds: 120 } }))
    expect(limited.stats.price).toBe(calm.price)
    expect(limited.stats.marketStatus).toBeLessThan(calm.marketStatus)
    expect(limited.status.endpointStatus('marketStatus').lastError?.kind).toBe('rate-limited')
    // Nothing from the service yet: the market reads from our calendar, marked as such.
    expect(limited.status.view().market).toMatchObject({ source: 'calendar', marketStatus: 'regular' })
  })

  it('an unscheduled pause is shown from the service and logged once, not every minute', async () => {
    const { status, logged } = await run((sim) =>
      sim.setReadings({ marketPause: { start: START, end: null } }),
    )
    expect(status.view().market).toMatchObject({
      source: 'service',
      marketStatus: 'paused',
      calendarAgrees: false,
    })
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/the service says the market is paused .*; our calendar says regular\.$/)
  })

  it(
    'a spec-only service: each endpoint asked once in the session, ' + 'the calendar shown, pauses not known',
    async () => {
      const { stats, status } = await run((sim) => sim.setSpecOnly(true))
      expect([stats.marketStatus, stats.assetPauses]).toEqual([1, 1])
      expect(status.view()).toMatchObject({
        market: { source: 'calendar' },
        pauses: null,
        publishes: { marketStatus: false, assetPauses: false },
      })
    },
  )
})
