import { describe, expect, it } from 'vitest'
import {
  type AlertStates,
  evaluateAlerts,
  nextAlertCheckAt,
  nextSessionCheckAt,
  SESSION_EVENT_GRACE_MS,
} from '../../../src/main/core/alerts/alert-engine'
import type { Alert, AlertConditionInput } from '../../../src/shared/alerts'
import type { AssetQuote, SessionLimit } from '../../../src/shared/domain'
import { sessionStateAt } from '../../../src/shared/session-clock'
import { makeAlert, quote, SYMBOL } from './alert-fixtures'

/**
 * Session alerts against the real session clock (src/shared/session-clock.ts): across both 2026
 * clock changes and Thanksgiving, driven the way the app drives them, by a timer set to
 * `nextAlertCheckAt`, with no price update at all.
 */

/** Instants are written with their New York offset (-05:00 EST, -04:00 EDT). */
const at = (iso: string): number => Date.parse(iso)
const iso = (ms: number): string => new Date(ms).toISOString()

const everywhere = quote({ tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight'] })
const anySession: AlertConditionInput = { kind: 'session', session: 'any', event: 'both' }

/** Runs the timer loop from `from` to `to`; returns [UTC ISO time, message] per firing. */
function fireOnTimer(alert: Alert, from: string, to: string, asset: AssetQuote = everywhere): string[][] {
  const quotes = new Map([[SYMBOL, asset]])
  const fired: string[][] = []
  let states: AlertStates = {}
  let now: number | null = at(from)
  for (let checks = 0; now !== null && now <= at(to); checks++) {
    if (checks > 200) throw new Error('the timer loop did not come to an end')
    const result = evaluateAlerts([alert], states, quotes, now)
    fired.push(...result.fired.map((firing) => [iso(firing.at), firing.message]))
    states = result.states
    now = nextAlertCheckAt([alert], quotes, now)
  }
  return fired
}

const opened = (session: string) => `${session} session opened: AAPLon is tradable`
const closed = (session: string) => `${session} session closed for AAPLon`

describe('session alerts on the session clock', () => {
  it('spring forward (Sunday 2026-03-08): the week opens at 20:05 EDT, not an hour late', () => {
    const fired = fireOnTimer(makeAlert(anySession), '2026-03-06T19:00:00-05:00', '2026-03-09T10:00:00-04:00')
    expect(fired).toEqual([
      ['2026-03-07T00:59:00.000Z', closed('Post-market')], // Friday 19:59 EST
      ['2026-03-09T00:05:00.000Z', opened('Overnight')], // Sunday 20:05 EDT
      ['2026-03-09T07:55:00.000Z', closed('Overnight')],
      ['2026-03-09T08:01:00.000Z', opened('Pre-market')],
      ['2026-03-09T13:29:00.000Z', closed('Pre-market')],
      ['2026-03-09T13:31:00.000Z', opened('Regular')],
    ])
  })

  it('fall back (Sunday 2026-11-01): the week opens at 20:05 EST', () => {
    const fired = fireOnTimer(makeAlert(anySession), '2026-10-30T19:00:00-04:00', '2026-11-02T10:00:00-05:00')
    expect(fired).toEqual([
      ['2026-10-30T23:59:00.000Z', closed('Post-market')], // Friday 19:59 EDT
      ['2026-11-02T01:05:00.000Z', opened('Overnight')], // Sunday 20:05 EST
      ['2026-11-02T08:55:00.000Z', closed('Overnight')],
      ['2026-11-02T09:01:00.000Z', opened('Pre-market')],
      ['2026-11-02T14:29:00.000Z', closed('Pre-market')],
      ['2026-11-02T14:31:00.000Z', opened('Regular')],
    ])
  })

  it('Thanksgiving 2026-11-26: no overnight into it, no session on it, an early close the day after', () => {
    const fired = fireOnTimer(makeAlert(anySession), '2026-11-25T19:00:00-05:00', '2026-11-27T20:00:00-05:00')
    expect(fired).toEqual([
      ['2026-11-26T00:59:00.000Z', closed('Post-market')], // Wednesday 19:59: no overnight follows
      ['2026-11-27T01:05:00.000Z', opened('Overnight')], // Thursday 20:05, into Friday
      ['2026-11-27T08:55:00.000Z', closed('Overnight')],
      ['2026-11-27T09:01:00.000Z', opened('Pre-market')],
      ['2026-11-27T14:29:00.000Z', closed('Pre-market')],
      ['2026-11-27T14:31:00.000Z', opened('Regular')],
      ['2026-11-27T17:59:00.000Z', closed('Regular')], // early close, 12:59
      ['2026-11-27T18:01:00.000Z', opened('Post-market')],
      ['2026-11-27T21:59:00.000Z', closed('Post-market')], // 16:59, and nothing after
    ])
  })

  it(
    'opens off-hours as the week closes and closes it as the week ' + 'reopens, for a token that trades it',
    () => {
      const offhoursToo = quote({
        tradableSessions: ['premarket', 'regular', 'postmarket', 'overnight', 'offhours'],
      })
      const offhoursOnly = makeAlert({ kind: 'session', session: 'offhours', event: 'both' })
      expect(
        fireOnTimer(offhoursOnly, '2026-11-25T19:00:00-05:00', '2026-11-30T10:00:00-05:00', offhoursToo),
      ).toEqual([
        ['2026-11-26T00:59:00.000Z', opened('Off-hours')], // Wednesday 19:59: no overnight into Thanksgiving
        ['2026-11-27T01:05:00.000Z', closed('Off-hours')], // Thursday 20:05, overnight into Friday
        ['2026-11-27T21:59:00.000Z', opened('Off-hours')], // 16:59 after the early close
        ['2026-11-30T01:05:00.000Z', closed('Off-hours')], // Sunday 20:05
      ])
      // A token that does not trade off-hours hears nothing of it.
      expect(fireOnTimer(offhoursOnly, '2026-11-25T19:00:00-05:00', '2026-11-30T10:00:00-05:00')).toEqual([])
    },
  )

  it('fires as often when driven by updates every 30 s instead of the timer', () => {
    const alert = makeAlert(anySession)
    const quotes = new Map([[SYMBOL, everywhere]])
    const fired: string[] = []
    let states: AlertStates = {}
    for (let now = at('2026-11-25T19:00:00-05:00'); now <= at('2026-11-27T12:00:00-05:00'); now += 30_000) {
      const result = evaluateAlerts([alert], states, quotes, now)
      fired.push(...result.fired.map((firing) => iso(firing.at)))
      states = result.states
    }
    expect(fired).toEqual([
      '2026-11-26T00:59:00.000Z',
      '2026-11-27T01:05:00.000Z',
      '2026-11-27T08:55:00.000Z',
      '2026-11-27T09:01:00.000Z',
      '2026-11-27T14:29:00.000Z',
      '2026-11-27T14:31:00.000Z',
    ])
  })

  it('fires only for the sessions the symbol is tradable in, the limits deciding first', () => {
    const closedLimit: SessionLimit = {
      tradable: false,
      maxAttestationCount: '0',
      maxActiveNotionalValue: '0',
    }
    const regularOnly = quote({
      tradableSessions: ['regular', 'postmarket'],
      limits: { premarket: null, regular: null, postmarket: closedLimit, overnight: null, offhours: null },
    })
    const fired = fireOnTimer(
      makeAlert(anySession),
      '2026-01-13T00:00:00-05:00',
      '2026-01-13T23:00:00-05:00',
      regularOnly,
    )
    expect(fired).toEqual([
      ['2026-01-13T14:31:00.000Z', opened('Regular')],
      ['2026-01-13T20:59:00.000Z', closed('Regular')],
    ])
  })

  // Open: as the pre-market opens (04:01 ET); close: as it closes (09:29 ET), never the other.
  it.each([
    ['open', '09:01', opened('Pre-market')],
    ['close', '14:29', closed('Pre-market')],
  ] as const)('fires for the one session and event asked for: %s', (event, timeUtc, message) => {
    const alert = makeAlert({ kind: 'session', session: 'premarket', event })
    const fired = fireOnTimer(alert, '2026-01-12T00:00:00-05:00', '2026-01-14T00:00:00-05:00')
    expect(fired).toEqual([
      [`2026-01-12T${timeUtc}:00.000Z`, message],
      [`2026-01-13T${timeUtc}:00.000Z`, message],
    ])
  })

  it(
    'keeps to the cooldown: a close and an open 2 minutes apart give ' + 'one alert with a 5-minute cooldown',
    () => {
      const alert = makeAlert(anySession, { cooldownMs: 5 * 60_000 })
      const fired = fireOnTimer(alert, '2026-01-13T15:00:00-05:00', '2026-01-13T16:30:00-05:00')
      expect(fired).toEqual([['2026-01-13T20:59:00.000Z', closed('Regular')]])
    },
  )

  it('never fires on the first check, and reports old changes only within the grace period', () => {
    const alert = makeAlert(anySession)
    const quotes = new Map([[SYMBOL, everywhere]])
    const first = evaluateAlerts([alert], {}, quotes, at('2026-01-13T09:31:00-05:00'))
    expect(first.fired).toEqual([])

    // Asleep from 15:00 to 16:03: regular closed at 15:59 and post-market opened at 16:01;
    // both are within the grace period, and the later one is what is reported.
    const before = evaluateAlerts([alert], {}, quotes, at('2026-01-13T15:00:00-05:00')).states
    const woke = evaluateAlerts([alert], before, quotes, at('2026-01-13T16:03:00-05:00'))
    expect(woke.fired.map((firing) => firing.message)).toEqual([opened('Post-market')])

    // Asleep from 16:03 until 23:00: the overnight opened at 20:01, long ago.
    const late = evaluateAlerts([alert], woke.states, quotes, at('2026-01-13T23:00:00-05:00'))
    expect(SESSION_EVENT_GRACE_MS).toBeLessThan(
      at('2026-01-13T23:00:00-05:00') - at('2026-01-13T20:01:00-05:00'),
    )
    expect(late.fired).toEqual([])
  })

  it('gives session events no value, and waits while the symbol has no quote', () => {
    const alert = makeAlert(anySession)
    const quotes = new Map([[SYMBOL, everywhere]])
    const start = evaluateAlerts([alert], {}, quotes, at('2026-01-13T09:30:00-05:00'))
    const waiting = evaluateAlerts([alert], start.states, new Map(), at('2026-01-13T09:31:00-05:00'))
    expect(waiting).toEqual({ fired: [], states: start.states })
    const back = evaluateAlerts([alert], waiting.states, quotes, at('2026-01-13T09:31:30-05:00'))
    expect(back.fired).toMatchObject([{ kind: 'session', value: null, message: opened('Regular') }])
  })

  it('sets the session timer to the next phase change of the clock', () => {
    for (const instant of [
      '2026-03-08T12:00:00-04:00',
      '2026-11-26T12:00:00-05:00',
      '2026-01-13T09:30:00-05:00',
    ]) {
      expect(nextSessionCheckAt(at(instant))).toBe(sessionStateAt(at(instant)).nextChangeAt)
    }
    expect(nextSessionCheckAt(at('2026-01-13T09:30:00-05:00'))).toBe(at('2026-01-13T09:31:00-05:00'))
  })
})
