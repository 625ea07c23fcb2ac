import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { attributionInCents } from '../../src/shared/portfolio-cents'

describe('attributionInCents: the parts shown to the cent add up to the P&L shown', () => {
  it('gives the cent that rounding lost to the part that lost most', () => {
    // Exact: 10.005 + 20.005 + 0.004 - 0.35 = 29.664; each half to even: 10.00 + 20.00 + 0.00 - 0.35 = 29.65.
    const shown = attributionInCents(
      { stock: '10.005', multiplier: '20.005', premium: '0.004', fees: '-0.35' },
      '29.664',
    )
    expect(shown.pnl).toBe('29.66')
    expect(shown.parts).toEqual({ stock: '10.01', multiplier: '20.00', premium: '0.00', fees: '-0.35' })
  })

  it('takes a cent back where rounding gave too many, and leaves exact cents alone', () => {
    const over = attributionInCents(
      { stock: '0.006', multiplier: '0.006', premium: '0.006', fees: '0' },
      '0.018',
    )
    expect(over.pnl).toBe('0.02')
    const sum = Object.values(over.parts).reduce((s, p) => s.plus(p), new Dec(0))
    expect(sum.toFixed(2)).toBe('0.02')
    const exact = attributionInCents(
      { stock: '120.20', multiplier: '3.50', premium: '-7.25', fees: '-1.10' },
      '115.35',
    )
    expect(exact.parts).toEqual({ stock: '120.20', multiplier: '3.50', premium: '-7.25', fees: '-1.10' })
  })
})
