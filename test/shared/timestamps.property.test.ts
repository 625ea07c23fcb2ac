import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SECONDS_THRESHOLD, normalizeTimestampMs } from '../../src/main/core/api/wire/timestamps'

/** The service documents ms, one sample is in seconds: either way we end up with the same instant in ms. */

const YEAR_2001_MS = Date.UTC(2001, 8, 9, 1, 46, 40) // 1e12 ms: where seconds and ms readings meet
const YEAR_2100_MS = Date.UTC(2100, 0, 1)
const LATEST_MS = 253_402_300_799_999 // 9999-12-31T23:59:59.999Z

describe('normalizeTimestampMs', () => {
  it('keeps a millisecond timestamp as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: SECONDS_THRESHOLD, max: LATEST_MS }), (ms) => {
        expect(normalizeTimestampMs(ms)).toBe(ms)
      }),
    )
  })

  it('reads a recent time in seconds as the same instant in ms', () => {
    fc.assert(
      fc.property(fc.integer({ min: YEAR_2001_MS, max: YEAR_2100_MS }), (ms) => {
        const seconds = Math.floor(ms / 1000)
        const fromSeconds = normalizeTimestampMs(seconds)
        expect(fromSeconds).toBe(seconds * 1000)
        expect(ms - (fromSeconds as number)).toBeGreaterThanOrEqual(0)
        expect(ms - (fromSeconds as number)).toBeLessThan(1000)
      }),
    )
  })

  it('gives whole ms within range for any positive value, seconds (fractional too) or ms', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: LATEST_MS, noNaN: true }), (value) => {
        const ms = normalizeTimestampMs(value)
        if (ms === null) {
          // Only seconds so large that in ms they pass year 9999.
          expect(value * 1000).toBeGreaterThan(LATEST_MS)
          return
        }
        expect(Number.isInteger(ms)).toBe(true)
        expect(ms).toBeGreaterThanOrEqual(0)
        expect(ms).toBeLessThanOrEqual(LATEST_MS)
        expect(ms).toBe(Math.round(value < SECONDS_THRESHOLD ? value * 1000 : value))
      }),
    )
  })

  it('refuses zero, negatives, NaN, infinities and times past year 9999', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ max: 0, noNaN: true }),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY),
          fc.double({ min: LATEST_MS + 1, noNaN: true, noDefaultInfinity: true }),
        ),
        (value) => {
          expect(normalizeTimestampMs(value)).toBeNull()
        },
      ),
    )
  })
})
