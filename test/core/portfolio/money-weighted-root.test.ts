import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Root } from '../../../src/main/core/portfolio/money-weighted-root'
import { Dec, toFixedString } from '../../../src/shared/decimal'
import { RETURN_PLACES } from '../../../src/shared/portfolio'

/**
 * The money-weighted return from its root: x^-n - 1 by squaring in 2^-192 fixed point, against
 * decimal.js at 70 digits from the same x: within 1e-45 (times the power where over 1), and the
 * same 10 decimals. Fixed seed: the same draws each run.
 */

const SEED = 4951
const Wide = Dec.clone({ precision: 70 })
const UNIT = 1n << 192n

/** x = 1 / (1 + a day's rate), from -99 % to +10,000 % a year: about 0.9874 to 1.0127. */
const x = fc.bigInt({ min: (UNIT * 98_700n) / 100_000n, max: (UNIT * 101_300n) / 100_000n })

describe("Root: the money-weighted return from XIRR's root", () => {
  it('gives x^-n - 1 within 1e-45 of decimal.js at 70 digits, and its 10 decimals', () => {
    fc.assert(
      fc.property(x, fc.integer({ min: 0, max: 8_760 }), (units, n) => {
        const root = new Root(units)
        const exact = new Wide(units.toString()).dividedBy(new Wide(UNIT.toString())).pow(-n).minus(1)
        const fixed = root.inverseReturn(n)
        const error = new Wide(fixed.toString()).minus(exact).abs()
        expect(error.lessThanOrEqualTo(Wide.max(1, exact.plus(1)).times('1e-45'))).toBe(true)
        if (exact.abs().lessThan('1e20'))
          expect(fixed.toFixed(RETURN_PLACES)).toBe(toFixedString(exact, RETURN_PLACES))
      }),
      { seed: SEED, numRuns: 200 },
    )
  })

  it('says a root of 1 is no return, and writes the root itself to 50 decimals', () => {
    expect(new Root(UNIT).inverseReturn(365).toFixed(RETURN_PLACES)).toBe('0.0000000000')
    // x = 0.5: two buckets at -50 % each way is 3 (x^-2 - 1).
    expect(new Root(UNIT / 2n).inverseReturn(2).toFixed(RETURN_PLACES)).toBe('3.0000000000')
    expect(new Root(UNIT / 2n).text()).toBe('0.5')
  })
})
