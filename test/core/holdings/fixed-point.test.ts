import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decimalText,
  dividedHalfEven,
  quotientText,
  units,
} from '../../../src/main/core/holdings/fixed-point'
import { divided, QUOTIENT_DIGITS } from '../../../src/main/core/holdings/ledger-replay'
import { Dec } from '../../../src/shared/decimal'

/** The replay's fixed point against decimal.js: the same strings, the same rounding. */

const decimalString = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 18 }))
  .map(([negative, count, places]) =>
    new Dec(count.toString())
      .dividedBy(new Dec(10).pow(places))
      .times(negative ? -1 : 1)
      .toString(),
  )

describe('fixed point', () => {
  it('reads and writes a decimal string exactly as decimal.js writes it', () => {
    fc.assert(
      fc.property(decimalString, (text) => {
        expect(decimalText(units(text, 18), 18)).toBe(new Dec(text).toString())
      }),
    )
    expect(decimalText(units('-0.000', 3), 3)).toBe('0')
    expect(() => units('1.5', 0)).toThrow(RangeError)
  })

  it('reads at any number of places, the short figures through a double and the long ones not', () => {
    // 100.10 at 10 places fits a double scaled (10^12); 3.5 at 18 does not (the two ways of reading).
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 40 }), (text, extra) => {
        const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
        const places = decimals + extra
        expect(units(text, places)).toBe(BigInt(new Dec(text).times(new Dec(10).pow(places)).toFixed(0)))
      }),
    )
    expect(units('100.10', 10)).toBe(1_001_000_000_000n)
    expect(units('-120.20', 4)).toBe(-1_202_000n)
    // 15 digits whose scaled count is past 2^53, where a double would round it.
    expect(units('999999999999.999', 6)).toBe(999_999_999_999_999_000n)
  })

  it('sums and multiplies exactly, as decimal.js does', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(decimalText(units(a, 18) * units(b, 18), 36)).toBe(new Dec(a).times(b).toString())
        expect(decimalText(units(a, 18) + units(b, 18), 18)).toBe(new Dec(a).plus(b).toString())
      }),
    )
  })

  it('divides rounding half to even, as the app rounds', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (a, b) => {
          const expected = new Dec(a.toString())
            .dividedBy(b.toString())
            .toDecimalPlaces(0, Dec.ROUND_HALF_EVEN)
            .toFixed()
          expect(dividedHalfEven(a, b).toString()).toBe(expected === '-0' ? '0' : expected)
        },
      ),
    )
    expect([dividedHalfEven(5n, 2n), dividedHalfEven(7n, 2n), dividedHalfEven(-5n, 2n)]).toEqual([
      2n,
      4n,
      -2n,
    ])
  })

  it('writes a quotient as decimal.js divides and shows it, to the last digit', () => {
    const viaDecimalJs = (a: bigint, aPlaces: number, b: bigint, bPlaces: number) =>
      divided(new Dec(decimalText(a, aPlaces)), new Dec(decimalText(b, bPlaces)))
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 100n), max: 10n ** 100n }),
        fc.integer({ min: 0, max: 80 }),
        fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }).filter((b) => b !== 0n),
        fc.integer({ min: 0, max: 18 }),
        (a, aPlaces, b, bPlaces) => {
          expect(quotientText(a, aPlaces, b, bPlaces, QUOTIENT_DIGITS)).toBe(
            viaDecimalJs(a, aPlaces, b, bPlaces),
          )
        },
      ),
      { numRuns: 500 },
    )
    // Just under a half at the 31st digit but a half once rounded to 80 digits: decimal.js rounds
    // twice, so the 30th digit goes to even (1 stays, 2 stays) where one rounding would differ.
    const divisor = 10n ** 60n + 7n
    for (const kept of [10n ** 29n + 1n, 10n ** 29n + 2n]) {
      const quotient = kept * 10n ** 50n + 5n * 10n ** 49n
      for (const dividend of [quotient * divisor - 1n, quotient * divisor + 1n, quotient * divisor])
        expect(quotientText(dividend, 80, divisor, 18, QUOTIENT_DIGITS)).toBe(
          viaDecimalJs(dividend, 80, divisor, 18),
        )
    }
    // A half at the 81st digit with more below it rounds up even from an even 80th digit.
    for (const quotient of [10n ** 80n + 5n, 10n ** 80n + 25n]) {
      const dividend = quotient * divisor + 1n
      expect(quotientText(dividend, 0, divisor, 0, 80)).toBe(
        new Dec(dividend.toString()).dividedBy(divisor.toString()).toSignificantDigits(80).toString(),
      )
    }
    // Beyond Dec's toExpNeg / toExpPos decimal.js writes an exponent; so does this.
    expect(quotientText(3n, 80, 10n ** 40n, 0, QUOTIENT_DIGITS)).toBe('3e-120')
    expect(quotientText(3n, 80, 10n ** 40n, 0, QUOTIENT_DIGITS)).toBe(viaDecimalJs(3n, 80, 10n ** 40n, 0))
    expect(quotientText(10n ** 110n, 0, 7n, 0, QUOTIENT_DIGITS)).toBe(viaDecimalJs(10n ** 110n, 0, 7n, 0))
    expect(quotientText(0n, 80, -5n, 18, QUOTIENT_DIGITS)).toBe('0')
  })
})
