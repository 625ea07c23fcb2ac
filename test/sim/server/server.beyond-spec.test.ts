import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { wireErrorBody } from '../../../src/main/core/api/wire/wire'
import {
  parseAssetPausesResponse,
  parseDividendsResponse,
  parseMarketStatusResponse,
  parseTradingCapacityResponse,
} from '../../../src/main/core/api/wire/wire-status-parse'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { LLY_SPLIT } from '../../../src/main/sim/market/real-assets'
import { API_KEY, SATURDAY_NOON_ET, TUESDAY_10_00_ET, getJson, manualClock } from '../sim-helpers'

/**
 * The simulator's endpoints beyond the spec (real-service-notes.md, "Beyond the spec"): market
 * status, asset pauses, trading capacity and dividends, at fixed market times, in both documented
 * readings of off-hours and of a closed market, spec-only and with an unscheduled pause.
 */

/** Sunday 2026-11-15 21:00 ET: the evening before LLY's 4-for-1 split (Monday 04:00 ET). */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
const HOUR = 3_600_000

let server: SimServer
const clock = manualClock(TUESDAY_10_00_ET)

beforeAll(async () => {
  server = await startSimServer({ apiKey: API_KEY, clock: clock.now })
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.setSpecOnly(false)
  server.setReadings({ offhoursReading: 'closed', closedMarketForm: 'reason', marketPause: null })
})

async function json(path: string): Promise<{ status: number; body: unknown }> {
  const response = await getJson(server, path)
  return { status: response.status, body: await response.json() }
}

/** The simulator's market advances only forward: each test starts a fresh server at its time. */
async function at<T>(ms: number, run: (sim: SimServer) => Promise<T>): Promise<T> {
  const local = await startSimServer({ apiKey: API_KEY, clock: () => ms })
  try {
    return await run(local)
  } finally {
    await local.close()
  }
}

describe('market status', () => {
  it('a Tuesday 10:00 ET: regular, open, ISO times that parse, the next close at 16:00 ET', async () => {
    const { status, body } = await json('/v1/status/market')
    expect(status).toBe(200)
    const parsed = parseMarketStatusResponse(body, TUESDAY_10_00_ET)
    expect(parsed.rejected).toEqual([])
    const reading = parsed.records[0]
    expect(reading).toMatchObject({ isOpen: true, marketStatus: 'regular', reason: null })
    expect((body as { timestamp: string }).timestamp).toMatch(/Z$/)
    // Regular ends 15:59 ET (the service's hours), 20:59 UTC in November.
    expect(reading?.nextClose).toBe(Date.UTC(2025, 10, 18, 20, 59))
  })

  it('a Saturday: both documented readings of off-hours, selectable', async () => {
    await at(SATURDAY_NOON_ET, async (sim) => {
      const closed = (await (await getJson(sim, '/v1/status/market')).json()) as Record<string, unknown>
      expect(closed).toMatchObject({ marketStatus: 'closed', isOpen: false, offhours: { isOpen: true } })
      expect(closed.reason).toMatchObject({ code: 'MARKET_CLOSED' })
      sim.setReadings({ offhoursReading: 'offhours' })
      const offhours = (await (await getJson(sim, '/v1/status/market')).json()) as Record<string, unknown>
      expect(offhours).toMatchObject({ marketStatus: 'offhours', isOpen: false, offhours: { isOpen: true } })
      // Sunday 20:05 ET opens the week (overnight): Monday 01:05 UTC.
      expect(parseMarketStatusResponse(offhours, SATURDAY_NOON_ET).records[0]).toMatchObject({
        nextOpenSession: 'overnight',
        nextOpen: Date.UTC(2025, 10, 24, 1, 5),
      })
    })
  })

  it('an unscheduled market pause: paused, MARKET_PAUSED, the calendar does not know it', async () => {
    server.setReadings({ marketPause: { start: TUESDAY_10_00_ET - HOUR, end: TUESDAY_10_00_ET + HOUR } })
    const { body } = await json('/v1/status/market')
    expect(body).toMatchObject({
      isOpen: false,
      marketStatus: 'paused',
      reason: { code: 'MARKET_PAUSED' },
      nextOpen: new Date(TUESDAY_10_00_ET + HOUR).toISOString(),
    })
  })
})

describe('asset pauses', () => {
  it(
    'the evening before a split: LLY paused (mixed-case word), the ' + 'multiplier change announced',
    async () => {
      await at(EVENING_BEFORE_SPLIT, async (sim) => {
        const body = await (await getJson(sim, '/v1/status/assets')).json()
        const parsed = parseAssetPausesResponse(body)
        expect(parsed.rejected).toEqual([])
        const lly = parsed.records.find(
          (pause) => pause.symbol === 'LLYon' && pause.reason?.message === 'Stock_Split',
        )
        expect(lly).toMatchObject({
          status: 'active',
          type: 'scheduled',
          reason: { code: 'ASSET_PAUSED' },
          end: LLY_SPLIT.at,
          updateSharesMultiplier: true,
        })
        // 19:50 ET the evening before: 00:50 UTC on the ex-date.
        expect(lly?.start).toBe(Date.UTC(2026, 10, 16, 0, 50))
        return sim.market.marketRecord('LLYon')?.primaryMarket.sharesMultiplier
      }).then(async (multiplierInPause) => {
        // The multiplier steps 4x when the pause ends, and the pause is no longer listed.
        const after = await at(LLY_SPLIT.at + 60_000, async (sim) => {
          const body = await (await getJson(sim, '/v1/status/assets')).json()
          return {
            multiplier: sim.market.marketRecord('LLYon')?.primaryMarket.sharesMultiplier,
            splits: parseAssetPausesResponse(body).records.filter(
              (pause) => pause.reason?.message === 'Stock_Split',
            ),
          }
        })
        expect(after.splits).toEqual([])
        expect(new Dec(after.multiplier as string).dividedBy(multiplierInPause as string).toString()).toBe(
          '4',
        )
      })
    },
  )

  it('earnings: ASSET_LIMITED from 16:00 to 19:30 ET, announced ahead as upcoming', async () => {
    const { body } = await json('/v1/status/assets')
    const parsed = parseAssetPausesResponse(body)
    const earnings = parsed.records.filter((pause) => pause.reason?.message === 'Earnings')
    expect(earnings.length).toBeGreaterThan(0)
    for (const pause of earnings) {
      expect(pause.reason?.code).toBe('ASSET_LIMITED')
      expect((pause.end as number) - (pause.start as number)).toBe(3.5 * HOUR)
      expect(pause.status).toBe((pause.start as number) <= TUESDAY_10_00_ET ? 'active' : 'upcoming')
    }
    expect(parsed.records.some((pause) => pause.reason?.message === 'cash_dividend')).toBe(true)
  })
})

describe('trading capacity', () => {
  it('open: the session cap in dollars and in tokens at the current price, for the side asked', async () => {
    const { status, body } = await json('/v1/limits/trading?symbol=AAPLon&side=sell')
    expect(status).toBe(200)
    const record = parseTradingCapacityResponse(body, { symbol: 'AAPLon', side: 'sell' }).records[0]
    expect(record).toMatchObject({
      isAssetTradingOpen: true,
      maxNotionalValue: '200000',
      remainingAttestations: '500',
    })
  })

  it('the weekend, for a token without off-hours: a 200 with a reason, or a 403, as selected', async () => {
    await at(SATURDAY_NOON_ET, async (sim) => {
      const ok = await getJson(sim, '/v1/limits/trading?symbol=AAPLon&side=buy')
      expect(ok.status).toBe(200)
      expect(await ok.json()).toMatchObject({ isAssetTradingOpen: false, reason: { code: 'MARKET_CLOSED' } })
      sim.setReadings({ closedMarketForm: 'forbidden' })
      const refused = await getJson(sim, '/v1/limits/trading?symbol=AAPLon&side=buy')
      expect(refused.status).toBe(403)
      expect(wireErrorBody.parse(await refused.json()).code).toBe('MARKET_CLOSED')
    })
  })

  it('refuses a missing or bad side and an unlisted symbol with the documented codes', async () => {
    expect(await json('/v1/limits/trading?symbol=AAPLon')).toMatchObject({
      status: 400,
      body: { code: 'MISSING_SIDE' },
    })
    expect(await json('/v1/limits/trading?symbol=AAPLon&side=hold')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_SIDE' },
    })
    expect(await json('/v1/limits/trading?symbol=ZZZZon&side=buy')).toMatchObject({
      status: 404,
      body: { code: 'ASSET_NOT_FOUND' },
    })
  })
})

describe('dividends', () => {
  it('a yield as a fraction, a frequency and a last payment date not after today', async () => {
    const { status, body } = await json('/v1/assets/AAPLon/dividends')
    expect(status).toBe(200)
    const record = parseDividendsResponse(body).records[0]
    expect(record?.ticker).toBe('AAPL')
    if (record?.payoutFrequency === 'quarterly') {
      expect(record.lastPaymentDate! <= '2025-11-18').toBe(true)
      expect(Number(record.dividendYield)).toBeGreaterThan(0)
    } else expect(record).toMatchObject({ payoutFrequency: 'none', lastPaymentDate: null })
  })
})

describe('a spec-only service', () => {
  it('answers the four endpoints with a bare 404 (no code) and still serves the five', async () => {
    server.setSpecOnly(true)
    for (const path of [
      '/v1/status/market',
      '/v1/status/assets',
      '/v1/limits/trading?symbol=AAPLon&side=buy',
      '/v1/assets/AAPLon/dividends',
    ]) {
      const response = await getJson(server, path)
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not Found')
    }
    expect((await getJson(server, '/v1/assets/AAPLon/prices/latest')).status).toBe(200)
  })
})
