import { describe, expect, it } from 'vitest'
import type { AtBidsView } from '../../../src/shared/at-bids'
import type { DepthLadder, DepthLevel } from '../../../src/shared/depth'
import type { PortfolioUpdate } from '../../../src/shared/holdings'
import {
  atBidsCommands,
  AtBidsTracker,
  atBidsView,
  bidValueOf,
  trackAtBids,
} from '../../../src/main/core/holdings/at-bids'
import type { HeldLadder } from '../../../src/main/core/feed/stream/held-depth-stream'

/**
 * The tracker on ladders the test hands it (no stream, no simulator): what it walks again, what
 * it forgets, when it pushes and asks for other symbols' depth. Frames come at fixed instants
 * (receivedAt, Unix ms of Tuesday 18 November 2025, 10:00 ET and after).
 */

const AT_10_00 = Date.UTC(2025, 10, 18, 15, 0, 0)

function ladder(symbol: string, bids: DepthLevel[], extra: Partial<DepthLadder> = {}): DepthLadder {
  return {
    symbol,
    ticker: symbol.replace(/on$/, ''),
    session: 'regular',
    knownSession: 'regular',
    error: null,
    timestampNs: '1763478000000000000',
    bids,
    asks: [{ price: '130.40', quantity: '40.5' }],
    crossed: false,
    repairs: { outOfOrder: 0, dropped: 0, droppedForError: 0, cut: 0 },
    ...extra,
  }
}

const AAPL_BIDS = [
  { price: '120.10', quantity: '3.5' },
  { price: '119.95', quantity: '8.25' },
]
const NVDA_BIDS = [{ price: '100.10', quantity: '50.5' }]

const held = (l: DepthLadder, receivedAt: number): HeldLadder => ({ ladder: l, receivedAt })

function setUp() {
  const views: AtBidsView[] = []
  const asked: string[][] = []
  const tracker = new AtBidsTracker(
    (view) => views.push(view),
    (symbols) => asked.push(symbols),
  )
  return { tracker, views, asked }
}

describe('AtBidsTracker, on ladders handed to it', () => {
  it('before anything: off, not connected, nothing held, no total', () => {
    const { tracker, views } = setUp()
    expect(tracker.current()).toEqual({
      state: 'off',
      reason: 'not connected',
      positions: [],
      total: null,
      totalMissing: null,
      oldestAt: null,
    })
    expect(views).toEqual([])
  })

  it('asks for the held symbols in order, values each, and sums when every one has a value', () => {
    const { tracker, views, asked } = setUp()
    tracker.positionsChanged([
      { symbol: 'NVDAon', quantity: '12.25' },
      { symbol: 'MSFTon', quantity: '0.000' },
      { symbol: 'AAPLon', quantity: '3.5' },
    ])
    expect(asked).toEqual([['AAPLon', 'NVDAon']])
    expect(views.at(-1)).toEqual({
      state: 'off',
      reason: 'not connected',
      positions: [
        { symbol: 'AAPLon', kind: 'none', why: 'no depth yet', receivedAt: null },
        { symbol: 'NVDAon', kind: 'none', why: 'no depth yet', receivedAt: null },
      ],
      total: null,
      totalMissing: 'AAPLon: no depth yet',
      oldestAt: null,
    })
    tracker.depthUpdate({
      state: 'streaming',
      reason: null,
      ladders: [
        held(ladder('NVDAon', NVDA_BIDS), AT_10_00 + 2_000),
        held(ladder('MSFTon', NVDA_BIDS), AT_10_00),
      ],
    })
    expect(views.at(-1)?.positions.map((p) => [p.symbol, p.kind])).toEqual([
      ['AAPLon', 'none'],
      ['NVDAon', 'value'],
    ])
    expect(views.at(-1)?.totalMissing).toBe('AAPLon: no depth yet')
    tracker.depthUpdate({
      state: 'streaming',
      reason: null,
      ladders: [held(ladder('AAPLon', AAPL_BIDS), AT_10_00 + 1_000)],
    })
    // 3.5 x 120.10 = 420.35; 12.25 x 100.10 = 1226.225.
    expect(views.at(-1)).toEqual({
      state: 'streaming',
      reason: null,
      positions: [
        {
          symbol: 'AAPLon',
          kind: 'value',
          value: '420.35',
          session: 'regular',
          receivedAt: AT_10_00 + 1_000,
        },
        {
          symbol: 'NVDAon',
          kind: 'value',
          value: '1226.225',
          session: 'regular',
          receivedAt: AT_10_00 + 2_000,
        },
      ],
      total: '1646.575',
      totalMissing: null,
      oldestAt: AT_10_00 + 1_000,
    })
    expect(tracker.current()).toBe(views.at(-1))
    // A ladder of a symbol not held was not kept: held later, it has no depth until its next ladder.
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '12.25' },
      { symbol: 'MSFTon', quantity: '1.5' },
    ])
    expect(asked.at(-1)).toEqual(['AAPLon', 'MSFTon', 'NVDAon'])
    expect(views.at(-1)?.positions[1]).toEqual({
      symbol: 'MSFTon',
      kind: 'none',
      why: 'no depth yet',
      receivedAt: null,
    })
  })

  it('walks a quantity again when it moves, without asking for other depth', () => {
    const { tracker, views, asked } = setUp()
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '3.5' }])
    tracker.depthUpdate({
      state: 'streaming',
      reason: null,
      ladders: [held(ladder('AAPLon', AAPL_BIDS), AT_10_00)],
    })
    const pushes = views.length
    // The same positions again (a portfolio push that moved nothing held): nothing walked or pushed.
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '3.5' }])
    expect(views).toHaveLength(pushes)
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '5.5' }])
    expect(asked).toEqual([['AAPLon']])
    // 3.5 x 120.10 + 2 x 119.95 = 660.25.
    expect(views.at(-1)?.positions[0]).toMatchObject({ kind: 'value', value: '660.25' })
    expect(views.at(-1)?.total).toBe('660.25')
    // More than the bids hold: all they hold is said.
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '100.10' }])
    expect(views.at(-1)).toMatchObject({
      positions: [
        {
          symbol: 'AAPLon',
          kind: 'short',
          holds: { tokens: '11.75', dollars: '1409.9375' },
          session: 'regular',
          receivedAt: AT_10_00,
        },
      ],
      total: null,
      totalMissing: 'AAPLon: more than its ladder holds',
      oldestAt: null,
    })
  })

  it('forgets a symbol sold out, its value and its ladder, and asks for the rest', () => {
    const { tracker, views, asked } = setUp()
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '12.25' },
    ])
    tracker.depthUpdate({
      state: 'streaming',
      reason: null,
      ladders: [
        held(ladder('AAPLon', AAPL_BIDS), AT_10_00 + 3_000),
        held(ladder('NVDAon', NVDA_BIDS), AT_10_00 + 1_000),
      ],
    })
    expect(views.at(-1)?.oldestAt).toBe(AT_10_00 + 1_000)
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '0' },
    ])
    expect(asked.at(-1)).toEqual(['AAPLon'])
    expect(views.at(-1)).toMatchObject({
      positions: [{ symbol: 'AAPLon', kind: 'value', value: '420.35' }],
      total: '420.35',
      oldestAt: AT_10_00 + 3_000,
    })
    // The ladder of a symbol still held is kept: its quantity walked again on it.
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '5.5' }])
    expect(views.at(-1)?.positions).toEqual([
      { symbol: 'AAPLon', kind: 'value', value: '660.25', session: 'regular', receivedAt: AT_10_00 + 3_000 },
    ])
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '3.5' }])
    // Bought again: its old ladder is gone with it.
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'NVDAon', quantity: '12.25' },
    ])
    expect(views.at(-1)?.positions[1]).toMatchObject({ symbol: 'NVDAon', kind: 'none', why: 'no depth yet' })
    // As many symbols as before, not the same ones: the others' depth is asked for.
    tracker.positionsChanged([
      { symbol: 'AAPLon', quantity: '3.5' },
      { symbol: 'LLYon', quantity: '0.25' },
    ])
    expect(asked.at(-1)).toEqual(['AAPLon', 'LLYon'])
    tracker.positionsChanged([{ symbol: 'NVDAon', quantity: '12.25' }])
    tracker.positionsChanged([{ symbol: 'LLYon', quantity: '0.25' }])
    expect(asked.slice(-2)).toEqual([['NVDAon'], ['LLYon']])
    expect(views.at(-1)?.positions.map((p) => p.symbol)).toEqual(['LLYon'])
    // Nothing held: no total and nothing missing.
    tracker.positionsChanged([])
    expect(asked.at(-1)).toEqual([])
    expect(views.at(-1)).toMatchObject({ positions: [], total: null, totalMissing: null, oldestAt: null })
  })

  it('pushes a new state but not the same view twice', () => {
    const { tracker, views } = setUp()
    tracker.positionsChanged([{ symbol: 'AAPLon', quantity: '3.5' }])
    const first = views.length
    tracker.depthUpdate({ state: 'off', reason: 'not connected', ladders: [] })
    expect(views).toHaveLength(first)
    tracker.depthUpdate({ state: 'connecting', reason: 'connecting', ladders: [] })
    expect(views).toHaveLength(first + 1)
    expect(views.at(-1)).toMatchObject({ state: 'connecting', reason: 'connecting' })
  })
})

describe('a ladder that cannot be walked, and the view built from the values', () => {
  it("says the service's error in words", () => {
    const paused = ladder('LLYon', [], { error: 'ASSET_PAUSED: paused for a stock split' })
    expect(bidValueOf('3.5', held(paused, AT_10_00))).toEqual({
      kind: 'none',
      why: 'paused for a stock split',
      receivedAt: AT_10_00,
    })
  })

  it('takes the oldest frame of every value, whatever their order', () => {
    const value = (symbol: string, receivedAt: number) =>
      ({ symbol, kind: 'value', value: '100.10', session: 'regular', receivedAt }) as const
    const view = atBidsView('streaming', null, [
      value('AAPLon', AT_10_00 + 5_000),
      value('LLYon', AT_10_00 + 2_000),
      value('NVDAon', AT_10_00 + 7_000),
    ])
    expect(view).toEqual({
      state: 'streaming',
      reason: null,
      positions: view.positions,
      total: '300.3',
      totalMissing: null,
      oldestAt: AT_10_00 + 2_000,
    })
  })
})

describe('the tracker wired to the app', () => {
  it("hears the portfolio's pushes, tells the held symbols, emits its views, answers getAtBids", async () => {
    const emitted: AtBidsView[] = []
    const told: (readonly string[])[] = []
    let portfolio: ((update: PortfolioUpdate) => void) | null = null
    const tracker = trackAtBids({
      heldChanged: (symbols) => told.push(symbols),
      events: {
        emit: (event, view) => {
          expect(event).toBe('atBids')
          emitted.push(view)
        },
        on: (event, listener) => {
          expect(event).toBe('portfolio')
          portfolio = listener
        },
      },
    })
    const update = { positions: [{ symbol: 'AAPLon', quantity: '3.5' }] } as unknown as PortfolioUpdate
    ;(portfolio as unknown as (update: PortfolioUpdate) => void)(update)
    expect(told).toEqual([['AAPLon']])
    expect(emitted.at(-1)?.positions).toEqual([
      { symbol: 'AAPLon', kind: 'none', why: 'no depth yet', receivedAt: null },
    ])
    const { getAtBids } = atBidsCommands({ atBids: tracker })
    expect(await getAtBids(undefined as never)).toBe(emitted.at(-1))
  })
})
