import * as grpc from '@grpc/grpc-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocalPollFeed } from '../../../../src/main/core/feed/local-poll-feed'
import { FRAME_MS, FrameCoalescer } from '../../../../src/main/core/feed/stream/frame-coalescer'
import {
  type PriceUpdateMessage,
  type SymbolsRequest,
  type UpdatesFrame,
  backendService,
} from '../../../../src/main/core/feed/stream/stream-proto'
import { StreamedPrices } from '../../../../src/main/core/feed/stream/streamed-prices'
import { startSimServer } from '../../../../src/main/sim/server/server'
import type { Delta } from '../../../../src/shared/domain'
import { DEFAULT_SETTINGS } from '../../../../src/shared/settings'
import { manualClock } from '../../../support/manual-clock'
import { until } from '../../../support/polls'
import { API_KEY, TUESDAY_10_00_ET } from '../../../sim/sim-helpers'

/**
 * The price stream's bad input and load through the app's pipeline (LocalPollFeed, as the poll
 * worker runs it), from a gRPC service the test scripts frame by frame on a fixed Tuesday morning:
 * 10,000 updates a (virtual) second become at most one delta a display frame with a bounded wait
 * queue; a frame of thousands of unknown symbols, impossible timestamps and a 40-digit price.
 */

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  vi.restoreAllMocks()
})

const nanos = (ms: number, extra = 0) => (BigInt(ms) * 1_000_000n + BigInt(extra)).toString()

/** A streaming service whose one StreamPriceUpdates call sends what the test hands `send`. */
async function scriptedService() {
  const server = new grpc.Server()
  let call: grpc.ServerWritableStream<SymbolsRequest, UpdatesFrame<PriceUpdateMessage<string>>> | null = null
  server.addService(backendService(), {
    StreamPriceUpdates: (opened: typeof call) => {
      call = opened
    },
    StreamOHLC: () => {},
    StreamSoftQuoteDepth: () => {},
    HealthCheck: (_call: unknown, callback: grpc.sendUnaryData<{ status: string }>) =>
      callback(null, { status: 'SERVING' }),
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  cleanups.push(() => server.forceShutdown())
  return {
    address: `127.0.0.1:${port}`,
    opened: () => call !== null,
    send: (updates: PriceUpdateMessage<string>[]) => call?.write({ updates }),
  }
}

async function loadFeed() {
  const time = manualClock(TUESDAY_10_00_ET)
  const sim = await startSimServer({ apiKey: API_KEY, assets: 40, clock: () => time.clock.now, grpc: false })
  cleanups.push(() => sim.close())
  const service = await scriptedService()
  // What the stream reader took in, frame by frame: the test waits on it before moving the clock.
  let framesRead = 0
  const read = StreamedPrices.prototype.read
  vi.spyOn(StreamedPrices.prototype, 'read').mockImplementation(function (this: StreamedPrices, ...args) {
    framesRead++
    return read.apply(this, args)
  })
  // The coalescer's queue after every push: its high-water mark.
  let waitingMost = 0
  const push = FrameCoalescer.prototype.push
  vi.spyOn(FrameCoalescer.prototype, 'push').mockImplementation(function (this: FrameCoalescer, ...args) {
    push.apply(this, args)
    waitingMost = Math.max(waitingMost, this.pending())
  })
  const deltas: { at: number; delta: Delta }[] = []
  const feed = new LocalPollFeed(
    { onDelta: (delta) => deltas.push({ at: time.clock.now, delta }), onStatusChange: () => {} },
    { clock: time.scheduler, random: () => 0.5 },
  )
  cleanups.push(() => feed.stop())
  const symbols = sim.market.symbols().slice(0, 20)
  feed.setCadences(DEFAULT_SETTINGS.cadences)
  feed.connect({ baseUrl: sim.url, apiKey: API_KEY, demo: true, streamAddress: service.address })
  feed.setInterest({ watchlist: symbols })
  await feed.start()
  await until(() => {
    time.advanceTo(time.clock.now)
    const landed = (['prices', 'market', 'limits'] as const).every(
      (name) =>
        feed.status().endpoints[name].lastSuccessAt !== null && !feed.status().endpoints[name].inFlight,
    )
    return service.opened() && landed
  }, 'the stream open and the first polls landed')
  /** Sends a frame and waits until the feed has read it (the clock standing still meanwhile). */
  const frame = async (updates: PriceUpdateMessage<string>[]) => {
    const before = framesRead
    service.send(updates)
    await until(() => framesRead > before, 'the frame read')
  }
  const update = (symbol: string, price: string, at: number, extra = 0): PriceUpdateMessage<string> => ({
    ticker: '',
    symbol,
    stock_price: '',
    token_price: price,
    timestamp: nanos(at, extra),
  })
  const asset = (symbol: string) => feed.snapshot().assets.find((row) => row.symbol === symbol)
  return { time, feed, symbols, deltas, frame, update, asset, waitingMost: () => waitingMost }
}

describe('the price stream under load and bad input', () => {
  it(
    'takes 10,000 updates a second as at most one delta a display frame, the wait ' +
      'queue never above one record a symbol, the last price of each symbol shown',
    async () => {
      const { time, feed, symbols, deltas, frame, update, asset, waitingMost } = await loadFeed()
      const start = time.clock.now
      deltas.splice(0)
      const last = new Map<string, string>()
      // Ten updates a millisecond, in one frame, for a virtual second, every symbol's price moving.
      for (let ms = 0; ms < 1_000; ms++) {
        const updates = Array.from({ length: 10 }, (_, i) => {
          const n = ms * 10 + i
          const symbol = symbols[n % symbols.length] as string
          const price = `${100 + (n % 97)}.${String(10 + (n % 89)).padStart(2, '0')}`
          last.set(symbol, price)
          return update(symbol, price, start + ms + 1, n)
        })
        await frame(updates)
        time.advanceTo(start + ms + 1)
      }
      time.advanceTo(time.clock.now + FRAME_MS)
      const streamed = deltas.filter((entry) => entry.at >= start)
      expect(streamed.length).toBeGreaterThan(0)
      // At most one delta a display frame: consecutive deltas a frame apart or more.
      for (let i = 1; i < streamed.length; i++)
        expect(
          (streamed[i] as (typeof streamed)[number]).at - (streamed[i - 1] as (typeof streamed)[number]).at,
        ).toBeGreaterThanOrEqual(FRAME_MS)
      expect(streamed.length).toBeLessThanOrEqual(Math.ceil(1_000 / FRAME_MS) + 2)
      // The queue: one waiting record a symbol at most, whatever the rate; nothing left once flushed.
      expect(waitingMost()).toBeLessThanOrEqual(symbols.length)
      expect(waitingMost()).toBeGreaterThan(1)
      for (const [symbol, price] of last) expect(asset(symbol)?.price).toBe(price)
      expect(feed.status().plan.streamDrops).toEqual({ malformed: 0, unknown: 0, outOfOrder: 0 })
    },
  )

  it(
    'drops and counts a frame of 5,000 unknown symbols, a timestamp over a minute ahead and ' +
      'one before 2000, keeps a 40-digit price exactly and drops a 41-digit one whole',
    async () => {
      const { time, feed, symbols, frame, update, asset } = await loadFeed()
      const [first, second, third] = symbols as [string, string, string]
      const rowsBefore = feed.snapshot().assets.length
      const now = time.clock.now
      const forty = `1234.${'5'.repeat(36)}`
      const before = { second: asset(second)?.price, third: asset(third)?.price }
      await frame([
        ...Array.from({ length: 5_000 }, (_, i) => update(`X${i}on`, '100.10', now + 1)),
        update(first, forty, now + 1),
        update(second, '120.20', now + 60_001),
        update(second, '120.21', Date.UTC(1999, 11, 31)),
        update(third, `1234.${'5'.repeat(41)}`, now + 1),
      ])
      time.advanceTo(now + FRAME_MS)
      expect(feed.status().plan.streamDrops).toEqual({ malformed: 3, unknown: 5_000, outOfOrder: 0 })
      expect(asset(first)?.price).toBe(forty)
      expect(asset(second)?.price).toBe(before.second)
      expect(asset(third)?.price).toBe(before.third)
      // Nothing of the unknown symbols is kept: no row, and the reader remembers the subscribed only.
      expect(feed.snapshot().assets.length).toBe(rowsBefore)
      expect(feed.snapshot().assets.some((row) => /^X\d+on$/.test(row.symbol))).toBe(false)
    },
  )
})
