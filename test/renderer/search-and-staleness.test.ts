import { afterEach, describe, expect, it, vi } from 'vitest'
import { indexInSlices, listingIndexOf, searchAssets } from '../../src/renderer/watchlist/search'
import { isFeedSilent, staleLabel } from '../../src/renderer/staleness'
import type { AssetQuote } from '../../src/shared/domain'
import { quoteOf } from './quote-fixtures'

const listed = [
  { symbol: 'AAPLon', ticker: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'APPon', ticker: 'APP', name: 'AppLovin Corporation' },
  { symbol: 'PLTRon', ticker: 'PLTR', name: 'Palantir Technologies Inc.' },
  { symbol: 'Fon', ticker: 'F', name: 'Ford Motor Company' },
  { symbol: 'SNAPon', ticker: 'SNAP', name: 'Snap Inc.' },
]

describe('searchAssets', () => {
  it('ranks exact codes, then prefixes, then name words; text inside a word is no match', () => {
    expect(searchAssets(listed, 'ap', 10).map((a) => a.symbol)).toEqual(['APPon', 'AAPLon'])
    expect(searchAssets(listed, 'f', 10).map((a) => a.symbol)).toEqual(['Fon'])
    expect(searchAssets(listed, 'motor', 10).map((a) => a.symbol)).toEqual(['Fon'])
    expect(searchAssets(listed, '  ', 10)).toEqual([])
    expect(searchAssets(listed, 'a', 2)).toHaveLength(2)
  })

  it('indexes a listing once, however many keystrokes search it', () => {
    expect(listingIndexOf(listed)).toBe(listingIndexOf(listed))
    expect(listingIndexOf([...listed])).not.toBe(listingIndexOf(listed))
  })
})

describe('indexInSlices', () => {
  // 200 assets, the last of them the one searched for.
  const many = Array.from({ length: 199 }, (_, at) => ({
    symbol: `Q${at}on`,
    ticker: `Q${at}`,
    name: `Quill ${at} Holdings`,
  })).concat([{ symbol: 'ZEDon', ticker: 'ZED', name: 'Zephyr Dynamics' }])
  /** A clock 10 ms on at every look: each slice indexes one batch (64 assets) and stops. */
  const slowClock = () => {
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10))
  }
  const queue: (() => void)[] = []
  const nextTask = (run: () => void) => {
    queue.push(run)
    return () => queue.splice(queue.indexOf(run), 1)
  }
  afterEach(() => {
    vi.restoreAllMocks()
    queue.length = 0
  })

  it('indexes a listing a slice per task until it is all indexed', () => {
    slowClock()
    const listing = [...many]
    indexInSlices(listing, nextTask)
    let tasks = 0
    while (queue.length > 0) {
      ;(queue.shift() as () => void)()
      tasks++
    }
    // 64 + 64 + 64 in the first three slices, the last 8 in the fourth.
    expect(tasks).toBe(3)
    expect(listingIndexOf(listing).indexWhile(() => true)).toBe(false)
  })

  it('answers a keystroke that comes before the last slice, and stops when the listing is replaced', () => {
    slowClock()
    const listing = [...many]
    const stop = indexInSlices(listing, nextTask)
    expect(queue).toHaveLength(1)
    expect(searchAssets(listing, 'zephyr', 5).map((asset) => asset.symbol)).toEqual(['ZEDon'])
    stop()
    expect(queue).toHaveLength(0)
  })
})

describe('staleLabel', () => {
  const at = 1_700_000_000_000
  const feed = (lastSuccessAt: number | null) => ({ cadenceMs: 5_000, lastSuccessAt })
  // As the page reads it: the feed's silence once per tick (store/freshness.ts), the label from it.
  const labelAt = (quote: AssetQuote, nowMs: number, lastSuccessAt: number | null) =>
    staleLabel(quote, nowMs, isFeedSilent(nowMs, feed(lastSuccessAt)))

  it('marks every row stale, with its price age, when the prices feed is silent for two cadences', () => {
    const quote = quoteOf('AAPLon', { priceTimestamp: at - 2_000 })
    expect(labelAt(quote, at + 10_000, at)).toBeNull()
    // Two cadences (10 s) exactly: a millisecond more is stale, not three cadences.
    expect(labelAt(quote, at + 10_001, at)).toBe('stale 12s')
    expect(labelAt(quote, at + 40_400, at)).toBe('stale 42s')
  })

  it("believes main's stale flag while the feed answers", () => {
    expect(labelAt(quoteOf('AAPLon', { priceTimestamp: at, stale: true }), at + 3_000, at)).toBe('stale 3s')
    expect(labelAt(quoteOf('AAPLon', { priceTimestamp: null, stale: true }), at, null)).toBe('stale')
  })

  it('does not call a minute-stamped market price stale while the feed answers', () => {
    expect(labelAt(quoteOf('AAPLon', { priceTimestamp: at - 59_000 }), at, at - 1_000)).toBeNull()
  })
})
