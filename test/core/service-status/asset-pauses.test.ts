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
