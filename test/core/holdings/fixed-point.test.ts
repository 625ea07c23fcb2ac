import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalText, dividedHalfEven, units } from '../../../src/main/core/holdings/fixed-point'
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
})
