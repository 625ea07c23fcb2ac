import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rangePosition } from '../../src/renderer/watchlist/cells/RangeBar'
import { Dec } from '../../src/shared/decimal'

/** A plain decimal string, up to 12 integer and 8 fraction digits, either sign. */
const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }), fc.integer({ min: 0, max: 8 }))
  .map(([negative, units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0')
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
    return negative && units !== 0n ? `-${text}` : text
  })

describe('rangePosition (the 52-week bar)', () => {
  it('places a price in its range from the decimal strings, clamped to the ends', () => {
    expect(rangePosition('150', '100', '200')).toBe(0.5)
    expect(rangePosition('100.25', '100', '101')).toBe(0.25)
    expect(rangePosition('90', '100', '200')).toBe(0)
    expect(rangePosition('250', '100', '200')).toBe(1)
    expect(rangePosition('-5', '-10', '10')).toBe(0.25)
    // Digits beyond a double's reach still give the right place.
    expect(rangePosition('12345678901234567890.5', '12345678901234567890', '12345678901234567891')).toBe(0.5)
  })

  it('never rounds across a whole percent, which the bar shows', () => {
    // 12.5 % exactly is 13 % shown; a hair under it, 12 %.
    expect(Math.round(rangePosition('112.5', '100', '200')! * 100)).toBe(13)
    expect(Math.round(rangePosition('112.49999999', '100', '200')! * 100)).toBe(12)
  })

  it('agrees with exact division on the whole percent, for any three decimals', () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, (price, low, high) => {
        const span = new Dec(high).minus(low)
        const position = rangePosition(price, low, high)
        if (span.lte(0)) return position === null
        const exact = Dec.min(1, Dec.max(0, new Dec(price).minus(low).dividedBy(span)))
        return (
          position !== null &&
          Math.round(position * 100) === exact.times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber()
        )
      }),
      { numRuns: 2_000 },
    )
  })

  it('has no position without a range or a value', () => {
    expect(rangePosition('150', '200', '200')).toBeNull()
    expect(rangePosition('150', '200', '100')).toBeNull()
    expect(rangePosition(null, '100', '200')).toBeNull()
    expect(rangePosition('1e3', '100', '200')).toBeNull()
  })
})
