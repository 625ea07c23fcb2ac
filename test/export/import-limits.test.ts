import { describe, expect, it } from 'vitest'
import {
  exportedListNames,
  importExportedLists,
  importWatchlist,
  MAX_IMPORT_CHARS,
} from '../../src/shared/export-format'
import { parseCsv } from '../../src/shared/csv'

/**
 * Importing at the edges: an export carrying several watchlists (each read on its own, a bad one
 * named by its position), a byte-order mark, quoted tokens, long entries shown shortened, and
 * line numbers through quoted line breaks written three ways.
 */

const UPPERCASE_TICKER = 'a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"'
const NEEDS_NAME = 'a watchlist needs a name and a list of symbols'

describe('an export with several watchlists', () => {
  const exported = JSON.stringify({
    version: 1,
    lists: [
      { name: '  Tech  ', symbols: ['aapl', 'NVDAon', 'aapl', 42] },
      { name: '', symbols: ['TSLAon'] },
      { name: 'Broken', symbols: 'SPYon' },
      { name: 'Index', symbols: ['SPYon', 'QQQon'] },
    ],
  })

  it('reads each list on its own, names trimmed, positions from 1', () => {
    expect(importExportedLists(exported)).toEqual({
      lists: [
        {
          name: 'Tech',
          position: 1,
          parsed: {
            symbols: ['AAPLon', 'NVDAon'],
            invalid: [{ line: 4, input: '42', reason: 'not a text symbol' }],
            duplicates: [{ line: 3, input: 'aapl', symbol: 'AAPLon' }],
          },
        },
        {
          name: 'Index',
          position: 4,
          parsed: { symbols: ['SPYon', 'QQQon'], invalid: [], duplicates: [] },
        },
      ],
      problems: [
        { line: 2, input: '{"name":"","symbols":["TSLAon"]}', reason: NEEDS_NAME },
        { line: 3, input: '{"name":"Broken","symbols":"SPYon"}', reason: NEEDS_NAME },
      ],
    })
    expect(exportedListNames(exported)).toEqual(['Tech', 'Index'])
  })

  it('reads it behind a byte-order mark and leading blank lines', () => {
    expect(exportedListNames(`\uFEFF\n  ${exported}`)).toEqual(['Tech', 'Index'])
  })

  it('shows a bad list cut at 60 characters with an ellipsis', () => {
    const longName = { name: ' ', symbols: ['A'.repeat(80)] }
    const result = importExportedLists(JSON.stringify({ lists: [longName] }))
    expect(result?.problems).toEqual([
      { line: 1, input: `${JSON.stringify(longName).slice(0, 60)}…`, reason: NEEDS_NAME },
    ])
    // A list that is not an object at all is named by its position too.
    expect(importExportedLists(JSON.stringify({ lists: [null] }))?.problems).toEqual([
      { line: 1, input: 'null', reason: NEEDS_NAME },
    ])
  })

  it('is not one when it has no lists, an empty list of them, or is not an object', () => {
    expect(importExportedLists(JSON.stringify({ watchlist: ['AAPLon'] }))).toBeNull()
    expect(importExportedLists(JSON.stringify({ lists: [] }))).toBeNull()
    expect(importExportedLists('["AAPLon"]')).toBeNull()
    expect(importExportedLists('AAPLon\nTSLAon')).toBeNull()
    expect(importExportedLists('{"lists": [')).toBeNull()
    expect(exportedListNames('AAPLon')).toBeNull()
  })

  it('is not read past the size limit', () => {
    const padded = `${exported}${' '.repeat(MAX_IMPORT_CHARS - exported.length)}`
    expect(padded).toHaveLength(MAX_IMPORT_CHARS)
    expect(exportedListNames(padded)).toEqual(['Tech', 'Index'])
    expect(importExportedLists(`${padded} `)).toBeNull()
  })

  it('is not one when a U+FEFF stands inside the JSON: only one at the very start is dropped', () => {
    expect(exportedListNames(exported.replace('"lists"', '\uFEFF"lists"'))).toBeNull()
  })
})

describe('single lists at the edges', () => {
  it('drops a byte-order mark at the very start, and reads one further on as a space', () => {
    expect(importWatchlist('\uFEFFAAPLon\nTSLAon').symbols).toEqual(['AAPLon', 'TSLAon'])
    expect(importWatchlist('AAPLon\uFEFFTSLAon').symbols).toEqual(['AAPLon', 'TSLAon'])
  })

  it('takes a token out of matching quotes only, and splits on runs of separators', () => {
    const result = importWatchlist(`"AAPLon" 'TSLAon',,;  "NVDAon'`)
    expect(result.symbols).toEqual(['AAPLon', 'TSLAon'])
    expect(result.invalid).toEqual([{ line: 1, input: `"NVDAon'`, reason: UPPERCASE_TICKER }])
    expect(importWatchlist('"AAPL"on').invalid).toEqual([
      { line: 1, input: '"AAPL"on', reason: UPPERCASE_TICKER },
    ])
    expect(importWatchlist('x"AAPLon"').invalid).toEqual([
      { line: 1, input: 'x"AAPLon"', reason: UPPERCASE_TICKER },
    ])
  })

  it('shows an entry of 60 characters whole and a longer one cut at 60 with an ellipsis', () => {
    const sixty = 'A'.repeat(60)
    const result = importWatchlist(`${sixty}\n${sixty}B`)
    expect(result.invalid.map((problem) => problem.input)).toEqual([sixty, `${sixty}…`])
  })

  it('cuts what it shows of bad JSON and of a JSON entry that is not text the same way', () => {
    const badJson = `["AAPLon", ${'9'.repeat(80)}`
    expect(importWatchlist(badJson).invalid).toEqual([
      { line: 1, input: `${badJson.slice(0, 60)}…`, reason: 'this looks like JSON but is not valid JSON' },
    ])
    const notText = { symbol: 'N'.repeat(80) }
    expect(importWatchlist(JSON.stringify(['AAPLon', notText])).invalid).toEqual([
      { line: 2, input: `${JSON.stringify(notText).slice(0, 60)}…`, reason: 'not a text symbol' },
    ])
  })

  it('reads a text of exactly the size limit, and refuses one character more', () => {
    const padded = `AAPLon\n${' '.repeat(MAX_IMPORT_CHARS - 7)}`
    expect(padded).toHaveLength(MAX_IMPORT_CHARS)
    expect(importWatchlist(padded)).toEqual({ symbols: ['AAPLon'], invalid: [], duplicates: [] })
    expect(importWatchlist(`${padded} `)).toEqual({
      symbols: [],
      invalid: [{ line: 1, input: '', reason: `the text is longer than ${MAX_IMPORT_CHARS} characters` }],
      duplicates: [],
    })
  })

  it('finds the symbol column by a header written in any case, with spaces around it', () => {
    expect(importWatchlist('Name, Symbol \nApple,aapl\nTesla, tsla ').symbols).toEqual(['AAPLon', 'TSLAon'])
    expect(importWatchlist('name,TICKER\nApple,AAPL').symbols).toEqual(['AAPLon'])
    // A row shorter than the header, or with only spaces in the symbol column: nothing to import.
    expect(importWatchlist('name,symbol\nApple,   \nTesla,TSLA')).toEqual({
      symbols: ['TSLAon'],
      invalid: [],
      duplicates: [],
    })
    expect(importWatchlist('name,symbol\nApple\nTesla,TSLA')).toEqual({
      symbols: ['TSLAon'],
      invalid: [],
      duplicates: [],
    })
  })

  it('counts lines through quoted line breaks written as LF, CRLF and CR', () => {
    expect(parseCsv('"a\nb",1\n"c\r\nd",2\r\n"e\rf",3\rg,4')).toEqual([
      { line: 1, cells: ['a\nb', '1'] },
      { line: 3, cells: ['c\r\nd', '2'] },
      { line: 5, cells: ['e\rf', '3'] },
      { line: 7, cells: ['g', '4'] },
    ])
  })

  it('opens a quoted field only at the start of a field', () => {
    expect(parseCsv('a"b,"c,d"')).toEqual([{ line: 1, cells: ['a"b', 'c,d'] }])
  })
})
