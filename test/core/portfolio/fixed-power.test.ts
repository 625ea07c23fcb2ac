import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BigDecimal } from '../../../src/main/core/portfolio/big-decimal'
import { poweredReturn } from '../../../src/main/core/portfolio/fixed-power'
import { Dec, toFixedString } from '../../../src/shared/decimal'
import { RETURN_PLACES } from '../../../src/shared/portfolio'

/**
 * The annualised return in binary fixed point against decimal.js's own power at 70 digits: within
 * 1e-45 of it (times the power where that is over 1), and written to RETURN_PLACES decimals the
 * same as it and as decimal.js at the 40 digits the portfolio annualised with before. Fixed seed:
 * the same draws each run.
 */

const SEED = 4950
const DAY_MS = 86_400_000
const YEAR_MS = 365 * DAY_MS
const Wide = Dec.clone({ precision: 70 })
const Rate = Dec.clone({ precision: 40 })

/** Rates from -99.99 % to +5,000 % with up to 40 decimals (a time-weighted return has 50). */
const rateText = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 40n) + 10n ** 36n, max: 50n * 10n ** 40n }),
    fc.integer({ min: 0, max: 40 }),
  )
  .map(([count, dropped]) => {
    const kept = count / 10n ** BigInt(dropped)
    return new BigDecimal(kept, dropped - 40).toString()
  })

/** Spans a portfolio's series can have: whole hours from a week to ten years. */
const spanMs = fc.integer({ min: 7 * 24, max: 10 * 365 * 24 }).map((hours) => hours * 3_600_000)

describe('poweredReturn: (1 + r) ^ (year / span) - 1 in fixed point', () => {
  it('is within 1e-45 (x the power past 1) of a 70-digit power; the same 10 decimals as at 40 digits', () => {
    fc.assert(
      fc.property(rateText, spanMs, (rate, span) => {
        const fixed = poweredReturn(BigDecimal.parse(rate), YEAR_MS, span)
        const wide = new Wide(rate).plus(1).pow(new Wide(YEAR_MS).dividedBy(span)).minus(1)
        const error = new Wide(fixed.toString()).minus(wide).abs()
        expect(error.lessThanOrEqualTo(Wide.max(1, wide.plus(1)).times('1e-45'))).toBe(true)
        // Written to 10 decimals: the same as the 70-digit power, and as decimal.js's at the 40
        // digits the portfolio annualised with before, while the power is under 10^20 (past 10^30
        // a year neither 40 digits nor 2^-192 reach the 10th decimal).
        if (wide.abs().lessThan('1e20')) {
          expect(fixed.toFixed(RETURN_PLACES)).toBe(toFixedString(wide, RETURN_PLACES))
          const before = new Dec(new Rate(rate).plus(1).pow(new Rate(YEAR_MS).dividedBy(span)).minus(1))
          expect(fixed.toFixed(RETURN_PLACES)).toBe(toFixedString(before, RETURN_PLACES))
        }
      }),
      { seed: SEED, numRuns: 300 },
    )
  })

  it('gives the figures a trader checks by hand', () => {
    // 12.5 % over half a year is 26.5625 % a year; 21 % over two years is 10 % a year.
    expect(poweredReturn(BigDecimal.parse('0.125'), YEAR_MS, YEAR_MS / 2).toFixed(RETURN_PLACES)).toBe(
      '0.2656250000',
    )
    expect(poweredReturn(BigDecimal.parse('0.21'), YEAR_MS, 2 * YEAR_MS).toFixed(RETURN_PLACES)).toBe(
      '0.1000000000',
    )
    // A loss: -3.5 % over 364 days, a little more over 365.
    expect(poweredReturn(BigDecimal.parse('-0.035'), YEAR_MS, 364 * DAY_MS).toFixed(RETURN_PLACES)).toBe(
      toFixedString(new Wide('0.965').pow(new Wide(365).dividedBy(364)).minus(1), RETURN_PLACES),
    )
  })

  it('keeps nothing left at -100 % a year, and nothing gained at 0', () => {
    expect(poweredReturn(BigDecimal.parse('-1'), YEAR_MS, 30 * DAY_MS).toFixed(RETURN_PLACES)).toBe(
      '-1.0000000000',
    )
    expect(poweredReturn(BigDecimal.parse('0'), YEAR_MS, 400 * DAY_MS).toFixed(RETURN_PLACES)).toBe(
      '0.0000000000',
    )
  })

  it('reads a rate held as a count of tens (exponent above 0) as the same rate', () => {
    // +3,000 % over two years is sqrt(31) - 1 a year, however 30 is held: 3 x 10^1 or 30 x 10^0.
    const perYear = toFixedString(new Wide(31).sqrt().minus(1), RETURN_PLACES)
    expect(perYear).toBe('4.5677643628')
    expect(poweredReturn(new BigDecimal(3n, 1), YEAR_MS, 2 * YEAR_MS).toFixed(RETURN_PLACES)).toBe(perYear)
    expect(poweredReturn(BigDecimal.parse('30'), YEAR_MS, 2 * YEAR_MS).toFixed(RETURN_PLACES)).toBe(perYear)
    // +1,200 % over 30 days, held as 12 x 10^0.
    const monthly = toFixedString(new Wide(13).pow(new Wide(365).dividedBy(30)).minus(1), RETURN_PLACES)
    expect(poweredReturn(new BigDecimal(12n, 0), YEAR_MS, 30 * DAY_MS).toFixed(RETURN_PLACES)).toBe(monthly)
  })
})
