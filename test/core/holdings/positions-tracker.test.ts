import { describe, expect, it } from 'vitest'
import type { AssetQuote } from '../../../src/shared/domain'
import type { CostMethod, PortfolioUpdate, Transaction } from '../../../src/shared/holdings'
import { PositionsTracker } from '../../../src/main/core/holdings/positions-tracker'
import { quoteOf } from '../../renderer/quote-fixtures'

/**
 * What main pushes to the window: positions valued at the latest quotes, replayed only when the
 * ledger or the method changes, valued again only for held symbols a delta touched.
 * Fixed market time: Saturday 21 November 2026, 12:00 ET (a weekend: off-hours tokens trade).
 */
const SATURDAY_NOON = Date.parse('2026-11-21T12:00:00-05:00')

function tx(
  id: string,
  symbol: string,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
  fee = '0',
): Transaction {
  return { id, time: '2026-11-16T10:00:00-05:00', symbol, side, quantity, price, fee, note: null }
}

function setUp(transactions: Transaction[], quotes: AssetQuote[]) {
  const state = {
    transactions,
    method: 'average' as CostMethod,
    quotes: new Map(quotes.map((q) => [q.symbol, q])),
  }
  const pushes: PortfolioUpdate[] = []
  let quoteReads = 0
  const tracker = new PositionsTracker(
    {
      transactions: () => state.transactions,
      method: () => state.method,
      quantitySource: () => 'ledger',
      walletQuantities: () => ({ ok: false, why: 'No wallet is watched' }),
      quotes: () => {
        quoteReads++
        return state.quotes
      },
      now: () => SATURDAY_NOON,
    },
    (update) => pushes.push(update),
  )
  return { state, pushes, tracker, quoteReads: () => quoteReads }
}

describe('PositionsTracker', () => {
  it('values the replayed ledger at the quotes, with totals, stamped at market time', () => {
    const { tracker, pushes } = setUp(
      [tx('t1', 'AAPLon', 'buy', '2', '100', '1'), tx('t2', 'Fon', 'buy', '10', '10')],
      [quoteOf('AAPLon', { price: '110.5' }), quoteOf('Fon', { price: '11.02', change24h: '-0.1' })],
    )
    tracker.ledgerChanged()
    const update = pushes.at(-1)!
    expect(update.asOf).toBe('2026-11-21T17:00:00.000Z')
    expect(update.positions.map((p) => [p.symbol, p.value, p.unrealized])).toEqual([
      ['AAPLon', '221', '20'],
      ['Fon', '110.2', '10.2'],
    ])
    expect(update.totals.value).toBe('331.2')
    expect(update.totals.dayChange).toBe('1.5')
    expect(update.problem).toBeNull()
  })

  it('on a delta, values again only held symbols and pushes only when a figure moved', () => {
    const { state, tracker, pushes, quoteReads } = setUp(
      [tx('t1', 'AAPLon', 'buy', '2', '100')],
      [quoteOf('AAPLon', { price: '110' }), quoteOf('NVDAon')],
    )
    tracker.ledgerChanged()
    const reads = quoteReads()
    // A row not held moved: nothing read, nothing pushed.
    tracker.quotesChanged(['NVDAon'])
    expect(quoteReads()).toBe(reads)
    expect(pushes).toHaveLength(1)
    // The held row changed, but not in a figure a position uses (its holders): nothing pushed.
    state.quotes.set('AAPLon', { ...state.quotes.get('AAPLon')!, holders: 99 })
    tracker.quotesChanged(['AAPLon'])
    expect(pushes).toHaveLength(1)
    state.quotes.set('AAPLon', { ...state.quotes.get('AAPLon')!, price: '120' })
    tracker.quotesChanged(['AAPLon'])
    expect(pushes).toHaveLength(2)
    expect(pushes.at(-1)!.totals.value).toBe('240')
    // Turning stale is a change the window must hear: the figures are then as old as the price.
    state.quotes.set('AAPLon', { ...state.quotes.get('AAPLon')!, stale: true })
    tracker.quotesChanged(['AAPLon'])
    expect(pushes.at(-1)!.positions[0]!.stale).toBe(true)
  })

  it(
    'keeps a position the service no longer lists at its cost, with ' + 'no value rather than a made-up one',
    () => {
      const { tracker, pushes } = setUp([tx('t1', 'GONEon', 'buy', '3', '5', '0.5')], [])
      tracker.ledgerChanged()
      const [position] = pushes.at(-1)!.positions
      expect(position).toMatchObject({ symbol: 'GONEon', cost: '15.5', value: null, unrealized: null })
      expect(pushes.at(-1)!.totals.value).toBeNull()
    },
  )

  it('replays when the cost method changes, and not otherwise', () => {
    const { state, tracker, pushes } = setUp(
      [
        tx('t1', 'AAPLon', 'buy', '1', '100'),
        tx('t2', 'AAPLon', 'buy', '1', '200'),
        { ...tx('t3', 'AAPLon', 'sell', '1', '150'), time: '2026-11-17T10:00:00-05:00' },
      ],
      [quoteOf('AAPLon', { price: '150' })],
    )
    tracker.ledgerChanged()
    expect(pushes.at(-1)!.totals.realized).toBe('0')
    tracker.methodMaybeChanged()
    expect(pushes).toHaveLength(1)
    state.method = 'fifo'
    tracker.methodMaybeChanged()
    expect(pushes.at(-1)!.method).toBe('fifo')
    expect(pushes.at(-1)!.totals.realized).toBe('50')
  })

  it('says a ledger that does not add up instead of showing positions from it', () => {
    const { tracker, pushes } = setUp([tx('t1', 'AAPLon', 'sell', '1', '100')], [quoteOf('AAPLon')])
    tracker.ledgerChanged()
    expect(pushes.at(-1)!.positions).toEqual([])
    expect(pushes.at(-1)!.problem).toMatch(/does not add up: The sell of 1 AAPLon/)
  })
})
