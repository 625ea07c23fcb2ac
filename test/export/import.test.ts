import { describe, expect, it } from 'vitest'
import { importWatchlist, MAX_IMPORT_CHARS, partitionByListing } from '../../src/shared/export-format'
import { parseCsv } from '../../src/shared/csv'
import { ListingIndex } from '../../src/shared/listing-index'

/** Importing a watchlist from what people have: messy lists, other apps' CSV, our own JSON. */

const UPPERCASE_TICKER = 'a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"'

describe('import from plain text', () => {
  it('reads one per line or separated by commas, spaces or semicolons, normalising each', () => {
    const text = 'aapl, TSLAon;nvdaon\n\n  msft\tSPYon  \r\n"QQQ" \'Fon\'\n'
    expect(importWatchlist(text)).toEqual({
      symbols: ['AAPLon', 'TSLAon', 'NVDAon', 'MSFTon', 'SPYon', 'QQQon', 'Fon'],
      invalid: [],
      duplicates: [],
    })
  })

  it('lists every invalid entry back with its line and reason, and collapses repeats as information', () => {
    const text = [
      'AAPLon',
      '$AMD',
      'TSLA, aapl',
      '42',
      '',
      'BRK/B NVDA',
      'averyveryverylongtickeron',
      'tsla',
    ].join('\n')
    expect(importWatchlist(text)).toEqual({
      symbols: ['AAPLon', 'TSLAon', 'NVDAon'],
      invalid: [
        { line: 2, input: '$AMD', reason: UPPERCASE_TICKER },
        { line: 4, input: '42', reason: UPPERCASE_TICKER },
        {
          line: 6,
          input: 'BRK/B',
          reason: UPPERCASE_TICKER,
        },
        { line: 7, input: 'averyveryverylongtickeron', reason: 'symbol is longer than 14 characters' },
      ],
      duplicates: [
        { line: 3, input: 'aapl', symbol: 'AAPLon' },
        { line: 8, input: 'tsla', symbol: 'TSLAon' },
      ],
    })
  })

  it("reads tickers that end in ON by the service's listing when it has one", () => {
    const listed = new ListingIndex(
      ['AONon', 'PTONon', 'AAPLon'].map((symbol) => ({ symbol, ticker: null, name: null })),
    )
    expect(importWatchlist('AON\nPTON\naaplon\n', listed).symbols).toEqual(['AONon', 'PTONon', 'AAPLon'])
  })

  it('gives nothing, and no complaint, for empty text', () => {
    expect(importWatchlist(' \n\r\n ')).toEqual({ symbols: [], invalid: [], duplicates: [] })
  })

  it('refuses text far too long to be a watchlist, with a reason', () => {
    const result = importWatchlist('AAPLon\n'.repeat(MAX_IMPORT_CHARS / 7 + 1))
    expect(result.symbols).toEqual([])
    expect(result.invalid).toEqual([
      { line: 1, input: '', reason: `the text is longer than ${MAX_IMPORT_CHARS} characters` },
    ])
  })
})

describe('import from CSV', () => {
  it(
    "takes the symbol column of someone else's CSV, by header name, " +
      'with quoted fields over several lines',
    () => {
      const csv = [
        'Name,Qty,Symbol,Notes',
        '"Apple, Inc.",10,AAPL,"long ""core"" position"',
        'Tesla,5,TSLAon,"note that runs',
        'over two lines"',
        'Broken,1,??,',
        'Empty,2,,',
        'Again,3,aaplon,',
      ].join('\r\n')
      expect(importWatchlist(csv)).toEqual({
        symbols: ['AAPLon', 'TSLAon'],
        invalid: [
          {
            line: 5,
            input: '??',
            reason: UPPERCASE_TICKER,
          },
        ],
        duplicates: [{ line: 7, input: 'aaplon', symbol: 'AAPLon' }],
      })
    },
  )

  it('reads semicolon CSV and tab-separated cells copied from a spreadsheet', () => {
    expect(importWatchlist('Symbol;Price\nAAPLon;200,5\nTSLAon;300\n').symbols).toEqual(['AAPLon', 'TSLAon'])
    expect(importWatchlist('Ticker\tLast\nNVDA\t100\nmsft\t400\n').symbols).toEqual(['NVDAon', 'MSFTon'])
  })

  it('takes a one-column CSV whose header is "symbol", without reading the header as a symbol', () => {
    expect(importWatchlist('\uFEFFsymbol\nAAPLon\nFon\n')).toEqual({
      symbols: ['AAPLon', 'Fon'],
      invalid: [],
      duplicates: [],
    })
  })

  it('parses RFC 4180 rows with their starting line numbers', () => {
    expect(parseCsv('a,"b\r\nc",d\r\n"e""f",\n\ng')).toEqual([
      { line: 1, cells: ['a', 'b\r\nc', 'd'] },
      { line: 3, cells: ['e"f', ''] },
      { line: 4, cells: [''] },
      { line: 5, cells: ['g'] },
    ])
  })
})

describe('import from JSON', () => {
  it('reads our export and a bare list, with positions for bad entries', () => {
    const ours = JSON.stringify({
      version: 1,
      exportedAt: 'x',
      watchlist: ['AAPLon', 'bad/on', 7, 'AAPLon'],
      assets: [],
    })
    expect(importWatchlist(ours)).toEqual({
      symbols: ['AAPLon'],
      invalid: [
        { line: 2, input: 'bad/on', reason: UPPERCASE_TICKER },
        { line: 3, input: '7', reason: 'not a text symbol' },
      ],
      duplicates: [{ line: 4, input: 'AAPLon', symbol: 'AAPLon' }],
    })
    expect(importWatchlist('  ["nvda", "Fon"]').symbols).toEqual(['NVDAon', 'Fon'])
  })

  it('says what is wrong with JSON it cannot use', () => {
    expect(importWatchlist('{"watchlist": ["AAPLon"').invalid).toEqual([
      { line: 1, input: '{"watchlist": ["AAPLon"', reason: 'this looks like JSON but is not valid JSON' },
    ])
    expect(importWatchlist('{"assets": []}').invalid).toEqual([
      { line: 1, input: '', reason: 'the JSON has no "watchlist" list of symbols' },
    ])
  })
})

describe('partitionByListing', () => {
  it('splits symbols into listed and unknown, each in the import order', () => {
    const listed = new Set(['TSLAon', 'AAPLon'])
    expect(partitionByListing(['AAPLon', 'ZZZZon', 'TSLAon', 'QQQQon'], listed)).toEqual({
      known: ['AAPLon', 'TSLAon'],
      unknown: ['ZZZZon', 'QQQQon'],
    })
  })
})
