import { afterEach, describe, expect, it } from 'vitest'
import type { DepthView } from '../../../src/shared/depth'
import { DepthStream, PAINT_GAP_MS } from '../../../src/main/core/feed/stream/depth-stream'
import { DEFAULT_READINGS } from '../../../src/main/sim/market/service-bodies'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { manualClock } from '../../support/manual-clock'
import { until } from '../../support/polls'

/**
 * The open symbol's depth stream against the simulator's gRPC on 127.0.0.1. The stream's own clock
 * is a manual one, so its repaint gap passes only when the test says; every wait is for a view to
 * arrive, never for a time. The market sits on a regular Tuesday (and a Saturday for an off-hours token).
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const API_KEY = 'depth-stream-key'
const servers: SimServer[] = []
const streams: DepthStream[] = []
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  for (const server of servers.splice(0)) await server.close()
})

async function setUp(start = TUESDAY_10_00_ET) {
  let marketTime = start
  const server = await startSimServer({
    apiKey: API_KEY,
    assets: 40,
    clock: () => marketTime,
    grpcFrameMs: 20,
  })
  servers.push(server)
  const time = manualClock(1_000_000)
  const views: DepthView[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  const stream = new DepthStream({
    clock: time.scheduler,
    random: () => 0.5,
    onView: (view) => {
      views.push(view)
      for (const wait of waiting.filter((entry) => views.length >= entry.count)) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve()
      }
    },
  })
  streams.push(stream)
  const target = { address: server.grpcAddress as string, host: '127.0.0.1', tls: false }
  return {
    server,
    stream,
    views,
    time,
    target,
    advanceMarket: (ms: number) => (marketTime += ms),
    /** Resolves once `count` views have come. */
    viewCount: (count: number) =>
      views.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
  }
}

describe('the open symbol’s depth stream', () => {
  it(
    'streams the open symbol’s ladder as the market sends it, and ' + 'follows the panel to another symbol',
    async () => {
      const { server, stream, views, target, viewCount } = await setUp()
      stream.connect(target, API_KEY, '')
      stream.setSymbol('AAPLon')
      await viewCount(2)
      expect(views[0]).toMatchObject({ symbol: 'AAPLon', state: 'connecting', ladder: null })
      expect(views[1]).toMatchObject({
        symbol: 'AAPLon',
        state: 'streaming',
        reason: null,
        receivedAt: 1_000_000,
      })
      const sent = server.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!
      expect(views[1]!.ladder).toMatchObject({
        session: 'regular',
        bids: sent.bids,
        asks: sent.asks,
        timestampNs: sent.timestamp,
      })
      stream.setSymbol('MSFTon')
      await viewCount(4)
      expect(views.slice(2).map((view) => [view.symbol, view.state])).toEqual([
        ['MSFTon', 'connecting'],
        ['MSFTon', 'streaming'],
      ])
      expect(views[3]!.ladder?.symbol).toBe('MSFTon')
    },
  )

  it('pushes a burst of ladders as one, the newest, once the repaint gap has passed', async () => {
    const { server, stream, views, time, target, viewCount, advanceMarket } = await setUp()
    stream.connect(target, API_KEY, '')
    stream.setSymbol('AAPLon')
    await viewCount(2)
    const before = server.grpc!.stats().frames
    // Three new seconds of market, each its own ladder; the stream's clock has not moved.
    for (let second = 0; second < 3; second++) {
      advanceMarket(1_000)
      const sent = server.grpc!.stats().frames
      await new Promise<void>((resolve) => {
        const check = () => (server.grpc!.stats().frames > sent ? resolve() : setImmediate(check))
        check()
      })
    }
    expect(server.grpc!.stats().frames).toBeGreaterThanOrEqual(before + 3)
    // Nothing more is pushed while the stream's clock stands still, however many ladders came.
    expect(views).toHaveLength(2)
    // Each repaint gap pushes one view, the newest ladder come by then, until the last one shows.
    const last = server.market.softQuoteDepth('AAPLon', DEFAULT_READINGS)!.timestamp
    for (let gap = 1; views.at(-1)!.ladder?.timestampNs !== last; gap++) {
      expect(gap).toBeLessThanOrEqual(3)
      time.advanceTo(1_000_000 + gap * PAINT_GAP_MS)
      await viewCount(2 + gap)
      expect(views).toHaveLength(2 + gap)
      expect(BigInt(views.at(-1)!.ladder!.timestampNs)).toBeGreaterThan(
        BigInt(views.at(-2)!.ladder!.timestampNs),
      )
    }
  })

  it('a service that publishes no depth: said once, never asked again', async () => {
    const { server, stream, views, target, viewCount } = await setUp()
    server.setSpecOnly(true)
    stream.connect(target, API_KEY, '')
    stream.setSymbol('AAPLon')
    await viewCount(2)
    expect(views[1]).toMatchObject({
      state: 'unavailable',
      reason: 'this service publishes no depth',
      ladder: null,
    })
    const calls = server.grpc!.stats().calls
    stream.setSymbol('MSFTon')
    await viewCount(3)
    expect(views[2]).toMatchObject({ symbol: 'MSFTon', state: 'unavailable' })
    expect(server.grpc!.stats().calls).toBe(calls)
  })

  it('a refused stream is retried after a backoff, the reason in our words', async () => {
    const { server, stream, views, time, target, viewCount } = await setUp()
    server.grpc!.setFaults({ refuse: true })
    stream.connect(target, API_KEY, '')
    stream.setSymbol('AAPLon')
    await viewCount(2)
    expect(views[1]).toMatchObject({ state: 'retrying', reason: 'cannot reach 127.0.0.1' })
    server.grpc!.setFaults({})
    time.advanceTo(1_000_000 + 5 * 60_000)
    await viewCount(4)
    expect(views.slice(2).map((view) => view.state)).toEqual(['connecting', 'streaming'])
  })

  it('hidden, no depth is streamed; shown again, the same symbol streams again; closed, none', async () => {
    const { server, stream, views, target, viewCount } = await setUp()
    stream.connect(target, API_KEY, '')
    stream.setSymbol('AAPLon')
    await viewCount(2)
    const calls = server.grpc!.stats().calls
    stream.setHidden(true)
    stream.setSymbol('MSFTon')
    expect(views).toHaveLength(2)
    expect(server.grpc!.stats().calls).toBe(calls)
    stream.setHidden(false)
    await viewCount(4)
    expect(views.slice(2).map((view) => [view.symbol, view.state])).toEqual([
      ['MSFTon', 'connecting'],
      ['MSFTon', 'streaming'],
    ])
    expect(server.grpc!.stats().calls).toBe(calls + 1)
    // The panel closed: the call closes, and no other is asked for.
    stream.setSymbol(null)
    await until(() => server.grpc!.stats().open === 0, 'the call closed at the simulator')
    expect(server.grpc!.stats().calls).toBe(calls + 1)
  })

  it('a stream that ends keeps its last ladder, dated, through the retry and the reconnection', async () => {
    const { server, stream, views, time, target, viewCount } = await setUp()
    server.grpc!.setFaults({ endAfterFrames: 1 })
    stream.connect(target, API_KEY, '')
    stream.setSymbol('AAPLon')
    await viewCount(3)
    const [, streamed, retrying] = views
    expect(retrying).toMatchObject({
      state: 'retrying',
      reason: 'the stream ended',
      ladder: streamed!.ladder,
      receivedAt: 1_000_000,
    })
    time.advanceTo(1_000_000 + 5 * 60_000)
    await viewCount(4)
    expect(views[3]).toMatchObject({ state: 'connecting', ladder: streamed!.ladder, receivedAt: 1_000_000 })
  })

  it('no streaming address: the panel is told why, nothing is asked', async () => {
    const { server, stream, views } = await setUp()
    stream.connect(null, API_KEY, 'turned off in Settings')
    stream.setSymbol('AAPLon')
    expect(views).toEqual([
      { symbol: 'AAPLon', state: 'off', reason: 'turned off in Settings', ladder: null, receivedAt: null },
    ])
    expect(server.grpc!.stats().calls).toBe(0)
  })
})
