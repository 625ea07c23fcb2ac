import { describe, expect, it } from 'vitest'
import { type AssetQuote, emptyAsset } from '../../../src/shared/domain'
import type { LedgerPosition } from '../../../src/shared/holdings'
import { holdingsReport, valuePosition } from '../../../src/main/core/holdings/valuation'
import { sourcePositions } from '../../../src/main/core/holdings/quantity-source'

const NO_WALLETS = { ok: false, why: 'No wallet is watched' } as const

function quote(fields: Partial<AssetQuote> & { underlyingPrice?: string }): AssetQuote {
  const { underlyingPrice, ...rest } = fields
  return {
    ...emptyAsset('AAPLon'),
    underlying:
      underlyingPrice === undefined
        ? null
        : {
            ticker: 'AAPL',
            name: null,
            price: underlyingPrice,
            high52w: null,
            low52w: null,
            volume: null,
            averageVolume: null,
            sharesOutstanding: null,
            marketCap: null,
          },
    ...rest,
  }
}

const held: LedgerPosition = {
  symbol: 'AAPLon',
  quantity: '3',
  cost: '300.3',
  averageCost: '100.1',
  realized: '5',
}

describe('valuePosition', () => {
  it('computes every figure exactly from the quote', () => {
    const valued = valuePosition(
      held,
      quote({ price: '110.10', change24h: '-1.05', sharesMultiplier: '1.0001', underlyingPrice: '109.90' }),
    )
    expect(valued).toMatchObject({
      price: '110.10',
      value: '330.3',
      unrealized: '30',
      unrealizedPct: '9.99000999000999000999000999001',
      dayChange: '-3.15',
      fairValue: '109.91099',
      valueAtFairValue: '329.73297',
      unrealizedAtFairValue: '29.43297',
      premiumExposure: '0.56703',
      stale: false,
    })
  })

  it('a 10:1 multiplier step leaves quantity and cost untouched while fair value follows', () => {
    // Before: one token is one share of $200. A 10:1 split: the share is $20, the token holds 10.
    const before = valuePosition(held, quote({ price: '201', sharesMultiplier: '1', underlyingPrice: '200' }))
    const after = valuePosition(held, quote({ price: '201', sharesMultiplier: '10', underlyingPrice: '20' }))
    expect(after).toMatchObject({ quantity: '3', cost: '300.3', averageCost: '100.1' })
    expect(after.fairValue).toBe('200')
    expect(after.valueAtFairValue).toBe(before.valueAtFairValue)
    expect(after.unrealized).toBe(before.unrealized) // no fake 900 % gain
  })

  it('a missing price makes value and P&L null, never zero; a stale one marks them', () => {
    const missing = valuePosition(held, undefined)
    expect(missing).toMatchObject({
      value: null,
      unrealized: null,
      unrealizedPct: null,
      dayChange: null,
      premiumExposure: null,
      cost: '300.3',
    })
    const stale = valuePosition(held, quote({ price: '90', stale: true }))
    expect(stale).toMatchObject({ value: '270', stale: true, fairValue: null, premiumExposure: null })
  })

  it(
    'totals: null as soon as a held position lacks the figure; a ' + 'closed position counts its realized',
    () => {
      const closed: LedgerPosition = {
        symbol: 'TSLAon',
        quantity: '0',
        cost: '0',
        averageCost: null,
        realized: '-2.5',
      }
      const quotes = new Map([['AAPLon', quote({ price: '100', change24h: '1' })]])
      const report = holdingsReport(
        sourcePositions([held, closed], 'ledger', NO_WALLETS),
        quotes,
        'average',
        Date.UTC(2026, 0, 5, 15),
      )
      expect(report.asOf).toBe('2026-01-05T15:00:00.000Z')
      expect(report.positions[1]).toMatchObject({
        value: '0',
        unrealized: '0',
        unrealizedPct: null,
        stale: false,
      })
      expect(report.totals).toEqual({
        cost: '300.3',
        value: '300',
        realized: '2.5',
        unrealized: '-0.3',
        dayChange: '3',
        valueAtFairValue: null,
        premiumExposure: null,
      })
    },
  )
})
