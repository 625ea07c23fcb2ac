import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { getHolidays } from 'nyse-holidays'
import { describe, expect, it } from 'vitest'
import {
  easternClock,
  formatCountdown,
  isConventionalOpen,
  liveSessionOf,
  openMarketIntervals,
  sessionIntervals,
  isEarlyClose,
  nyseHolidayOn,
  sessionStateAt,
  type MarketPhase,
  type SessionState,
} from '../../src/shared/session-clock'
import type { ConventionalSession } from '../../src/shared/sessions'

/** Instants are written with their ET offset (-05:00 EST, -04:00 EDT) so each reads as a NY clock. */
const at = (iso: string): number => {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new Error(`bad instant in test: ${iso}`)
  return ms
}

type Row = [
  instant: string,
  phase: MarketPhase,
  session: ConventionalSession | null,
  nextAt: string,
  next: MarketPhase,
]

function expectRows(rows: Row[]): void {
  for (const [instant, phase, session, nextAt, next] of rows) {
    const state = sessionStateAt(at(instant))
    expect({
      instant,
      phase: state.phase,
      session: state.session,
      nextAt: state.nextChangeAt,
      next: state.nextPhase,
      offhours: state.offhours,
    }).toEqual({ instant, phase, session, nextAt: at(nextAt), next, offhours: phase === 'closed' })
  }
}

/** One ordinary weekday `day` (trading, as is the next day) at a fixed UTC offset. */
function ordinaryWeekdayRows(day: string, nextDay: string, offset: string): Row[] {
  const t = (date: string, clock: string): string => `${date}T${clock}${offset}`
  return [
    [t(day, '03:54:59'), 'overnight', 'overnight', t(day, '03:55:00'), 'paused'],
    [t(day, '03:55:00'), 'paused', 'premarket', t(day, '04:01:00'), 'premarket'],
    [t(day, '04:00:59'), 'paused', 'premarket', t(day, '04:01:00'), 'premarket'],
    [t(day, '04:01:00'), 'premarket', 'premarket', t(day, '09:29:00'), 'paused'],
    [t(day, '09:29:00'), 'paused', 'regular', t(day, '09:31:00'), 'regular'],
    [t(day, '09:31:00'), 'regular', 'regular', t(day, '15:59:00'), 'paused'],
    [t(day, '12:00:00'), 'regular', 'regular', t(day, '15:59:00'), 'paused'],
    [t(day, '15:59:00'), 'paused', 'postmarket', t(day, '16:01:00'), 'postmarket'],
    [t(day, '16:01:00'), 'postmarket', 'postmarket', t(day, '19:59:00'), 'paused'],
    [t(day, '19:59:00'), 'paused', 'overnight', t(day, '20:05:00'), 'overnight'],
    [t(day, '20:04:59'), 'paused', 'overnight', t(day, '20:05:00'), 'overnight'],
    [t(day, '20:05:00'), 'overnight', 'overnight', t(nextDay, '03:55:00'), 'paused'],
    [t(nextDay, '00:00:00'), 'overnight', 'overnight', t(nextDay, '03:55:00'), 'paused'],
  ]
}

describe('easternClock', () => {
  it('reads the New York wall clock in winter, in summer and across midnight and new year', () => {
    expect(easternClock(at('2026-01-13T15:04:05Z'))).toEqual({
      date: '2026-01-13',
      hour: 10,
      minute: 4,
      second: 5,
      weekday: 2,
    })
    expect(easternClock(at('2026-07-14T15:04:05Z'))).toEqual({
      date: '2026-07-14',
      hour: 11,
      minute: 4,
      second: 5,
      weekday: 2,
    })
    expect(easternClock(at('2026-01-14T04:59:59Z'))).toEqual({
      date: '2026-01-13',
      hour: 23,
      minute: 59,
      second: 59,
      weekday: 2,
    })
    expect(easternClock(at('2026-01-14T05:00:00Z'))).toEqual({
      date: '2026-01-14',
      hour: 0,
      minute: 0,
      second: 0,
      weekday: 3,
    })
    expect(easternClock(at('2027-01-01T04:59:59Z'))).toMatchObject({
      date: '2026-12-31',
      hour: 23,
      weekday: 4,
    })
  })

  it('follows both 2026 clock changes', () => {
    // 8 March: 01:59:59 EST is followed by 03:00:00 EDT.
    expect(easternClock(at('2026-03-08T06:59:59Z'))).toMatchObject({
      date: '2026-03-08',
      hour: 1,
      minute: 59,
      second: 59,
    })
    expect(easternClock(at('2026-03-08T07:00:00Z'))).toMatchObject({
      date: '2026-03-08',
      hour: 3,
      minute: 0,
      second: 0,
    })
    // 1 November: 01:30 happens twice, first in EDT, then in EST.
    expect(easternClock(at('2026-11-01T05:30:00Z'))).toMatchObject({
      date: '2026-11-01',
      hour: 1,
      minute: 30,
    })
    expect(easternClock(at('2026-11-01T06:30:00Z'))).toMatchObject({
      date: '2026-11-01',
      hour: 1,
      minute: 30,
    })
    expect(easternClock(at('2026-11-01T07:00:00Z'))).toMatchObject({ date: '2026-11-01', hour: 2, minute: 0 })
  })
})

describe('NYSE calendar', () => {
  // NYSE's published holiday calendars.
  const NYSE_HOLIDAYS: Record<number, string[]> = {
    2025: ['01-01', '01-09', '01-20', '02-17', '04-18', '05-26', '06-19', '07-04', '09-01', '11-27', '12-25'],
    2026: ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
    2027: ['01-01', '01-18', '02-15', '03-26', '05-31', '06-18', '07-05', '09-06', '11-25', '12-24'],
  }
  const expectedDates = (year: number): string[] => (NYSE_HOLIDAYS[year] ?? []).map((md) => `${year}-${md}`)

  function datesOfYear(year: number): string[] {
    const dates: string[] = []
    for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 86_400_000) {
      dates.push(new Date(ms).toISOString().slice(0, 10))
    }
    return dates
  }

  it.each([2025, 2026, 2027])('nyseHolidayOn gives exactly the NYSE full holidays of %i', (year) => {
    const holidays = datesOfYear(year).filter((date) => nyseHolidayOn(date) !== null)
    expect(holidays).toEqual(expectedDates(year))
  })

  it.each([2025, 2026, 2027])(
    'the nyse-holidays package agrees for %i, except the 2025 day of mourning',
    (year) => {
      // The package has no one-off closures: session-clock adds 2025-01-09 from its own table.
      const fromPackage = getHolidays(year).map((holiday) => holiday.dateString)
      expect(fromPackage).toEqual(expectedDates(year).filter((date) => date !== '2025-01-09'))
    },
  )

  it('names holidays, including observed ones and the day of mourning', () => {
    expect(nyseHolidayOn('2026-11-26')).toBe('Thanksgiving Day')
    expect(nyseHolidayOn('2026-07-03')).toBe('Independence Day')
    expect(nyseHolidayOn('2027-12-24')).toBe('Christmas Day')
    expect(nyseHolidayOn('2025-01-09')).toMatch(/Carter/)
    expect(nyseHolidayOn('2026-07-04')).toBeNull()
    expect(nyseHolidayOn('2026-11-27')).toBeNull()
  })

  it('observes Juneteenth from 2022 on only', () => {
    expect(nyseHolidayOn('2021-06-18')).toBeNull()
    expect(nyseHolidayOn('2022-06-20')).toMatch(/Juneteenth/)
  })

  it('knows the 13:00 early closes', () => {
    const early = [
      '2025-07-03',
      '2025-11-28',
      '2025-12-24',
      '2026-11-27',
      '2026-12-24',
      '2027-11-26',
      '2028-07-03',
    ]
    // The day before an observed holiday, the holiday itself and ordinary days are not early closes.
    const notEarly = [
      '2026-07-02',
      '2027-07-02',
      '2027-12-23',
      '2027-12-24',
      '2026-11-26',
      '2026-12-23',
      '2026-01-13',
    ]
    expect(early.filter(isEarlyClose)).toEqual(early)
    expect(notEarly.filter(isEarlyClose)).toEqual([])
  })

  it('knows the early closes beyond the years the calendar test covers, at the edges of each rule', () => {
    // Thanksgiving on its earliest (22 Nov 2029) and latest (28 Nov 2030) dates: the Friday after
    // is the 23rd and the 29th, the two ends of the rule's range. The Fridays a week either side
    // are ordinary days; so is a Thursday 3 July's neighbour, 2 July.
    const early = ['2029-11-23', '2030-11-29', '2029-12-24', '2030-12-24', '2031-07-03', '2029-07-03']
    const notEarly = ['2029-11-16', '2029-11-30', '2030-11-22', '2031-07-02', '2030-12-23', '2031-11-21']
    expect(early.filter((date) => !isEarlyClose(date))).toEqual([])
    expect(notEarly.filter(isEarlyClose)).toEqual([])
  })

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => nyseHolidayOn('2026-1-1')).toThrow(new RangeError(`Not a 'YYYY-MM-DD' date: "2026-1-1"`))
    expect(() => isEarlyClose('yesterday')).toThrow(new RangeError(`Not a 'YYYY-MM-DD' date: "yesterday"`))
  })
})

describe('sessionStateAt on ordinary weekdays', () => {
  it('walks every phase and pause of a winter (EST) day', () => {
    expectRows(ordinaryWeekdayRows('2026-01-13', '2026-01-14', '-05:00'))
  })

  it('walks every phase and pause of a summer (EDT) day', () => {
    expectRows(ordinaryWeekdayRows('2026-07-14', '2026-07-15', '-04:00'))
  })

  it('reports the ET date, holiday and early-close flags of the instant', () => {
    const evening = sessionStateAt(at('2026-01-13T22:00:00-05:00'))
    expect(evening).toMatchObject({ easternDate: '2026-01-13', holiday: null, earlyClose: false })
    // Same overnight session, but past midnight: a new ET date.
    expect(sessionStateAt(at('2026-01-14T01:00:00-05:00')).easternDate).toBe('2026-01-14')
  })

  it('refuses an instant that is not a finite number, saying which', () => {
    // The message, not only the type: the date code below the guard throws a RangeError of its own.
    expect(() => sessionStateAt(Number.NaN)).toThrow(new RangeError('Not an instant: NaN'))
    expect(() => sessionStateAt(Number.POSITIVE_INFINITY)).toThrow(new RangeError('Not an instant: Infinity'))
  })
})

describe('sessionStateAt over weekends, holidays and clock changes', () => {
  it('closes from Friday 19:59 to Sunday 20:05, off-hours running all the while', () => {
    expectRows([
      ['2026-01-23T19:58:59-05:00', 'postmarket', 'postmarket', '2026-01-23T19:59:00-05:00', 'closed'],
      ['2026-01-23T19:59:00-05:00', 'closed', null, '2026-01-25T20:05:00-05:00', 'overnight'],
      ['2026-01-24T12:00:00-05:00', 'closed', null, '2026-01-25T20:05:00-05:00', 'overnight'],
      ['2026-01-25T20:00:30-05:00', 'closed', null, '2026-01-25T20:05:00-05:00', 'overnight'],
      ['2026-01-25T20:03:00-05:00', 'closed', null, '2026-01-25T20:05:00-05:00', 'overnight'],
      ['2026-01-25T20:04:59-05:00', 'closed', null, '2026-01-25T20:05:00-05:00', 'overnight'],
      ['2026-01-25T20:06:00-05:00', 'overnight', 'overnight', '2026-01-26T03:55:00-05:00', 'paused'],
      ['2026-01-25T20:05:00-05:00', 'overnight', 'overnight', '2026-01-26T03:55:00-05:00', 'paused'],
    ])
  })

  it('skips the Sunday overnight before a Monday holiday (MLK Day 2026)', () => {
    expectRows([
      ['2026-01-17T12:00:00-05:00', 'closed', null, '2026-01-19T20:05:00-05:00', 'overnight'],
      ['2026-01-18T22:00:00-05:00', 'closed', null, '2026-01-19T20:05:00-05:00', 'overnight'],
      ['2026-01-19T10:00:00-05:00', 'closed', null, '2026-01-19T20:05:00-05:00', 'overnight'],
    ])
  })

  it('closes Thanksgiving 2026 and the overnight session into it', () => {
    expectRows([
      ['2026-11-25T19:58:00-05:00', 'postmarket', 'postmarket', '2026-11-25T19:59:00-05:00', 'closed'],
      ['2026-11-25T22:00:00-05:00', 'closed', null, '2026-11-26T20:05:00-05:00', 'overnight'],
      ['2026-11-26T03:00:00-05:00', 'closed', null, '2026-11-26T20:05:00-05:00', 'overnight'],
      ['2026-11-26T12:00:00-05:00', 'closed', null, '2026-11-26T20:05:00-05:00', 'overnight'],
      ['2026-11-26T20:05:00-05:00', 'overnight', 'overnight', '2026-11-27T03:55:00-05:00', 'paused'],
    ])
    expect(sessionStateAt(at('2026-11-26T12:00:00-05:00'))).toMatchObject({
      easternDate: '2026-11-26',
      holiday: 'Thanksgiving Day',
      earlyClose: false,
    })
  })

  it('ends regular at 13:00 and postmarket at 17:00 on the early close of 2026-11-27', () => {
    expectRows([
      ['2026-11-27T12:58:00-05:00', 'regular', 'regular', '2026-11-27T12:59:00-05:00', 'paused'],
      ['2026-11-27T12:59:00-05:00', 'paused', 'postmarket', '2026-11-27T13:01:00-05:00', 'postmarket'],
      ['2026-11-27T13:01:00-05:00', 'postmarket', 'postmarket', '2026-11-27T16:59:00-05:00', 'closed'],
      ['2026-11-27T16:59:00-05:00', 'closed', null, '2026-11-29T20:05:00-05:00', 'overnight'],
      ['2026-11-27T20:30:00-05:00', 'closed', null, '2026-11-29T20:05:00-05:00', 'overnight'],
    ])
    expect(sessionStateAt(at('2026-11-27T12:00:00-05:00'))).toMatchObject({ holiday: null, earlyClose: true })
  })

  it('closes the 2025 day of mourning like a holiday', () => {
    expectRows([['2025-01-08T19:59:00-05:00', 'closed', null, '2025-01-09T20:05:00-05:00', 'overnight']])
  })

  // US clocks change at 02:00 on a Sunday, inside the weekend close: the closed stretch spanning
  // the change is an hour shorter in March and an hour longer in November.
  it('spans the spring-forward weekend (2026-03-08)', () => {
    expectRows([
      ['2026-03-06T19:58:00-05:00', 'postmarket', 'postmarket', '2026-03-06T19:59:00-05:00', 'closed'],
      ['2026-03-07T12:00:00-05:00', 'closed', null, '2026-03-08T20:05:00-04:00', 'overnight'],
      ['2026-03-08T02:30:00-04:00', 'closed', null, '2026-03-08T20:05:00-04:00', 'overnight'],
      ['2026-03-08T20:05:00-04:00', 'overnight', 'overnight', '2026-03-09T03:55:00-04:00', 'paused'],
    ])
    expect(sessionStateAt(at('2026-03-07T12:00:00-05:00')).nextChangeAt).toBe(at('2026-03-09T00:05:00Z'))
    const weekendClose = at('2026-03-09T00:05:00Z') - at('2026-03-06T19:59:00-05:00')
    expect(weekendClose).toBe((47 * 60 + 6) * 60_000)
  })

  it('spans the fall-back weekend (2026-11-01)', () => {
    expectRows([
      ['2026-10-30T19:58:00-04:00', 'postmarket', 'postmarket', '2026-10-30T19:59:00-04:00', 'closed'],
      ['2026-10-31T12:00:00-04:00', 'closed', null, '2026-11-01T20:05:00-05:00', 'overnight'],
      ['2026-11-01T01:30:00-05:00', 'closed', null, '2026-11-01T20:05:00-05:00', 'overnight'],
      ['2026-11-01T20:05:00-05:00', 'overnight', 'overnight', '2026-11-02T03:55:00-05:00', 'paused'],
    ])
    expect(sessionStateAt(at('2026-10-31T12:00:00-04:00')).nextChangeAt).toBe(at('2026-11-02T01:05:00Z'))
  })
})

describe('sessionStateAt transitions', () => {
  const SESSION_CYCLE: readonly ConventionalSession[] = ['overnight', 'premarket', 'regular', 'postmarket']
  const sessionAfter = (session: ConventionalSession): ConventionalSession =>
    SESSION_CYCLE[(SESSION_CYCLE.indexOf(session) + 1) % SESSION_CYCLE.length] as ConventionalSession

  /** A session is followed by a pause before the next session in the cycle, or by a close. */
  function expectValidStep(from: SessionState, to: SessionState): void {
    if (from.phase === 'closed') {
      expect(to.phase).toBe('overnight')
    } else if (from.phase === 'paused') {
      expect(to.phase).toBe(from.session)
    } else if (to.phase === 'paused') {
      expect(to.session).toBe(sessionAfter(from.phase))
    } else {
      expect([from.phase, to.phase]).toEqual(['postmarket', 'closed'])
    }
  }

  it.each([
    ['Thanksgiving and its early close', '2026-11-20T12:00:00Z'],
    ['Christmas, new year and 2027 observed holidays', '2026-12-20T12:00:00Z'],
    ['the March 2026 clock change', '2026-03-01T12:00:00Z'],
    ['the November 2026 clock change', '2026-10-25T12:00:00Z'],
    ['the 2025 day of mourning', '2025-01-04T12:00:00Z'],
  ])('chains nextChangeAt for two weeks around %s', (_label, start) => {
    const end = at(start) + 14 * 86_400_000
    let state = sessionStateAt(at(start))
    let changes = 0
    while (state.nextChangeAt < end && changes < 500) {
      const next = sessionStateAt(state.nextChangeAt)
      expect(next.nextChangeAt).toBeGreaterThan(state.nextChangeAt)
      expect(next.phase).toBe(state.nextPhase)
      expectValidStep(state, next)
      state = next
      changes++
    }
    // At most 8 changes a trading day; holidays and weekends leave fewer, never none.
    expect(changes).toBeGreaterThan(40)
    expect(changes).toBeLessThan(14 * 8)
  })

  it('holds its phase until nextChangeAt and switches to nextPhase there, for any instant 2025-2027', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }), (ms) => {
        const state = sessionStateAt(ms)
        expect(state.nextChangeAt).toBeGreaterThan(ms)
        expect(state.nextChangeAt - ms).toBeLessThan(5 * 86_400_000)
        expect(state.nextPhase).not.toBe(state.phase)
        const justBefore = sessionStateAt(state.nextChangeAt - 1)
        expect([justBefore.phase, justBefore.session]).toEqual([state.phase, state.session])
        expect(sessionStateAt(state.nextChangeAt).phase).toBe(state.nextPhase)
        expect(state.easternDate).toBe(easternClock(ms).date)
      }),
      { numRuns: 1000, seed: 20260113 },
    )
  })
})

describe('independence from the machine time zone', () => {
  const moduleFile = fileURLToPath(new URL('../../src/shared/session-clock.ts', import.meta.url))
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
  // An instant every 7h13m for three weeks, plus the clock-change weekends.
  const instants = [
    ...Array.from({ length: 70 }, (_, i) => at('2026-11-18T00:00:00Z') + i * (7 * 3_600_000 + 13 * 60_000)),
    at('2026-03-08T06:59:59Z'),
    at('2026-03-08T07:00:00Z'),
    at('2026-11-01T05:30:00Z'),
    at('2026-11-01T06:30:00Z'),
  ]
  const script = `
    const clock = require(${JSON.stringify(moduleFile)})
    const instants = ${JSON.stringify(instants)}
    console.log(JSON.stringify(instants.map((ms) => [clock.sessionStateAt(ms), clock.easternClock(ms)])))`

  it.concurrent.each(['Pacific/Kiritimati', 'Asia/Kolkata'])(
    'gives the same answers in a process whose TZ is %s',
    async (tz) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: repoRoot,
        env: { ...process.env, TZ: tz },
      })
      const here = instants.map((ms) => [sessionStateAt(ms), easternClock(ms)])
      expect(JSON.parse(stdout)).toEqual(here)
    },
  )
})

describe('formatCountdown', () => {
  it('shows the two largest units, rounding up to the second', () => {
    expect(formatCountdown(3_900_000)).toBe('1h 05m')
    expect(formatCountdown(249_000)).toBe('4m 09s')
    expect(formatCountdown(9_000)).toBe('9s')
    expect(formatCountdown(1)).toBe('1s')
    expect(formatCountdown(59_001)).toBe('1m 00s')
    expect(formatCountdown(3_599_999)).toBe('1h 00m')
    expect(formatCountdown((2 * 24 + 3) * 3_600_000)).toBe('2d 03h')
  })

  it('shows 0s once the moment has come, or for nonsense', () => {
    expect(formatCountdown(0)).toBe('0s')
    expect(formatCountdown(-5_000)).toBe('0s')
    expect(formatCountdown(Number.NaN)).toBe('0s')
  })
})

describe('session intervals for charts', () => {
  it('tiles a Friday-to-Monday span with sessions, pauses and the off-hours weekend', () => {
    const from = at('2026-01-23T15:00:00-05:00')
    const to = at('2026-01-26T05:00:00-05:00')
    expect(
      sessionIntervals(from, to).map(({ session, start, end }) => [
        session,
        new Date(start).toISOString(),
        new Date(end).toISOString(),
      ]),
    ).toEqual([
      ['regular', '2026-01-23T20:00:00.000Z', '2026-01-23T20:59:00.000Z'],
      [null, '2026-01-23T20:59:00.000Z', '2026-01-23T21:01:00.000Z'],
      ['postmarket', '2026-01-23T21:01:00.000Z', '2026-01-24T00:59:00.000Z'],
      ['offhours', '2026-01-24T00:59:00.000Z', '2026-01-26T01:05:00.000Z'],
      ['overnight', '2026-01-26T01:05:00.000Z', '2026-01-26T08:55:00.000Z'],
      [null, '2026-01-26T08:55:00.000Z', '2026-01-26T09:01:00.000Z'],
      ['premarket', '2026-01-26T09:01:00.000Z', '2026-01-26T10:00:00.000Z'],
    ])
    expect(openMarketIntervals(from, to)).toEqual([
      { start: from, end: at('2026-01-23T19:59:00-05:00') },
      { start: at('2026-01-25T20:05:00-05:00'), end: to },
    ])
  })

  it('leaves Thanksgiving and the evening of its early close out of the open market', () => {
    const spans = openMarketIntervals(at('2026-11-25T12:00:00-05:00'), at('2026-11-30T12:00:00-05:00'))
    expect(spans).toEqual([
      { start: at('2026-11-25T12:00:00-05:00'), end: at('2026-11-25T19:59:00-05:00') },
      { start: at('2026-11-26T20:05:00-05:00'), end: at('2026-11-27T16:59:00-05:00') },
      { start: at('2026-11-29T20:05:00-05:00'), end: at('2026-11-30T12:00:00-05:00') },
    ])
    expect(isConventionalOpen(at('2026-11-27T16:58:59-05:00'))).toBe(true)
    expect(isConventionalOpen(at('2026-11-27T16:59:00-05:00'))).toBe(false)
    // A pause between two sessions is not a close.
    expect(isConventionalOpen(at('2026-11-25T09:30:00-05:00'))).toBe(true)
  })

  it('names the session trading in each phase', () => {
    expect(liveSessionOf('regular')).toBe('regular')
    expect(liveSessionOf('closed')).toBe('offhours')
    expect(liveSessionOf('paused')).toBeNull()
  })
})
