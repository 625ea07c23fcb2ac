import { describe, expect, it } from 'vitest'
import {
  AssetPauses,
  activePauseOf,
  upcomingPausesOf,
} from '../../../src/main/core/service-status/asset-pauses'
import type { AssetPauseReading } from '../../../src/shared/service-status'

/**
 * The watched symbols' pauses, as the status carries them on every poll: the same answer as asking
 * symbol by symbol, at a cost that does not multiply the watched symbols by the service's pauses
 * (`/v1/status/assets` lists every asset's, a thousand at 10,000 listed).
 */

const HOUR = 3_600_000
/** A fixed instant: the pauses below are placed around it. */
const NOW = Date.UTC(2025, 9, 15, 15, 0)

function pause(symbol: string, fields: Partial<AssetPauseReading> = {}): AssetPauseReading {
  return {
    symbol,
    status: 'upcoming',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: 'cash_dividend',
    start: NOW + HOUR,
    end: NOW + 2 * HOUR,
    updateSharesMultiplier: false,
    ...fields,
  }
}

describe('AssetPauses.ofSymbols', () => {
  it('gives each watched symbol what asking for it alone gives, and leaves out those without any', () => {
    const pauses = [
      pause('AAPLon', { status: 'active', code: 'ASSET_LIMITED', reason: 'earnings', start: NOW - HOUR }),
      pause('AAPLon', { status: 'active', start: NOW - HOUR }),
      pause('AAPLon', { start: NOW + 3 * HOUR, end: NOW + 4 * HOUR }),
      pause('MSFTon', { start: NOW + 5 * HOUR, end: NOW + 6 * HOUR }),
      pause('MSFTon'),
      pause('TSLAon', { status: 'active', start: NOW - 2 * HOUR, end: NOW - HOUR }),
      pause('NVDAon', { status: 'active', start: null, end: null, reason: 'unscheduled' }),
      pause('AMZNon'),
    ]
    const watched = ['AAPLon', 'MSFTon', 'TSLAon', 'NVDAon', 'GOOGLon']
    const bySymbol = new AssetPauses(pauses).ofSymbols(watched, NOW)
    expect(Object.keys(bySymbol).sort()).toEqual(['AAPLon', 'MSFTon', 'NVDAon'])
    for (const symbol of Object.keys(bySymbol))
      expect(bySymbol[symbol]).toEqual({
        active: activePauseOf(symbol, pauses, NOW),
        upcoming: upcomingPausesOf(symbol, pauses, NOW),
      })
    expect(bySymbol.AAPLon?.active?.effect).toBe('paused')
    expect(bySymbol.MSFTon?.upcoming.map((p) => p.start)).toEqual([NOW + HOUR, NOW + 5 * HOUR])
  })

  it("reads only the watched symbols' own pauses on each call (500 watched, 1,000 pauses)", () => {
    let symbolReads = 0
    const pauses = Array.from({ length: 1_000 }, (_, index) => {
      const reading = pause(`S${index}on`)
      const { symbol } = reading
      return Object.defineProperty(reading, 'symbol', {
        get: () => {
          symbolReads += 1
          return symbol
        },
      })
    })
    const watched = Array.from({ length: 500 }, (_, index) => `S${index * 4}on`)
    const answer = new AssetPauses(pauses)
    // As the status is derived on every poll: the answer is read the same way again and again.
    for (let poll = 0; poll < 3; poll += 1) {
      symbolReads = 0
      expect(Object.keys(answer.ofSymbols(watched, NOW))).toHaveLength(250)
      // The 250 watched symbols' own pauses, a couple of reads each; searching the whole answer
      // for every watched symbol read 1,000,000, grouping it again on each call 1,500.
      expect(symbolReads).toBeLessThanOrEqual(2 * 250)
    }
  })
})

/*
 * A pause's edges, read on their own (the test above checks AssetPauses against these two
 * functions, so it cannot tell when both are wrong the same way): a window holds from its start,
 * inclusive, to its end, exclusive; a full pause wins over a limit; upcoming pauses come soonest
 * first, the ones without a start last.
 */
const MINUTE = 60_000

describe('a pause window', () => {
  it('holds from the instant it starts, though the service still says upcoming', () => {
    const starting = pause('XOMon', { start: NOW })
    expect(activePauseOf('XOMon', [starting], NOW)).toEqual({ effect: 'paused', pause: starting })
    expect(upcomingPausesOf('XOMon', [starting], NOW)).toEqual([])
    // One millisecond before, it is still to come.
    expect(activePauseOf('XOMon', [starting], NOW - 1)).toBeNull()
    expect(upcomingPausesOf('XOMon', [starting], NOW - 1)).toEqual([starting])
  })

  it('is over at the instant it ends, though the service says active: neither in force nor to come', () => {
    const ending = pause('XOMon', { status: 'active', start: NOW - 90 * MINUTE, end: NOW })
    expect(activePauseOf('XOMon', [ending], NOW)).toBeNull()
    expect(upcomingPausesOf('XOMon', [ending], NOW)).toEqual([])
    expect(activePauseOf('XOMon', [ending], NOW - 1)).toEqual({ effect: 'paused', pause: ending })
  })

  it('without a start or an end, is in force when the service says active and to come otherwise', () => {
    const unscheduled = pause('XOMon', { status: 'active', start: null, end: null, reason: 'unscheduled' })
    const announced = pause('XOMon', { start: null, end: null, reason: 'unscheduled' })
    expect(activePauseOf('XOMon', [unscheduled], NOW)?.pause).toBe(unscheduled)
    expect(upcomingPausesOf('XOMon', [unscheduled], NOW)).toEqual([])
    expect(activePauseOf('XOMon', [announced], NOW)).toBeNull()
    expect(upcomingPausesOf('XOMon', [announced], NOW)).toEqual([announced])
  })

  it("is another symbol's business for any other symbol", () => {
    const other = pause('TSLAon', { status: 'active', start: NOW - MINUTE })
    const later = pause('TSLAon')
    expect(activePauseOf('XOMon', [other, later], NOW)).toBeNull()
    expect(upcomingPausesOf('XOMon', [other, later], NOW)).toEqual([])
  })
})

describe('the pause in force', () => {
  it('is a full pause before a limit, whichever the service lists first', () => {
    const limit = pause('XOMon', { code: 'ASSET_LIMITED', start: NOW - MINUTE })
    const full = pause('XOMon', { start: NOW - 2 * MINUTE })
    expect(activePauseOf('XOMon', [limit, full], NOW)).toEqual({ effect: 'paused', pause: full })
    expect(activePauseOf('XOMon', [limit], NOW)).toEqual({ effect: 'limited', pause: limit })
  })

  it('reads a code it does not know as a full pause (the safe side)', () => {
    const limit = pause('XOMon', { code: 'ASSET_LIMITED', start: NOW - MINUTE })
    const halted = pause('XOMon', { code: 'ASSET_HALTED', start: NOW - MINUTE })
    expect(activePauseOf('XOMon', [limit, halted], NOW)).toEqual({ effect: 'paused', pause: halted })
  })
})

describe('the pauses to come', () => {
  it('come soonest first, those without a start last, and AssetPauses gives them so', () => {
    const noStart = pause('XOMon', { start: null, end: null })
    const inThreeHours = pause('XOMon', { start: NOW + 3 * HOUR, end: NOW + 4 * HOUR })
    const inAnHour = pause('XOMon')
    const pauses = [noStart, inThreeHours, inAnHour]
    expect(upcomingPausesOf('XOMon', pauses, NOW)).toEqual([inAnHour, inThreeHours, noStart])
    expect(new AssetPauses(pauses).ofSymbols(['XOMon'], NOW)).toEqual({
      XOMon: { active: null, upcoming: [inAnHour, inThreeHours, noStart] },
    })
  })

  it('leave out, in AssetPauses too, a symbol whose only pause is over, and one without any', () => {
    const over = pause('XOMon', { status: 'active', start: NOW - 90 * MINUTE, end: NOW - 30 * MINUTE })
    expect(new AssetPauses([over]).ofSymbols(['XOMon', 'GOOGLon'], NOW)).toEqual({})
  })
})
