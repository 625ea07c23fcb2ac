import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BigDecimal } from '../../../src/main/core/portfolio/big-decimal'
import { Dec, toFixedString } from '../../../src/shared/decimal'

/**
 * The portfolio's BigInt decimals against decimal.js itself, operation by operation: the same
 * digits at Dec's 80 and the returns' 40, including results long enough to be rounded (an
 * average cost's 80 decimals plus dollars) and exact halves. Fixed seed: the same draws each run.
 */

const SEED = 4949
const Rate = Dec.clone({ precision: 40 })

/** Plain decimal strings from 1 to 95 digits, 0 to 90 of them decimals, some with trailing zeros. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 12n }),
      fc.bigInt({ min: 0n, max: 10n ** 95n }),
      fc.constantFrom(5n, 25n, 125n, 15n, 10n ** 80n - 1n, 5n * 10n ** 80n),
    ),
    fc.integer({ min: 0, max: 90 }),
  )
  .map(([negative, count, places]) => {
    const digits = count.toString().padStart(places + 1, '0')
    const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`
    return negative ? `-${text}` : text
  })

const both = (text: string, precision: number) =>
  [BigDecimal.parse(text, precision), precision === 40 ? new Rate(text) : new Dec(text)] as const

/** `count` and 3.5 at `precision`, beside decimal.js's: their product and quotient round alike. */
function roundsAsDecimalJs(count: bigint, precision: number) {
  const [x, dx] = both(count.toString(), precision)
  const [y, dy] = both('3.5', precision)
  expect(x.times(y).toString()).toBe(dx.times(dy).toString())
  expect(x.dividedBy(y).toString()).toBe(dx.dividedBy(dy).toString())
  return { x, dx, y, dy }
}

describe('BigDecimal: decimal.js on BigInt', () => {
  for (const precision of [80, 40]) {
    it(`adds, subtracts, multiplies and divides to decimal.js's digits at ${precision} digits`, () => {
      fc.assert(
        fc.property(decimalText, decimalText, (a, b) => {
          const [x, dx] = both(a, precision)
          const [y, dy] = both(b, precision)
          expect(x.toString()).toBe(dx.toString())
          expect(x.plus(y).toString()).toBe(dx.plus(dy).toString())
          expect(x.minus(y).toString()).toBe(dx.minus(dy).toString())
          expect(x.times(y).toString()).toBe(dx.times(dy).toString())
          if (!dy.isZero()) expect(x.dividedBy(y).toString()).toBe(dx.dividedBy(dy).toString())
          expect(x.times(y).plus(x).minus(y).toString()).toBe(dx.times(dy).plus(dx).minus(dy).toString())
          expect(x.isNegative()).toBe(dx.isNegative() && !dx.isZero())
          expect(x.equals(y)).toBe(dx.equals(dy))
        }),
        { seed: SEED, numRuns: 2000 },
      )
    })
  }

  it('writes fixed decimals as toFixedString does, halves to even, never "-0.00"', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 12 }), (a, places) => {
        expect(BigDecimal.parse(a).toFixed(places)).toBe(toFixedString(new Dec(a), places))
      }),
      { seed: SEED, numRuns: 2000 },
    )
    expect(BigDecimal.parse('0.125').toFixed(2)).toBe('0.12')
    expect(BigDecimal.parse('-0.004').toFixed(2)).toBe('0.00')
    expect(BigDecimal.parse('120.20').toFixed(0)).toBe('120')
  })

  it('rounds a long sum as decimal.js does: an average cost with 80 decimals plus dollars', () => {
    const cost = '1234.56789012345678901234567890123456789012345678901234567890123456789012345678901235'
    const [x, dx] = both(cost, 80)
    const [y, dy] = both('100.10', 80)
    expect(x.plus(y).toString()).toBe(dx.plus(dy).toString())
    // Rounded: the exact sum has 84 digits.
    expect(x.plus(y).toString().replace('.', '').length).toBeLessThanOrEqual(80)
  })

  it('counts digits right at every power of ten: each operation rounds where decimal.js does', () => {
    // 10^k - 1, 10^k and 10^k + 1 for k up to 260: the lengths where a result starts or stops
    // needing a rounding, and where a quotient's digits are counted (the counting has two ways:
    // a double's logarithm below 10^239, a search through the powers of ten above).
    for (let k = 1; k <= 260; k++) {
      for (const count of [10n ** BigInt(k) - 1n, 10n ** BigInt(k), 10n ** BigInt(k) + 1n]) {
        for (const precision of [80, 40]) {
          const { x, dx, y, dy } = roundsAsDecimalJs(count, precision)
          expect(y.dividedBy(x).toString()).toBe(dy.dividedBy(dx).toString())
          expect(x.plus(y).toString()).toBe(dx.plus(dy).toString())
        }
      }
    }
  })

  it('refuses what is not a decimal', () => {
    expect(() => BigDecimal.parse('')).toThrow()
    expect(() => BigDecimal.parse('1.2.3')).toThrow()
    expect(() => BigDecimal.parse('3.5').dividedBy(BigDecimal.parse('0'))).toThrow(RangeError)
  })

  it('says why it refuses: the text that is not a decimal, a division by zero', () => {
    expect(() => BigDecimal.parse('-')).toThrow('not a decimal: -')
    expect(() => BigDecimal.parse('.')).toThrow('not a decimal: .')
    expect(() => BigDecimal.parse('100.10').dividedBy(BigDecimal.parse('0.00'))).toThrow('division by zero')
  })

  it('says zero, sign and equality whatever the decimals a value is written with', () => {
    expect(BigDecimal.parse('0.00').isZero()).toBe(true)
    expect(BigDecimal.parse('-0.01').isZero()).toBe(false)
    expect(BigDecimal.parse('0.00').isPositive()).toBe(false)
    expect(BigDecimal.parse('0.00').isNegative()).toBe(false)
    expect(BigDecimal.parse('3.5').isPositive()).toBe(true)
    expect(BigDecimal.parse('1.50').equals(BigDecimal.parse('1.5'))).toBe(true)
    expect(BigDecimal.parse('-100.10').equals(BigDecimal.parse('-100.1000'))).toBe(true)
    expect(BigDecimal.parse('100.10').equals(BigDecimal.parse('100.11'))).toBe(false)
  })

  it('rounds a quotient exactly half a unit past its last digit to even, as decimal.js does', () => {
    // 41 significant digits ending in 5, divided by 1 or 5: exact halves at the 40th digit.
    for (const [a, b] of [
      ['1.0000000000000000000000000000000000000005', '1'],
      ['1.0000000000000000000000000000000000000015', '1'],
      ['5.0000000000000000000000000000000000000025', '5'],
      ['-2.0000000000000000000000000000000000000005', '1'],
    ] as const) {
      const [x, dx] = both(a, 40)
      const [y, dy] = both(b, 40)
      expect(x.dividedBy(y).toString()).toBe(dx.dividedBy(dy).toString())
    }
    expect(
      BigDecimal.parse('1.0000000000000000000000000000000000000005', 40)
        .dividedBy(BigDecimal.parse('1'))
        .toString(),
    ).toBe('1')
  })

  it('counts the digits of counts past a double (10^308) as decimal.js rounds them', () => {
    // Products of such values with 3.5 at 80 and 40 digits, around powers of ten up to 10^1000.
    for (const k of [300, 308, 309, 330, 479, 480, 481, 700, 959, 960, 961, 1000]) {
      for (const count of [10n ** BigInt(k) - 1n, 10n ** BigInt(k), 10n ** BigInt(k) + 1n]) {
        for (const precision of [80, 40]) roundsAsDecimalJs(count, precision)
      }
    }
  })
  it('writes a zero left by rounding at a power of ten above one as 0, as decimal.js does', () => {
    // 81 digits round to 80 at 10^1: the difference of two such values is zero held as 0 x 10^1.
    const long = '1234567890'.repeat(8) + '5'
    const x = BigDecimal.parse(long).times(BigDecimal.parse('1'))
    const dx = new Dec(long).times(1)
    expect(x.exponent).toBe(1)
    expect(x.minus(x).toString()).toBe(dx.minus(dx).toString())
    expect(x.minus(x).toString()).toBe('0')
    expect(x.negated().plus(x).toFixed(2)).toBe('0.00')
  })

  it('gives back the value itself, at its own decimals, where nothing is added or taken', () => {
    // Adding a zero written with more decimals (0.000) neither copies 100.10 nor rescales it.
    const x = BigDecimal.parse('100.10')
    const zero = BigDecimal.parse('0.000')
    expect(x.plus(zero)).toBe(x)
    expect(x.minus(zero)).toBe(x)
    expect([x.plus(zero).coefficient, x.plus(zero).exponent]).toEqual([10010n, -2])
    expect(x.plus(zero).toString()).toBe(new Dec('100.10').plus('0.000').toString())
  })

  it('divides a zero into a zero held at 10^0, whatever the decimals of either side', () => {
    const quotient = BigDecimal.parse('0.00').dividedBy(BigDecimal.parse('-3.5'))
    expect([quotient.coefficient, quotient.exponent]).toEqual([0n, 0])
    expect(quotient.toString()).toBe(new Dec('0.00').dividedBy('-3.5').toString())
  })
})
