import { describe, expect, it } from 'vitest'
import {
  type AlertStates,
  evaluateAlerts,
  nextAlertCheckAt,
} from '../../../src/main/core/alerts/alert-engine'
import { NO_KNOWN_PAUSES } from '../../../src/main/core/alerts/pause-alerts'
import type { Alert, AlertConditionInput } from '../../../src/shared/alerts'
import type { MarketReading } from '../../../src/shared/service-status'
import { makeAlert, quote, SYMBOL } from './alert-fixtures'

/**
 * Session alerts that follow the service's market status where it says otherwise than our
 * calendar (market-sessions.ts), at fixed instants of Tuesday 2026-01-13 (EST, -05:00): the
 * service's readings arrive as the status feed would hand them, a minute apart, and the timer
 * runs between them as the app's does.
 */

const at = (iso: string): number => Date.parse(iso)
const iso = (ms: number): string => new Date(ms).toISOString()

const everywhere = quote({ tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'] })
const anySession: AlertConditionInput = { kind: 'session', session: 'any', event: 'both' }

function serviceSays(fields: Partial<MarketReading>): MarketReading {
  return {
    source: 'service',
    marketStatus: 'regular',
    isOpen: true,
    offhoursOpen: false,
    nextOpenSession: null,
    nextOpen: null,
    nextClose: null,
    reason: null,
    calendarAgrees: true,
    ...fields,
  }
}

/**
 * A reading that agrees with the calendar (its other fields do not matter then: the calendar keeps
 * its minutes).
 */
const AGREES = serviceSays({})

/** An unscheduled pause: the service's reading while it runs (until `end`, or end not given). */
const paused = (end: number | null, calendarAgrees = false): MarketReading =>
  serviceSays({
    marketStatus: 'paused',
    isOpen: false,
    nextOpen: end,
    reason: 'market_paused',
    calendarAgrees,
  })

/**
 * Runs the app's loop from `from` to `to`: an evaluation at each timer the engine asks for and at
 * each reading `readingAt` hands over (a minute apart, as the status feed polls, unless told
 * otherwise); [time, message] per firing.
 */
function live(
  alert: Alert,
  from: string,
  to: string,
  readingAt: (ms: number) => MarketReading | null,
  pollEveryMs = 60_000,
): string[][] {
  const quotes = new Map([[SYMBOL, everywhere]])
  const fired: string[][] = []
  let states: AlertStates = {}
  let market: MarketReading | null = null
  let now = at(from)
  let nextPoll = now
  for (let checks = 0; now <= at(to); checks++) {
    if (checks > 2_000) throw new Error('the loop did not come to an end')
    if (now >= nextPoll) {
      market = readingAt(now)
      nextPoll = now + pollEveryMs
    }
    const result = evaluateAlerts([alert], states, quotes, now, { market })
    fired.push(...result.fired.map((firing) => [iso(firing.at), firing.message]))
    states = result.states
    const timer = nextAlertCheckAt([alert], quotes, now, NO_KNOWN_PAUSES, market)
    now = timer === null ? nextPoll : Math.min(timer, nextPoll)
  }
  return fired
}

const PAUSE_START = at('2026-01-13T10:00:00-05:00')
const PAUSE_END = at('2026-01-13T11:00:00-05:00')
/** The service's readings across an unscheduled pause in the regular session, 10:00 to 11:00. */
const regularHalt = (ms: number): MarketReading =>
  ms >= PAUSE_START && ms < PAUSE_END
    ? paused(PAUSE_END)
    : serviceSays({ nextClose: at('2026-01-13T15:59:00-05:00') })

describe('session alerts follow the service where it says otherwise than the calendar', () => {
  it("an unscheduled pause in the regular session: paused, then resumed, in the service's words", () => {
    const fired = live(
      makeAlert(anySession),
      '2026-01-13T09:50:00-05:00',
      '2026-01-13T11:30:00-05:00',
      regularHalt,
    )
    expect(fired).toEqual([
      ['2026-01-13T15:00:00.000Z', 'Paused, unscheduled pause (service): Regular session halted for AAPLon'],
      ['2026-01-13T16:00:00.000Z', 'Market resumed (service): Regular session open, AAPLon is tradable'],
    ])
  })

  it(
    'a pause from before the open: no "Regular session opened" at ' + '09:31 while the service says paused',
    () => {
      const start = at('2026-01-13T09:20:00-05:00')
      const end = at('2026-01-13T10:15:00-05:00')
      const readings = (ms: number) => (ms >= start && ms < end ? paused(end) : AGREES)
      const fired = live(
        makeAlert(anySession),
        '2026-01-13T09:10:00-05:00',
        '2026-01-13T10:30:00-05:00',
        readings,
      )
      expect(fired).toEqual([
        [
          '2026-01-13T14:20:00.000Z',
          'Paused, unscheduled pause (service): Pre-market session halted for AAPLon',
        ],
        ['2026-01-13T15:15:00.000Z', 'Market resumed (service): Regular session open, AAPLon is tradable'],
      ])
    },
  )

  it(
    'a pause across the 15:59-16:01 gap, where it agrees with the ' +
      'calendar, holds: no post-market open at 16:01',
    () => {
      const start = at('2026-01-13T15:30:00-05:00')
      const end = at('2026-01-13T16:45:00-05:00')
      const readings = (ms: number) => {
        if (ms < start || ms >= end) return AGREES
        const inGap = ms >= at('2026-01-13T15:59:00-05:00') && ms < at('2026-01-13T16:01:00-05:00')
        return paused(end, inGap)
      }
      const fired = live(
        makeAlert(anySession),
        '2026-01-13T15:20:00-05:00',
        '2026-01-13T17:00:00-05:00',
        readings,
      )
      expect(fired).toEqual([
        [
          '2026-01-13T20:30:00.000Z',
          'Paused, unscheduled pause (service): Regular session halted for AAPLon',
        ],
        [
          '2026-01-13T21:45:00.000Z',
          'Market resumed (service): Post-market session open, AAPLon is tradable',
        ],
      ])
    },
  )

  it('a pause with no end given holds until the service says the market is open again', () => {
    const start = at('2026-01-13T10:00:00-05:00')
    const end = at('2026-01-13T10:42:00-05:00')
    const readings = (ms: number) => (ms >= start && ms < end ? paused(null) : AGREES)
    const fired = live(
      makeAlert(anySession),
      '2026-01-13T09:50:00-05:00',
      '2026-01-13T11:00:00-05:00',
      readings,
    )
    expect(fired).toEqual([
      ['2026-01-13T15:00:00.000Z', 'Paused, unscheduled pause (service): Regular session halted for AAPLon'],
      ['2026-01-13T15:42:00.000Z', 'Market resumed (service): Regular session open, AAPLon is tradable'],
    ])
  })

  it(
    'a hidden window, its status polled every six minutes (beyond ' +
      'the grace): the pause and the return still heard',
    () => {
      const start = at('2026-01-13T10:00:00-05:00')
      const end = at('2026-01-13T10:42:00-05:00')
      const readings = (ms: number) => (ms >= start && ms < end ? paused(null) : AGREES)
      const fired = live(
        makeAlert(anySession),
        '2026-01-13T09:50:00-05:00',
        '2026-01-13T11:00:00-05:00',
        readings,
        6 * 60_000,
      )
      expect(fired).toEqual([
        [
          '2026-01-13T15:02:00.000Z',
          'Paused, unscheduled pause (service): Regular session halted for AAPLon',
        ],
        ['2026-01-13T15:44:00.000Z', 'Market resumed (service): Regular session open, AAPLon is tradable'],
      ])
    },
  )

  it('the service closed while the calendar says open, and open while the calendar says closed', () => {
    // Closed at 14:00 (an early close our calendar does not know), until the overnight session.
    const closedAt = at('2026-01-13T14:00:00-05:00')
    const overnight = at('2026-01-13T20:05:00-05:00')
    const earlyClose = (ms: number) =>
      ms >= closedAt && ms < overnight
        ? serviceSays({
            marketStatus: 'closed',
            isOpen: false,
            nextOpen: overnight,
            reason: 'market_closed',
            calendarAgrees: false,
          })
        : AGREES
    expect(
      live(makeAlert(anySession), '2026-01-13T13:50:00-05:00', '2026-01-13T20:10:00-05:00', earlyClose),
    ).toEqual([
      ['2026-01-13T19:00:00.000Z', 'Market closed (service): Regular session halted for AAPLon'],
      // The service's reopening is the calendar's (after its 19:59-20:05 pause): at its minute, in its words.
      ['2026-01-14T01:05:00.000Z', 'Overnight session opened: AAPLon is tradable'],
    ])
    // Open past the calendar's post-market close (the service kept it open until 20:30): the
    // calendar's 19:59 close and 20:05 overnight open are not heard; at 20:30 the overnight is.
    const kept = at('2026-01-13T20:30:00-05:00')
    const lateClose = (ms: number) =>
      ms >= at('2026-01-13T19:59:00-05:00') && ms < kept
        ? serviceSays({ marketStatus: 'postmarket', nextClose: kept, calendarAgrees: false })
        : AGREES
    expect(
      live(makeAlert(anySession), '2026-01-13T19:50:00-05:00', '2026-01-13T20:40:00-05:00', lateClose),
    ).toEqual([['2026-01-14T01:30:00.000Z', 'Overnight session opened (service): AAPLon is tradable']])
  })

  it(
    'a reading that agrees changes nothing, and a lost reading is ' +
      'no news: the calendar takes over silently',
    () => {
      const agreeing = () => serviceSays({ nextClose: at('2026-01-13T15:59:00-05:00') })
      const plain = live(
        makeAlert(anySession),
        '2026-01-13T15:50:00-05:00',
        '2026-01-13T16:10:00-05:00',
        () => null,
      )
      expect(
        live(makeAlert(anySession), '2026-01-13T15:50:00-05:00', '2026-01-13T16:10:00-05:00', agreeing),
      ).toEqual(plain)
      expect(plain.map(([, message]) => message)).toEqual([
        'Regular session closed for AAPLon',
        'Post-market session opened: AAPLon is tradable',
      ])
      // The week's close, in a closed reading that agrees: the calendar's words and minute.
      const weekend = (ms: number) =>
        ms < at('2026-01-16T19:59:00-05:00')
          ? serviceSays({ marketStatus: 'postmarket', nextClose: at('2026-01-16T19:59:00-05:00') })
          : serviceSays({
              marketStatus: 'closed',
              isOpen: false,
              nextOpen: at('2026-01-18T20:05:00-05:00'),
              reason: 'market_closed',
            })
      expect(
        live(makeAlert(anySession), '2026-01-16T19:50:00-05:00', '2026-01-16T20:10:00-05:00', weekend),
      ).toEqual([['2026-01-17T00:59:00.000Z', 'Post-market session closed for AAPLon']])
      // The service said paused, then stopped answering (the feed falls back on the calendar).
      const lost = (ms: number) =>
        ms < at('2026-01-13T10:20:00-05:00') ? paused(null) : { ...paused(null), source: 'calendar' as const }
      expect(
        live(makeAlert(anySession), '2026-01-13T10:00:00-05:00', '2026-01-13T10:40:00-05:00', lost),
      ).toEqual([])
      // No reading at all after a held one: the calendar, in silence too.
      const quotes = new Map([[SYMBOL, everywhere]])
      const held = evaluateAlerts([makeAlert(anySession)], {}, quotes, at('2026-01-13T10:00:00-05:00'), {
        market: paused(null),
      })
      expect(
        evaluateAlerts([makeAlert(anySession)], held.states, quotes, at('2026-01-13T10:01:00-05:00')).fired,
      ).toEqual([])
    },
  )

  it(
    'a reading that holds the regular session past the calendar’s close: closed at its own end, ' +
      'in its words, then the post-market opens on the calendar’s minute',
    () => {
      const from = at('2026-01-13T15:59:00-05:00')
      const end = at('2026-01-13T16:00:30-05:00')
      const keptOpen = (ms: number) =>
        ms >= from && ms < end ? serviceSays({ nextClose: end, calendarAgrees: false }) : AGREES
      expect(
        live(makeAlert(anySession), '2026-01-13T15:50:00-05:00', '2026-01-13T16:10:00-05:00', keptOpen),
      ).toEqual([
        ['2026-01-13T21:00:30.000Z', 'Regular session closed (service) for AAPLon'],
        ['2026-01-13T21:01:00.000Z', 'Post-market session opened: AAPLon is tradable'],
      ])
    },
  )

  it('the service closes the regular session early into the post-market: closed in its words', () => {
    const early = (ms: number) =>
      ms >= at('2026-01-13T15:30:00-05:00')
        ? serviceSays({
            marketStatus: 'postmarket',
            nextClose: at('2026-01-13T19:59:00-05:00'),
            calendarAgrees: false,
          })
        : AGREES
    const regular = makeAlert({ kind: 'session', session: 'regular', event: 'both' })
    expect(live(regular, '2026-01-13T15:20:00-05:00', '2026-01-13T15:40:00-05:00', early)).toEqual([
      ['2026-01-13T20:30:00.000Z', 'Regular session closed (service) for AAPLon'],
    ])
  })

  it('a check that comes late hears, in order, a held pause ending and the calendar closing after it', () => {
    // Paused by the service until 15:58:30; the calendar then runs the regular session until 15:59.
    const reading = paused(at('2026-01-13T15:58:30-05:00'))
    const quotes = new Map([[SYMBOL, everywhere]])
    const alert = makeAlert(anySession)
    const first = evaluateAlerts([alert], {}, quotes, at('2026-01-13T15:57:00-05:00'), { market: reading })
    const late = evaluateAlerts([alert], first.states, quotes, at('2026-01-13T16:00:00-05:00'), {
      market: reading,
    })
    expect(late.fired.map((firing) => firing.message)).toEqual(['Regular session closed for AAPLon'])
  })

  it(
    'asleep since the regular session, woken as the service opens the overnight early: ' +
      'an opening by the service, not the market resuming',
    () => {
      const quotes = new Map([[SYMBOL, everywhere]])
      const alert = makeAlert(anySession)
      const before = evaluateAlerts([alert], {}, quotes, at('2026-01-13T15:00:00-05:00'))
      const early = serviceSays({ marketStatus: 'overnight', calendarAgrees: false })
      const woke = evaluateAlerts([alert], before.states, quotes, at('2026-01-13T20:04:30-05:00'), {
        market: early,
      })
      expect(woke.fired.map((firing) => firing.message)).toEqual([
        'Overnight session opened (service): AAPLon is tradable',
      ])
    },
  )

  it('asks for a check when a held reading ends, if that comes before the calendar’s next change', () => {
    const alert = makeAlert(anySession)
    const quotes = new Map([[SYMBOL, everywhere]])
    const now = at('2026-01-13T10:00:00-05:00')
    const check = (market: MarketReading | null) =>
      nextAlertCheckAt([alert], quotes, now, NO_KNOWN_PAUSES, market)
    expect(check(paused(at('2026-01-13T10:42:00-05:00')))).toBe(at('2026-01-13T10:42:00-05:00'))
    expect(check(paused(null))).toBe(at('2026-01-13T15:59:00-05:00'))
    expect(check(AGREES)).toBe(at('2026-01-13T15:59:00-05:00'))
  })

  it('keeps to the event asked and the cooldown', () => {
    const openOnly = makeAlert({ kind: 'session', session: 'regular', event: 'open' })
    expect(live(openOnly, '2026-01-13T09:50:00-05:00', '2026-01-13T11:30:00-05:00', regularHalt)).toEqual([
      ['2026-01-13T16:00:00.000Z', 'Market resumed (service): Regular session open, AAPLon is tradable'],
    ])
    const slow = makeAlert(anySession, { cooldownMs: 2 * 3_600_000 })
    expect(live(slow, '2026-01-13T09:50:00-05:00', '2026-01-13T11:30:00-05:00', regularHalt)).toEqual([
      ['2026-01-13T15:00:00.000Z', 'Paused, unscheduled pause (service): Regular session halted for AAPLon'],
    ])
  })
})
