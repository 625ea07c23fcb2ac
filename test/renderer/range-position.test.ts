import { describe, expect, it } from 'vitest'
import { rangePosition } from '../../src/renderer/components/cells/RangeBar'

describe('rangePosition (the 52-week bar)', () => {
  it('places a price in its range from the decimal strings, clamped to the ends', () => {
    expect(rangePosition('150', '100', '200')).toBe(0.5)
    expect(rangePosition('100.25', '100', '101')).toBe(0.25)
    expect(rangePosition('90', '100', '200')).toBe(0)
    expect(rangePosition('250', '100', '200')).toBe(1)
    // Digits beyond a double's reach still give the right place.
    expect(rangePosition('12345678901234567890.5', '12345678901234567890', '12345678901234567891')).toBe(0.5)
  })

  it('has no position without a range or a value', () => {
    expect(rangePosition('150', '200', '200')).toBeNull()
    expect(rangePosition('150', '200', '100')).toBeNull()
    expect(rangePosition(null, '100', '200')).toBeNull()
    expect(rangePosition('1e3', '100', '200')).toBeNull()
  })
})
