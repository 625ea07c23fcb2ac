import { describe, expect, it } from 'vitest'
import { hourlyTradesUntil } from '../../../src/main/sim/market/hourly-trades'

/**
 * The demo wallet's schedule on its own, in summer time (EDT, UTC-4): Tuesday 14 July 2026, whose
 * trades fall at the same ET hours as in winter, so at 14:00 and 18:00 UTC, not 15:00 and 19:00.
 */

const edt = (hour: number, minute: number, second = 0): number =>
  Date.UTC(2026, 6, 14, hour + 4, minute, second)

describe('the hourly demo trades', () => {
  it('fall at the whole ET hours in summer time too', () => {
    expect(hourlyTradesUntil(edt(9, 59, 59))).toEqual([])
    expect(hourlyTradesUntil(edt(10, 0))).toEqual([{ at: edt(10, 0), direction: 1 }])
    expect(hourlyTradesUntil(edt(15, 59, 59))).toEqual([
      { at: edt(10, 0), direction: 1 },
      { at: edt(11, 0), direction: -1 },
      { at: edt(12, 0), direction: 1 },
      { at: edt(13, 0), direction: -1 },
      { at: edt(14, 0), direction: 1 },
      { at: edt(15, 0), direction: -1 },
    ])
  })
})
