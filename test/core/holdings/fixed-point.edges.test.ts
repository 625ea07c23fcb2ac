import { describe, expect, it } from 'vitest'
import {
  dividedHalfEven,
  powerOfTen,
  quotientText,
  toSignificantDigits,
  units,
} from '../../../src/main/core/holdings/fixed-point'
import { divided, QUOTIENT_DIGITS } from '../../../src/main/core/holdings/ledger-replay'
import { Dec } from '../../../src/shared/decimal'

/**
 * The fixed point's edges the properties seldom reach: powers past the table, a negative divisor,
 * and the two powers of ten where decimal.js (toExpNeg -100, toExpPos 100) turns to exponents.
 */

describe('fixed point at its edges', () => {
  it('gives powers of ten past its table of 10^0 .. 10^240 too', () => {
    expect(powerOfTen(240)).toBe(10n ** 240n)
    expect(powerOfTen(241)).toBe(10n ** 241n)
    expect(powerOfTen(263)).toBe(10n ** 263n)
  })

  it('refuses more decimals than its places, naming the text and the places', () => {
    expect(() => units('100.105', 2)).toThrow(new RangeError('100.105 has more than 2 decimals'))
    expect(units('100.10', 2)).toBe(10010n)
  })

  it('divides by a negative divisor rounding half to even, the sign from both', () => {
    // 3.5 / -1 and its neighbours, in units of 0.1: -35 / 10 = -3.5 goes to the even -4.
    expect(dividedHalfEven(35n, -10n)).toBe(-4n)
    expect(dividedHalfEven(25n, -10n)).toBe(-2n)
    expect(dividedHalfEven(-35n, -10n)).toBe(4n)
    expect(dividedHalfEven(-25n, -10n)).toBe(2n)
    // 100.10 / -3 = -33.3666..., nearer -33 than -34; 100.10 / -0.7 = -143.
    expect(dividedHalfEven(10010n, -300n)).toBe(-33n)
    expect(dividedHalfEven(10010n, -70n)).toBe(-143n)
    // -100.10 / 0.3 = -333.666...: away from zero.
    expect(dividedHalfEven(-10010n, 30n)).toBe(-334n)
  })

  it('keeps a count with no more digits than asked as it is', () => {
    expect(toSignificantDigits(10010n, true, 5)).toEqual({ count: 10010n, exponent: 0 })
    expect(toSignificantDigits(10015n, false, 4)).toEqual({ count: 1002n, exponent: 1 })
    expect(toSignificantDigits(10025n, false, 4)).toEqual({ count: 1002n, exponent: 1 })
    // The same half with a nonzero rest cut off before it is more than a half.
    expect(toSignificantDigits(10025n, true, 4)).toEqual({ count: 1003n, exponent: 1 })
  })

  it('rounds an exact half past the 80th digit to even, and a half with more below it up', () => {
    // K.5 exactly, K of 80 digits and even: decimal.js keeps K; one more unit below makes it K + 1.
    const k = 10n ** 79n * 3n + 10010n
    for (const [dividend, kept] of [
      [2n * k + 1n, k],
      [2n * (k + 1n) + 1n, k + 2n],
    ] as const) {
      const shown = quotientText(dividend, 0, 2n, 0, 80)
      expect(shown).toBe(kept.toString())
      expect(shown).toBe(new Dec(dividend.toString()).dividedBy(2).toSignificantDigits(80).toString())
    }
    // 3.5 / 2 at 80 digits is exact: no rounding at all.
    expect(quotientText(35n, 1, 2n, 0, 80)).toBe('1.75')
  })

  it('writes exponents from 10^-100 and 10^100 on, plain figures inside them, as decimal.js', () => {
    const viaDecimalJs = (a: bigint, aPlaces: number, b: bigint, bPlaces: number) =>
      divided(new Dec(`${a}e-${aPlaces}`), new Dec(`${b}e-${bPlaces}`))
    const cases: [bigint, number, bigint, number, string][] = [
      // 3.5e-80 / 3.5e20 = 1e-100: the first power written as an exponent.
      [35n, 81, 35n * 10n ** 20n, 1, '1e-100'],
      [-35n, 81, 35n * 10n ** 20n, 1, '-1e-100'],
      // 3.5e-80 / 3.5e19 = 1e-99: still plain.
      [35n, 81, 35n * 10n ** 19n, 1, `0.${'0'.repeat(98)}1`],
      // 3.5e100 / 3.5 = 1e100, and 100.10e98 / 1.001 = 1e100.
      [35n * 10n ** 99n, 0, 35n, 1, '1e+100'],
      [10010n * 10n ** 96n, 0, 1001n, 3, '1e+100'],
      [35n * 10n ** 98n, 0, 35n, 1, `1${'0'.repeat(99)}`],
      // 3.501e100 / 3.5: thirty digits, then the exponent.
      [3501n * 10n ** 97n, 0, 35n, 1, '1.00028571428571428571428571429e+100'],
    ]
    for (const [a, aPlaces, b, bPlaces, text] of cases) {
      expect(quotientText(a, aPlaces, b, bPlaces, QUOTIENT_DIGITS)).toBe(text)
      expect(text).toBe(viaDecimalJs(a, aPlaces, b, bPlaces))
    }
  })
})
