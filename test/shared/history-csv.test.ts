import { describe, expect, it } from 'vitest'
import type { HistoryPoint } from '../../src/shared/history'
import { HISTORY_CSV_COLUMNS, historyCsv, isHistoryCsv } from '../../src/shared/history-csv'

const POINTS: HistoryPoint[] = [
  {
    t: 1763942400000,
    open: '231.0100',
    high: '232.5',
    low: '230.9',
    close: '232.123456789',
    underlyingClose: '231.87',
    underlyingCarried: false,
    multiplier: '1.001084338309087472',
    premium: '-0.000101234567890123',
  },
  {
    t: 1764028800000,
    open: '232.2',
    high: '232.2',
    low: '232.2',
    close: '232.2',
    underlyingClose: '231.87',
    underlyingCarried: true,
    multiplier: null,
    premium: null,
  },
]

describe('the history CSV', () => {
  it('has the columns of the CLI and the export, in order, and every price as the string received', () => {
    expect(HISTORY_CSV_COLUMNS.join(',')).toBe(
      't,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium',
    )
    expect(historyCsv(POINTS)).toBe(
      't,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium\r\n' +
        '1763942400000,231.0100,232.5,230.9,232.123456789,231.87,false,' +
        '1.001084338309087472,-0.000101234567890123\r\n' +
        '1764028800000,232.2,232.2,232.2,232.2,231.87,true,,\r\n',
    )
  })

  it('is recognised as itself, and nothing else is (main saves only this table)', () => {
    expect(isHistoryCsv(historyCsv(POINTS))).toBe(true)
    expect(isHistoryCsv(historyCsv([]))).toBe(true)
    const lines = historyCsv(POINTS).split('\r\n')
    for (const bad of [
      '',
      'symbol,price\r\nAAPLon,1\r\n',
      historyCsv(POINTS).slice(0, -2),
      [lines[0], '=HYPERLINK("http://x"),1,1,1,1,1,false,1,0', ''].join('\r\n'),
      [lines[0], '1,1,1,1,1,1,maybe,1,0', ''].join('\r\n'),
      [lines[0], '1,1,1,1,1,1,false,1,0,extra', ''].join('\r\n'),
      [lines[0], '1,1e3,1,1,1,1,false,1,0', ''].join('\r\n'),
    ])
      expect(isHistoryCsv(bad), bad).toBe(false)
  })
})
