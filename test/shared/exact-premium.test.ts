import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { PREMIUM_DIGITS, exactPremium, fairValue } from '../../src/shared/exact-premium'

/** The premium in BigInt decimal arithmetic gives the text decimal.js gives, for any prices. */

const price = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
  .map(([units, scale]) => new Dec(units.toString()).div(new Dec(10).pow(scale)).toFixed(scale))

const viaDecimalJs = (close: string, underlying: string, multiplier: string) =>
  new Dec(close).div(new Dec(underlying).times(multiplier)).minus(1).toSignificantDigits(PREMIUM_DIGITS).toString()

describe('exact premium', () => {
  it('agrees with decimal.js to 16 significant digits, rounded half to even', () => {
    fc.assert(
      fc.property(price, price, fc.constantFrom('1', '1.000000000000000000', '4.020787872682421860', '10', '0.993947746511883052'), (close, underlying, multiplier) => {
        expect(exactPremium(close, fairValue(underlying, multiplier))).toBe(viaDecimalJs(close, underlying, multiplier))
      }),
      { numRuns: 2_000 },
    )
  })

  it('cases worth naming: zero premium, a tiny one, a discount, a split mismatch, a zero stock price', () => {
    expect(exactPremium('100.10', fairValue('100.10', '1.000000000000000000'))).toBe('0')
    expect(exactPremium('100.0000000001', fairValue('100', '1'))).toBe('0.000000000001')
    expect(exactPremium('99.5', fairValue('100', '1'))).toBe('-0.005')
    expect(exactPremium('1002', fairValue('100.1', '1'))).toBe('9.00999000999001')
    expect(exactPremium('1', fairValue('0.00', '1'))).toBeNull()
  })
})
