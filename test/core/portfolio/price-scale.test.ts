import { describe, expect, it } from 'vitest'
import { priceScale } from '../../../src/main/core/portfolio/price-track'
import type { HistoryPoint } from '../../../src/shared/history'

/**
 * The decimals the portfolio's BigInt counts are held at (price-track.ts's priceScale): the fewest
 * that hold every price, stock close, multiplier and fair value read, and every fee a trade spreads
 * over its tokens. Counted on the text as the history and the ledger write it.
 */

const point = (close: string, underlyingClose: string | null, multiplier: string | null): HistoryPoint => ({
  t: Date.parse('2026-03-02T00:00:00Z'),
  open: close,
  high: close,
  low: close,
  close,
  underlyingClose,
  underlyingCarried: false,
  multiplier,
  premium: null,
})

describe('priceScale: the decimals every price of a computation is held at', () => {
  it('counts the decimals after the point of each close, stock close and multiplier', () => {
    const histories = [
      [point('100.10', '215.355', '1.0021'), point('3.5', '99', '1')],
      [point('12', null, null)],
    ]
    // Closes: 2 decimals at most; the stock 3, the multiplier 4; a fair value has their sum.
    expect(priceScale(histories, [], 8)).toEqual({ price: 7, stock: 3, multiplier: 4 })
  })

  it('reads a price written without a point as whole, and one with many decimals as it is written', () => {
    expect(priceScale([[point('250', '248', '1')]], [], 8)).toEqual({ price: 0, stock: 0, multiplier: 0 })
    expect(priceScale([[point('0.000123', '1', '1')]], [], 8)).toEqual({ price: 6, stock: 0, multiplier: 0 })
  })

  it("holds a trade's price, and its fee over the tokens' decimals, where the histories hold fewer", () => {
    // A price of 3 decimals; a fee of 0.35 spread over tokens of 8 decimals needs none more.
    expect(priceScale([[point('100.10', '99', '1')]], [{ price: '101.125', fee: '0.35' }], 8)).toEqual({
      price: 3,
      stock: 0,
      multiplier: 0,
    })
    // A fee of 12 decimals over tokens of 8: 4 decimals of a price.
    expect(
      priceScale([[point('100.10', '99', '1')]], [{ price: '100.1', fee: '0.000000000035' }], 8),
    ).toEqual({ price: 4, stock: 0, multiplier: 0 })
  })
})
