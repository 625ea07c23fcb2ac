import { describe, expect, it } from 'vitest'
import type { LedgerSide, Transaction } from '../../../src/shared/holdings'
import { inTimeOrder, replayLedger } from '../../../src/main/core/holdings/ledger-replay'

/**
 * The order the replay takes a ledger in, where it changes a figure: FIFO lots bought in the same
 * second, by id as numbers; the positions by symbol whatever the order they were first traded in;
 * and what the portfolio is told after each transaction.
 */

function tx(
  id: string,
  time: string,
  symbol: string,
  side: LedgerSide,
  quantity: string,
  price: string,
  fee = '0',
): Transaction {
  return { id, time, symbol, side, quantity, price, fee, note: null }
}

const AT = '2026-03-02T10:15:00-05:00'

describe('ledger replay order', () => {
  it('FIFO takes the lots of one second by id as a number: t9 before t10', () => {
    const ledger = [
      tx('t10', AT, 'AAPLon', 'buy', '2.5', '120.20'),
      tx('t9', AT, 'AAPLon', 'buy', '1.5', '100.10'),
      tx('t11', '2026-03-03T10:15:00-05:00', 'AAPLon', 'sell', '2', '130.30'),
    ]
    const replay = replayLedger(ledger, 'fifo')
    expect(replay.ok).toBe(true)
    if (!replay.ok) return
    // t9's 1.5 at 100.10 and 0.5 of t10 at 120.20: 150.15 + 60.10 = 210.25; left 2 x 120.20.
    expect(replay.positions).toEqual([
      { symbol: 'AAPLon', quantity: '2', cost: '240.4', averageCost: '120.2', realized: '50.35' },
    ])
    expect(inTimeOrder(ledger).map((t) => t.id)).toEqual(['t9', 't10', 't11'])
  })

  it('FIFO takes the lots of one second by id of one length as text: t11 before t12, entered or not', () => {
    const sell = tx('t13', '2026-03-03T10:15:00-05:00', 'AAPLon', 'sell', '2', '130.30')
    const entered = [
      tx('t12', AT, 'AAPLon', 'buy', '2.5', '120.20'),
      tx('t11', AT, 'AAPLon', 'buy', '1.5', '100.10'),
      sell,
    ]
    // Only the ids tell the two buys apart: the one check of the order must read them as text.
    expect(inTimeOrder(entered).map((t) => t.id)).toEqual(['t11', 't12', 't13'])
    const replay = replayLedger(entered, 'fifo')
    // t11's 1.5 at 100.10 and 0.5 of t12 at 120.20 taken, as in the test above.
    expect(replay.ok && replay.positions).toEqual([
      { symbol: 'AAPLon', quantity: '2', cost: '240.4', averageCost: '120.2', realized: '50.35' },
    ])
  })

  it('FIFO after a sale to zero takes the lots bought since, not the ones sold', () => {
    const replay = replayLedger(
      [
        tx('t1', '2026-03-02T10:00:00Z', 'AAPLon', 'buy', '3.5', '100.10'),
        tx('t2', '2026-03-03T10:00:00Z', 'AAPLon', 'sell', '3.5', '110.10'),
        tx('t3', '2026-03-04T10:00:00Z', 'AAPLon', 'buy', '1.5', '120.20'),
        tx('t4', '2026-03-05T10:00:00Z', 'AAPLon', 'sell', '0.5', '130.30'),
      ],
      'fifo',
    )
    // 3.5 x 10.00 = 35, then 0.5 x 10.10 = 5.05 against the lot of t3.
    expect(replay.ok && replay.positions).toEqual([
      { symbol: 'AAPLon', quantity: '1', cost: '120.2', averageCost: '120.2', realized: '40.05' },
    ])
  })

  it('at one instant by id, tokens in first; a ledger already in order is kept as it is', () => {
    const ledger = [
      tx('t3', AT, 'AAPLon', 'sell', '0.5', '120.20'),
      tx('t2', AT, 'AAPLon', 'transfer-in', '1.5', '100.10'),
      tx('t1', AT, 'AAPLon', 'buy', '3.5', '100.10'),
      tx('t4', AT, 'AAPLon', 'transfer-out', '0.25', '0'),
    ]
    const ordered = inTimeOrder(ledger)
    expect(ordered.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4'])
    expect(inTimeOrder(ordered)).toEqual(ordered)
    expect(inTimeOrder(ordered)).not.toBe(ordered)
    expect(inTimeOrder([])).toEqual([])
  })

  it('lists the positions by symbol, whatever the order they were first traded in', () => {
    const replay = replayLedger(
      [
        tx('t1', '2026-03-02T10:00:00Z', 'NVDAon', 'buy', '3.5', '100.10'),
        tx('t2', '2026-03-02T11:00:00Z', 'AAPLon', 'buy', '1.5', '120.20'),
        tx('t3', '2026-03-02T12:00:00Z', 'LLYon', 'buy', '0.25', '700.70'),
        tx('t4', '2026-03-02T13:00:00Z', 'AMDon', 'buy', '2.5', '130.30'),
      ],
      'average',
    )
    expect(replay.ok && replay.positions.map((p) => p.symbol)).toEqual(['AAPLon', 'AMDon', 'LLYon', 'NVDAon'])
  })

  it('tells the portfolio each holding just after its transaction, in units of 10^-18 and 10^-80', () => {
    const seen: [string, bigint, bigint][] = []
    replayLedger(
      [
        tx('t1', '2026-03-02T10:00:00Z', 'AAPLon', 'buy', '3.5', '100.10', '0.35'),
        tx('t2', '2026-03-02T11:00:00Z', 'AAPLon', 'transfer-out', '1.5', '0', '0.25'),
      ],
      'average',
      (transaction, held) => seen.push([transaction.id, held.quantity, held.cost]),
    )
    // 350.70 for 3.5; 1.5 leave at 150.30, 200.40 stays.
    expect(seen).toEqual([
      ['t1', 35n * 10n ** 17n, 35070n * 10n ** 78n],
      ['t2', 2n * 10n ** 18n, 20040n * 10n ** 78n],
    ])
  })
})
