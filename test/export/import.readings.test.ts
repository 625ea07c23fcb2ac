import { describe, expect, it } from 'vitest'
import { importWatchlist } from '../../src/shared/export-format'
import { ListingIndex } from '../../src/shared/listing-index'
import { SIM_LISTING } from '../support/sim-listing'

/**
 * An import read against the simulator's listing: entries written as traders write them are read
 * as the listed symbol they name, and said so; one that names nothing gets a guess, never applied.
 */
const listing = new ListingIndex(SIM_LISTING)

describe('importWatchlist with the listing: readings', () => {
  it.each([
    ['a text list', 'aapl\nbrk-b\n'],
    ['a CSV', 'name,symbol\nApple,AAPL\nBerkshire,brk-b\n'],
    ['a CSV with slashes', 'symbol\nAAPL\nBRK/B\n'],
    ['a line with a space', 'AAPL\nBRK B\n'],
  ])('reads brk-b and its kin in %s as BRK.Bon, and says so', (_, text) => {
    const result = importWatchlist(text, listing)
    expect(result.symbols).toEqual(['AAPLon', 'BRK.Bon'])
    expect(result.invalid).toEqual([])
    expect(result.readings).toHaveLength(1)
    expect(result.readings?.[0]?.symbol).toBe('BRK.Bon')
  })

  it('keeps a line that names one listed asset whole: "coca cola" is KOon, not two symbols', () => {
    const result = importWatchlist('coca cola\nprocter gamble\nmcdonalds, jp morgan\n', listing)
    expect(result.symbols).toEqual(['KOon', 'PGon', 'MCDon', 'JPMon'])
    expect(result.readings).toEqual([
      { line: 1, input: 'coca cola', symbol: 'KOon' },
      { line: 2, input: 'procter gamble', symbol: 'PGon' },
      { line: 3, input: 'mcdonalds', symbol: 'MCDon' },
      { line: 3, input: 'jp morgan', symbol: 'JPMon' },
    ])
  })

  it('reads brand names by the alias table: google is GOOGLon, facebook METAon', () => {
    const result = importWatchlist('google\nfacebook\n', listing)
    expect(result.symbols).toEqual(['GOOGLon', 'METAon'])
    expect(result.readings?.map((reading) => reading.input)).toEqual(['google', 'facebook'])
  })

  it('keeps a line of listed symbols apart: "AAPL MSFT" is two', () => {
    const result = importWatchlist('AAPL MSFT\n', listing)
    expect(result.symbols).toEqual(['AAPLon', 'MSFTon'])
    expect(result.readings).toEqual([])
  })

  it('counts a reading of a symbol already read as a repeat', () => {
    const result = importWatchlist('BRK.Bon\nbrk-b\n', listing)
    expect(result.symbols).toEqual(['BRK.Bon'])
    expect(result.duplicates).toEqual([{ line: 2, input: 'brk-b', symbol: 'BRK.Bon' }])
  })
})

describe('importWatchlist with the listing: guesses for what it cannot read', () => {
  it('reads brkb as BRK.Bon, as the search finds it, and says so', () => {
    const result = importWatchlist('brkb\n', listing)
    expect(result.symbols).toEqual(['BRK.Bon'])
    expect(result.readings).toEqual([{ line: 1, input: 'brkb', symbol: 'BRK.Bon' }])
    expect(result.suggestions).toEqual([])
  })

  it('suggests MCDon for mcdona, and neither imports the guess nor reports the line again', () => {
    const result = importWatchlist('mcdona\n', listing)
    // MCDONAon is well formed but not listed: the line's one outcome is the suggestion, not "unknown" too.
    expect(result.symbols).toEqual([])
    expect(result.invalid).toEqual([])
    expect(result.suggestions).toEqual([{ line: 1, input: 'mcdona', symbol: 'MCDon' }])
  })

  it('suggests for an entry that is not even a symbol, and reports it only so', () => {
    const result = importWatchlist('mcdona!\n', listing)
    expect(result.symbols).toEqual([])
    expect(result.invalid).toEqual([])
    expect(result.suggestions).toEqual([{ line: 1, input: 'mcdona!', symbol: 'MCDon' }])
  })

  it('reads a name with its filler and punctuation whole', () => {
    const result = importWatchlist('Berkshire Hathaway Inc.!\n', listing)
    expect(result.readings).toEqual([{ line: 1, input: 'Berkshire Hathaway Inc.!', symbol: 'BRK.Bon' }])
  })

  it('guesses nothing where nothing fits, and nothing where many do', () => {
    expect(importWatchlist('coke\n', listing).suggestions).toEqual([])
    expect(importWatchlist('zzzz\n', listing).suggestions).toEqual([])
    // "spdr" starts several ETF names.
    expect(importWatchlist('spdr\n', listing).suggestions).toEqual([])
  })

  it('reports no readings or guesses without a listing', () => {
    const result = importWatchlist('brk-b\n')
    expect(result).toEqual({ symbols: ['BRK-Bon'], invalid: [], duplicates: [] })
  })
})
