import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../../src/shared/holdings'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import type { LedgerPosition } from '../../../src/shared/holdings'

/** The bugs other trackers shipped (issue 32), each a test that fails if it comes back here. */

let nextId = 1
function tx(
  time: string,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
  fee = '0',
  symbol = 'AAPLon',
): Transaction {
  return { id: `t${nextId++}`, time, symbol, side, quantity, price, fee, note: null }
}

function only(transactions: Transaction[], method: 'average' | 'fifo'): LedgerPosition {
  const replay = replayLedger(transactions, method)
  if (!replay.ok) throw new Error(replay.oversold.message)
  expect(replay.positions).toHaveLength(1)
  return replay.positions[0] as LedgerPosition
}

describe('ledger replay: the bugs of other trackers', () => {
  it('counts the fee of every lot, not only the first (ticker #283)', () => {
    const ledger = [
      tx('2026-01-05T10:00:00-05:00', 'buy', '10', '100', '1.50'),
      tx('2026-01-06T10:00:00-05:00', 'buy', '10', '110', '2.25'),
    ]
    for (const method of ['average', 'fifo'] as const) expect(only(ledger, method).cost).toBe('2103.75')
    // FIFO: selling the first lot whole takes its own fee with it; the second lot keeps its own.
    const sold = only([...ledger, tx('2026-01-07T10:00:00-05:00', 'sell', '10', '120', '1')], 'fifo')
    expect(sold.cost).toBe('1102.25')
    expect(sold.realized).toBe(String(1200 - 1 - 1001.5))
  })

  it('leaves the average cost unchanged by a sale (Ghostfolio #826)', () => {
    const ledger = [
      tx('2026-01-05T10:00:00Z', 'buy', '3', '100', '1'),
      tx('2026-01-06T10:00:00Z', 'buy', '4', '107'),
    ]
    const before = only(ledger, 'average')
    const after = only([...ledger, tx('2026-01-07T10:00:00Z', 'sell', '2', '150', '0.5')], 'average')
    expect(after.averageCost).toBe(before.averageCost)
    expect(after.quantity).toBe('5')
  })

  it('sold to zero has cost exactly zero, and a new buy starts afresh', () => {
    const ledger = [
      tx('2026-01-05T10:00:00Z', 'buy', '3', '33.333333333333333333', '0.01'),
      tx('2026-01-06T10:00:00Z', 'sell', '1', '40'),
      tx('2026-01-06T11:00:00Z', 'sell', '2', '41', '0.02'),
    ]
    for (const method of ['average', 'fifo'] as const) {
      const closed = only(ledger, method)
      expect(closed).toMatchObject({ quantity: '0', cost: '0', averageCost: null })
      // 40 + 82 - 0.02 - (100 - 0.000000000000000001 + 0.01): exact.
      expect(closed.realized).toBe('21.970000000000000001')
      const again = only([...ledger, tx('2026-01-07T10:00:00Z', 'buy', '2', '50', '1')], method)
      expect(again).toMatchObject({
        quantity: '2',
        cost: '101',
        averageCost: '50.5',
        realized: '21.970000000000000001',
      })
    }
  })

  it('FIFO takes three lots oldest first, the last one in part', () => {
    const position = only(
      [
        tx('2026-01-05T10:00:00Z', 'buy', '1', '10'),
        tx('2026-01-06T10:00:00Z', 'buy', '2', '20', '2'),
        tx('2026-01-07T10:00:00Z', 'buy', '4', '30', '4'),
        tx('2026-01-08T10:00:00Z', 'sell', '5', '40', '5'),
      ],
      'fifo',
    )
    // Taken: lot 1 (10), lot 2 (42), half of lot 3 (62): 114; proceeds 200 - 5.
    expect(position).toMatchObject({ quantity: '2', cost: '62', averageCost: '31', realized: '81' })
  })

  it('FIFO sells one lot in three parts, each at its price, the rest of the lot left at its own', () => {
    const position = only(
      [
        tx('2026-01-05T10:00:00Z', 'buy', '10', '100.10'),
        tx('2026-01-06T10:00:00Z', 'buy', '5', '120.30'),
        tx('2026-01-07T10:00:00Z', 'sell', '4', '110.10'),
        tx('2026-01-08T10:00:00Z', 'sell', '3.5', '115.15'),
        tx('2026-01-09T10:00:00Z', 'sell', '3', '125.25'),
      ],
      'fifo',
    )
    // Taken: 4 x 100.10 = 400.4, then 3.5 x 100.10 = 350.35 from what the first part left, then
    // the lot's last 2.5 (250.25) and 0.5 of the second (60.15). Realized 40 + 52.675 + 65.35.
    expect(position).toEqual({
      symbol: 'AAPLon',
      quantity: '4.5',
      cost: '541.35',
      averageCost: '120.3',
      realized: '158.025',
    })
  })

  it('sums 18-decimal quantities exactly (cgtcalc #31: 78.999999999999 shares)', () => {
    const ledger = Array.from({ length: 10 }, (_, i) =>
      tx(`2026-01-05T10:00:${String(i).padStart(2, '0')}Z`, 'buy', '0.100000000000000001', '1'),
    )
    expect(only(ledger, 'average').quantity).toBe('1.00000000000000001')
    const position = only(
      [...ledger, tx('2026-01-06T10:00:00Z', 'sell', '0.000000000000000010', '1')],
      'average',
    )
    expect(position.quantity).toBe('1')
  })

  it('refuses a back-dated sell larger than the holding at its time, naming it', () => {
    const replay = replayLedger(
      [
        tx('2026-01-05T10:00:00-05:00', 'buy', '3', '100'),
        tx('2026-01-08T10:00:00-05:00', 'buy', '10', '100'),
        tx('2026-01-06T10:00:00-05:00', 'sell', '5', '120'),
      ],
      'average',
    )
    expect(replay.ok).toBe(false)
    if (!replay.ok) {
      expect(replay.oversold.held).toBe('3')
      expect(replay.oversold.message).toBe(
        'The sell of 5 AAPLon at Jan 6, 2026, 10:00:00 ET is more than the 3 AAPLon held then',
      )
    }
  })

  it('orders by instant across offsets, not by the text of the time', () => {
    // 10:00-05:00 is 15:00Z: the buy at 14:00Z comes first although its text sorts later.
    const replay = replayLedger(
      [tx('2026-01-05T14:00:00Z', 'buy', '1', '1'), tx('2026-01-05T10:00:00-05:00', 'sell', '1', '1')],
      'fifo',
    )
    expect(replay.ok).toBe(true)
  })
})
