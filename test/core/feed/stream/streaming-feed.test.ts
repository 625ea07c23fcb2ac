import { afterEach, describe, expect, it } from 'vitest'
import { LocalPollFeed } from '../../../../src/main/core/feed/local-poll-feed'
import { FIRST_FRAME_WITHIN_MS, RESUBSCRIBE_GAP_MS } from '../../../../src/main/core/feed/stream/price-stream'
import type { PriceUpdateMessage } from '../../../../src/main/core/feed/stream/stream-proto'
import { type SimServer, startSimServer } from '../../../../src/main/sim/server/server'
import type { StreamFaultPlan } from '../../../../src/main/sim/server/stream-faults'
import type { RecordingFactory } from '../../../../src/main/core/recording-port'
import type { AssetQuote, Delta } from '../../../../src/shared/domain'
import { DEFAULT_SETTINGS } from '../../../../src/shared/settings'
import { manualClock } from '../../../support/manual-clock'
import { until } from '../../../support/polls'
import { API_KEY, SATURDAY_NOON_ET, TUESDAY_10_00_ET } from '../../../sim/sim-helpers'

/**
 * The app's pipeline (LocalPollFeed, as the poll worker runs it) streaming prices from the
 * simulator's gRPC service, REST polling beside it; the market and the feed on one manual clock,
 * so every case sits at a fixed market instant: live, refused, dropped and back, silent, out of
 * order, a key the stream refuses while REST takes it, a weekend with an off-hours token.
 */

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const PRICES_MS = DEFAULT_SETTINGS.cadences.pricesMs

async function streamingFeed(
  options: {
    start?: number
    symbols?: string[]
    count?: number
    streamFaults?: StreamFaultPlan
    onPriceFrame?: (updates: readonly PriceUpdateMessage<string>[]) => void
    recording?: RecordingFactory
  } = {},
) {
  const time = manualClock(options.start ?? TUESDAY_10_00_ET)
  const sim: SimServer = await startSimServer({
    apiKey: API_KEY,
    assets: 40,
    clock: () => time.clock.now,
    grpcFrameMs: 20,
    streamFaults: options.streamFaults,
    onPriceFrame: options.onPriceFrame,
  })
  cleanups.push(() => sim.close())
  const feed = new LocalPollFeed(
    { onDelta: () => {}, onStatusChange: () => {} },
    { clock: time.scheduler, random: () => 0.5, recording: options.recording },
  )
  cleanups.push(() => feed.stop())
  const symbols = options.symbols ?? sim.market.symbols().slice(0, options.count ?? 3)
  feed.setCadences(DEFAULT_SETTINGS.cadences)
  feed.connect({ baseUrl: sim.url, apiKey: API_KEY, demo: true, streamAddress: sim.grpcAddress as string })
  feed.setInterest({ watchlist: symbols })
  await feed.start()
  time.advanceTo(time.clock.now)
  const asset = (symbol: string): AssetQuote =>
    feed.snapshot().assets.find((row) => row.symbol === symbol) as AssetQuote
  const priceRequests = () => sim.stats().byEndpoint.price + sim.stats().byEndpoint.allPrices
  const state = () => feed.status().plan.stream?.state
  /**
   * Moves market and feed on by `ms` (timers due run) and waits for every row to show that instant's REST
   * price.
   */
  const step = async (ms: number) => {
    time.advanceTo(time.clock.now + ms)
    await until(
      () =>
        symbols.every(
          (symbol) => asset(symbol).price === sim.market.priceRecord(symbol)?.primaryMarket.price,
        ),
      'the rows at the new instant',
    )
  }
  /**
   * Waits for `probe`, running the feed's timers as they fall due at this instant (a poll lands, the next is
   * set).
   */
  const settle = (probe: () => boolean, what: string) =>
    until(() => {
      time.advanceTo(time.clock.now)
      return probe()
    }, what)
  await settle(() => feed.status().endpoints.prices.lastSuccessAt !== null, 'the first prices poll')
  return { time, sim, feed, symbols, asset, priceRequests, state, step, settle }
}

describe('prices streamed over gRPC, REST polling as the fallback', () => {
  it(
    'streams live: the REST price of each instant, fresh, and no ' +
      'per-symbol price polls while the stream is healthy',
    async () => {
      const { feed, symbols, asset, priceRequests, state, step, sim } = await streamingFeed()
      await until(() => state() === 'streaming', 'the stream live')
      const polledBefore = priceRequests()
      for (let second = 0; second < 30; second++) await step(1_000)
      expect(priceRequests()).toBe(polledBefore)
      for (const symbol of symbols) {
        expect(asset(symbol).stale).toBe(false)
        expect(asset(symbol).priceTimestamp).toBe(sim.market.priceRecord(symbol)?.timestamp)
      }
      expect(feed.status().plan.stream).toMatchObject({ state: 'streaming' })
    },
  )

  it('keeps REST within 6 requests a minute for prices and market data at 20 streamed symbols', async () => {
    const { sim, feed, state, step, settle, symbols } = await streamingFeed({ count: 20 })
    expect(symbols).toHaveLength(20)
    const landed = () =>
      (['prices', 'market', 'limits'] as const).every((name) => !feed.status().endpoints[name].inFlight)
    await settle(
      () => state() === 'streaming' && feed.status().endpoints.market.lastSuccessAt !== null && landed(),
      'the stream live, the first polls landed',
    )
    const before = sim.stats().byEndpoint
    // One virtual minute, second by second, every poll due in it landed.
    for (let second = 0; second < 60; second++) await step(1_000)
    await settle(landed, 'the polls of the minute landed')
    expect(state()).toBe('streaming')
    const after = sim.stats().byEndpoint
    const made = (endpoint: keyof typeof after) => after[endpoint] - before[endpoint]
    expect(made('price') + made('allPrices') + made('market') + made('allMarket')).toBeLessThanOrEqual(6)
    // The price polls stopped; market data still came at its cache lifetime.
    expect(made('price') + made('allPrices')).toBe(0)
    expect(made('market') + made('allMarket')).toBeGreaterThan(0)
    // Limits stay on REST too, within the same budget of their own.
    expect(made('limits')).toBeGreaterThan(0)
    expect(made('limits')).toBeLessThanOrEqual(6)
  })

  it(
    'falls back to polling and says why when the service has no streams, ' + 'and tries again later',
    async () => {
      const { sim, feed, time, priceRequests, state, settle } = await streamingFeed()
      await until(() => state() === 'streaming', 'the stream live')
      sim.setSpecOnly(true)
      // The service changed under the app: reconnected, as a new base URL or key would be.
      feed.connect({
        baseUrl: sim.url,
        apiKey: API_KEY,
        demo: true,
        streamAddress: sim.grpcAddress as string,
      })
      await settle(() => state() === 'polling' && !feed.status().endpoints.prices.inFlight, 'polling')
      const status = feed.status().plan.stream
      expect(status).toMatchObject({ state: 'polling', reason: 'the service has no streams' })
      const before = priceRequests()
      time.advanceTo(time.clock.now + PRICES_MS)
      await settle(() => priceRequests() > before, 'a prices poll')
      expect(
        status?.state === 'polling' &&
          status.retryAt !== null &&
          status.retryAt <= time.clock.now + 5 * 60_000,
      ).toBe(true)
    },
  )

  it(
    'hands the symbols back to polling at once when the stream ends, ' +
      'and streams again after the backoff',
    async () => {
      const { sim, time, feed, priceRequests, state, step, settle } = await streamingFeed({
        streamFaults: { endAfterFrames: 3 },
      })
      await until(() => state() === 'streaming', 'the stream live')
      const before = priceRequests()
      await step(1_000)
      time.advanceTo(time.clock.now + 1_000)
      await until(() => state() === 'polling', 'the stream ended')
      expect(feed.status().plan.stream).toMatchObject({ reason: 'the stream ended' })
      // At once: the poll is due now, not a cadence later.
      await settle(() => priceRequests() > before, 'the symbols polled again')
      sim.setFaults({})
      sim.grpc?.setFaults({})
      const status = feed.status().plan.stream
      time.advanceTo(status?.state === 'polling' && status.retryAt !== null ? status.retryAt : Number.NaN)
      await until(() => state() === 'streaming', 'streaming again')
      await step(1_000)
    },
  )

  it('hands the recording every price across an outage: no hole longer than the poll cadence', async () => {
    // Each price time the feed hands the recording, by symbol (history's recording keeps them).
    const recorded = new Map<string, number[]>()
    const record = (delta: Delta) => {
      for (const { symbol, fields } of [
        ...delta.changed,
        ...delta.added.map((quote) => ({ symbol: quote.symbol, fields: quote })),
      ])
        if (typeof fields.priceTimestamp === 'number')
          recorded.set(symbol, [...(recorded.get(symbol) ?? []), fields.priceTimestamp])
    }
    const { time, symbols, state, step, settle, sim, feed, asset } = await streamingFeed({
      streamFaults: { endAfterFrames: 5 },
      recording: () => ({
        start: () => {},
        recordDelta: record,
        stop: () => {},
        notice: () => null,
        read: () => ({ rows: [], since: null }),
      }),
    })
    const grpc = sim.grpc as NonNullable<typeof sim.grpc>
    await until(() => state() === 'streaming', 'the stream live')
    const shown = () =>
      symbols.every((symbol) => asset(symbol).price === sim.market.priceRecord(symbol)?.primaryMarket.price)
    // Second by second until the stream ends (its hand-back poll runs as `settle` moves the clock).
    while (state() === 'streaming') {
      time.advanceTo(time.clock.now + 1_000)
      await settle(() => shown() || state() !== 'streaming', 'the second streamed, or the stream ended')
    }
    // The stream ended; the service refuses it for three poll cadences, then takes it again.
    grpc.setFaults({ refuse: true })
    const endedAt = time.clock.now
    const second = async () => {
      time.advanceTo(time.clock.now + 1_000)
      await settle(() => !feed.status().endpoints.prices.inFlight, 'the polls of this second')
    }
    while (time.clock.now < endedAt + 3 * PRICES_MS) await second()
    grpc.setFaults({})
    while (state() !== 'streaming') await second()
    const backAt = time.clock.now
    for (let count = 0; count < 5; count++) await step(1_000)
    for (const symbol of symbols) {
      const times = recorded.get(symbol) ?? []
      const gaps = times.slice(1).map((t, i) => t - (times[i] as number))
      expect(Math.max(...gaps)).toBeLessThanOrEqual(PRICES_MS)
      // Polled inside the outage, streamed each second after it.
      expect(times.filter((t) => t > endedAt && t < backAt).length).toBeGreaterThanOrEqual(3)
      expect(times.slice(-5)).toEqual([4, 3, 2, 1, 0].map((back) => time.clock.now - back * 1_000))
    }
  })

  it('marks a row stale, not fresh, when the stream ends and the polls fail too', async () => {
    const { sim, time, symbols, asset, state } = await streamingFeed({ streamFaults: { endAfterFrames: 1 } })
    sim.setFaults({ prices: { serverError: 1 } })
    await until(() => state() === 'polling', 'the stream ended')
    expect(asset(symbols[0] as string).stale).toBe(false)
    time.advanceTo(time.clock.now + 2 * PRICES_MS + 1)
    await until(() => asset(symbols[0] as string).stale, 'the row stale')
  })

  it('hands a silent stream’s symbols back to polling after twice the usual gap between frames', async () => {
    const { sim, time, priceRequests, state, step, feed, settle } = await streamingFeed()
    await until(() => state() === 'streaming', 'the stream live')
    for (let second = 0; second < 3; second++) await step(1_000)
    sim.grpc?.setFaults({ silent: true })
    const before = priceRequests()
    time.advanceTo(time.clock.now + 1_999)
    expect(state()).toBe('streaming')
    time.advanceTo(time.clock.now + 1)
    expect(feed.status().plan.stream).toMatchObject({ state: 'polling', reason: 'the stream fell silent' })
    await settle(() => priceRequests() > before, 'the symbols polled again')
  })

  it('hands back only prices when the stream falls silent; market data keeps its cadence', async () => {
    const { sim, time, priceRequests, state, step, settle, feed } = await streamingFeed()
    await until(() => state() === 'streaming', 'the stream live')
    for (let second = 0; second < 3; second++) await step(1_000)
    const byEndpoint = () => sim.stats().byEndpoint
    const marketAndLimits = () => byEndpoint().market + byEndpoint().allMarket + byEndpoint().limits
    await settle(
      () =>
        (['prices', 'market', 'limits'] as const).every((name) => !feed.status().endpoints[name].inFlight),
      'the first polls landed',
    )
    const before = { prices: priceRequests(), marketAndLimits: marketAndLimits() }
    sim.grpc?.setFaults({ silent: true })
    time.advanceTo(time.clock.now + 2_000)
    expect(state()).toBe('polling')
    await settle(
      () => priceRequests() > before.prices && !feed.status().endpoints.prices.inFlight,
      'prices polled',
    )
    // Nothing else falls due here: market data and limits were asked 5 s ago, their cadence is 60 s.
    for (let tick = 0; tick < 5; tick++) time.advanceTo(time.clock.now)
    expect(marketAndLimits()).toBe(before.marketAndLimits)
  })

  it(
    'waits for the first frame no longer than its limit when a stream ' + 'is silent from the start',
    async () => {
      const { time, state, feed } = await streamingFeed({ streamFaults: { silent: true } })
      expect(state()).toBe('connecting')
      time.advanceTo(time.clock.now + FIRST_FRAME_WITHIN_MS)
      expect(feed.status().plan.stream).toMatchObject({ state: 'polling', reason: 'the stream fell silent' })
    },
  )

  it('resubscribes at most once a second, opening the new stream before the old ends', async () => {
    // The number of streams open as the simulator writes the first frame naming the newest symbol.
    let openAtNewestFirstFrame: number | null = null
    let newest = ''
    // Set once the first stream is live: its own first frames are not the ones watched.
    const watched = { onPriceFrame: (_updates: readonly PriceUpdateMessage<string>[]) => {} }
    const { sim, feed, symbols, time, state, settle } = await streamingFeed({
      count: 3,
      onPriceFrame: (updates) => watched.onPriceFrame(updates),
    })
    await until(() => state() === 'streaming', 'the stream live')
    const grpc = sim.grpc as NonNullable<typeof sim.grpc>
    watched.onPriceFrame = (updates) => {
      if (openAtNewestFirstFrame === null && updates.some((update) => update.symbol === newest))
        openAtNewestFirstFrame = grpc.stats().open
    }
    const more = sim.market.symbols().slice(3, 6)
    const callsBefore = grpc.stats().calls
    // Three changes inside the second after the stream opened: none opens a stream yet.
    for (let count = 1; count <= more.length; count++) {
      newest = more[count - 1] as string
      feed.setInterest({ watchlist: [...symbols, ...more.slice(0, count)] })
    }
    time.advanceTo(time.clock.now + RESUBSCRIBE_GAP_MS / 2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(grpc.stats().calls).toBe(callsBefore)
    // A second after the last stream opened, one stream for the whole list.
    time.advanceTo(time.clock.now + RESUBSCRIBE_GAP_MS / 2)
    await settle(() => openAtNewestFirstFrame !== null, 'the new stream’s first frame')
    expect(grpc.stats().calls).toBe(callsBefore + 1)
    // The old stream was still open when the new one wrote its first frame, and closed after.
    expect(openAtNewestFirstFrame).toBe(2)
    await settle(() => grpc.stats().open === 1, 'the old stream closed')
    await settle(
      () =>
        [...symbols, ...more].every((symbol) =>
          feed
            .snapshot()
            .assets.some((row) => row.symbol === symbol && row.stale === false && row.price !== null),
        ),
      'all six shown fresh',
    )
    expect(state()).toBe('streaming')
  })

  it('drops and counts older and duplicate updates; the newest price stays shown', async () => {
    const { feed, state, step } = await streamingFeed({ streamFaults: { outOfOrder: true } })
    await until(() => state() === 'streaming', 'the stream live')
    await step(1_000)
    await step(1_000)
    await until(() => (feed.status().plan.streamDrops?.outOfOrder ?? 0) >= 6, 'the repeats dropped')
  })

  it('drops and counts malformed records and keeps the stream', async () => {
    const { feed, state, step } = await streamingFeed({ streamFaults: { malformed: true } })
    await until(() => state() === 'streaming', 'the stream live')
    await step(1_000)
    await until(() => (feed.status().plan.streamDrops?.malformed ?? 0) >= 6, 'the broken records dropped')
    expect(state()).toBe('streaming')
  })

  it('backs off RESOURCE_EXHAUSTED as a 429 (30 s first), the retries capped at 5 minutes', async () => {
    const { time, state, feed, priceRequests, settle } = await streamingFeed({
      streamFaults: { resourceExhausted: true },
    })
    await until(() => state() === 'polling', 'the stream refused')
    const before = priceRequests()
    // With the harness's jitter (0.5), each retry waits half its ceiling: a rate limit's 30 s first.
    const delays: number[] = []
    for (let failure = 0; failure < 6; failure++) {
      const status = feed.status().plan.stream
      if (status?.state !== 'polling' || status.retryAt === null) throw new Error('no retry planned')
      expect(status.reason).toBe('the service asked to wait')
      delays.push(status.retryAt - time.clock.now)
      time.advanceTo(status.retryAt)
      await settle(() => {
        const next = feed.status().plan.stream
        return next?.state === 'polling' && next.retryAt !== null && next.retryAt > time.clock.now
      }, 'the retry refused again')
    }
    expect(delays).toEqual([15_000, 30_000, 60_000, 120_000, 150_000, 150_000])
    expect(priceRequests()).toBeGreaterThan(before)
  })

  it('says only streaming is unavailable when the stream refuses the key REST accepts', async () => {
    const { feed, state, time, priceRequests, settle } = await streamingFeed({
      streamFaults: { unauthenticated: true },
    })
    await until(() => state() === 'polling', 'the refusal')
    expect(feed.status().plan.stream).toMatchObject({ reason: 'this key may not stream' })
    const before = priceRequests()
    time.advanceTo(time.clock.now + PRICES_MS)
    await settle(() => priceRequests() > before, 'a prices poll')
    expect(feed.status().endpoints.prices.lastError).toBeNull()
    expect(feed.status().endpoints.prices.lastSuccessAt).not.toBeNull()
  })

  it(
    'pausing closes the price and depth streams and says paused; the prices stand still until ' +
      'resuming reopens them',
    async () => {
      const { sim, feed, time, symbols, asset, state, step } = await streamingFeed()
      await until(() => state() === 'streaming', 'the stream live')
      // The detail panel open on the first symbol: its depth ladder streams beside the prices.
      feed.setInterest({ depthSymbol: symbols[0] as string })
      // Two symbols held: their ladders stream on one more call, valued at their bids in main.
      feed.setInterest({ heldDepthSymbols: symbols.slice(0, 2) })
      await until(() => sim.grpc?.stats().open === 3, 'the price, depth and held depth streams open')
      await step(1_000)
      const polled = feed.status().endpoints.prices.lastSuccessAt
      feed.setActivity({ reason: 'user', paused: true })
      expect(feed.status().plan.stream).toMatchObject({ state: 'paused', since: time.clock.now })
      // The streamed symbols handed back are not polled either: a pause asks the service nothing.
      expect(feed.status().endpoints.prices.inFlight).toBe(false)
      // Closed at the simulator's end too: no frame can come while paused.
      await until(() => sim.grpc?.stats().open === 0, 'the stream closed at the simulator')
      const shown = symbols.map((symbol) => asset(symbol).price)
      for (let second = 0; second < 10; second++) time.advanceTo(time.clock.now + 1_000)
      expect(symbols.map((symbol) => sim.market.priceRecord(symbol)?.primaryMarket.price)).not.toEqual(shown)
      expect(symbols.map((symbol) => asset(symbol).price)).toEqual(shown)
      expect(state()).toBe('paused')
      expect(feed.status().endpoints.prices.lastSuccessAt).toBe(polled)
      feed.setActivity({ reason: 'user', paused: false })
      await until(() => state() === 'streaming', 'streaming again after resuming')
      await until(() => sim.grpc?.stats().open === 3, 'the price and both depth streams open again')
      await step(1_000)
    },
  )

  it('a watchlist emptied closes the stream (empty asks for every asset); refilled, it opens', async () => {
    const { sim, feed, time, symbols, state, settle } = await streamingFeed()
    await until(() => state() === 'streaming' && sim.grpc?.stats().open === 1, 'the stream live')
    time.advanceTo(time.clock.now + RESUBSCRIBE_GAP_MS)
    feed.setInterest({ watchlist: [] })
    await settle(() => sim.grpc?.stats().open === 0, 'the stream closed at the simulator')
    // Nothing to stream is no failure: nothing is handed to polling, nothing said wrong.
    expect(feed.status().plan.stream).toMatchObject({ state: 'streaming' })
    expect(feed.status().plan.symbols).toEqual([])
    const calls = sim.grpc?.stats().calls ?? 0
    time.advanceTo(time.clock.now + RESUBSCRIBE_GAP_MS)
    feed.setInterest({ watchlist: symbols })
    await settle(() => sim.grpc?.stats().open === 1, 'a stream again')
    expect(sim.grpc?.stats().calls).toBe(calls + 1)
  })

  it('a pause and a resume before the feed starts open no stream: streaming begins with start', async () => {
    const time = manualClock(TUESDAY_10_00_ET)
    const sim = await startSimServer({
      apiKey: API_KEY,
      assets: 40,
      clock: () => time.clock.now,
      grpcFrameMs: 20,
    })
    cleanups.push(() => sim.close())
    const feed = new LocalPollFeed(
      { onDelta: () => {}, onStatusChange: () => {} },
      { clock: time.scheduler, random: () => 0.5 },
    )
    cleanups.push(() => feed.stop())
    feed.setCadences(DEFAULT_SETTINGS.cadences)
    feed.connect({ baseUrl: sim.url, apiKey: API_KEY, demo: true, streamAddress: sim.grpcAddress as string })
    feed.setInterest({ watchlist: sim.market.symbols().slice(0, 3) })
    feed.setActivity({ reason: 'user', paused: true })
    feed.setActivity({ reason: 'user', paused: false })
    expect(feed.status().plan.stream).toMatchObject({ state: 'polling', reason: 'not connected' })
    expect(sim.grpc?.stats().calls).toBe(0)
    await feed.start()
    expect(feed.status().plan.stream?.state).toBe('connecting')
    await until(() => sim.grpc?.stats().calls === 1, 'the price stream asked for at start')
  })

  it('on a weekend streams an off-hours token moving and a closed one standing, both fresh', async () => {
    const probe = await startSimServer({
      apiKey: API_KEY,
      assets: 40,
      clock: () => SATURDAY_NOON_ET,
      grpc: false,
    })
    const symbols = probe.market.symbols()
    const offhours = symbols.find((s) =>
      probe.market.marketRecord(s)?.primaryMarket.tradableSessions?.includes('offhours'),
    ) as string
    const closed = symbols.find(
      (s) => !probe.market.marketRecord(s)?.primaryMarket.tradableSessions?.includes('offhours'),
    ) as string
    await probe.close()
    const { asset, state, step } = await streamingFeed({
      start: SATURDAY_NOON_ET,
      symbols: [offhours, closed],
    })
    await until(() => state() === 'streaming', 'the stream live')
    const first = { offhours: asset(offhours).price, closed: asset(closed).price }
    for (let second = 0; second < 30; second++) await step(1_000)
    expect(asset(closed).price).toBe(first.closed)
    expect(asset(offhours).price).not.toBe(first.offhours)
    expect(asset(offhours).stale).toBe(false)
    expect(asset(closed).stale).toBe(false)
  })
})
