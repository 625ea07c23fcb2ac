import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../../src/main/core/clock'
import { MarketFeed } from '../../../../src/main/core/feed/market-feed'
import type { Delta } from '../../../../src/shared/domain'
import { STAMP_MS, priceRecord } from '../../api/api-client.fixtures'

/**
 * What each streamed frame costs the feed beside its fold: no stale timer cleared and set again per
 * frame (it was the largest piece of a streamed delta's own CPU), while rows still turn stale
 * exactly two price cadences after their newest price. Virtual time (a clock that counts the
 * timers it is asked for), at a fixed instant of a regular session.
 */

/** Timers fire only when the test moves time; each setTimeout is counted. */
class CountingClock implements Clock {
  timersSet = 0
  private current: number
  private timers = new Map<number, { dueAt: number; callback: () => void }>()
  private nextId = 1

  constructor(startMs: number) {
    this.current = startMs
  }

  now(): number {
    return this.current
  }

  setTimeout(callback: () => void, ms: number): unknown {
    this.timersSet++
    const id = this.nextId++
    this.timers.set(id, { dueAt: this.current + ms, callback })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Moves time on by `ms`, firing each timer due on the way at its own instant, in order. */
  advance(ms: number): void {
    const until = this.current + ms
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.dueAt <= until)
      if (due.length === 0) break
      const [id, timer] = due.reduce((a, b) => (b[1].dueAt < a[1].dueAt ? b : a))
      this.timers.delete(id)
      this.current = Math.max(this.current, timer.dueAt)
      timer.callback()
    }
    this.current = until
  }
}

const PRICES_CADENCE_MS = 5_000
/** Two price cadences (STALE_AFTER_CADENCES). */
const STALE_AFTER_MS = 2 * PRICES_CADENCE_MS
const SYMBOLS = ['AAPLon', 'TSLAon', 'NVDAon']

function streamingFeed(clock: CountingClock) {
  const deltas: { atMs: number; delta: Delta }[] = []
  const feed = new MarketFeed({ baseUrl: '', demo: false }, SYMBOLS, {
    // Polls far apart and no client: only the streamed frames move the rows here.
    cadenceMs: (endpoint) => (endpoint === 'prices' ? PRICES_CADENCE_MS : 3_600_000),
    onDelta: (delta) => deltas.push({ atMs: clock.now(), delta }),
    onStatusChange: () => {},
    clock,
    random: () => 0.5,
  })
  return { feed, deltas }
}

/** One streamed frame a second, each symbol's price moved (100.10, 100.11, ...). */
function streamFrames(feed: MarketFeed, clock: CountingClock, frames: number): void {
  for (let frame = 0; frame < frames; frame++) {
    const price = (100.1 + frame / 100).toFixed(2)
    feed.applyStreamedPrices(
      SYMBOLS.map((symbol) => priceRecord(symbol, price, clock.now())),
      clock.now(),
    )
    clock.advance(1_000)
  }
}

describe('a streamed frame in the feed', () => {
  it('sets no stale timer of its own once one is due sooner: 60 frames a minute, not 60 timers', () => {
    const clock = new CountingClock(STAMP_MS)
    const { feed, deltas } = streamingFeed(clock)
    feed.start()
    clock.advance(0)
    const before = clock.timersSet
    streamFrames(feed, clock, 60)
    // One each time the stale timer falls due before any row turned stale and re-aims (every 10 s:
    // 6 here), with room for the scheduler's own; it was one per frame (60) before.
    expect(clock.timersSet - before).toBeLessThanOrEqual(12)
    // Each frame still made its delta (the first adds the rows, the others change their prices).
    expect(deltas).toHaveLength(60)
    feed.stop()
  })

  it('still flags each row stale two price cadences after its newest streamed price, not sooner', () => {
    const clock = new CountingClock(STAMP_MS)
    const { feed, deltas } = streamingFeed(clock)
    feed.start()
    streamFrames(feed, clock, 25)
    const lastFrameAt = clock.now() - 1_000
    const stale = () =>
      deltas.filter(({ delta }) => delta.changed.some((change) => change.fields.stale === true))
    clock.advance(lastFrameAt + STALE_AFTER_MS - clock.now())
    expect(stale()).toEqual([])
    clock.advance(1)
    expect(stale().map(({ atMs }) => atMs - lastFrameAt)).toEqual([STALE_AFTER_MS + 1])
    expect(stale()[0]?.delta.changed.map((change) => change.symbol)).toEqual(SYMBOLS)
    feed.stop()
  })
})
