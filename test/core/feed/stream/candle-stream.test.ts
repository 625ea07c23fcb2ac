import { afterEach, describe, expect, it } from 'vitest'
import { LocalPollFeed } from '../../../../src/main/core/feed/local-poll-feed'
import { MAX_DAY_MINUTES } from '../../../../src/main/core/feed/stream/candle-stream'
import { readMinute } from '../../../../src/main/core/feed/stream/ohlc-minute'
import type { OhlcUpdateMessage } from '../../../../src/main/core/feed/stream/stream-proto'
import { type SimServer, startSimServer } from '../../../../src/main/sim/server/server'
import {
  applyDayCandles,
  type DayCandle,
  type DayCandles,
  type DayCandlesView,
  dayMinutes,
} from '../../../../src/shared/day-candles'
import { DEFAULT_SETTINGS } from '../../../../src/shared/settings'
import { manualClock } from '../../../support/manual-clock'
import { until } from '../../../support/polls'
import { API_KEY, MINUTE, SATURDAY_NOON_ET, TUESDAY_10_00_ET } from '../../../sim/sim-helpers'
import { uint64 } from '../../../support/uint64'

/**
 * The 1D chart's live minute streamed over StreamOHLC in the app's pipeline (LocalPollFeed, as the
 * poll worker runs it) from the simulator's gRPC service, market and feed on one manual clock: a
 * regular Tuesday morning, the stream dropping for minutes and coming back (REST fills what it
 * missed), a service without streams, and the symbol switched, closed and paused.
 */

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function chartFeed(start = TUESDAY_10_00_ET) {
  const time = manualClock(start)
  const sim: SimServer = await startSimServer({
    apiKey: API_KEY,
    assets: 12,
    clock: () => time.clock.now,
    grpcFrameMs: 20,
  })
  cleanups.push(() => sim.close())
  let held: DayCandles | null = null
  const views: DayCandlesView[] = []
  const feed = new LocalPollFeed(
    {
      onDelta: () => {},
      onStatusChange: () => {},
      onDayCandles: (view) => {
        views.push(view)
        held = applyDayCandles(held, view)
      },
    },
    { clock: time.scheduler, random: () => 0.5 },
  )
  cleanups.push(() => feed.stop())
  feed.setCadences(DEFAULT_SETTINGS.cadences)
  feed.connect({ baseUrl: sim.url, apiKey: API_KEY, demo: true, streamAddress: sim.grpcAddress as string })
  feed.setInterest({ watchlist: sim.market.symbols().slice(0, 3) })
  await feed.start()
  /** The REST 1-minute candles of `symbol` at this instant, as the chart keeps them. */
  const restMinutes = (symbol: string): DayCandle[] =>
    (sim.market.candles(symbol, '1min', '1day')?.primaryMarket.data ?? []).map((candle) => ({
      t: candle.timestamp,
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
    }))
  const chart = (): DayCandles => held as unknown as DayCandles
  /**
   * Waits for `probe`, the market moving on 50 ms a look (the chart's view is painted at most every
   * PAINT_GAP_MS of the feed's clock), the timers falling due meanwhile run.
   */
  const settle = (probe: () => boolean, what: string) =>
    until(() => {
      if (probe()) return true
      time.advanceTo(time.clock.now + 50)
      return false
    }, what)
  /**
   * Moves the market on by `ms` (at least PAINT_GAP_MS, so the view is painted as its frame lands)
   * and waits, the market standing, for the chart's live minute to be that instant's REST minute.
   */
  const step = async (symbol: string, ms: number) => {
    time.advanceTo(time.clock.now + ms)
    const wanted = restMinutes(symbol).at(-1)
    await until(
      () => {
        time.advanceTo(time.clock.now)
        const live = held?.live
        return live?.t === wanted?.t && live?.close === wanted?.close
      },
      `the live minute at ${new Date(time.clock.now).toISOString()}`,
    )
  }
  return { time, sim, feed, views, chart, restMinutes, settle, step }
}

/**
 * The chart's minutes before `upTo` against the REST minutes of the same span (from REST's first,
 * which slides on): the same minutes, string for string, so no hole and nothing rounded.
 */
function againstRest(shown: readonly DayCandle[], rest: readonly DayCandle[], upTo: number) {
  // REST's first minute is cut where its window begins (it slides on): compared from its second.
  const from = (rest[1] as DayCandle).t
  const span = (minutes: readonly DayCandle[]) =>
    minutes.filter((minute) => minute.t >= from && minute.t < upTo)
  return { shown: span(shown), rest: span(rest) }
}

describe('the 1D chart’s live minute, streamed', () => {
  it(
    'on a Tuesday morning draws the REST minutes, keeps the last one moving and appends ' +
      'each closed minute, string for string the REST candle of that minute',
    async () => {
      const { feed, chart, restMinutes, settle, step, time } = await chartFeed()
      feed.setInterest({ chartSymbol: 'AAPLon' })
      await settle(
        () => chart()?.state === 'streaming' && chart().filledAt !== null,
        'the stream live and the REST minutes in',
      )
      const closes = new Set<string>()
      // Three minutes and a half, second by second: the live minute moves, each closed one is appended.
      for (let second = 0; second < 210; second++) {
        await step('AAPLon', 1_000)
        closes.add(chart().live?.close ?? '')
      }
      expect(closes.size).toBeGreaterThan(1)
      const rest = restMinutes('AAPLon')
      const shown = dayMinutes(chart())
      // The REST day with the minutes streamed since, the live one included, exactly the REST minutes of
      // this instant (REST's window has slid on meanwhile; the chart keeps a day at most).
      const compared = againstRest(shown, rest, Number.POSITIVE_INFINITY)
      expect(compared.shown).toEqual(compared.rest)
      // 10:00 to 10:03, streamed.
      expect(
        shown.filter((minute) => minute.t >= TUESDAY_10_00_ET - (TUESDAY_10_00_ET % MINUTE)).length,
      ).toBe(4)
      expect(shown.length).toBeLessThanOrEqual(MAX_DAY_MINUTES)
      expect(chart().live?.t).toBe(time.clock.now - (time.clock.now % MINUTE))
      expect(chart().streamedAt).toBe(time.clock.now)
    },
  )

  it(
    'when the stream drops for minutes and comes back, the REST minutes fill the outage: ' +
      'no hole, and the chart says it was interrupted meanwhile',
    async () => {
      const { feed, sim, chart, settle, time, restMinutes } = await chartFeed()
      // The minute stream opened now ends after 5 frames (the price stream, already open, goes on).
      sim.grpc?.setFaults({ endAfterFrames: 5 })
      feed.setInterest({ chartSymbol: 'AAPLon' })
      await settle(() => chart()?.state === 'streaming', 'the stream live')
      for (let second = 0; chart().state !== 'retrying'; second++) {
        expect(second).toBeLessThan(60)
        const framesBefore = sim.grpc?.stats().frames ?? 0
        time.advanceTo(time.clock.now + 1_000)
        await settle(
          () => chart().state === 'retrying' || (sim.grpc?.stats().frames ?? 0) > framesBefore,
          'a frame or the end',
        )
      }
      // The host goes away: every call refused until it is back.
      sim.grpc?.setFaults({ refuse: true })
      const streamedBefore = chart().streamedAt
      // Four minutes of outage, the retries refused.
      for (let second = 0; second < 240; second += 5) time.advanceTo(time.clock.now + 5_000)
      await settle(() => chart().state === 'retrying', 'still interrupted')
      expect(chart().streamedAt).toBe(streamedBefore)
      sim.grpc?.setFaults({})
      // The next retry (capped backoff, at most 5 minutes) opens the stream and asks REST again.
      time.advanceTo(time.clock.now + 5 * MINUTE)
      const filled = () => {
        const live = chart().live?.t ?? Number.NaN
        const compared = againstRest(dayMinutes(chart()), restMinutes('AAPLon'), live)
        return JSON.stringify(compared.shown) === JSON.stringify(compared.rest)
      }
      await settle(() => chart().state === 'streaming' && filled(), 'streaming again, the outage filled')
      const shown = dayMinutes(chart())
      // The minutes of the outage are REST's, closed and exact.
      const outage = restMinutes('AAPLon').filter(
        (minute) => minute.t > (streamedBefore ?? 0) && minute.t < (chart().live?.t ?? Number.NaN),
      )
      expect(outage.length).toBeGreaterThanOrEqual(4)
      for (const minute of outage) expect(shown.find((candle) => candle.t === minute.t)).toEqual(minute)
    },
  )

  it('says the service streams no minute candles where it has no streams, and asks no more', async () => {
    const { feed, sim, chart, settle } = await chartFeed()
    sim.setSpecOnly(true)
    feed.setInterest({ chartSymbol: 'AAPLon' })
    await settle(() => chart()?.state === 'unavailable', 'unavailable said')
    expect(chart()).toMatchObject({
      reason: 'the service streams no minute candles',
      live: null,
      streamedAt: null,
    })
    const calls = sim.grpc?.stats().calls
    feed.setInterest({ chartSymbol: 'MSFTon' })
    await settle(() => chart()?.symbol === 'MSFTon', 'the other symbol')
    expect(chart().state).toBe('unavailable')
    expect(sim.grpc?.stats().calls).toBe(calls)
  })

  it('follows the chart: another symbol switches the stream, none closes it, a pause holds it', async () => {
    const { feed, sim, chart, settle, views } = await chartFeed()
    await settle(() => (sim.grpc?.stats().open ?? 0) >= 1, 'the price stream open')
    const pricesOnly = sim.grpc?.stats().open ?? 0
    feed.setInterest({ chartSymbol: 'AAPLon' })
    await settle(() => chart()?.state === 'streaming', 'AAPLon streaming')
    expect(sim.grpc?.stats().open).toBe(pricesOnly + 1)
    feed.setInterest({ chartSymbol: 'MSFTon' })
    await settle(
      () => chart()?.symbol === 'MSFTon' && chart().state === 'streaming' && dayMinutes(chart()).length > 1,
      'MSFTon streaming over its REST minutes',
    )
    await settle(() => sim.grpc?.stats().open === pricesOnly + 1, 'the AAPLon call cancelled')
    // Once switched, nothing more of AAPLon comes.
    const switchedAt = views.findLastIndex((view) => view.symbol === 'AAPLon')
    expect(views.slice(switchedAt + 1).every((view) => view.symbol === 'MSFTon')).toBe(true)
    feed.setActivity({ reason: 'user', paused: true })
    await settle(() => chart().state === 'paused' && sim.grpc?.stats().open === 0, 'every stream closed')
    expect(dayMinutes(chart()).length).toBeGreaterThan(1)
    feed.setActivity({ reason: 'user', paused: false })
    await settle(() => chart().state === 'streaming', 'MSFTon streaming again')
    feed.setInterest({ chartSymbol: null })
    await settle(() => sim.grpc?.stats().open === pricesOnly, 'the minute stream closed')
  })

  it('on a Saturday streams an off-hours token’s minute over REST’s calendar day', async () => {
    const { feed, sim, chart, settle, step, restMinutes } = await chartFeed(SATURDAY_NOON_ET)
    const offhours = sim.market
      .symbols()
      .find((symbol) => sim.market.marketRecord(symbol)?.primaryMarket.tradableSessions?.includes('offhours'))
    expect(offhours).toBeDefined()
    feed.setInterest({ chartSymbol: offhours as string })
    await settle(() => chart()?.state === 'streaming' && chart().filledAt !== null, 'streaming')
    await step(offhours as string, 61_000)
    const compared = againstRest(
      dayMinutes(chart()),
      restMinutes(offhours as string),
      Number.POSITIVE_INFINITY,
    )
    expect(compared.shown).toEqual(compared.rest)
    // A calendar day of minutes for a token that trades every hour.
    expect(compared.shown.length).toBeGreaterThan(1_400)
  })
})

describe('readMinute', () => {
  const NOW = TUESDAY_10_00_ET
  const update = (fields: Partial<OhlcUpdateMessage> = {}, side: Record<string, string> = {}) =>
    ({
      primary_market: {
        symbol: 'AAPLon',
        open: '230.10',
        high: '230.45',
        low: '230.02',
        close: '230.41',
        ...side,
      },
      underlying_market: null,
      is_closed: false,
      timestamp: uint64('1763478000000000000'),
      ...fields,
    }) as OhlcUpdateMessage

  it('reads the bucket start from uint64 nanoseconds exactly and keeps the prices as sent', () => {
    const forty = `230.${'1'.repeat(37)}`
    expect(readMinute(update({ is_closed: true }, { close: forty }), 'AAPLon', NOW)).toEqual({
      candle: { t: 1_763_478_000_000, open: '230.10', high: '230.45', low: '230.02', close: forty },
      closed: true,
    })
    // One nanosecond past the millisecond is still that millisecond, never a float's neighbour.
    expect(readMinute(update({ timestamp: uint64('1763478000000999999') }), 'AAPLon', NOW)?.candle.t).toBe(
      1_763_478_000_000,
    )
  })

  it('drops another symbol, a 41-digit or negative price, low above high, and impossible times', () => {
    for (const bad of [
      update({}, { symbol: 'MSFTon' }),
      update({}, { close: `230.${'1'.repeat(41)}` }),
      update({}, { low: '-1' }),
      update({}, { low: '230.50' }),
      update({ timestamp: uint64(0n) }),
      update({ timestamp: uint64(BigInt(Date.UTC(1999, 11, 31)) * 1_000_000n) }),
      update({ timestamp: uint64(BigInt(NOW + 60_001) * 1_000_000n) }),
      update({ primary_market: null }),
    ])
      expect(readMinute(bad, 'AAPLon', NOW)).toBeNull()
  })
})
