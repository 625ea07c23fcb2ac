import { describe, expect, it } from 'vitest'
import type { AssetQuote, Delta } from '../../../src/shared/domain'
import type { CostMethod, PortfolioUpdate, QuantitySource, Transaction } from '../../../src/shared/holdings'
import { PositionsTracker } from '../../../src/main/core/holdings/positions-tracker'
import type { WalletQuantities } from '../../../src/main/core/holdings/quantity-source'
import { quotesTouched, trackPositions } from '../../../src/main/core/holdings/track-positions'
import { quoteOf } from '../../renderer/quote-fixtures'

/**
 * The tracker between its sources: the quantity source and the wallets, what it reads when, what
 * it hands the alert engine and the feed, and the wiring to the app. Fixed market time: Tuesday
 * 17 November 2026, 11:32 ET; the trades are of the Monday before.
 */

const TUESDAY_1132 = Date.parse('2026-11-17T11:32:00-05:00')

function tx(id: string, symbol: string, side: 'buy' | 'sell', quantity: string, price: string): Transaction {
  return { id, time: '2026-11-16T10:00:00-05:00', symbol, side, quantity, price, fee: '0', note: null }
}

const LEDGER = [
  tx('t1', 'NVDAon', 'buy', '3.5', '100.10'),
  tx('t2', 'AAPLon', 'buy', '2.5', '120.20'),
  tx('t3', 'LLYon', 'buy', '1.5', '700.70'),
  { ...tx('t4', 'LLYon', 'sell', '1.5', '710.10'), time: '2026-11-16T11:00:00-05:00' },
]

function setUp(transactions: Transaction[] = LEDGER) {
  const state = {
    transactions,
    method: 'average' as CostMethod,
    source: 'ledger' as QuantitySource,
    wallets: { ok: false, why: 'No wallet is watched' } as WalletQuantities,
    quotes: new Map<string, AssetQuote>([
      ['NVDAon', quoteOf('NVDAon', { price: '110.10' })],
      ['AAPLon', quoteOf('AAPLon', { price: '130.30' })],
    ]),
  }
  const pushes: PortfolioUpdate[] = []
  let quoteReads = 0
  const tracker = new PositionsTracker(
    {
      transactions: () => state.transactions,
      method: () => state.method,
      quantitySource: () => state.source,
      walletQuantities: () => state.wallets,
      quotes: () => {
        quoteReads++
        return state.quotes
      },
      now: () => TUESDAY_1132,
    },
    (update) => pushes.push(update),
  )
  return { state, tracker, pushes, quoteReads: () => quoteReads }
}

describe('PositionsTracker and its sources', () => {
  it('before any ledger: nothing held, from the ledger, by average cost', () => {
    const { tracker, pushes } = setUp()
    expect(tracker.current()).toEqual({
      method: 'average',
      quantitySource: 'ledger',
      quantityFallback: null,
      walletsUnavailable: null,
      asOf: '2026-11-17T16:32:00.000Z',
      positions: [],
      totals: {
        cost: '0',
        value: '0',
        realized: '0',
        unrealized: '0',
        dayChange: '0',
        valueAtFairValue: '0',
        premiumExposure: '0',
      },
      problem: null,
    })
    expect(pushes).toEqual([])
    expect([...tracker.symbols()]).toEqual([])
    // Settings saved before the ledger loads, at the defaults: nothing to replay or make again.
    tracker.methodMaybeChanged()
    expect(pushes).toEqual([])
  })

  it('hands out the positions by symbol, every symbol, and the ledger quantities', () => {
    const { tracker } = setUp()
    tracker.ledgerChanged()
    expect([...tracker.symbols()]).toEqual(['AAPLon', 'LLYon', 'NVDAon'])
    expect([...tracker.bySymbol().keys()]).toEqual(['AAPLon', 'LLYon', 'NVDAon'])
    expect(tracker.bySymbol().get('NVDAon')).toMatchObject({
      quantity: '3.5',
      value: '385.35',
      unrealized: '35',
    })
    expect(tracker.bySymbol().get('LLYon')).toMatchObject({ quantity: '0', value: '0', realized: '14.1' })
    expect(tracker.ledgerQuantities()).toEqual(
      new Map([
        ['AAPLon', '2.5'],
        ['LLYon', '0'],
        ['NVDAon', '3.5'],
      ]),
    )
  })

  it("reads no quotes for a ledger with nothing in it, and says a ledger's problem with no positions", () => {
    const empty = setUp([])
    empty.tracker.ledgerChanged()
    expect(empty.quoteReads()).toBe(0)
    expect(empty.pushes.at(-1)?.positions).toEqual([])
    const oversold = setUp([tx('t1', 'AAPLon', 'sell', '2.5', '120.20')])
    oversold.state.source = 'wallets'
    oversold.state.wallets = { ok: true, bySymbol: new Map([['AAPLon', '2.5']]) }
    oversold.tracker.ledgerChanged()
    // The wallets hold tokens, but a ledger that does not add up shows none of them.
    expect(oversold.pushes.at(-1)).toMatchObject({
      positions: [],
      quantitySource: 'ledger',
      quantityFallback: null,
      problem:
        'Your holdings file does not add up: The sell of 2.5 AAPLon at Nov 16, 2026, 10:00:00 ET is more ' +
        'than the 0 AAPLon held then.',
    })
    expect(oversold.tracker.ledgerQuantities()).toEqual(new Map())
    // Put right: the problem goes.
    oversold.state.transactions = [tx('t1', 'AAPLon', 'buy', '2.5', '120.20')]
    oversold.tracker.ledgerChanged()
    expect(oversold.pushes.at(-1)?.problem).toBeNull()
  })

  it('makes the positions again when the quantity source changes, without replaying', () => {
    const { state, tracker, pushes } = setUp()
    tracker.ledgerChanged()
    state.wallets = {
      ok: true,
      bySymbol: new Map([
        ['NVDAon', '2.5'],
        ['TSLAon', '1.5'],
      ]),
    }
    // Nothing changed in the settings: nothing pushed.
    tracker.methodMaybeChanged()
    expect(pushes).toHaveLength(1)
    state.source = 'wallets-ledger-cost'
    // The ledger is not read again: a ledger changed meanwhile is not replayed by a source change.
    state.transactions = []
    tracker.methodMaybeChanged()
    expect(pushes).toHaveLength(2)
    const update = pushes.at(-1) as PortfolioUpdate
    expect(update).toMatchObject({ quantitySource: 'wallets-ledger-cost', walletsUnavailable: null })
    expect(update.positions.map((p) => [p.symbol, p.quantity, p.quantityFrom, p.cost])).toEqual([
      ['AAPLon', '0', 'wallets', '0'],
      ['LLYon', '0', 'wallets', '0'],
      // 2.5 of 3.5 at 100.10.
      ['NVDAon', '2.5', 'wallets', '250.25'],
      ['TSLAon', '1.5', 'wallets', null],
    ])
    expect([...tracker.symbols()]).toEqual(['AAPLon', 'LLYon', 'NVDAon', 'TSLAon'])
    // A replay's positions (another method's) made by the same source.
    expect(tracker.sourced([]).positions.map((p) => [p.symbol, p.quantity])).toEqual([
      ['NVDAon', '2.5'],
      ['TSLAon', '1.5'],
    ])
    // The wallets no longer readable: said, and the ledger's quantities stand in.
    state.wallets = { ok: false, why: 'The wallets could not be read' }
    tracker.sourceChanged()
    expect(pushes.at(-1)).toMatchObject({
      quantitySource: 'ledger',
      quantityFallback: 'The wallets could not be read: quantities from the ledger',
      walletsUnavailable: 'The wallets could not be read',
    })
    expect(pushes.at(-1)?.positions.map((p) => p.quantity)).toEqual(['2.5', '0', '3.5'])
  })

  it('pushes a revaluation once for several symbols moved, and not for one that did not move', () => {
    const { state, tracker, pushes, quoteReads } = setUp()
    tracker.ledgerChanged()
    const reads = quoteReads()
    state.quotes.set('NVDAon', quoteOf('NVDAon', { price: '111.10' }))
    state.quotes.set('AAPLon', quoteOf('AAPLon', { price: '131.30' }))
    tracker.quotesChanged(['AAPLon', 'TSLAon', 'NVDAon', 'LLYon'])
    // One read of the quotes for the whole batch.
    expect(quoteReads()).toBe(reads + 1)
    expect(pushes).toHaveLength(2)
    expect(pushes.at(-1)?.totals.value).toBe('717.1')
    // NVDAon moved, AAPLon did not: pushed, with AAPLon as it was.
    state.quotes.set('NVDAon', quoteOf('NVDAon', { price: '112.10' }))
    tracker.quotesChanged(['AAPLon', 'NVDAon'])
    expect(pushes).toHaveLength(3)
    expect(pushes.at(-1)?.positions.map((p) => p.value)).toEqual(['328.25', '0', '392.35'])
    // The first symbol unmoved, a later one moved: still pushed.
    state.quotes.set('NVDAon', quoteOf('NVDAon', { price: '113.10' }))
    tracker.quotesChanged(['AAPLon', 'NVDAon'])
    expect(pushes).toHaveLength(4)
    tracker.quotesChanged(['AAPLon', 'NVDAon'])
    expect(pushes).toHaveLength(4)
  })
})

describe('the tracker wired to the app', () => {
  it('reads the ledger file, the settings, the wallets, the feed and the clock; hears saved settings', () => {
    const settings = { costMethod: 'average' as CostMethod, quantitySource: 'ledger' as QuantitySource }
    const emitted: PortfolioUpdate[] = []
    let onSettings: (() => void) | null = null
    const tracker = trackPositions({
      holdings: { transactions: () => LEDGER } as never,
      settings: { get: () => settings } as never,
      feed: { snapshot: () => ({ assets: [quoteOf('NVDAon', { price: '110.10' })] }) } as never,
      clock: { now: () => TUESDAY_1132 } as never,
      walletQuantities: () => ({ ok: true, bySymbol: new Map([['NVDAon', '1.5']]) }),
      events: {
        emit: (event, update) => {
          expect(event).toBe('portfolio')
          emitted.push(update)
        },
        onShellSettings: (listener) => {
          onSettings = listener
        },
      },
    })
    tracker.ledgerChanged()
    expect(emitted.at(-1)).toMatchObject({ method: 'average', asOf: '2026-11-17T16:32:00.000Z' })
    expect(emitted.at(-1)?.positions.find((p) => p.symbol === 'NVDAon')).toMatchObject({
      quantity: '3.5',
      value: '385.35',
    })
    settings.quantitySource = 'wallets'
    ;(onSettings as unknown as () => void)()
    expect(emitted.at(-1)?.positions.map((p) => [p.symbol, p.quantity])).toEqual([
      ['AAPLon', '0'],
      ['LLYon', '0'],
      ['NVDAon', '1.5'],
    ])
    settings.costMethod = 'fifo'
    ;(onSettings as unknown as () => void)()
    expect(emitted.at(-1)?.method).toBe('fifo')
  })

  it("names the symbols a delta touched, or every position's without one", () => {
    const { tracker } = setUp()
    tracker.ledgerChanged()
    const delta = {
      changed: [{ symbol: 'NVDAon' }],
      added: [{ symbol: 'TSLAon' }],
      removed: ['LLYon'],
    } as unknown as Delta
    expect([...quotesTouched(tracker, delta)]).toEqual(['NVDAon', 'TSLAon', 'LLYon'])
    expect([...quotesTouched(tracker)]).toEqual(['AAPLon', 'LLYon', 'NVDAon'])
  })
})
