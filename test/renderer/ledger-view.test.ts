import { describe, expect, it } from 'vitest'
import { displayZone } from '../../src/shared/display-time'
import type { Transaction } from '../../src/shared/holdings'
import {
  formatTradeTime,
  ledgerSymbols,
  NEWEST_FIRST,
  NO_FILTER,
  shownTransactions,
  tradeAmount,
} from '../../src/renderer/ledger/ledger-view'

const tx = (
  id: string,
  time: string,
  symbol: string,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
  note: string | null = null,
): Transaction => ({
  id,
  time,
  symbol,
  side,
  quantity,
  price,
  fee: '0',
  note,
})

// In time order, as main sends them.
const LEDGER = [
  tx('t1', '2026-01-05T10:00:00-05:00', 'TSLAon', 'buy', '2', '400', 'first lot'),
  tx('t3', '2026-01-05T16:00:00Z', 'AAPLon', 'buy', '10', '0.1'),
  tx('t2', '2026-01-06T10:00:00-05:00', 'AAPLon', 'sell', '3', '200', 'trim'),
]
const ids = (list: Transaction[]) => list.map((t) => t.id)

describe('the ledger as listed', () => {
  it('sorts by time, symbol or amount, either way, ties in the ledger order', () => {
    expect(ids(shownTransactions(LEDGER, NO_FILTER, NEWEST_FIRST))).toEqual(['t2', 't3', 't1'])
    expect(ids(shownTransactions(LEDGER, NO_FILTER, { key: 'time', direction: 'asc' }))).toEqual([
      't1',
      't3',
      't2',
    ])
    expect(ids(shownTransactions(LEDGER, NO_FILTER, { key: 'symbol', direction: 'asc' }))).toEqual([
      't3',
      't2',
      't1',
    ])
    // Amounts 800, 1 and 600: compared as decimals, not as text ("1" < "600" < "800" by chance).
    expect(ids(shownTransactions(LEDGER, NO_FILTER, { key: 'amount', direction: 'desc' }))).toEqual([
      't1',
      't2',
      't3',
    ])
    expect(
      ids(
        shownTransactions([...LEDGER, tx('t9', '2026-01-07T10:00:00Z', 'XON', 'buy', '1', '90')], NO_FILTER, {
          key: 'amount',
          direction: 'asc',
        }),
      ),
    ).toEqual(['t3', 't9', 't2', 't1'])
  })

  it('filters by symbol, side and words in the note, symbol or date', () => {
    expect(ids(shownTransactions(LEDGER, { ...NO_FILTER, symbol: 'AAPLon' }, NEWEST_FIRST))).toEqual([
      't2',
      't3',
    ])
    expect(ids(shownTransactions(LEDGER, { ...NO_FILTER, side: 'sell' }, NEWEST_FIRST))).toEqual(['t2'])
    expect(ids(shownTransactions(LEDGER, { ...NO_FILTER, text: 'LOT' }, NEWEST_FIRST))).toEqual(['t1'])
    expect(ids(shownTransactions(LEDGER, { ...NO_FILTER, text: '2026-01-05 aapl' }, NEWEST_FIRST))).toEqual([
      't3',
    ])
    expect(ledgerSymbols(LEDGER)).toEqual(['AAPLon', 'TSLAon'])
  })

  it('says when in market time and the amount exactly', () => {
    expect(formatTradeTime('2026-01-05T16:00:00Z', displayZone('market'))).toBe('Jan 5, 2026, 11:00:00 ET')
    // In the computer's zone when Settings chose it (here Tokyo, standing in for the computer's).
    expect(formatTradeTime('2026-01-05T16:00:00Z', displayZone('computer', 'Asia/Tokyo'))).toBe(
      'Jan 6, 2026, 01:00:00 GMT+9',
    )
    expect(tradeAmount({ quantity: '0.000000000000000001', price: '3' })).toBe('0.000000000000000003')
  })
})
