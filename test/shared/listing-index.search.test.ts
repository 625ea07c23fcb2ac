import { describe, expect, it } from 'vitest'
import type { ListedAsset } from '../../src/shared/domain'
import { ListingIndex } from '../../src/shared/listing-index'
import { SIM_LISTING } from '../support/sim-listing'

/** What traders type into the add-symbol search, against the simulator's listing. */
const index = new ListingIndex(SIM_LISTING)
const MAX_RESULTS = 12

const firstFound = (query: string) => index.search(query, MAX_RESULTS)[0]?.symbol

describe('ListingIndex.search: the first result for what traders type', () => {
  it.each([
    // Tickers across the separators people use (item 1).
    ['BRK.B', 'BRK.Bon'],
    ['BRK-B', 'BRK.Bon'],
    ['brk-b', 'BRK.Bon'],
    ['BRK/B', 'BRK.Bon'],
    ['BRK B', 'BRK.Bon'],
    ['brkb', 'BRK.Bon'],
    ['brk.bon', 'BRK.Bon'],
    // Names word by word (item 2).
    ['coca cola', 'KOon'],
    ['Coca-Cola', 'KOon'],
    ['cocacola', 'KOon'],
    ['mcdonalds', 'MCDon'],
    ["McDonald's", 'MCDon'],
    ['mc donalds', 'MCDon'],
    ['jp morgan', 'JPMon'],
    ['jpmorgan chase', 'JPMon'],
    ['procter gamble', 'PGon'],
    ['procter & gamble', 'PGon'],
    ['the procter and gamble co', 'PGon'],
    ['gamble procter', 'PGon'],
    ['berkshire class b', 'BRK.Bon'],
    ['berkshire b', 'BRK.Bon'],
    ['nestle', 'NSRGYon'],
    // Brand names (issue 35, item 7).
    ['google', 'GOOGLon'],
    ['facebook', 'METAon'],
  ])('%s finds %s', (query, symbol) => {
    expect(firstFound(query)).toBe(symbol)
  })

  it.each([
    // No name or ticker starts with "coke": nothing, rather than a guess.
    'coke',
    // A typed word must start a word, not sit inside one ("ola" is in Coca-Cola).
    'ola',
    // Every typed word must be found.
    'coca pepsi',
    // Filler words alone say nothing.
    'the',
  ])('%s finds nothing', (query) => {
    expect(index.search(query, MAX_RESULTS)).toEqual([])
  })

  it('finds every listed class-B and Coca-Cola spelling only once, the right asset alone', () => {
    expect(index.search('coca cola', MAX_RESULTS).map((asset) => asset.symbol)).toEqual(['KOon'])
    expect(index.search('berkshire', MAX_RESULTS).map((asset) => asset.symbol)).toEqual(['BRK.Bon'])
  })
})

describe('ListingIndex.search: ranking', () => {
  it('puts the exact ticker first, then tickers starting so, then names', () => {
    const found = index.search('meta', MAX_RESULTS).map((asset) => asset.symbol)
    expect(found[0]).toBe('METAon')
    const ford = index.search('f', MAX_RESULTS).map((asset) => asset.symbol)
    expect(ford[0]).toBe('Fon')
  })

  it('ranks names by how much of the name the typed words cover', () => {
    const listing: ListedAsset[] = [
      { symbol: 'AAAon', ticker: 'AAA', name: 'General Motors Holdings Worldwide Company' },
      { symbol: 'BBBon', ticker: 'BBB', name: 'General Motors Company' },
      { symbol: 'CCCon', ticker: 'CCC', name: 'Motorola Solutions' },
    ]
    const found = new ListingIndex(listing).search('motor', MAX_RESULTS).map((asset) => asset.symbol)
    expect(found).toEqual(['CCCon', 'BBBon', 'AAAon'])
  })

  it('keeps the service order between equal matches', () => {
    const listing: ListedAsset[] = [
      { symbol: 'ZZon', ticker: 'ZZ', name: 'Solar One' },
      { symbol: 'YYon', ticker: 'YY', name: 'Solar Two' },
    ]
    expect(new ListingIndex(listing).search('solar', 5).map((asset) => asset.symbol)).toEqual([
      'ZZon',
      'YYon',
    ])
  })

  it('does not flood the list with names for a single letter: tickers only', () => {
    const found = index.search('a', 1_000)
    expect(found.length).toBeGreaterThan(0)
    for (const asset of found) expect(asset.ticker?.toLowerCase().startsWith('a')).toBe(true)
    // Names starting with A that a ticker does not (Alphabet is GOOGL, Advanced Micro Devices AMD
    // starts with A anyway) are left for a second letter.
    expect(found.map((asset) => asset.symbol)).not.toContain('GOOGLon')
    expect(index.search('al', MAX_RESULTS).map((asset) => asset.symbol)).toContain('GOOGLon')
  })

  it('finds nothing for blank text', () => {
    expect(index.search('  ', MAX_RESULTS)).toEqual([])
    expect(index.search(' - ', MAX_RESULTS)).toEqual([])
  })
})
