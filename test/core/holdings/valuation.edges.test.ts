import { describe, expect, it } from 'vitest'
import { type AssetQuote, emptyAsset } from '../../../src/shared/domain'
import type { LedgerPosition } from '../../../src/shared/holdings'
import { holdingsTotals, valuePosition } from '../../../src/main/core/holdings/valuation'
import { sourcePositions, type WalletQuantities } from '../../../src/main/core/holdings/quantity-source'

/**
 * Valuation and quantity sources where a figure's input is half there: an underlying without a
 * multiplier, a closed position with a stale quote, a position with no price in the totals, and
 * the wallets' holdings that equal, lack or trail the ledger's.
 */

const underlying = (price: string) => ({
  ticker: 'AAPL',
  name: null,
  price,
  high52w: null,
  low52w: null,
  volume: null,
  averageVolume: null,
  sharesOutstanding: null,
  marketCap: null,
})

function quote(symbol: string, fields: Partial<AssetQuote>): AssetQuote {
  return { ...emptyAsset(symbol), ...fields }
}

const held: LedgerPosition = {
  symbol: 'AAPLon',
  quantity: '3.5',
  cost: '350.35',
  averageCost: '100.1',
  realized: '12.25',
}
const closed: LedgerPosition = {
  symbol: 'LLYon',
  quantity: '0',
  cost: '0',
  averageCost: null,
  realized: '-2.5',
}

describe('valuePosition with half its inputs', () => {
  it('has no fair value without both the underlying price and the multiplier', () => {
    const noMultiplier = valuePosition(
      held,
      quote('AAPLon', { price: '120.20', underlying: underlying('119.90') }),
    )
    const noUnderlying = valuePosition(held, quote('AAPLon', { price: '120.20', sharesMultiplier: '1.0001' }))
    for (const valued of [noMultiplier, noUnderlying])
      expect(valued).toMatchObject({
        value: '420.7',
        unrealized: '70.35',
        fairValue: null,
        valueAtFairValue: null,
        unrealizedAtFairValue: null,
        premiumExposure: null,
      })
    const both = valuePosition(
      held,
      quote('AAPLon', { price: '120.20', sharesMultiplier: '1.0001', underlying: underlying('119.90') }),
    )
    expect(both).toMatchObject({ fairValue: '119.91199', valueAtFairValue: '419.691965' })
  })

  it('a fair value without a price: no premium, and no staleness without a quote', () => {
    const unpriced = valuePosition(
      held,
      quote('AAPLon', { sharesMultiplier: '1.0001', underlying: underlying('119.90') }),
    )
    expect(unpriced).toMatchObject({
      value: null,
      fairValue: '119.91199',
      premiumExposure: null,
      stale: false,
    })
    expect(valuePosition(held, undefined).stale).toBe(false)
  })

  it('totals of positions all sold to zero cost nothing; wallets without a cost basis have none', () => {
    const closedOnly = holdingsTotals([valuePosition(closed, undefined)])
    expect(closedOnly).toMatchObject({ cost: '0', value: '0', unrealized: '0', realized: '-2.5' })
    // A symbol the wallets hold with no cost basis beside one sold to zero: the cost is unknown.
    const wallets: WalletQuantities = { ok: true, bySymbol: new Map([['NVDAon', '1.25']]) }
    const made = sourcePositions([closed], 'wallets', wallets)
    const valued = made.positions.map((p) => valuePosition(p, quote(p.symbol, { price: '110.10' })))
    expect(holdingsTotals(valued)).toMatchObject({ cost: null, unrealized: null, value: '137.625' })
  })

  it('a position the ledger gives is said to come from it, all of it with a cost basis', () => {
    expect(valuePosition(held, quote('AAPLon', { price: '120.20' }))).toMatchObject({
      quantityFrom: 'ledger',
      ledgerQuantity: '3.5',
      uncosted: null,
    })
  })

  it('nothing held is never stale, and worth nothing whatever the quote', () => {
    const stale = quote('LLYon', {
      price: '710.10',
      change24h: '-3.5',
      sharesMultiplier: '1.0001',
      underlying: underlying('709.90'),
      stale: true,
    })
    expect(valuePosition(closed, stale)).toMatchObject({
      value: '0',
      unrealized: '0',
      unrealizedPct: null,
      dayChange: '0',
      valueAtFairValue: '0',
      unrealizedAtFairValue: '0',
      premiumExposure: '0',
      stale: false,
    })
    expect(valuePosition(held, { ...stale, symbol: 'AAPLon' }).stale).toBe(true)
  })

  it('a position with no price leaves the value and the P&L totals unknown, not the cost', () => {
    const priced = valuePosition(
      { ...held, symbol: 'NVDAon' },
      quote('NVDAon', { price: '110.10', change24h: '1.5' }),
    )
    const unpriced = valuePosition(held, undefined)
    expect(holdingsTotals([priced, unpriced, valuePosition(closed, undefined)])).toEqual({
      cost: '700.7',
      value: null,
      realized: '22',
      unrealized: null,
      dayChange: null,
      valueAtFairValue: null,
      premiumExposure: null,
    })
    // Only what is held counts: a closed position without a price takes nothing away.
    expect(holdingsTotals([priced, valuePosition(closed, undefined)])).toMatchObject({
      cost: '350.35',
      value: '385.35',
      unrealized: '35',
      dayChange: '5.25',
    })
  })
})

describe('sourcePositions at the edges', () => {
  const ledger: LedgerPosition[] = [held, { ...held, symbol: 'NVDAon', quantity: '2.5', cost: '275.25' }]

  it('costs a wallets holding equal to the ledger at the ledger cost, none of it uncosted', () => {
    const wallets: WalletQuantities = {
      ok: true,
      bySymbol: new Map([
        ['AAPLon', '3.50'],
        ['NVDAon', '1.25'],
      ]),
    }
    const made = sourcePositions(ledger, 'wallets-ledger-cost', wallets)
    expect(made.positions.map((p) => [p.symbol, p.quantity, p.cost, p.uncosted, p.averageCost])).toEqual([
      ['AAPLon', '3.5', '350.35', null, '100.1'],
      ['NVDAon', '1.25', '137.625', null, '100.1'],
    ])
  })

  it('a symbol the wallets do not hold is held at zero costing nothing, under either choice', () => {
    const wallets: WalletQuantities = { ok: true, bySymbol: new Map([['NVDAon', '1.25']]) }
    for (const chosen of ['wallets', 'wallets-ledger-cost'] as const)
      expect(sourcePositions(ledger, chosen, wallets).positions[0]).toEqual({
        ...held,
        quantityFrom: 'wallets',
        ledgerQuantity: '3.5',
        quantity: '0',
        cost: '0',
        averageCost: null,
        uncosted: null,
      })
  })

  it('sorts seventy positions, half only in the wallets, by symbol', () => {
    const symbol = (index: number) => `T${String(index).padStart(3, '0')}on`
    const inLedger = Array.from({ length: 35 }, (_, i) => ({ ...held, symbol: symbol(2 * i) }))
    const wallets: WalletQuantities = {
      ok: true,
      bySymbol: new Map(
        Array.from({ length: 35 }, (_, i) => [symbol(69 - 2 * i), '1.5'] as [string, string]),
      ),
    }
    const made = sourcePositions(inLedger, 'wallets', wallets)
    expect(made.positions.map((p) => p.symbol)).toEqual(Array.from({ length: 70 }, (_, i) => symbol(i)))
  })

  it('sorts the symbols only the wallets hold among the ledger ones, leaving out those held at zero', () => {
    const wallets: WalletQuantities = {
      ok: true,
      bySymbol: new Map([
        ['TSLAon', '1.5'],
        ['MSFTon', '0.000'],
        ['AMDon', '2.25'],
        ['LLYon', '0.75'],
      ]),
    }
    const made = sourcePositions([ledger[1] as LedgerPosition], 'wallets', wallets)
    expect(made.positions.map((p) => [p.symbol, p.quantity, p.ledgerQuantity])).toEqual([
      ['AMDon', '2.25', '0'],
      ['LLYon', '0.75', '0'],
      ['NVDAon', '0', '2.5'],
      ['TSLAon', '1.5', '0'],
    ])
  })
})
