import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Dec } from '../../../src/shared/decimal'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { LLY_SPLIT } from '../../../src/main/sim/market/real-assets'
import type { CandlesBody, MultiplierHistoryBody } from '../../../src/main/sim/market/candles'
import { API_KEY, getJson } from '../sim-helpers'

/**
 * The simulator's history endpoints beyond the spec (real-service-notes.md, "Beyond the spec"):
 * the candles and the shares-multiplier history, at fixed market times: the Monday of LLY's
 * 4-for-1 split, a weekend with an off-hours token, Thanksgiving, a dividend step.
 */

/** Monday 2026-11-16 10:00 ET: LLY's split took effect at 04:00 ET. */
const SPLIT_MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
/** Sunday 2025-11-23 noon ET. */
const SUNDAY_NOON_ET = Date.UTC(2025, 10, 23, 17, 0)
/** Friday 2025-11-28 10:00 ET, the day after Thanksgiving. */
const DAY_AFTER_THANKSGIVING = Date.UTC(2025, 10, 28, 15, 0)

async function at<T>(ms: number, run: (sim: SimServer) => Promise<T>, specOnly = false): Promise<T> {
  const sim = await startSimServer({ apiKey: API_KEY, clock: () => ms, specOnly })
  try {
    return await run(sim)
  } finally {
    await sim.close()
  }
}

async function json<T>(sim: SimServer, path: string): Promise<{ status: number; body: T }> {
  const response = await getJson(sim, path)
  return { status: response.status, body: (await response.json()) as T }
}

const hasNumbers = (c: { open: string; high: string; low: string; close: string }) =>
  new Dec(c.low).lte(c.open) &&
  new Dec(c.low).lte(c.close) &&
  new Dec(c.high).gte(c.open) &&
  new Dec(c.high).gte(c.close)

describe('requests the service refuses', () => {
  let sim: SimServer
  beforeAll(async () => {
    sim = await startSimServer({ apiKey: API_KEY, clock: () => SPLIT_MONDAY_10_00_ET })
  })
  afterAll(() => sim.close())

  it.each([
    ['interval=2min&range=1day', 'INVALID_INTERVAL'],
    ['range=1day', 'INVALID_INTERVAL'],
    ['interval=1min&range=2year', 'INVALID_RANGE'],
    ['interval=1min&range=1year', 'INVALID_INTERVAL_RANGE_PAIR'],
    ['interval=1day&range=1day', 'INVALID_INTERVAL_RANGE_PAIR'],
  ])('candles?%s: 400 %s', async (query, code) => {
    const { status, body } = await json<{ code: string }>(sim, `/v1/assets/AAPLon/prices/ohlc?${query}`)
    expect(status).toBe(400)
    expect(body.code).toBe(code)
  })

  it(
    'a bad range for the multiplier history: 400 INVALID_RANGE; an ' + 'unknown symbol: 404 ASSET_NOT_FOUND',
    async () => {
      expect(
        (await json<{ code: string }>(sim, '/v1/assets/AAPLon/shares-multiplier?range=week')).body.code,
      ).toBe('INVALID_RANGE')
      const missing = await json<{ code: string }>(sim, '/v1/assets/ZZZZon/shares-multiplier?range=all')
      expect([missing.status, missing.body.code]).toEqual([404, 'ASSET_NOT_FOUND'])
    },
  )

  it(
    'the pairs the two documents disagree on: accepted as described, ' + 'refused in the catalogue reading',
    async () => {
      expect((await getJson(sim, '/v1/assets/AAPLon/prices/ohlc?interval=1day&range=3month')).status).toBe(
        200,
      )
      sim.setReadings({ candlePairs: 'catalogue' })
      const refused = await json<{ code: string }>(
        sim,
        '/v1/assets/AAPLon/prices/ohlc?interval=1day&range=3month',
      )
      expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_INTERVAL_RANGE_PAIR'])
      expect((await getJson(sim, '/v1/assets/AAPLon/prices/ohlc?interval=4hour&range=3month')).status).toBe(
        200,
      )
      sim.setReadings({ candlePairs: 'described' })
    },
  )

  it('a spec-only service: both endpoints a bare 404', async () => {
    sim.setSpecOnly(true)
    expect((await getJson(sim, '/v1/assets/AAPLon/prices/ohlc?interval=1day&range=all')).status).toBe(404)
    expect((await getJson(sim, '/v1/assets/AAPLon/shares-multiplier?range=all')).status).toBe(404)
    sim.setSpecOnly(false)
  })
})

describe("candles from the market's own walk", () => {
  it(
    'the last candle closes at the price the prices endpoint serves, ' +
      'token and stock, after a 4-for-1 split',
    () =>
      at(SPLIT_MONDAY_10_00_ET, async (sim) => {
        const { body } = await json<CandlesBody>(sim, '/v1/assets/LLYon/prices/ohlc?interval=5min&range=1day')
        const price = (
          await json<{ primaryMarket: { price: string }; underlyingMarket: { price: string } }>(
            sim,
            '/v1/assets/LLYon/prices/latest',
          )
        ).body
        expect(body).toMatchObject({ interval: '5min', range: '1day', underlyingMarket: { ticker: 'LLY' } })
        expect(body.primaryMarket.data.at(-1)?.close).toBe(price.primaryMarket.price)
        expect(body.underlyingMarket.data.at(-1)?.close).toBe(price.underlyingMarket.price)
        expect(body.primaryMarket.data.every(hasNumbers)).toBe(true)
      }),
  )

  it(
    'daily candles back to the listing, at 00:00 UTC, in time order; ' +
      'the split divides the stock, not the premium',
    () =>
      at(SPLIT_MONDAY_10_00_ET, async (sim) => {
        const { body } = await json<CandlesBody>(sim, '/v1/assets/LLYon/prices/ohlc?interval=1day&range=all')
        const history = (
          await json<MultiplierHistoryBody>(sim, '/v1/assets/LLYon/shares-multiplier?range=all')
        ).body.history
        const token = body.primaryMarket.data
        const stock = new Map(body.underlyingMarket.data.map((c) => [c.timestamp, c]))
        expect(token[0]?.timestamp).toBe(sim.market.listedAt('LLYon'))
        expect(token.every((c) => c.timestamp % 86_400_000 === 0)).toBe(true)
        expect(token.map((c) => c.timestamp)).toEqual(
          [...token.map((c) => c.timestamp)].sort((a, b) => a - b),
        )
        const multiplierAt = (t: number) =>
          history
            .filter((h) => h.changeTimestamp <= t)
            .sort((a, b) => b.changeTimestamp - a.changeTimestamp)[0]?.sharesMultiplier
        // Before the split and after it, the premium from closes stays inside the walk's +-0.4 %.
        for (const candle of [token.at(-2), token.at(-1)]) {
          const close = stock.get(candle?.timestamp as number)
          const end = Math.min((candle?.timestamp as number) + 86_400_000 - 1, SPLIT_MONDAY_10_00_ET)
          const premium = new Dec(candle?.close as string)
            .div(new Dec(close?.close as string).times(multiplierAt(end) as string))
            .minus(1)
          expect(premium.abs().toNumber()).toBeLessThan(0.0045)
        }
        expect(
          new Dec(stock.get(token.at(-2)?.timestamp as number)?.close as string)
            .div(stock.get(token.at(-1)?.timestamp as number)?.close as string)
            .toNumber(),
        ).toBeGreaterThan(3)
      }),
  )

  it('a weekend: the off-hours token has Saturday candles, its stock and a stock-hours token none', () =>
    at(SUNDAY_NOON_ET, async (sim) => {
      // Saturday 01:00 ET to now: the conventional sessions are closed throughout.
      const saturday = (t: number) => t >= Date.UTC(2025, 10, 22, 6) && t < SUNDAY_NOON_ET
      const nvda = (await json<CandlesBody>(sim, '/v1/assets/NVDAon/prices/ohlc?interval=1hour&range=1month'))
        .body
      const aapl = (await json<CandlesBody>(sim, '/v1/assets/AAPLon/prices/ohlc?interval=1hour&range=1month'))
        .body
      expect(nvda.primaryMarket.data.filter((c) => saturday(c.timestamp)).length).toBeGreaterThan(20)
      expect(nvda.underlyingMarket.data.filter((c) => saturday(c.timestamp))).toEqual([])
      expect(aapl.primaryMarket.data.filter((c) => saturday(c.timestamp))).toEqual([])
      expect(nvda.primaryMarket.data.length).toBeGreaterThan(nvda.underlyingMarket.data.length)
    }))

  it('Thanksgiving: no stock candle during the holiday, the off-hours token trades through it', () =>
    at(DAY_AFTER_THANKSGIVING, async (sim) => {
      const holiday = (t: number) => t >= Date.UTC(2025, 10, 27, 12) && t < Date.UTC(2025, 10, 27, 20)
      const nvda = (await json<CandlesBody>(sim, '/v1/assets/NVDAon/prices/ohlc?interval=1hour&range=1month'))
        .body
      expect(nvda.underlyingMarket.data.filter((c) => holiday(c.timestamp))).toEqual([])
      expect(nvda.primaryMarket.data.filter((c) => holiday(c.timestamp))).toHaveLength(8)
    }))
})

describe('the multiplier history', () => {
  it(
    'newest first; the split takes it 4x; dividends step it up by ' +
      'a fraction of a percent; the latest is the one the market sends',
    () =>
      at(SPLIT_MONDAY_10_00_ET, async (sim) => {
        const { body } = await json<MultiplierHistoryBody>(
          sim,
          '/v1/assets/LLYon/shares-multiplier?range=all',
        )
        const times = body.history.map((h) => h.changeTimestamp)
        expect(times).toEqual([...times].sort((a, b) => b - a))
        const [split, beforeSplit, ...older] = body.history
        expect(split?.changeTimestamp).toBe(LLY_SPLIT.at)
        expect(
          new Dec(split?.sharesMultiplier as string).div(beforeSplit?.sharesMultiplier as string).toNumber(),
        ).toBeCloseTo(4, 12)
        const record = (
          await json<{ primaryMarket: { sharesMultiplier: string } }>(sim, '/v1/assets/LLYon/market')
        ).body
        expect(record.primaryMarket.sharesMultiplier).toBe(split?.sharesMultiplier)
        expect(older.length).toBeGreaterThan(0)
        const dividendStep = new Dec(beforeSplit?.sharesMultiplier as string)
          .div(older[0]?.sharesMultiplier as string)
          .minus(1)
        expect(dividendStep.toNumber()).toBeGreaterThan(0)
        expect(dividendStep.toNumber()).toBeLessThan(0.01)
        const lastMonth = (
          await json<MultiplierHistoryBody>(sim, '/v1/assets/LLYon/shares-multiplier?range=1month')
        ).body
        expect(lastMonth.history.map((h) => h.changeTimestamp)).toEqual([LLY_SPLIT.at])
      }),
  )
})
