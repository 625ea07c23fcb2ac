import { describe, expect, it } from 'vitest'
import { AppCore } from '../../../src/main/core/app/app-core'
import { pollOnThisThread } from '../../../src/main/core/app/poll-on-this-thread'
import {
  CAPACITY_MIN_INTERVAL_MS,
  CAPACITY_REFRESH_MS,
} from '../../../src/main/core/service-status/capacity-watch'
import { MemorySecretStore } from '../../../src/main/core/secrets/secret-store'
import type { ServiceReadings } from '../../../src/main/sim/market/service-bodies'
import { LLY_SPLIT } from '../../../src/main/sim/market/real-assets'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import type { CapacityView } from '../../../src/shared/service-status'
import { cleanupAfterEach } from '../../support/cleanups'
import { manualClock } from '../../support/manual-clock'

/**
 * The service's status wired into AppCore, at fixed market times: the simulator's market clock
 * and the core's clock are one manual clock, so every poll happens when the test moves time on,
 * over real HTTP to 127.0.0.1. What the window is sent (the status's `service`, the capacity
 * event), what is asked of the service, and what is never touched (the key's state).
 */

const { cleanups, tempDir } = cleanupAfterEach('tokenwatch-service-status-')

const KEY = 'service-status-key-0123'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Sunday 2026-11-15 21:00 ET: the evening before LLY's split (the pause runs from 19:50 ET). */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
const SPLIT_PAUSE_START = Date.UTC(2026, 10, 16, 0, 50)
/** Tuesday 2025-11-18 10:00 ET, a regular session. */
const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
/** Tuesday 2025-11-18 09:20 ET, the pre-market. */
const TUESDAY_09_20_ET = Date.UTC(2025, 10, 18, 14, 20)
/** Saturday 2025-11-22 12:00 ET: the market closed, off-hours running. */
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)

interface Started {
  core: AppCore
  sim: SimServer
  time: ReturnType<typeof manualClock>
  logged: string[]
  capacity: CapacityView[]
  /** Capacity answers the simulator sent, by symbol. */
  capacityAsked: string[]
  /** Moves the market (and the core) to `at`, running every poll due, until `probe` holds. */
  settle(probe: () => unknown, what: string, at?: number): Promise<void>
}

async function coreAt(
  at: number,
  options: { readings?: Partial<ServiceReadings>; specOnly?: boolean; watch?: string[] } = {},
): Promise<Started> {
  const time = manualClock(at)
  const capacityAsked: string[] = []
  const sim = await startSimServer({
    apiKey: KEY,
    assets: 60,
    seed: 7,
    clock: () => time.clock.now,
    readings: options.readings,
    specOnly: options.specOnly,
    onSend: (endpoint, body) => {
      if (endpoint === 'tradingCapacity') capacityAsked.push((body as { symbol: string }).symbol)
    },
  })
  cleanups.push(() => sim.close())
  const logged: string[] = []
  const keychain = new MemorySecretStore()
  const core = new AppCore({
    pollFeed: pollOnThisThread,
    userDataDir: tempDir(),
    keychain,
    clock: time.scheduler,
    log: (text) => logged.push(text),
  })
  const capacity: CapacityView[] = []
  core.on('capacity', (view) => capacity.push(view))
  cleanups.push(() => core.stop())
  await core.start()
  await core.invoke('updateSettings', { baseUrl: sim.url })
  await core.invoke('setKey', { key: KEY })
  for (const symbol of options.watch ?? []) await core.invoke('addSymbol', { symbol })
  const settle = async (probe: () => unknown, what: string, to = time.clock.now) => {
    const deadline = Date.now() + 10_000
    time.advanceTo(to)
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
      time.advanceTo(time.clock.now)
    }
  }
  await settle(() => core.status().service.publishes.marketStatus !== null, 'the first market status')
  await settle(() => core.status().service.publishes.assetPauses !== null, 'the first asset pauses')
  return { core, sim, time, logged, capacity, capacityAsked, settle }
}

/** Moves time on step by step (each poll due runs), as the app would live through it. */
async function liveThrough(started: Started, untilMs: number, stepMs: number): Promise<void> {
  for (let at = started.time.clock.now + stepMs; at <= untilMs; at += stepMs) {
    started.time.advanceTo(at)
    // Let the requests of this step land before the next one.
    for (let i = 0; i < 50 && Object.values(started.core.status().endpoints).some((e) => e.inFlight); i++)
      await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 15))
  }
}

describe('the evening before a split', () => {
  it(
    'LLYon paused for the split in the status, the multiplier change ' +
      'announced; an hour before, upcoming',
    async () => {
      const started = await coreAt(EVENING_BEFORE_SPLIT, { watch: ['LLYon'] })
      const pauses = started.core.status().service.pauses
      expect(pauses?.LLYon?.active).toMatchObject({
        effect: 'paused',
        pause: {
          reason: 'stock_split',
          code: 'ASSET_PAUSED',
          end: LLY_SPLIT.at,
          updateSharesMultiplier: true,
        },
      })
      // Only watched symbols are sent.
      expect(
        Object.keys(pauses ?? {}).every((symbol) => started.core.pollPlan().symbols.includes(symbol)),
      ).toBe(true)
      expect(started.core.status().service.market).toMatchObject({
        source: 'service',
        marketStatus: 'overnight',
      })

      const before = await coreAt(SPLIT_PAUSE_START - HOUR, { watch: ['LLYon'] })
      const symbol = before.core.status().service.pauses?.LLYon
      expect(symbol?.active?.pause.reason).not.toBe('stock_split')
      expect(symbol?.upcoming.find((pause) => pause.reason === 'stock_split')).toMatchObject({
        start: SPLIT_PAUSE_START,
        end: LLY_SPLIT.at,
        updateSharesMultiplier: true,
      })
    },
  )

  it(
    'alerts: the pause announced, started and ended; the multiplier ' + 'change says it came in the pause',
    async () => {
      // Eight days before the pause starts, the simulator announces nothing of it yet (7 days ahead).
      const eightDaysBefore = SPLIT_PAUSE_START - 7 * DAY - 2 * HOUR
      const started = await coreAt(eightDaysBefore, { watch: ['LLYon'] })
      const fired: string[] = []
      started.core.on('alert', ({ entry }) => fired.push(entry.message))
      for (const kind of ['asset-pause', 'multiplier-change'] as const) {
        const created = await started.core.invoke('createAlert', {
          input: { symbol: 'LLYon', condition: { kind }, cooldownMs: 0 },
        })
        expect(created.ok).toBe(true)
      }
      // The first answers are only remembered.
      await liveThrough(started, eightDaysBefore + 3 * MINUTE, MINUTE)
      expect(fired).toEqual([])
      // Three hours on, the split is announced.
      await liveThrough(started, eightDaysBefore + 3 * HOUR, 30 * MINUTE)
      await started.settle(() => fired.length > 0, 'the announcement')
      expect(fired[0]).toBe(
        'LLYon: Stock split pause announced from Nov 15, 19:50:00 ET until Nov 16, 04:00:00 ET; ' +
          'the multiplier will change',
      )
      // The evening before: the pause starts (the alert's own timer, at 19:50 ET sharp).
      started.time.advanceTo(SPLIT_PAUSE_START - 2 * MINUTE)
      await liveThrough(started, SPLIT_PAUSE_START + 2 * MINUTE, MINUTE)
      await started.settle(() => fired.some((message) => /started/.test(message)), 'the start')
      expect(fired.find((message) => /started/.test(message))).toBe(
        'LLYon: Stock split pause started until Nov 16, 04:00:00 ET; the multiplier will change',
      )
      // The split takes effect: the pause ends and the multiplier steps, said as part of the pause.
      started.time.advanceTo(LLY_SPLIT.at - 2 * MINUTE)
      await liveThrough(started, LLY_SPLIT.at + 3 * MINUTE, MINUTE)
      await started.settle(
        () => fired.some((message) => /multiplier changed/.test(message)),
        'the multiplier change',
      )
      expect(fired).toContain('LLYon: Stock split pause ended')
      expect(fired.find((message) => /multiplier changed/.test(message))).toMatch(
        new RegExp(
          String.raw`^LLYon shares multiplier changed from [\d.]+ to [\d.]+ \(x4\), in the announced ` +
            'stock split pause from Nov 15, 19:50:00 ET until Nov 16, 04:00:00 ET$',
        ),
      )
    },
  )
})

describe('the market as the service says it', () => {
  it(
    'an unscheduled pause the calendar does not know: shown as the ' +
      'service says, the disagreement logged once',
    async () => {
      const marketPause = { start: TUESDAY_10_00_ET - HOUR, end: TUESDAY_10_00_ET + HOUR }
      const started = await coreAt(TUESDAY_10_00_ET, { readings: { marketPause } })
      expect(started.core.status().service.market).toMatchObject({
        source: 'service',
        marketStatus: 'paused',
        isOpen: false,
        reason: 'market_paused',
        calendarAgrees: false,
      })
      await liveThrough(started, TUESDAY_10_00_ET + 5 * MINUTE, MINUTE)
      expect(started.sim.stats().byEndpoint.marketStatus).toBeGreaterThanOrEqual(5)
      expect(started.logged).toEqual([
        'At Nov 18, 10:00:07 ET the service says the market is paused ' +
          '(market_paused: Unscheduled_Downtime); our calendar says regular.',
      ])
    },
  )

  it(
    'session alerts through an unscheduled pause: halted and resumed ' + 'as the service says, no 09:31 open',
    async () => {
      const started = await coreAt(TUESDAY_09_20_ET)
      const fired: Array<[number, string]> = []
      started.core.on('alert', ({ entry }) => fired.push([entry.at, entry.message]))
      const condition = { kind: 'session', session: 'any', event: 'both' } as const
      const created = await started.core.invoke('createAlert', {
        input: { symbol: 'AAPLon', condition, cooldownMs: 0 },
      })
      expect(created.ok).toBe(true)
      await liveThrough(started, TUESDAY_09_20_ET + 4 * MINUTE, MINUTE)
      // The switch: from 09:25 the service pauses the market, unannounced, until 10:30.
      const pause = { start: TUESDAY_09_20_ET + 5 * MINUTE, end: TUESDAY_09_20_ET + 70 * MINUTE }
      started.sim.setReadings({ marketPause: pause })
      await liveThrough(started, TUESDAY_09_20_ET + 80 * MINUTE, MINUTE)
      expect(fired.map(([, message]) => message)).toEqual([
        'Paused, unscheduled pause (service): Pre-market session halted for AAPLon',
        'Market resumed (service): Regular session open, AAPLon is tradable',
      ])
      // Heard at the first status poll of the pause; resumed at the reopening the service named.
      expect(fired[0]?.[0]).toBeGreaterThanOrEqual(pause.start)
      expect(fired[0]?.[0]).toBeLessThanOrEqual(pause.start + MINUTE)
      expect(fired[1]?.[0]).toBe(pause.end)
    },
  )

  it('an earnings limit: the row limited, not paused, while it runs', async () => {
    const probe = await coreAt(TUESDAY_10_00_ET)
    const client = await fetch(`${probe.sim.url}/v1/status/assets`, { headers: { 'x-api-key': KEY } })
    const all = (await client.json()) as Array<{
      symbol: string
      reason?: { message: string }
      start: string
    }>
    const earnings = all.find((pause) => pause.reason?.message.toLowerCase() === 'earnings')
    expect(earnings).toBeDefined()
    const during = Date.parse(earnings?.start as string) + HOUR
    const started = await coreAt(during, { watch: [earnings?.symbol as string] })
    expect(started.core.status().service.pauses?.[earnings?.symbol as string]?.active).toMatchObject({
      effect: 'limited',
      pause: { code: 'ASSET_LIMITED', reason: 'earnings' },
    })
  })

  it(
    'a weekend with off-hours running, in both readings: the same ' + "state, marked as the service's",
    async () => {
      for (const offhoursReading of ['closed', 'offhours'] as const) {
        const started = await coreAt(SATURDAY_NOON_ET, { readings: { offhoursReading } })
        expect(started.core.status().service.market).toMatchObject({
          source: 'service',
          marketStatus: offhoursReading,
          isOpen: false,
          offhoursOpen: true,
          calendarAgrees: true,
        })
        expect(started.logged).toEqual([])
      }
    },
  )
})

describe('trading capacity for the open detail only', () => {
  it('asked when the detail opens, then once a minute; never for a closed or hidden detail', async () => {
    const started = await coreAt(TUESDAY_10_00_ET)
    const opened = await started.core.invoke('setDetailOpen', { symbol: 'AAPLon' })
    expect(opened).toEqual({ ok: true, value: null })
    await started.settle(() => started.capacity.length > 0, 'the first capacity')
    expect(started.capacity[0]).toMatchObject({
      symbol: 'AAPLon',
      buy: { side: 'buy', available: true, tradingOpen: true },
      sell: { side: 'sell', available: true, tradingOpen: true },
      at: TUESDAY_10_00_ET,
      problem: null,
    })
    await liveThrough(started, TUESDAY_10_00_ET + 5 * MINUTE, 15_000)
    // One pair when it opened and one a minute after: six pairs in five minutes.
    expect(started.capacityAsked.length).toBe(2 * (1 + (5 * MINUTE) / CAPACITY_REFRESH_MS))
    expect(new Set(started.capacityAsked)).toEqual(new Set(['AAPLon']))
    // Closed again within 15 s of an ask: reopening shows the last answer and asks nothing yet.
    await started.core.invoke('setDetailOpen', { symbol: null })
    const reopened = await started.core.invoke('setDetailOpen', { symbol: 'AAPLon' })
    expect(reopened.ok && reopened.value?.at).toBe(TUESDAY_10_00_ET + 5 * MINUTE)
    const asked = started.capacityAsked.length
    await liveThrough(started, started.time.clock.now + CAPACITY_MIN_INTERVAL_MS - 1_000, 1_000)
    expect(started.capacityAsked.length).toBe(asked)
    // Hidden window, then a closed detail: nothing is asked.
    await started.core.invoke('setWindowVisible', { visible: false })
    const hiddenFrom = started.capacityAsked.length
    await liveThrough(started, started.time.clock.now + 3 * MINUTE, 15_000)
    expect(started.capacityAsked.length).toBe(hiddenFrom)
    await started.core.invoke('setWindowVisible', { visible: true })
    await started.core.invoke('setDetailOpen', { symbol: null })
    await liveThrough(started, started.time.clock.now + 3 * MINUTE, 15_000)
    expect(started.capacityAsked.length).toBe(hiddenFrom)
  })

  it(
    'a 429 on capacity and status backs those off alone: every price ' + 'poll still runs, the key untouched',
    async () => {
      const run = async (limited: boolean) => {
        const started = await coreAt(TUESDAY_10_00_ET)
        if (limited) started.sim.setFaults({ status: { rateLimit: 1, retryAfterSeconds: 120 } })
        await started.core.invoke('setDetailOpen', { symbol: 'AAPLon' })
        await liveThrough(started, TUESDAY_10_00_ET + 5 * MINUTE, 5_000)
        return started
      }
      const calm = await run(false)
      const limited = await run(true)
      // Every price poll the 5 s cadence gives over five minutes, for each of the 8 symbols, as calm.
      const cadencePolls = 8 * ((5 * MINUTE) / 5_000)
      expect(calm.sim.stats().byEndpoint.price).toBeGreaterThanOrEqual(cadencePolls)
      expect(limited.sim.stats().byEndpoint.price).toBeGreaterThanOrEqual(cadencePolls)
      // Asked at the open, refused, then not before each Retry-After ends: far fewer asks.
      expect(limited.sim.stats().byEndpoint.tradingCapacity).toBeLessThan(
        calm.sim.stats().byEndpoint.tradingCapacity,
      )
      expect(limited.capacity.at(-1)?.problem).toMatch(/rate|limit|429/i)
      expect(limited.core.status().service.problem).toMatch(/rate|limit|429/i)
      expect(Object.values(limited.core.status().endpoints).map((endpoint) => endpoint.lastError)).toEqual([
        null,
        null,
        null,
      ])
    },
  )

  it.each(['reason', 'forbidden'] as const)(
    'the weekend refused by the service (%s form): trading closed in words, the key untouched',
    async (closedMarketForm) => {
      const started = await coreAt(SATURDAY_NOON_ET, { readings: { closedMarketForm } })
      const keyBefore = await started.core.invoke('getKeyStatus', undefined)
      await started.core.invoke('setDetailOpen', { symbol: 'AAPLon' })
      await started.settle(() => started.capacity.length > 0, 'the capacity answer')
      expect(started.capacity[0]).toMatchObject({
        symbol: 'AAPLon',
        buy: { available: true, tradingOpen: false, reasonCode: 'MARKET_CLOSED' },
        sell: { available: true, tradingOpen: false, reasonCode: 'MARKET_CLOSED' },
        problem: null,
      })
      await liveThrough(started, SATURDAY_NOON_ET + 3 * MINUTE, 30_000)
      expect(await started.core.invoke('getKeyStatus', undefined)).toEqual(keyBefore)
      expect(keyBefore).toMatchObject({ ok: true, value: { stored: true } })
      const status = started.core.status()
      expect(Object.values(status.endpoints).map((endpoint) => endpoint.lastError?.kind ?? null)).toEqual([
        null,
        null,
        null,
      ])
      expect(status.connection).toBe('online')
    },
  )
})

describe("a service with the spec's five endpoints only", () => {
  it('the calendar as fallback, each feature not published, and no 404 asked twice', async () => {
    const started = await coreAt(TUESDAY_10_00_ET, { specOnly: true })
    await started.core.invoke('setDetailOpen', { symbol: 'AAPLon' })
    await started.settle(() => started.capacity.length > 0, 'the capacity answer')
    const dividends = await started.core.invoke('getDividends', { symbol: 'AAPLon', purpose: 'detail' })
    await liveThrough(started, TUESDAY_10_00_ET + 5 * MINUTE, 15_000)
    await started.core.invoke('getDividends', { symbol: 'MSFTon', purpose: 'detail' })
    const service = started.core.status().service
    expect(service.market).toMatchObject({
      source: 'calendar',
      marketStatus: 'regular',
      calendarAgrees: null,
    })
    expect(service.pauses).toBeNull()
    expect(service.publishes).toEqual({
      marketStatus: false,
      assetPauses: false,
      tradingCapacity: false,
      dividends: false,
    })
    expect(started.capacity[0]?.buy).toMatchObject({ available: false })
    expect(dividends).toMatchObject({ ok: true, value: { available: false, dividends: null } })
    const asked = started.sim.stats().byEndpoint
    expect([asked.marketStatus, asked.assetPauses, asked.tradingCapacity, asked.dividends]).toEqual([
      1, 1, 1, 1,
    ])
    // The prices run as today.
    expect(started.core.status().connection).toBe('online')
  })
})
