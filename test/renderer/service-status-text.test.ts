import { describe, expect, it } from 'vitest'
import type { SessionLimit } from '../../src/shared/domain'
import type { CapacityReading, SymbolPauses } from '../../src/shared/service-status'
import {
  capacityLine,
  dollarsText,
  pauseTagText,
  pauseWithinADay,
  quickCheck,
  tokensText,
} from '../../src/renderer/service-status/service-status-text'

/** The words of the service's pauses and capacity, and the quick check, at fixed market times. */

/** Tuesday 2026-11-17 11:32 ET: regular, then post-market and overnight still to come today. */
const TUESDAY_LATE_MORNING = Date.UTC(2026, 10, 17, 16, 32, 10)
/** Saturday 2026-11-21 12:00 ET. */
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 17, 0)

const open: CapacityReading = {
  symbol: 'AAPLon',
  side: 'buy',
  available: true,
  tradingOpen: true,
  maxTokens: '1234.500000000000000000',
  maxNotionalValue: '200000.000000000000000000',
  remainingAttestations: '48',
  reasonCode: null,
  reason: null,
}

const limit = (maxActiveNotionalValue: string, tradable = true): SessionLimit => ({
  tradable,
  maxAttestationCount: '500',
  maxActiveNotionalValue,
})
const LIMITS = {
  premarket: limit('10000'),
  regular: limit('200000'),
  postmarket: limit('20000'),
  overnight: limit('0', false),
  offhours: null,
}

describe('capacity in words', () => {
  it('the figures as the issue writes them: trailing zeros gone, dollars never rounded up', () => {
    expect(capacityLine('buy', open, TUESDAY_LATE_MORNING)).toBe(
      'Buy now: up to 1,234.5 tokens or $200,000, 48 requests left',
    )
    expect(tokensText('0.000000000000000001')).toBe('0.000000000000000001')
    expect(dollarsText('1234.569')).toBe('$1,234.56')
    expect(
      capacityLine('sell', { ...open, side: 'sell', remainingAttestations: '1' }, TUESDAY_LATE_MORNING),
    ).toMatch(/, 1 request left$/)
  })

  it('a refusal in words: the weekend, off-hours exposure, overnight, an unknown code as sent', () => {
    const closed = { ...open, tradingOpen: false, reasonCode: 'MARKET_CLOSED', reason: 'Weekend/Holiday' }
    expect(capacityLine('buy', closed, SATURDAY_NOON)).toBe('Buy now: Market closed for the weekend')
    const exposure = { ...closed, reasonCode: 'OFFHOURS_EXPOSURE_LIMIT_REACHED' }
    expect(capacityLine('buy', exposure, SATURDAY_NOON)).toBe('Buy now: Off-hours exposure limit reached')
    const overnight = { ...closed, reasonCode: 'ASSET_CLOSED_FOR_SESSION' }
    expect(capacityLine('buy', overnight, Date.UTC(2026, 10, 18, 3, 0))).toBe(
      'Buy now: Not tradable overnight',
    )
    expect(
      capacityLine('buy', { ...closed, reasonCode: 'NEW_CODE', reason: 'Something new' }, SATURDAY_NOON),
    ).toBe('Buy now: NEW_CODE: Something new')
  })
})

describe('the quick check', () => {
  const quote = { price: '200', limits: LIMITS }

  it(
    'dollars: fits now, and by the maxima of the sessions left today ' + '(regular, post-market, overnight)',
    () => {
      const check = quickCheck('15,000', 'usd', quote, open, TUESDAY_LATE_MORNING)
      expect(check).toMatchObject({ inputError: null, now: 'Fits now', fitsNow: true })
      expect(check.sessions.map((s) => [s.session, s.fits, s.why])).toEqual([
        ['regular', true, 'at most $200,000'],
        ['postmarket', true, 'at most $20,000'],
        ['overnight', false, 'not tradable'],
      ])
    },
  )

  it('tokens are valued at the last price; beyond the capacity now it says the limit', () => {
    const check = quickCheck('1300', 'tokens', quote, open, TUESDAY_LATE_MORNING)
    expect(check.fitsNow).toBe(false)
    expect(check.now).toBe('Does not fit now: up to 1,234.5 tokens or $200,000, 48 requests left')
    // 1300 tokens at 200 = $260,000: over every session's maximum.
    expect(check.sessions.every((s) => !s.fits)).toBe(true)
  })

  it('a closed market says why; bad input gets an inline message and nothing else', () => {
    const closed = { ...open, tradingOpen: false, reasonCode: 'MARKET_CLOSED' }
    expect(quickCheck('10', 'usd', quote, closed, SATURDAY_NOON).now).toBe(
      'Not now: Market closed for the weekend',
    )
    expect(quickCheck('12abc', 'tokens', quote, open, TUESDAY_LATE_MORNING)).toEqual({
      inputError: 'Type tokens, like 12.5',
      now: null,
      fitsNow: null,
      sessions: [],
    })
    expect(quickCheck('  ', 'usd', quote, open, TUESDAY_LATE_MORNING).now).toBeNull()
  })
})

describe('the quick check through a pause (issue 44, item 3)', () => {
  /** Sunday 2026-11-15 21:00 ET: LLYon paused for its split from 19:50 ET until Monday 04:00 ET. */
  const SUNDAY_21_00 = Date.UTC(2026, 10, 16, 2, 0)
  const split = {
    symbol: 'LLYon',
    status: 'active',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: 'stock_split',
    start: Date.UTC(2026, 10, 16, 0, 50),
    end: Date.UTC(2026, 10, 16, 9, 0),
    updateSharesMultiplier: true,
  }
  const quote = { price: '776.03', limits: { ...LIMITS, overnight: limit('200000') } }
  const paused = {
    ...open,
    symbol: 'LLYon',
    tradingOpen: false,
    reasonCode: 'ASSET_PAUSED',
    reason: 'Stock_Split',
  }
  const noPause = { asset: null, marketHalt: null }

  it('a session the pause covers does not fit, whatever its maximum', () => {
    const check = quickCheck('1500', 'usd', quote, paused, SUNDAY_21_00, {
      asset: { active: { effect: 'paused', pause: split }, upcoming: [] },
      marketHalt: null,
    })
    expect(check.now).toBe('Not now: Paused for this token')
    expect(check.sessions.map((s) => [s.session, s.fits, s.why])).toEqual([
      ['overnight', false, 'paused: Stock split until Mon 04:00 ET'],
    ])
  })

  /** Which of today's remaining sessions $1,500 fits at `now`, with the token's pauses. */
  const fitsAt = (now: number, asset: SymbolPauses) =>
    quickCheck('1500', 'usd', quote, paused, now, { asset, marketHalt: null }).sessions.map((s) => [
      s.session,
      s.fits,
    ])

  it('a pause to come that covers a session left today takes it; one that covers only part does not', () => {
    const upcoming = { ...split, status: 'upcoming' }
    const before = Date.UTC(2026, 10, 15, 23, 0) // Sunday 18:00 ET: nothing runs until overnight at 20:00
    // Off-hours runs until 20:00 (no limits for it here); the pause starts at 19:50, before
    // overnight opens, and ends after today.
    expect(fitsAt(before, { active: null, upcoming: [upcoming] })).toEqual([
      ['offhours', false],
      ['overnight', false],
    ])
    const late = { ...upcoming, start: Date.UTC(2026, 10, 16, 3, 0) } // from 22:00 ET
    expect(fitsAt(before, { active: null, upcoming: [late] })).toEqual([
      ['offhours', false],
      ['overnight', true],
    ])
    // A limit is not a pause: smaller requests still go through.
    const limiting = { effect: 'limited' as const, pause: { ...split, code: 'ASSET_LIMITED' } }
    expect(fitsAt(SUNDAY_21_00, { active: limiting, upcoming: [] })).toEqual([['overnight', true]])
    expect(quickCheck('1500', 'usd', quote, paused, SUNDAY_21_00, noPause).sessions[0]?.fits).toBe(true)
  })

  it("the service's halt of the market takes the running session, not those after it", () => {
    const halt = {
      source: 'service' as const,
      marketStatus: 'paused',
      isOpen: false,
      offhoursOpen: false,
      nextOpenSession: null,
      nextOpen: null,
      nextClose: null,
      reason: 'market_paused',
      calendarAgrees: false,
    }
    const check = quickCheck('15,000', 'usd', { price: '200', limits: LIMITS }, open, TUESDAY_LATE_MORNING, {
      asset: null,
      marketHalt: halt,
    })
    expect(check.sessions.map((s) => [s.session, s.fits, s.why])).toEqual([
      ['regular', false, 'market paused by the service'],
      ['postmarket', true, 'at most $20,000'],
      ['overnight', false, 'not tradable'],
    ])
  })
})

describe('pauses in words', () => {
  const pause = {
    symbol: 'LLYon',
    status: 'active',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: 'stock_split',
    start: Date.UTC(2026, 10, 16, 0, 50),
    end: Date.UTC(2026, 10, 16, 9, 0),
    updateSharesMultiplier: true,
  }

  it('the tag, the reason in words and the end; an unknown reason word as it came', () => {
    expect(pauseTagText({ effect: 'paused', pause })).toEqual({
      tag: 'PAUSED',
      words: 'Stock split, until Nov 16, 04:00:00 ET',
    })
    expect(
      pauseTagText({ effect: 'limited', pause: { ...pause, reason: 'halt_of_sorts', end: null } }),
    ).toEqual({
      tag: 'LIMITED',
      words: 'halt_of_sorts, end not given',
    })
  })

  it('the row mark: a pause starting within 24 hours, not one further off', () => {
    const upcoming = { active: null, upcoming: [{ ...pause, status: 'upcoming' }] }
    expect(pauseWithinADay(upcoming, pause.start - 23 * 3_600_000)).toEqual(upcoming.upcoming[0])
    expect(pauseWithinADay(upcoming, pause.start - 25 * 3_600_000)).toBeNull()
  })
})
