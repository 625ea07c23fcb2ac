import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AssetQuote } from '../../src/shared/domain'
import { parseCsv } from '../../src/shared/csv'
import { importWatchlist } from '../../src/shared/export-format'
import { CSV_COLUMNS, exportWatchlist } from '../../src/main/core/lists/watchlist-export'
import { valuePosition } from '../../src/main/core/holdings/valuation'
import { AS_OF, fullAsset, snapshotOf } from './export-fixtures'

/** CSV and JSON export: exact decimals, RFC 4180 quoting, no formulas for spreadsheets. */

const HEADER = CSV_COLUMNS.join(',')

/** The data rows of an export, as cells by column name. */
function csvRecords(csv: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(csv)
  expect(header?.cells).toEqual([...CSV_COLUMNS])
  return rows.map((row) => Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, row.cells[i] ?? ''])))
}

describe('CSV export', () => {
  it('writes a header and one CRLF-ended row per symbol, decimals exactly as sent', () => {
    const csv = exportWatchlist(['AAPLon'], snapshotOf([fullAsset('AAPLon')]), 'csv')
    expect(csv).toBe(
      `${HEADER}\r\n` +
        'AAPLon,AAPL Inc.,AAPL,201.130000000000000001,2026-01-13T15:04:05.678Z,-0.000000000000000001,' +
        '-2.480000000000000000,200.5,201.1766,-0.0224,1.003376073740221058,51234567,3012345678901.25,1234,' +
        // No constituents, and nothing held: the six holding columns empty.
        'premarket regular postmarket overnight,,,,,,,\r\n',
    )
  })

  it('keeps the watchlist order and leaves the cells empty for a symbol without a quote', () => {
    const csv = exportWatchlist(
      ['TSLAon', 'AAPLon', 'Fon'],
      snapshotOf([fullAsset('AAPLon'), fullAsset('TSLAon')]),
      'csv',
    )
    const records = csvRecords(csv)
    expect(records.map((record) => record.symbol)).toEqual(['TSLAon', 'AAPLon', 'Fon'])
    expect(csv.split('\r\n')[3]).toBe(`Fon${','.repeat(CSV_COLUMNS.length - 1)}`)
  })

  it('lists the sessions the limits allow, as the badges do', () => {
    const closed = { tradable: false, maxAttestationCount: '0', maxActiveNotionalValue: '0' }
    const asset = fullAsset('AAPLon', {
      limits: { premarket: closed, regular: null, postmarket: null, overnight: closed, offhours: null },
    })
    expect(csvRecords(exportWatchlist(['AAPLon'], snapshotOf([asset]), 'csv'))[0]?.tradableSessions).toBe(
      'regular postmarket',
    )
  })

  it("lists a basket's constituent tokens, in CSV and in JSON", () => {
    const basket = fullAsset('SPYon', { constituentTokens: ['AAPLon', 'MSFTon', 'NVDAon'] })
    const snapshot = snapshotOf([basket, fullAsset('AAPLon')])
    const records = csvRecords(exportWatchlist(['SPYon', 'AAPLon'], snapshot, 'csv'))
    expect(records.map((record) => record.constituentTokens)).toEqual(['AAPLon MSFTon NVDAon', ''])
    const json = JSON.parse(exportWatchlist(['SPYon', 'AAPLon'], snapshot, 'json')) as {
      assets: AssetQuote[]
    }
    expect(json.assets.map((asset) => asset.constituentTokens)).toEqual([['AAPLon', 'MSFTon', 'NVDAon'], []])
  })

  it('lists off-hours among the sessions of a token that trades it', () => {
    const open = { tradable: true, maxAttestationCount: '100', maxActiveNotionalValue: '50000' }
    const asset = fullAsset('NVDAon', {
      limits: { premarket: open, regular: open, postmarket: open, overnight: open, offhours: open },
    })
    expect(csvRecords(exportWatchlist(['NVDAon'], snapshotOf([asset]), 'csv'))[0]?.tradableSessions).toBe(
      'premarket regular postmarket overnight offhours',
    )
  })

  it.each([
    ['Berkshire Hathaway, Inc.', '"Berkshire Hathaway, Inc."'],
    ['The "Best" Co', '"The ""Best"" Co"'],
    ['Two\r\nlines', '"Two\r\nlines"'],
    ['Plain', 'Plain'],
  ])('quotes the name %j as RFC 4180 asks', (name, cell) => {
    const csv = exportWatchlist(['BRK.Bon'], snapshotOf([fullAsset('BRK.Bon', { name })]), 'csv')
    expect(csv).toContain(`BRK.Bon,${cell},BRK.B,`)
    expect(csvRecords(csv)[0]?.name).toBe(name)
  })

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
  ])('stops the text %j from running as a formula', (text, cell) => {
    const csv = exportWatchlist(
      ['AAPLon'],
      snapshotOf([fullAsset('AAPLon', { name: text, ticker: text })]),
      'csv',
    )
    expect(csv.split('\r\n')[1]).toMatch(
      new RegExp(`^AAPLon,${escapeRegExp(cell)},${escapeRegExp(cell)},201\\.`),
    )
  })

  it(
    'never puts an apostrophe before a negative decimal, and treats ' +
      'a non-decimal in a number column as text',
    () => {
      const asset = fullAsset('AAPLon', { change24h: '-0.000000000000000001', price: '=1+1' as string })
      const record = csvRecords(exportWatchlist(['AAPLon'], snapshotOf([asset]), 'csv'))[0]
      expect(record?.change24h).toBe('-0.000000000000000001')
      expect(record?.premiumPct).toBe('-0.0224')
      expect(record?.price).toBe("'=1+1")
    },
  )

  it('fills the holding columns of a token held, not of one sold to zero or never held', () => {
    const assets = [fullAsset('AAPLon'), fullAsset('TSLAon'), fullAsset('Fon')]
    const positions = [
      valuePosition(
        { symbol: 'AAPLon', quantity: '3.5', cost: '700.35', averageCost: '200.1', realized: '0' },
        assets[0],
      ),
      // Sold to zero: the replay keeps it for its realized P&L, but nothing is held.
      valuePosition(
        { symbol: 'TSLAon', quantity: '0', cost: '0', averageCost: null, realized: '12.3' },
        assets[1],
      ),
    ]
    const records = csvRecords(
      exportWatchlist(['AAPLon', 'TSLAon', 'Fon'], snapshotOf(assets), 'csv', { positions }),
    )
    const holding = (record: Record<string, string> | undefined) =>
      Object.fromEntries(Object.entries(record ?? {}).filter(([column]) => column.startsWith('holding')))
    // 3.5 x 201.130000000000000001 = 703.9550000000000000035 for a cost of 700.35; at fair value
    // (200.5 x 1.003376073740221058 a token) 704.1191597472001274515; the 24 h change 3.5 x -1e-18.
    expect(holding(records[0])).toMatchObject({
      holdingQuantity: '3.5',
      holdingValue: '703.9550000000000000035',
      holdingPnl: '3.6050000000000000035',
      holding24hPnl: '-0.0000000000000000035',
      holdingPremiumExposure: '-0.164159747200127448',
    })
    // 3.605...35 / 700.35 x 100 = 0.5147426286856571719...
    expect(records[0]?.holdingPnlPct).toMatch(/^0\.51474262868565717\d*$/)
    for (const record of records.slice(1))
      expect(Object.values(holding(record)).every((cell) => cell === '')).toBe(true)
    expect(Object.keys(holding(records[1]))).toHaveLength(6)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('JSON export', () => {
  it('writes the time, the watchlist in order and the quotes of the listed symbols', () => {
    const assets = [fullAsset('AAPLon'), fullAsset('TSLAon'), fullAsset('NVDAon')]
    const json = exportWatchlist(['TSLAon', 'Fon', 'AAPLon'], snapshotOf(assets), 'json', { now: AS_OF })
    expect(JSON.parse(json)).toEqual({
      version: 1,
      exportedAt: '2026-01-13T15:04:05.678Z',
      watchlist: ['TSLAon', 'Fon', 'AAPLon'],
      assets: [assets[1], assets[0]],
    })
  })

  it('carries every list, and the quotes of the symbols only another list holds', () => {
    const assets = [fullAsset('AAPLon'), fullAsset('TSLAon'), fullAsset('NVDAon')]
    const lists = [
      { name: 'Watchlist', symbols: ['AAPLon'] },
      { name: 'Tech', symbols: ['NVDAon', 'AAPLon'] },
    ]
    const json = JSON.parse(exportWatchlist(['AAPLon'], snapshotOf(assets), 'json', { now: AS_OF, lists }))
    expect(json.lists).toEqual(lists)
    expect(json.watchlist).toEqual(['AAPLon'])
    // Each quote once, the shown list's first; TSLAon is on no list.
    expect(json.assets).toEqual([assets[0], assets[2]])
  })

  it('works without any snapshot', () => {
    expect(JSON.parse(exportWatchlist(['AAPLon'], null, 'json', { now: AS_OF })).assets).toEqual([])
    expect(exportWatchlist(['AAPLon'], null, 'csv')).toBe(
      `${HEADER}\r\nAAPLon${','.repeat(CSV_COLUMNS.length - 1)}\r\n`,
    )
  })
})

interface WatchlistEntry {
  symbol: string
  name: string
  price: string
  change: string
  premium: string
  multiplier: string
}

describe('export then import', () => {
  const symbol = fc.stringMatching(/^[A-Z][A-Z0-9.-]{0,11}on$/)
  const decimal = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^(?:0|[1-9]\d{0,19})$/),
      fc.option(fc.stringMatching(/^\d{1,18}$/)),
    )
    .map(
      ([minus, whole, fraction]) => `${minus ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`,
    )
  const name = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('a, b', 'say "hi"', 'two\r\nlines', '=1+1', '-1', '@x', "'quoted'"),
  )
  const watchlist = fc.uniqueArray(
    fc.record({ symbol, name, price: decimal, change: decimal, premium: decimal, multiplier: decimal }),
    { selector: (entry) => entry.symbol, minLength: 1, maxLength: 25 },
  )
  const assetsOf = (entries: ReadonlyArray<WatchlistEntry>): AssetQuote[] =>
    entries.map((entry) =>
      fullAsset(entry.symbol, {
        name: entry.name,
        price: entry.price,
        change24h: entry.change,
        changePct24h: entry.change,
        premiumPct: entry.premium,
        sharesMultiplier: entry.multiplier,
      }),
    )

  it('a CSV export imports back to the same symbols in the same order, its decimals exact', () => {
    fc.assert(
      fc.property(watchlist, (entries) => {
        const symbols = entries.map((entry) => entry.symbol)
        const csv = exportWatchlist(symbols, snapshotOf(assetsOf(entries)), 'csv')
        expect(importWatchlist(csv)).toEqual({ symbols, invalid: [], duplicates: [] })
        const records = csvRecords(csv)
        entries.forEach((entry, i) => {
          expect(records[i]).toMatchObject({
            symbol: entry.symbol,
            price: entry.price,
            change24h: entry.change,
            premiumPct: entry.premium,
            sharesMultiplier: entry.multiplier,
          })
          expect([entry.name, `'${entry.name}`]).toContain(records[i]?.name)
        })
      }),
      { numRuns: 150 },
    )
  })

  it('a JSON export imports back to the same symbols in the same order, its quotes unchanged', () => {
    fc.assert(
      fc.property(watchlist, (entries) => {
        const symbols = entries.map((entry) => entry.symbol)
        const assets = assetsOf(entries)
        const json = exportWatchlist(symbols, snapshotOf(assets), 'json', { now: AS_OF })
        expect(importWatchlist(json)).toEqual({ symbols, invalid: [], duplicates: [] })
        expect(JSON.parse(json).assets).toEqual(assets)
      }),
      { numRuns: 150 },
    )
  })

  it('round-trips the decimals named in the issue', () => {
    const asset = fullAsset('AAPLon', {
      sharesMultiplier: '1.003376073740221058',
      change24h: '-0.000000000000000001',
    })
    const csv = exportWatchlist(['AAPLon'], snapshotOf([asset]), 'csv')
    expect(csvRecords(csv)[0]).toMatchObject({
      sharesMultiplier: '1.003376073740221058',
      change24h: '-0.000000000000000001',
    })
    const json = JSON.parse(exportWatchlist(['AAPLon'], snapshotOf([asset]), 'json'))
    expect(json.assets[0]).toMatchObject({
      sharesMultiplier: '1.003376073740221058',
      change24h: '-0.000000000000000001',
    })
  })
})
