import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { replayLedger } from '../../../src/main/core/holdings/ledger-replay'
import { sourcePositions, type WalletQuantities } from '../../../src/main/core/holdings/quantity-source'
import { holdingsReport } from '../../../src/main/core/holdings/valuation'
import { type AssetQuote, emptyAsset } from '../../../src/shared/domain'
import type { QuantitySource, Transaction } from '../../../src/shared/holdings'

/**
 * Where a position's quantity comes from (issue 48, item 4), on a portfolio where the ledger and
 * the wallets differ both ways, valued at fixed quotes of Tuesday 17 November 2026, 11:32 ET:
 * - AAPLon: bought 5 at 100.10 and 3.5 at 120.20 (8.5 in the ledger); the wallets hold 10.25, more
 *   than the ledger (1.75 with no cost basis under "wallets, cost from ledger").
 * - NVDAon: bought 20.25 at 130.15 with a 1.05 fee; the wallets hold 15.5 (a sale of 4.75 missing).
 * - TSLAon: never entered; the wallets hold 2.5.
 * Every expected figure is worked out here with decimal.js, apart from the code under test.
 */

const TUESDAY_1132 = Date.parse('2026-11-17T11:32:00-05:00')
const D = Decimal.clone({ precision: 80 })

function trade(id: string, symbol: string, quantity: string, price: string, fee = '0'): Transaction {
  return { id, time: '2026-11-16T10:00:00-05:00', symbol, side: 'buy', quantity, price, fee, note: null }
}

const LEDGER = [
  trade('t1', 'AAPLon', '5', '100.10'),
  trade('t2', 'AAPLon', '3.5', '120.20'),
  trade('t3', 'NVDAon', '20.25', '130.15', '1.05'),
]
const WALLETS: WalletQuantities = {
  ok: true,
  bySymbol: new Map([
    ['AAPLon', '10.25'],
    ['NVDAon', '15.5'],
    ['TSLAon', '2.5'],
  ]),
}
const PRICES = { AAPLon: '131.35', NVDAon: '140.15', TSLAon: '250.55' } as const
const QUOTES = new Map<string, AssetQuote>(
  Object.entries(PRICES).map(([symbol, price]) => [symbol, { ...emptyAsset(symbol), price }]),
)

// The ledger's own figures, from the trades.
const AAPL_COST = new D('5').times('100.10').plus(new D('3.5').times('120.20'))
const AAPL_HELD = new D('8.5')
const NVDA_COST = new D('20.25').times('130.15').plus('1.05')
const NVDA_HELD = new D('20.25')
/** What the wallets' tokens are worth, whatever their cost. */
const WALLETS_VALUE = new D('10.25')
  .times(PRICES.AAPLon)
  .plus(new D('15.5').times(PRICES.NVDAon))
  .plus(new D('2.5').times(PRICES.TSLAon))

function report(source: QuantitySource, wallets: WalletQuantities = WALLETS) {
  const replay = replayLedger(LEDGER, 'average')
  if (!replay.ok) throw new Error(replay.oversold.message)
  return holdingsReport(sourcePositions(replay.positions, source, wallets), QUOTES, 'average', TUESDAY_1132)
}

function figures(source: QuantitySource, wallets?: WalletQuantities) {
  const made = report(source, wallets)
  const bySymbol = Object.fromEntries(made.positions.map((position) => [position.symbol, position]))
  return { made, bySymbol }
}

const same = (actual: string | null | undefined, expected: Decimal) => {
  expect(actual).not.toBeNull()
  expect(new D(actual as string).eq(expected), `${actual} = ${expected.toFixed()}`).toBe(true)
}

describe('quantities from the ledger (the default)', () => {
  it("values the ledger's quantities at cost, as before, and says its source", () => {
    const { made, bySymbol } = figures('ledger')
    expect(made.quantitySource).toBe('ledger')
    expect(made.quantityFallback).toBeNull()
    expect(Object.keys(bySymbol)).toEqual(['AAPLon', 'NVDAon'])
    expect(bySymbol.AAPLon).toMatchObject({ quantity: '8.5', quantityFrom: 'ledger', uncosted: null })
    same(bySymbol.AAPLon?.cost, AAPL_COST)
    same(bySymbol.AAPLon?.unrealized, AAPL_HELD.times(PRICES.AAPLon).minus(AAPL_COST))
    same(bySymbol.NVDAon?.unrealized, NVDA_HELD.times(PRICES.NVDAon).minus(NVDA_COST))
    same(made.totals.value, AAPL_HELD.times(PRICES.AAPLon).plus(NVDA_HELD.times(PRICES.NVDAon)))
  })
})

describe('quantities from the wallets', () => {
  it("takes the wallets' balances, a symbol only they hold too, with no cost and no P&L at cost", () => {
    const { made, bySymbol } = figures('wallets')
    expect(made.quantitySource).toBe('wallets')
    expect(Object.keys(bySymbol)).toEqual(['AAPLon', 'NVDAon', 'TSLAon'])
    for (const [symbol, held] of WALLETS.ok ? WALLETS.bySymbol : []) {
      const position = bySymbol[symbol]
      expect(position).toMatchObject({
        quantity: held,
        quantityFrom: 'wallets',
        cost: null,
        averageCost: null,
        unrealized: null,
        unrealizedPct: null,
        unrealizedAtFairValue: null,
        uncosted: held,
      })
      same(position?.value, new D(held).times(PRICES[symbol as keyof typeof PRICES]))
    }
    expect(bySymbol.NVDAon?.ledgerQuantity).toBe('20.25')
    expect(bySymbol.TSLAon?.ledgerQuantity).toBe('0')
    // The ledger's sales stay its own: nothing was sold here, so nothing realized.
    expect(made.totals.realized).toBe('0')
    // Never a zero standing for the unknown cost.
    expect(made.totals.cost).toBeNull()
    expect(made.totals.unrealized).toBeNull()
    same(made.totals.value, WALLETS_VALUE)
  })
})

describe("quantities from the wallets, with the ledger's cost basis", () => {
  it("costs a smaller holding at the ledger's average, a larger one's extra at nothing known", () => {
    const { made, bySymbol } = figures('wallets-ledger-cost')
    expect(made.quantitySource).toBe('wallets-ledger-cost')
    // NVDAon: the wallets hold less (a sale the ledger lacks): the average cost times 15.5.
    const nvdaCost = NVDA_COST.dividedBy(NVDA_HELD).times('15.5')
    expect(bySymbol.NVDAon).toMatchObject({ quantity: '15.5', quantityFrom: 'wallets', uncosted: null })
    same(bySymbol.NVDAon?.cost, nvdaCost)
    const nvdaPnl = new D('15.5').times(PRICES.NVDAon).minus(nvdaCost)
    same(bySymbol.NVDAon?.unrealized, nvdaPnl)
    // AAPLon: the wallets hold 1.75 more than the ledger: 8.5 at the ledger's cost, 1.75 at none.
    expect(bySymbol.AAPLon).toMatchObject({ quantity: '10.25', uncosted: '1.75', ledgerQuantity: '8.5' })
    same(bySymbol.AAPLon?.cost, AAPL_COST)
    const aaplPnl = AAPL_HELD.times(PRICES.AAPLon).minus(AAPL_COST)
    same(bySymbol.AAPLon?.unrealized, aaplPnl)
    same(bySymbol.AAPLon?.value, new D('10.25').times(PRICES.AAPLon))
    // TSLAon: the ledger never held it: no cost basis at all.
    expect(bySymbol.TSLAon).toMatchObject({ quantity: '2.5', cost: null, unrealized: null, uncosted: '2.5' })
    // The totals: the value of every token; the cost and P&L of those with a cost basis.
    same(made.totals.cost, AAPL_COST.plus(nvdaCost))
    same(made.totals.unrealized, aaplPnl.plus(nvdaPnl))
    same(made.totals.value, WALLETS_VALUE)
  })

  it('a symbol the wallets no longer hold is held at zero, costing exactly nothing', () => {
    const wallets: WalletQuantities = { ok: true, bySymbol: new Map([['AAPLon', '8.5']]) }
    const { bySymbol } = figures('wallets-ledger-cost', wallets)
    expect(bySymbol.NVDAon).toMatchObject({ quantity: '0', cost: '0', value: '0', uncosted: null })
    same(bySymbol.AAPLon?.cost, AAPL_COST)
  })
})

describe('the wallets chosen but unusable', () => {
  it("falls back to the ledger's quantities and says why", () => {
    for (const source of ['wallets', 'wallets-ledger-cost'] as const) {
      const { made, bySymbol } = figures(source, { ok: false, why: 'No wallet is watched' })
      expect(made.quantitySource).toBe('ledger')
      expect(made.quantityFallback).toBe('No wallet is watched: quantities from the ledger')
      expect(bySymbol.AAPLon).toMatchObject({ quantity: '8.5', quantityFrom: 'ledger' })
      same(bySymbol.AAPLon?.cost, AAPL_COST)
    }
  })
})
