import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { PREMIUM_DIGITS, exactPremium, fairValue } from '../../src/main/core/history/exact-premium'

/** The premium in BigInt decimal arithmetic gives the text decimal.js gives, for any prices. */

const price = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
  .map(([units, scale]) => new Dec(units.toString()).div(new Dec(10).pow(scale)).toFixed(scale))

const viaDecimalJs = (close: string, underlying: string, multiplier: string) =>
  new Dec(close)
    .div(new Dec(underlying).times(multiplier))
    .minus(1)
    .toSignificantDigits(PREMIUM_DIGITS)
    .toString()

describe('exact premium', () => {
  it('agrees with decimal.js to 16 significant digits, rounded half to even', () => {
    fc.assert(
      fc.property(
        price,
        price,
        fc.constantFrom('1', '1.000000000000000000', '4.020787872682421860', '10', '0.993947746511883052'),
        (close, underlying, multiplier) => {
          expect(exactPremium(close, fairValue(underlying, multiplier))).toBe(
            viaDecimalJs(close, underlying, multiplier),
          )
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('agrees with decimal.js on closes near fair or near fair x 10^k: premiums of every magnitude', () => {
    const multiplier = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => new Dec(units.toString()).div(new Dec(10).pow(scale)).toFixed(scale))
    fc.assert(
      fc.property(
        price,
        multiplier,
        fc.integer({ min: -3, max: 3 }),
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (underlying, m, power, nudge, extraDigits) => {
          // fair x 10^power moved by a few units in the last of its digits plus `extraDigits`.
          const fair = new Dec(underlying).times(m)
          const scale = fair.decimalPlaces() + extraDigits
          const close = fair
            .times(new Dec(10).pow(power))
            .plus(new Dec(nudge.toString()).div(new Dec(10).pow(scale)))
            .abs()
          const text = close.toFixed(close.decimalPlaces())
          fc.pre(/^\d{1,40}(?:\.\d{1,40})?$/.test(text))
          expect(exactPremium(text, fairValue(underlying, m))).toBe(viaDecimalJs(text, underlying, m))
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('cases worth naming: zero premium, a tiny one, a discount, a split mismatch, a zero stock price', () => {
    expect(exactPremium('100.10', fairValue('100.10', '1.000000000000000000'))).toBe('0')
    expect(exactPremium('100.0000000001', fairValue('100', '1'))).toBe('0.000000000001')
    expect(exactPremium('99.5', fairValue('100', '1'))).toBe('-0.005')
    expect(exactPremium('1002', fairValue('100.1', '1'))).toBe('9.00999000999001')
    expect(exactPremium('1', fairValue('0.00', '1'))).toBeNull()
    // Just short of a power of ten: 16 digits of nines, not a 1 a digit too high.
    expect(exactPremium('0.000000006', fairValue('28833265.1097', '4.020787872682421860'))).toBe(
      '-0.9999999999999999',
    )
    // Zeros of the whole part stay; zeros of the fraction go.
    expect(exactPremium('11', fairValue('1', '1'))).toBe('10')
    expect(exactPremium('201.5', fairValue('0.5', '2'))).toBe('200.5')
    // Rounding up to a power of ten.
    expect(exactPremium('1.99999999999999999', fairValue('1', '1'))).toBe('1')
    expect(exactPremium('0.00000000000000001', fairValue('1', '1'))).toBe('-1')
  })

  it('a tie at the 17th digit rounds to the even 16th digit, up or down, for a premium or a discount', () => {
    const premium = (close: string) => exactPremium(close, fairValue('1', '1.000000000000000000'))
    expect(premium('1.12345678901234565')).toBe('0.1234567890123456')
    expect(premium('1.12345678901234575')).toBe('0.1234567890123458')
    expect(premium('1.12345678901234566')).toBe('0.1234567890123457')
    expect(premium('0.87654321098765435')).toBe('-0.1234567890123456')
    expect(premium('0.87654321098765445')).toBe('-0.1234567890123456')
  })

  it('a quotient the doubles put a digit too low is placed again: ten times the fair value is 10', () => {
    // 2^60 and a little: neither operand is exact as a double, and their quotient rounds below 10.
    expect(exactPremium('12682143266638026544', fairValue('1152922115148911504', '1'))).toBe('10')
    expect(exactPremium('12682140091458598387', fairValue('1152921826496236217', '1'))).toBe('10')
  })

  it('reads a whole number of 16 digits past 2^53 exactly, not through a double', () => {
    // 9999999999999999 is 10^16 as a double: read that way, the premium would be a unit high.
    expect(exactPremium('9999999999999999', fairValue('1', '1'))).toBe('9999999999999998')
    expect(exactPremium('9007199254740993', fairValue('1', '1'))).toBe('9007199254740992')
  })

  it("operands beyond a double still give decimal.js's text", () => {
    const close = `${'1'.repeat(330)}.5`
    const underlying = '3'.repeat(200)
    const multiplier = `${'7'.repeat(125)}.25`
    expect(exactPremium(close, fairValue(underlying, multiplier))).toBe(
      new Dec(close)
        .div(new Dec(underlying).times(multiplier))
        .minus(1)
        .toSignificantDigits(PREMIUM_DIGITS)
        .toString(),
    )
  })
})
