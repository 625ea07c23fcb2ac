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

describe('ListingIndex: codes and names the index reads apart from the common case', () => {
  const listing: ListedAsset[] = [
    // A symbol not its ticker with "on" added: its own code and separators.
    { symbol: 'XYZ.Aon', ticker: 'XYZ-A', name: 'Xyz Holdings Class A' },
    { symbol: 'QQQXon', ticker: 'QQQY', name: 'Quinn Renamed Inc.' },
    { symbol: 'MNOPon', ticker: 'MN', name: 'Mnop Longer Symbol' },
    { symbol: 'RSTUVW', ticker: 'RSTU', name: 'Rstu Other Suffix' },
    // A ticker ending in a separator: the symbol's parts are its own ("ab", "on"), which tell it
    // apart from ABON's ("abon") when the separators are written.
    { symbol: 'AB.on', ticker: 'AB.', name: 'Alpha Beta Trust' },
    { symbol: 'ABONon', ticker: 'ABON', name: 'Abon Foods' },
    // Letters that no decomposition makes ASCII: the words are read by the Unicode pattern.
    { symbol: 'ORSTDon', ticker: 'ORSTD', name: 'Ørsted A/S' },
    // No ticker: the symbol without "on" stands for it.
    { symbol: 'NTKon', ticker: null, name: 'No Ticker Known Corp' },
  ]
  const small = new ListingIndex(listing)
  const symbolsFound = (query: string) => small.search(query, MAX_RESULTS).map((asset) => asset.symbol)

  it.each([
    ['xyz.aon', 'XYZ.Aon'],
    ['xyz-a', 'XYZ.Aon'],
    ['qqqxon', 'QQQXon'],
    ['qqqy', 'QQQXon'],
    ['mnopon', 'MNOPon'],
    ['rstuvw', 'RSTUVW'],
    ['ab.on', 'AB.on'],
    ['ørsted', 'ORSTDon'],
    ['ntk', 'NTKon'],
    ['ntkon', 'NTKon'],
  ])('%s finds %s first', (query, symbol) => {
    expect(symbolsFound(query)[0]).toBe(symbol)
  })

  it.each([
    ['XYZ A', 'XYZ.Aon'],
    ['xyz aon', 'XYZ.Aon'],
    ['ab on', 'AB.on'],
    ['AB ON', 'AB.on'],
    ['ørsted a s', 'ORSTDon'],
    ['no ticker known', 'NTKon'],
  ])('%s reads as %s', (input, symbol) => {
    expect(small.readAs(input)?.symbol).toBe(symbol)
  })

  it('reads a name, not a ticker, in whole words', () => {
    // "orstd" is the ticker's word, not the name's: readAs matches names and brands only.
    expect(small.readAs('alpha orstd')).toBeNull()
    expect(small.isListed('AB.on')).toBe(true)
    expect(small.isListed('ABon')).toBe(false)
    // "abon" is ABON's ticker as written; AB.on's symbol only once its separator is dropped.
    expect(small.readAs('abon')?.symbol).toBe('ABONon')
  })
})

describe('ListingIndex.indexWhile: the index built in slices', () => {
  it('indexes a batch at a time until told to stop, and a question finishes the rest', () => {
    let looks = 0
    const sliced = new ListingIndex(SIM_LISTING)
    expect(SIM_LISTING.length).toBeGreaterThan(128)
    // Stopped at the second look: two batches indexed, assets left.
    expect(sliced.indexWhile(() => ++looks < 2)).toBe(true)
    expect(looks).toBe(2)
    const last = SIM_LISTING[SIM_LISTING.length - 1] as ListedAsset
    expect(sliced.search(last.symbol, 1)[0]?.symbol).toBe(last.symbol)
    expect(sliced.indexWhile(() => true)).toBe(false)
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
