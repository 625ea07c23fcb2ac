import DecimalJs from 'decimal.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { AtBidsView } from '../../../src/shared/at-bids'
import type { DepthLadder, DepthLevel } from '../../../src/shared/depth'
import { AtBidsTracker, bidValueOf } from '../../../src/main/core/holdings/at-bids'
import {
  type HeldDepthUpdate,
  HeldDepthStream,
  REPAINT_GAP_MS,
} from '../../../src/main/core/feed/stream/held-depth-stream'
import { DEFAULT_READINGS } from '../../../src/main/sim/market/service-bodies'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import { manualClock } from '../../support/manual-clock'

/**
 * Holdings valued at what selling them would fetch: the held symbols' depth stream (one call, in
 * the poll worker in the app) against the simulator's gRPC on 127.0.0.1, and the tracker that walks
 * each whole quantity down the bids. The market stands at fixed instants; the stream's clock is a
 * manual one, so its once-a-second repaint passes only when the test says. Every value is checked
 * against a walk written here, in decimal.js, level by level.
 */

const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)
/** Sunday 23:00 ET, 2026-11-15: LLY is paused for its split (which takes effect at 04:00 ET Monday). */
const LLY_SPLIT_PAUSE = Date.UTC(2026, 10, 16, 4, 0, 0)
/** The test's own decimal arithmetic: exact for every figure here (the default 20 digits are not). */
const Decimal = DecimalJs.clone({ precision: 80 })
const API_KEY = 'held-depth-key'
const START = 5_000_000

/** What selling `quantity` fetches on `bids` (best first), or null when they hold less: the test's walk. */
function fetchedOnBids(quantity: string, bids: readonly DepthLevel[]): string | null {
  const start = { left: new Decimal(quantity), total: new Decimal(0) }
  const { left, total } = bids.reduce(({ left, total }, bid) => {
    const take = Decimal.min(left, bid.quantity)
    return { left: left.minus(take), total: total.plus(take.times(bid.price)) }
  }, start)
  return left.isZero() ? total.toFixed() : null
}

const servers: SimServer[] = []
const streams: HeldDepthStream[] = []
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close()
  for (const server of servers.splice(0)) await server.close()
})

/** The simulator (its gRPC too) with its market at `clock`'s instant. */
async function simAt(clock: () => number): Promise<SimServer> {
  const server = await startSimServer({ apiKey: API_KEY, assets: 40, clock, grpcFrameMs: 20 })
  servers.push(server)
  return server
}

async function setUp(marketTime: number) {
  const server = await simAt(() => marketTime)
  const time = manualClock(START)
  const views: AtBidsView[] = []
  const updates: HeldDepthUpdate[] = []
  const waiting: { test: () => boolean; resolve: () => void }[] = []
  const stream = new HeldDepthStream({
    clock: time.scheduler,
    random: () => 0.5,
    onUpdate: (update) => {
      updates.push(update)
      tracker.depthUpdate(update)
    },
  })
  streams.push(stream)
  const tracker = new AtBidsTracker(
    (view) => {
      views.push(view)
      for (const wait of waiting.filter((entry) => entry.test())) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve()
      }
    },
    (symbols) => stream.setSymbols(symbols),
  )
  const target = { address: server.grpcAddress as string, host: '127.0.0.1', tls: false }
  stream.connect(target, API_KEY, '')
  return {
    server,
    stream,
    tracker,
    views,
    updates,
    time,
    /** Resolves once a view satisfies `test` (the latest one). */
    viewWhere: (test: (view: AtBidsView) => boolean): Promise<AtBidsView> => {
      const latest = () => views.at(-1)
      const check = () => latest() !== undefined && test(latest()!)
      return check()
        ? Promise.resolve(latest()!)
        : new Promise<AtBidsView>((resolve) =>
            waiting.push({ test: check, resolve: () => resolve(latest()!) }),
          )
    },
    sent: (symbol: string) => server.market.softQuoteDepth(symbol, DEFAULT_READINGS)!,
  }
}

describe('holdings valued at their bids', () => {
  it('a regular Tuesday: each whole position walked down its bids, the total their sum', async () => {
    const { tracker, viewWhere, sent, server } = await setUp(TUESDAY_10_00_ET)
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '12.25' },
      { symbol: 'MSFTon', quantity: '0' },
    ])
    const view = await viewWhere((each) => each.positions.every((position) => position.kind === 'value'))
    const aapl = fetchedOnBids('3.5', sent('AAPLon').bids)!
    const nvda = fetchedOnBids('12.25', sent('NVDAon').bids)!
    expect(view).toMatchObject({
      state: 'streaming',
      reason: null,
      positions: [
        { symbol: 'AAPLon', kind: 'value', value: aapl, session: 'regular', receivedAt: START },
        { symbol: 'NVDAon', kind: 'value', value: nvda, session: 'regular', receivedAt: START },
      ],
      total: new Decimal(aapl).plus(nvda).toFixed(),
      totalMissing: null,
      oldestAt: START,
    })
    // One call streams both held symbols; the one sold out is not asked.
    expect(server.grpc!.stats().calls).toBe(1)
  })

  it('a Saturday: the off-hours token at its bids, the conventional one closed, in words', async () => {
    const { tracker, viewWhere, sent } = await setUp(SATURDAY_NOON_ET)
    tracker.positionsChanged([
      { symbol: 'NVDAon', quantity: '12.25' },
      { symbol: 'AAPLon', quantity: '3.5' },
    ])
    const view = await viewWhere((each) => each.positions.every((position) => position.receivedAt !== null))
    expect(view.positions).toEqual([
      { symbol: 'AAPLon', kind: 'none', why: 'market closed', receivedAt: START },
      {
        symbol: 'NVDAon',
        kind: 'value',
        value: fetchedOnBids('12.25', sent('NVDAon').bids),
        session: 'offhours',
        receivedAt: START,
      },
    ])
    expect(view).toMatchObject({ total: null, totalMissing: 'AAPLon: market closed', oldestAt: null })
  })

  it('a paused asset: no value, the pause in words', async () => {
    const { tracker, viewWhere } = await setUp(LLY_SPLIT_PAUSE)
    tracker.positionsChanged([{ symbol: 'LLYon', quantity: '3.5' }])
    const view = await viewWhere((each) => each.positions[0]?.receivedAt !== null)
    expect(view.positions).toEqual([
      { symbol: 'LLYon', kind: 'none', why: 'paused for a stock split', receivedAt: START },
    ])
    expect(view.totalMissing).toBe('LLYon: paused for a stock split')
  })

  it('a position larger than the ladder: said, with all the bids hold', async () => {
    const { tracker, viewWhere, sent } = await setUp(TUESDAY_10_00_ET)
    const bids = sent('AAPLon').bids
    const holds = bids.reduce((sum, bid) => sum.plus(bid.quantity), new Decimal(0))
    const more = holds.plus('12.25').toFixed()
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: more }])
    const view = await viewWhere((each) => each.positions[0]?.receivedAt !== null)
    const dollars = bids.reduce(
      (sum, bid) => sum.plus(new Decimal(bid.quantity).times(bid.price)),
      new Decimal(0),
    )
    expect(fetchedOnBids(more, bids)).toBeNull()
    expect(view.positions).toEqual([
      {
        symbol: 'AAPLon',
        kind: 'short',
        holds: { tokens: holds.toFixed(), dollars: dollars.toFixed() },
        session: 'regular',
        receivedAt: START,
      },
    ])
    expect(view).toMatchObject({ total: null, totalMissing: 'AAPLon: more than its ladder holds' })
  })

  it('a service with only the spec’s endpoints: said to publish no depth, asked once', async () => {
    const { server, tracker, viewWhere } = await setUp(TUESDAY_10_00_ET)
    server.setSpecOnly(true)
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '3.5' }])
    const view = await viewWhere((each) => each.state === 'unavailable')
    expect(view).toMatchObject({
      reason: 'this service publishes no depth',
      positions: [{ symbol: 'AAPLon', kind: 'none', receivedAt: null }],
      total: null,
    })
    const calls = server.grpc!.stats().calls
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '12.25' },
    ])
    expect(server.grpc!.stats().calls).toBe(calls)
  })

  it('pushes at most once a repaint gap, the newest ladder of each symbol', async () => {
    let market = TUESDAY_10_00_ET
    const server = await simAt(() => market)
    const time = manualClock(START)
    const updates: HeldDepthUpdate[] = []
    let wake: (() => void) | null = null
    const stream = new HeldDepthStream({
      clock: time.scheduler,
      onUpdate: (update) => {
        updates.push(update)
        wake?.()
      },
    })
    streams.push(stream)
    stream.connect({ address: server.grpcAddress as string, host: '127.0.0.1', tls: false }, API_KEY, '')
    stream.setSymbols(['NVDAon', 'AAPLon'])
    const until = (count: number) =>
      updates.length >= count ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))
    while (updates.length < 2) await until(2)
    expect(updates.map((update) => update.state)).toEqual(['connecting', 'streaming'])
    // Three more seconds of market, three ladders each; the stream's clock stands still.
    for (let second = 0; second < 3; second++) {
      market += 1_000
      const frames = server.grpc!.stats().frames
      await new Promise<void>((resolve) => {
        const check = () => (server.grpc!.stats().frames > frames ? resolve() : setImmediate(check))
        check()
      })
    }
    expect(updates).toHaveLength(2)
    // Each gap pushes once, the newest ladder of each symbol come by then, until the last shows.
    const newest = ['AAPLon', 'NVDAon'].map((symbol) => [
      symbol,
      server.market.softQuoteDepth(symbol, DEFAULT_READINGS)!.timestamp,
    ])
    const shown = () => updates.at(-1)!.ladders.map((held) => [held.ladder.symbol, held.ladder.timestampNs])
    for (let gap = 1; JSON.stringify(shown()) !== JSON.stringify(newest); gap++) {
      expect(gap).toBeLessThanOrEqual(4)
      time.advanceTo(START + gap * REPAINT_GAP_MS)
      await until(2 + gap)
      expect(updates).toHaveLength(2 + gap)
      expect(updates.at(-1)!.ladders.length).toBeGreaterThan(0)
    }
  })
})

describe('one position at its bids', () => {
  const ladder = (bids: DepthLevel[], extra: Partial<DepthLadder> = {}): DepthLadder => ({
    symbol: 'AAPLon',
    ticker: 'AAPL',
    session: 'overnight',
    knownSession: 'overnight',
    error: null,
    timestampNs: '1763478007000000000',
    bids,
    asks: [{ price: '120.20', quantity: '40' }],
    crossed: false,
    repairs: { outOfOrder: 0, dropped: 0, droppedForError: 0, cut: 0 },
    ...extra,
  })

  it('walks 12.25 tokens across levels, each at its own price', () => {
    const bids = [
      { price: '120.10', quantity: '3.5' },
      { price: '119.95', quantity: '8' },
      { price: '119.80', quantity: '100.10' },
    ]
    expect(bidValueOf('12.25', { ladder: ladder(bids), receivedAt: 7 })).toEqual({
      kind: 'value',
      value: fetchedOnBids('12.25', bids),
      session: 'overnight',
      receivedAt: 7,
    })
  })

  it('a crossed ladder and a side without bids give no value, said why', () => {
    const crossed = ladder([{ price: '120.30', quantity: '3.5' }], { crossed: true })
    expect(bidValueOf('3.5', { ladder: crossed, receivedAt: 7 })).toEqual({
      kind: 'none',
      why: 'the ladder is crossed',
      receivedAt: 7,
    })
    expect(bidValueOf('3.5', { ladder: ladder([]), receivedAt: 7 })).toMatchObject({
      why: 'no bids on the ladder',
    })
    expect(bidValueOf('3.5', undefined)).toEqual({ kind: 'none', why: 'no depth yet', receivedAt: null })
  })
})
