import { describe, expect, it } from 'vitest'
import { type MarketPhase, sessionStateAt } from '../../src/shared/session-clock'

/**
 * The session model checked minute by minute over 2026 and 2027 against a table written here
 * from the published rules, by different means: US daylight saving from its statute (second
 * Sunday of March, first Sunday of November, 02:00 local) instead of Intl's time-zone data, NYSE's
 * holidays and early closes typed in from its published calendars instead of the nyse-holidays
 * package, and a plain classifier of each minute's wall clock instead of session runs.
 *
 * Sources: the service's hours (spec/real-service-notes.md, "Trading sessions"); NYSE "Holidays &
 * Trading Hours" for 2026 and 2027 (nyse.com/markets/hours-calendars).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** NYSE full closures, by the names NYSE publishes. Independence Day 2026 (a Saturday) is observed Friday 3 July; 2027's
 * Juneteenth (Saturday) Friday 18 June, Independence Day (Sunday) Monday 5 July, Christmas
 * (Saturday) Friday 24 December; New Year's Day 2028 (Saturday) is not observed on 31 December. */
const HOLIDAYS = new Map([
  ['2026-01-01', "New Year's Day"], ['2026-01-19', 'Martin Luther King, Jr. Day'],
  ['2026-02-16', "Washington's Birthday"], ['2026-04-03', 'Good Friday'], ['2026-05-25', 'Memorial Day'],
  ['2026-06-19', 'Juneteenth National Independence Day'], ['2026-07-03', 'Independence Day'],
  ['2026-09-07', 'Labor Day'], ['2026-11-26', 'Thanksgiving Day'], ['2026-12-25', 'Christmas Day'],
  ['2027-01-01', "New Year's Day"], ['2027-01-18', 'Martin Luther King, Jr. Day'],
  ['2027-02-15', "Washington's Birthday"], ['2027-03-26', 'Good Friday'], ['2027-05-31', 'Memorial Day'],
  ['2027-06-18', 'Juneteenth National Independence Day'], ['2027-07-05', 'Independence Day'],
  ['2027-09-06', 'Labor Day'], ['2027-11-25', 'Thanksgiving Day'], ['2027-12-24', 'Christmas Day'],
  ['2028-01-17', 'Martin Luther King, Jr. Day'],
]) // prettier-ignore

/** 13:00 closes: the day after Thanksgiving and Christmas Eve 2026. None in July (the 3rd is the
 * observed holiday in 2026, a Saturday in 2027) and none on 23 December 2027 (NYSE closes early
 * only on the 24th itself). */
const EARLY_CLOSES = new Set(['2026-11-27', '2026-12-24', '2027-11-26'])

/** The UTC instant of 02:00 local on the n-th Sunday of a month, given the offset in force before it. */
function nthSundayAt2(year: number, month: number, n: number, offsetHoursBefore: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay()
  const day = 1 + ((7 - first) % 7) + 7 * (n - 1)
  return Date.UTC(year, month, day, 2 + offsetHoursBefore)
}

/** New York's offset from UTC in hours at a UTC instant: 4 in daylight time, else 5. */
function offsetHours(utc: number): number {
  const year = new Date(utc).getUTCFullYear()
  const summerStarts = nthSundayAt2(year, 2, 2, 5) // second Sunday of March, 02:00 EST
  const summerEnds = nthSundayAt2(year, 10, 1, 4) // first Sunday of November, 02:00 EDT
  return utc >= summerStarts && utc < summerEnds ? 4 : 5
}

interface Wall {
  date: string
  minuteOfDay: number
}

function wallClock(utc: number): Wall {
  const local = new Date(utc - offsetHours(utc) * HOUR)
  return {
    date: local.toISOString().slice(0, 10),
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
  }
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10)
}

function isTradingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date)
}

const hm = (h: number, m: number): number => h * 60 + m

/** The phase at a wall-clock minute, straight from the published hours. */
function expectedPhase({ date, minuteOfDay: t }: Wall): MarketPhase {
  const today = isTradingDay(date)
  const tomorrow = isTradingDay(nextDate(date))
  // The overnight session that began yesterday evening runs only into a trading day.
  if (t < hm(3, 55)) return today ? 'overnight' : 'closed'
  if (t >= hm(20, 5)) return tomorrow ? 'overnight' : 'closed'
  if (!today) return 'closed'
  const early = EARLY_CLOSES.has(date)
  const regularEnd = early ? hm(12, 59) : hm(15, 59)
  const postEnd = early ? hm(16, 59) : hm(19, 59)
  if (t < hm(4, 1)) return 'paused'
  if (t < hm(9, 29)) return 'premarket'
  if (t < hm(9, 31)) return 'paused'
  if (t < regularEnd) return 'regular'
  if (t < regularEnd + 2) return 'paused'
  if (t < postEnd) return 'postmarket'
  // 19:59 - 20:05 pauses only when overnight follows; after an early close nothing meets it.
  return !early && tomorrow ? 'paused' : 'closed'
}

describe('the session model against an independent calendar, minute by minute', () => {
  it.each([2026, 2027])(
    'agrees on every minute of %i: phase, off-hours, next change, holiday and early close',
    (year) => {
      const from = Date.UTC(year, 0, 1, 5) // midnight EST on 1 January
      const to = Date.UTC(year + 1, 0, 1, 5)
      // Walk backwards so each minute knows when the expected phase next changes.
      let nextChange = to + 14 * 24 * HOUR
      let nextPhase: MarketPhase | null = null
      let laterPhase = expectedPhase(wallClock(to))
      // Each change point found must be the model's too: count those for a sanity check below.
      let changes = 0
      const mismatches: string[] = []
      for (let at = to - MINUTE; at >= from && mismatches.length < 5; at -= MINUTE) {
        const wall = wallClock(at)
        const phase = expectedPhase(wall)
        if (phase !== laterPhase) {
          nextChange = at + MINUTE
          nextPhase = laterPhase
          laterPhase = phase
          changes++
        }
        const state = sessionStateAt(at)
        const expected = {
          phase,
          offhours: phase === 'closed',
          date: wall.date,
          holiday: HOLIDAYS.get(wall.date) ?? null,
          earlyClose: EARLY_CLOSES.has(wall.date),
        }
        const actual = {
          phase: state.phase,
          offhours: state.offhours,
          date: state.easternDate,
          holiday: state.holiday,
          earlyClose: state.earlyClose,
        }
        const sameNext =
          nextPhase === null || (state.nextChangeAt === nextChange && state.nextPhase === nextPhase)
        if (JSON.stringify(actual) !== JSON.stringify(expected) || !sameNext)
          mismatches.push(
            `${new Date(at).toISOString()}: expected ${JSON.stringify(expected)}` +
              ` next ${nextPhase} at ${new Date(nextChange).toISOString()}, ` +
              `got ${JSON.stringify(actual)} next ${state.nextPhase} at ${new Date(state.nextChangeAt).toISOString()}`,
          )
      }
      expect(mismatches).toEqual([])
      // About 250 trading days of up to 8 changes: the table is not trivially constant.
      expect(changes).toBeGreaterThan(1500)
    },
    180_000,
  )

  it('knows the rules it is built from (a check on the table itself)', () => {
    // Both clock changes of 2026 and 2027, from the statute.
    expect(new Date(nthSundayAt2(2026, 2, 2, 5)).toISOString()).toBe('2026-03-08T07:00:00.000Z')
    expect(new Date(nthSundayAt2(2026, 10, 1, 4)).toISOString()).toBe('2026-11-01T06:00:00.000Z')
    expect(new Date(nthSundayAt2(2027, 2, 2, 5)).toISOString()).toBe('2027-03-14T07:00:00.000Z')
    expect(new Date(nthSundayAt2(2027, 10, 1, 4)).toISOString()).toBe('2027-11-07T06:00:00.000Z')
    // Sunday evening opens at 20:05 ET; Thanksgiving and the evening after its early close are closed.
    expect(expectedPhase(wallClock(Date.parse('2026-11-22T20:04:00-05:00')))).toBe('closed')
    expect(expectedPhase(wallClock(Date.parse('2026-11-22T20:05:00-05:00')))).toBe('overnight')
    expect(expectedPhase(wallClock(Date.parse('2026-11-26T12:00:00-05:00')))).toBe('closed')
    expect(expectedPhase(wallClock(Date.parse('2026-11-27T17:30:00-05:00')))).toBe('closed')
    expect(expectedPhase(wallClock(Date.parse('2026-07-14T20:00:00-04:00')))).toBe('paused')
  })
})
