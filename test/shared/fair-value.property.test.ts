import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { decimalFairValue, doubleFairValue, fairValueOf } from '../../src/main/core/api/wire/fair-value'

/**
 * fairValueOf answers with integer arithmetic where it can and with decimal.js elsewhere; either
 * way it must give exactly what the definition (decimalFairValue, decimal.js at 80 digits) gives:
 * for prices as the service sends them, for huge and tiny ones, and above all for premiums on or a
 * hair away from a rounding tie, where a shortcut would show.
 */

const digitRun = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`))
const decimalText = (maxInteger: number, maxFraction: number) =>
  fc
    .tuple(digitRun(1, maxInteger), fc.option(digitRun(1, maxFraction), { nil: undefined }))
    .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`))

/** Prices as the service sends them: a few integer digits, 2 to 8 fractional ones. */
const price = decimalText(5, 8)
/** Multipliers start at 1 and creep up, with 18 fractional digits. */
const multiplier = digitRun(18, 18).map((fraction) => `1.00${fraction.slice(2)}`)
const anyDecimal = decimalText(40, 40)
/**
 * Multipliers far from 1: a token that holds part of a share (0.4812), or many after a split (10),
 * with up to 8 fractional digits, from 0.0001 to 1000.
 */
const wideMultiplier = fc
  .tuple(fc.integer({ min: 1, max: 100_000_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([units, places]) => new Dec(units).dividedBy(new Dec(10).pow(8)).toFixed(places))
  .filter((text) => new Dec(text).gte('0.0001'))

/** The same as decimalFairValue, or the same error. */
function expectAgreement(tokenPrice: string | null, underlying: string, sharesMultiplier: string): void {
  let expected: unknown
  try {
    expected = decimalFairValue(tokenPrice, underlying, sharesMultiplier)
  } catch (error) {
    expected = error
  }
  if (expected instanceof Error)
    expect(() => fairValueOf(tokenPrice, underlying, sharesMultiplier)).toThrow(expected.message)
  else expect(fairValueOf(tokenPrice, underlying, sharesMultiplier)).toEqual(expected)
}

/**
 * A token price whose premium over fair value is exactly on a tie of the 4th decimal, or a hair
 * (10^-k past the tie price's last digit) above or below it. The nudged prices are written out
 * as text, since decimal.js's 80 digits could not hold them; past 40 fractional digits they are
 * no wire decimal and go to decimal.js.
 */
const nearTie = fc
  .tuple(
    price,
    multiplier,
    fc.integer({ min: -2_000_000, max: 2_000_000 }),
    fc.integer({ min: 1, max: 90 }),
    fc.constantFrom(-1, 0, 1),
  )
  .map(([underlying, sharesMultiplier, tieIndex, nudgeDigits, nudgeSign]) => {
    const fair = new Dec(underlying).times(sharesMultiplier)
    // (price / fair - 1) x 100 = (tieIndex + 0.5) / 10^4
    const onTie = fair.times(new Dec(tieIndex).plus(0.5).dividedBy(1_000_000).plus(1))
    const places = onTie.decimalPlaces()
    const lastDigit = new Dec(10).pow(-places)
    const tokenPrice =
      nudgeSign === 0
        ? onTie.toFixed()
        : nudgeSign > 0
          ? `${onTie.toFixed(Math.max(places, 1))}${'0'.repeat(nudgeDigits - 1)}1`
          : `${onTie.minus(lastDigit).toFixed(Math.max(places, 1))}${'9'.repeat(nudgeDigits)}`
    return { tokenPrice, underlying, sharesMultiplier }
  })
  .filter(({ tokenPrice }) => !tokenPrice.startsWith('-'))

describe('fairValueOf', () => {
  it('agrees with decimal.js for prices as the service sends them', () => {
    fc.assert(
      fc.property(
        fc.option(price, { nil: null }),
        price,
        multiplier,
        (tokenPrice, underlying, sharesMultiplier) =>
          expectAgreement(tokenPrice, underlying, sharesMultiplier),
      ),
      { numRuns: 3_000 },
    )
  })

  it('gives fair value and premium for a multiplier far from 1: 0.4812 and 10', () => {
    // 237.36 x 0.4812 = 114.217632; (114.30 / 114.217632 - 1) x 100 = 0.07211...
    expect(fairValueOf('114.30', '237.36', '0.4812')).toEqual({ fairValue: '114.2176', premiumPct: '0.0721' })
    // 23.7361 x 10 = 237.361; (237 / 237.361 - 1) x 100 = -0.15209...
    expect(fairValueOf('237.0000', '23.7361', '10')).toEqual({ fairValue: '237.3610', premiumPct: '-0.1521' })
    fc.assert(
      fc.property(
        fc.option(price, { nil: null }),
        price,
        wideMultiplier,
        (tokenPrice, underlying, sharesMultiplier) =>
          expectAgreement(tokenPrice, underlying, sharesMultiplier),
      ),
      { numRuns: 2_000 },
    )
  })

  it('has no premium over a fair value of zero, and does not divide by it', () => {
    // A multiplier of 0 (a token whose shares were wound down) with a price still quoted.
    expect(fairValueOf('1.25', '237.36', '0')).toEqual({ fairValue: '0.0000', premiumPct: null })
    expect(fairValueOf('1.25', '0.00', '1.5')).toEqual({ fairValue: '0.0000', premiumPct: null })
  })

  it(
    'keeps the premium continuous across a 10-for-1 split: the underlying ' +
      'divides, the multiplier multiplies',
    () => {
      const before = fairValueOf('1775.20', '1774.00', '1.0011')
      const after = fairValueOf('1775.20', '177.40', '10.011')
      expect(after).toEqual(before)
      // Before the new multiplier arrives, the new underlying price alone reads as a 900 % premium.
      expect(fairValueOf('1775.20', '177.40', '1.0011').premiumPct?.startsWith('899.')).toBe(true)
    },
  )

  it('agrees for any size of decimal, zero and premiums below -90 % included', () => {
    fc.assert(
      fc.property(anyDecimal, anyDecimal, anyDecimal, (tokenPrice, underlying, sharesMultiplier) =>
        expectAgreement(tokenPrice, underlying, sharesMultiplier),
      ),
      { numRuns: 2_000 },
    )
    for (const [tokenPrice, underlying, sharesMultiplier] of [
      ['1', '0', '1'],
      ['0', '1', '1'],
      ['0.05', '1', '1'],
      ['0.1', '1', '1'],
      ['1', '0.0000', '1.000000000000000000'],
      ['007.50', '007.5', '01'],
    ] as const)
      expectAgreement(tokenPrice, underlying, sharesMultiplier)
  })

  it('agrees on premiums exactly on a rounding tie and a hair either side of one', () => {
    fc.assert(
      fc.property(nearTie, ({ tokenPrice, underlying, sharesMultiplier }) =>
        expectAgreement(tokenPrice, underlying, sharesMultiplier),
      ),
      { numRuns: 3_000 },
    )
  })

  it('agrees a hair above a tie where 80 digits cannot tell it from the tie (40-digit prices)', () => {
    // Fair value 5 x 10^40, premium -84.99995 %: the price's last (40th) fractional digit moves the
    // quotient by less than half of decimal.js's last digit, so decimal.js sees the tie and rounds
    // to even (-85.0000) where exact arithmetic would not. fairValueOf must follow decimal.js.
    const underlying = `5${'0'.repeat(39)}`
    const onTie = `7500025${'0'.repeat(33)}`
    for (const tokenPrice of [
      onTie,
      `${onTie}.${'0'.repeat(39)}1`,
      `7500024${'9'.repeat(33)}.${'9'.repeat(40)}`,
    ]) {
      expectAgreement(tokenPrice, underlying, '10')
      expect(fairValueOf(tokenPrice, underlying, '10').premiumPct).toBe('-85.0000')
    }
    // At -94.99995 % it is decimal.js's second rounding (of q - 1, for q < 1) that lands on the tie.
    const below = `2500025${'0'.repeat(32)}.${'0'.repeat(39)}1`
    expectAgreement(below, underlying, '10')
  })

  it('agrees where decimal.js runs out of digits: a product or a quotient over 80 digits', () => {
    // Fair value 3 x 10^-76: the quotient has 76 integer digits, too many for 4 places after them.
    const tiny = `0.${'0'.repeat(37)}3`
    for (const tokenPrice of ['1', '7', `1${'0'.repeat(39)}`])
      expectAgreement(tokenPrice, tiny, `0.${'0'.repeat(37)}1`)
    // A product of 82 digits, which decimal.js rounds to 80 before taking 4 places.
    const huge = `${'9'.repeat(40)}.5`
    expectAgreement('1', huge, huge)
    expect(fairValueOf('1', huge, huge).fairValue).toBe(decimalFairValue('1', huge, huge).fairValue)
  })

  it('answers in floating point for nearly every price as the service sends it', () => {
    const cases = fc.sample(fc.tuple(price, price, multiplier), { numRuns: 2_000, seed: 15 })
    const answered = cases.filter(([tokenPrice, underlying, sharesMultiplier]) => {
      const answer = doubleFairValue(tokenPrice, underlying, sharesMultiplier)
      if (answer !== null) expect(answer).toEqual(decimalFairValue(tokenPrice, underlying, sharesMultiplier))
      return answer !== null
    })
    expect(answered.length).toBeGreaterThan(1_990)
  })

  it('steps aside from floating point on and near a tie, of the premium or of the fair value', () => {
    // A fair value exactly on a tie of its 4th decimal, or a hair off it: 123.45675 x 1, x 10 ...
    const fairNearTie = fc
      .tuple(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom('1', '10', '0.5', '2.5'),
        fc.constantFrom('', '0000000001', '9999999999'),
      )
      .map(([units, sharesMultiplier, nudge]) => {
        const onTie = new Dec(units).plus(0.5).dividedBy(10_000).dividedBy(sharesMultiplier)
        const underlying =
          nudge === '9999999999'
            ? onTie.minus(new Dec(10).pow(-20)).toFixed(20)
            : `${onTie.toFixed()}${nudge}`
        return {
          tokenPrice: null,
          underlying: underlying.includes('.') ? underlying : `${underlying}.0`,
          sharesMultiplier,
        }
      })
    for (const generator of [nearTie, fairNearTie])
      fc.assert(
        fc.property(generator, ({ tokenPrice, underlying, sharesMultiplier }) => {
          const answer = doubleFairValue(tokenPrice, underlying, sharesMultiplier)
          if (answer !== null)
            expect(answer).toEqual(decimalFairValue(tokenPrice, underlying, sharesMultiplier))
        }),
        { numRuns: 3_000 },
      )
    // Exactly on a tie a double cannot tell the side, so the integers decide (to even).
    expect(doubleFairValue(null, '123.45675', '1')).toBeNull()
    expect(fairValueOf(null, '123.45675', '1').fairValue).toBe('123.4568')
    expect(fairValueOf(null, '123.45665', '1').fairValue).toBe('123.4566')
  })

  it('leaves what is not a plain non-negative decimal to decimal.js, with the same answer or error', () => {
    for (const odd of ['-1.5', '1e3', '-0', 'abc', ''])
      for (const [tokenPrice, underlying, sharesMultiplier] of [
        [odd, '10', '1'],
        ['10', odd, '1'],
        ['10', '10', odd],
      ] as const)
        expectAgreement(tokenPrice, underlying, sharesMultiplier)
  })
})
