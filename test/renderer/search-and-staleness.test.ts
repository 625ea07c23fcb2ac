import { describe, expect, it } from 'vitest'
import { listingIndexOf, searchAssets } from '../../src/renderer/watchlist/search'
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
