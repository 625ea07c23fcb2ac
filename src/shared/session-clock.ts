/**
 * Which trading session of the tokenized-stock service is running at a given instant, by the US
 * Eastern clock (America/New_York), and when the next change comes. The one session model: main
 * (alerts, tray, CLI), the renderer (badges, header clock, charts) and the simulator all read it.
 * Pure TypeScript: the time-zone work goes through Intl, never the machine's own time zone.
 *
 * Hours: the service's published schedule (spec/real-service-notes.md, "Trading sessions").
 *
 * | session    | nominal (ET)      | live (ET)          | early-close day (ET)                    |
 * |------------|-------------------|--------------------|-----------------------------------------|
 * | overnight  | 20:00 - 04:00 +1d | 20:05 - 03:55 +1d  | as usual (if the next day trades)       |
 * | premarket  | 04:00 - 09:30     | 04:01 - 09:29      | as usual                                |
 * | regular    | 09:30 - 16:00     | 09:31 - 15:59      | 09:30 - 13:00 nominal, 09:31 - 12:59    |
 * | postmarket | 16:00 - 20:00     | 16:01 - 19:59      | 13:00 - 17:00 nominal, 13:01 - 16:59    |
 * | offhours   | whenever the four above are closed (not merely paused), for the assets that opt in |
 *
 * - Early closes: the service publishes no early-close hours of its own, so postmarket follows
 *   NYSE's after-hours, which ends at 17:00 on those days (13:01 - 16:59 live). From 16:59 until
 *   the overnight session at 20:05 the conventional market is 'closed' and offhours runs.
 * - 'paused' is the gap between two sessions that meet (one's nominal end is the other's nominal
 *   start): 03:55-04:01, 09:29-09:31, 15:59-16:01, 19:59-20:05. Any other gap is 'closed':
 *   Friday 19:59 -> Sunday 20:05, holidays, the evening of an early close.
 * - Day sessions (premarket, regular, postmarket) run on NYSE trading days only. The overnight
 *   session that starts on the evening of day D runs only if D + 1 is a trading day: so none into
 *   Saturday or Sunday, and none into a holiday, which is how the week comes to run from Sunday
 *   20:05 to Friday 19:59.
 * - offhours runs exactly while the phase is 'closed' (`SessionState.offhours`). The service
 *   names no pauses around it, so none are modelled.
 */
import { getHolidays } from 'nyse-holidays'
import type { ConventionalSession, SessionName } from './sessions'

/** The conventional market's phase. offhours is not a phase: it runs during 'closed'. */
export type MarketPhase = ConventionalSession | 'paused' | 'closed'

export interface SessionState {
  phase: MarketPhase
  /** The session in force; during a pause, the session about to start; null when closed. */
  session: ConventionalSession | null
  /** Whether the off-hours session runs (for the assets that trade in it): phase is 'closed'. */
  offhours: boolean
  /** Unix ms of the next phase change, and what phase comes then. */
  nextChangeAt: number
  nextPhase: MarketPhase
  /** The US Eastern trading date 'YYYY-MM-DD' this instant belongs to (calendar date in ET). */
  easternDate: string
  /** The NYSE holiday name when the ET date is a full holiday, else null. */
  holiday: string | null
  earlyClose: boolean
}

export interface EasternClock {
  /** 'YYYY-MM-DD', the calendar date in New York. */
  date: string
  hour: number
  minute: number
  second: number
  /** 0 = Sunday. */
  weekday: number
}

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

// ---------------------------------------------------------------------------------------------
// Eastern wall clock

/** Built once: constructing an Intl formatter costs far more than using one. */
const EASTERN_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

interface WallParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function easternWallParts(ms: number): WallParts {
  const wall: WallParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of EASTERN_FORMAT.formatToParts(ms)) {
    if (part.type in wall) wall[part.type as keyof WallParts] = Number(part.value)
  }
  return wall
}

/** The ET wall-clock reading at `ms`, written as if it were a UTC instant (seconds dropped). */
function easternWallAsUtc(ms: number): number {
  const w = easternWallParts(ms)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
}

/** New York is UTC-4 in summer (EDT) and UTC-5 in winter (EST). */
const EASTERN_OFFSETS_MS = [4 * HOUR_MS, 5 * HOUR_MS]

/**
 * The instant at which New York's clocks read `minutes` past midnight of `date` (`minutes` may
 * run past 24:00 into the next day). Tries each offset and keeps the one that reads back right.
 * A reading that happens twice (01:00-02:00 on the November change) gives the earlier instant; one
 * that never happens (02:00-03:00 on the March change) is read as EST, i.e. shifted forward, as
 * Temporal's 'compatible' disambiguation does. No session boundary falls in either hour.
 */
export function easternWallTimeToUtc(date: string, minutes: number): number {
  const wallAsUtc = utcMidnightOf(date) + minutes * MINUTE_MS
  for (const offset of EASTERN_OFFSETS_MS) {
    const candidate = wallAsUtc + offset
    if (easternWallAsUtc(candidate) === wallAsUtc) return candidate
  }
  return wallAsUtc + 5 * HOUR_MS
}

export function easternClock(ms: number): EasternClock {
  const w = easternWallParts(ms)
  const date = formatDate(w.year, w.month, w.day)
  return { date, hour: w.hour, minute: w.minute, second: w.second, weekday: weekdayOf(date) }
}

// ---------------------------------------------------------------------------------------------
// Calendar dates as 'YYYY-MM-DD' strings, with arithmetic done on UTC midnights (no local time)

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

function utcMidnightOf(date: string): number {
  const match = DATE_PATTERN.exec(date)
  if (!match) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${JSON.stringify(date)}`)
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
}

function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function dateOfUtcMidnight(ms: number): string {
  const d = new Date(ms)
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())
}

export function addDays(date: string, days: number): string {
  return dateOfUtcMidnight(utcMidnightOf(date) + days * DAY_MS)
}

function weekdayOf(date: string): number {
  return new Date(utcMidnightOf(date)).getUTCDay()
}

// ---------------------------------------------------------------------------------------------
// NYSE calendar

/**
 * One-off closures NYSE announced that no rule predicts (the `nyse-holidays` package does not
 * have them). Source: NYSE announcements. Add new ones here.
 */
const SPECIAL_CLOSURES: Readonly<Record<string, string>> = {
  '2025-01-09': 'National Day of Mourning for President Jimmy Carter',
}

/**
 * Full holidays by date, one map per year, from `nyse-holidays` (its rule set matches NYSE's
 * published calendars; test/shared/session-clock.test.ts checks 2025-2027). Only its `dateString`
 * is used: it builds local-time dayjs dates, but formats them back in the same local zone, so the
 * date string does not depend on the machine's time zone.
 */
const holidaysByYear = new Map<number, ReadonlyMap<string, string>>()

/** Where the package's names differ from NYSE's published ones (shown in the header and the CLI). */
const NYSE_NAMES: Readonly<Record<string, string>> = { 'New Years Day': "New Year's Day" }

function holidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = holidaysByYear.get(year)
  if (!holidays) {
    holidays = new Map(
      getHolidays(year).map((holiday) => [holiday.dateString, NYSE_NAMES[holiday.name] ?? holiday.name]),
    )
    holidaysByYear.set(year, holidays)
  }
  return holidays
}

export function nyseHolidayOn(easternDate: string): string | null {
  const year = new Date(utcMidnightOf(easternDate)).getUTCFullYear()
  return SPECIAL_CLOSURES[easternDate] ?? holidaysOf(year).get(easternDate) ?? null
}

function isTradingDay(date: string): boolean {
  const weekday = weekdayOf(date)
  return weekday !== 0 && weekday !== 6 && nyseHolidayOn(date) === null
}

/**
 * NYSE closes at 13:00 on the day before Independence Day, the day after Thanksgiving and
 * Christmas Eve, each only when it is a trading day (source: NYSE "Holidays & Trading Hours",
 * nyse.com/markets/hours-calendars). July 3 and December 24 on a Friday are the observed
 * holidays themselves; July 3 on a weekday that trades is always Monday to Thursday, so the day
 * before a July 4 that falls on a weekend is never an early close, as NYSE's past calendars show.
 */
export function isEarlyClose(easternDate: string): boolean {
  if (!isTradingDay(easternDate)) return false
  const monthDay = easternDate.slice(5)
  if (monthDay === '07-03' || monthDay === '12-24') return true
  // Thanksgiving is the fourth Thursday of November (22nd to 28th), so the Friday after it is
  // the 23rd to 29th.
  const dayOfMonth = Number(easternDate.slice(8))
  return (
    easternDate.slice(5, 7) === '11' && weekdayOf(easternDate) === 5 && dayOfMonth >= 23 && dayOfMonth <= 29
  )
}

// ---------------------------------------------------------------------------------------------
// Session runs: each live session as a span of UTC ms

interface SessionHours {
  session: ConventionalSession
  /** Nominal start and end in minutes after ET midnight of the day the session starts. */
  start: number
  end: number
}

const at = (hours: number, minutes = 0): number => hours * 60 + minutes

const NORMAL_DAY: readonly SessionHours[] = [
  { session: 'premarket', start: at(4), end: at(9, 30) },
  { session: 'regular', start: at(9, 30), end: at(16) },
  { session: 'postmarket', start: at(16), end: at(20) },
]
const EARLY_CLOSE_DAY: readonly SessionHours[] = [
  { session: 'premarket', start: at(4), end: at(9, 30) },
  { session: 'regular', start: at(9, 30), end: at(13) },
  { session: 'postmarket', start: at(13), end: at(17) },
]
const OVERNIGHT: SessionHours = { session: 'overnight', start: at(20), end: at(24 + 4) }

/** Minutes after its nominal start that a session goes live, and before its nominal end that it stops. */
const LIVE_AFTER_START_MINUTES: Record<ConventionalSession, number> = {
  overnight: 5,
  premarket: 1,
  regular: 1,
  postmarket: 1,
}
const STOPS_BEFORE_END_MINUTES: Record<ConventionalSession, number> = {
  overnight: 5,
  premarket: 1,
  regular: 1,
  postmarket: 1,
}

interface SessionRun {
  session: ConventionalSession
  /** When the service is live: [start, end). */
  start: number
  end: number
  /** The published hours, used to tell a pause (sessions that meet) from a close. */
  nominalStart: number
  nominalEnd: number
}

function runOf(date: string, hours: SessionHours): SessionRun {
  const nominalStart = easternWallTimeToUtc(date, hours.start)
  const nominalEnd = easternWallTimeToUtc(date, hours.end)
  return {
    session: hours.session,
    start: nominalStart + LIVE_AFTER_START_MINUTES[hours.session] * MINUTE_MS,
    end: nominalEnd - STOPS_BEFORE_END_MINUTES[hours.session] * MINUTE_MS,
    nominalStart,
    nominalEnd,
  }
}

/** Runs are computed once per ET date; a year of simulated time is a few hundred entries. */
const MAX_CACHED_DAYS = 800
const runsByDate = new Map<string, readonly SessionRun[]>()

/** The sessions that start on ET date `date`, in order. */
function runsStartingOn(date: string): readonly SessionRun[] {
  let runs = runsByDate.get(date)
  if (runs) return runs
  const hours = isTradingDay(date) ? [...(isEarlyClose(date) ? EARLY_CLOSE_DAY : NORMAL_DAY)] : []
  if (isTradingDay(addDays(date, 1))) hours.push(OVERNIGHT)
  runs = hours.map((h) => runOf(date, h))
  if (runsByDate.size >= MAX_CACHED_DAYS) runsByDate.clear()
  runsByDate.set(date, runs)
  return runs
}

/**
 * Weekends plus holidays never stop the market for more than four days in a row (September 2001
 * was the longest in living memory); a search longer than this means a broken calendar.
 */
const MAX_SEARCH_DAYS = 14

/**
 * The runs from the day before `date` on, up to and including the one after the first run still
 * going at `ms`. Starting a day early catches the overnight run that began the evening before.
 */
function runsAround(date: string, ms: number): { runs: SessionRun[]; current: number } {
  const runs: SessionRun[] = []
  let current = -1
  for (let day = -1; day <= MAX_SEARCH_DAYS; day++) {
    for (const run of runsStartingOn(addDays(date, day))) {
      runs.push(run)
      if (current === -1 && run.end > ms) current = runs.length - 1
      else if (current !== -1) return { runs, current }
    }
  }
  throw new Error(`No trading session within ${MAX_SEARCH_DAYS} days of ${date}: check the NYSE calendar`)
}

// ---------------------------------------------------------------------------------------------
// The state at an instant

interface EasternDay {
  date: string
  /** The day's span in UTC ms: [start, end), 23 or 25 hours long on clock-change days. */
  start: number
  end: number
  holiday: string | null
  earlyClose: boolean
}

/** The last ET day looked up: consecutive calls (once a second, per sim tick) mostly share it. */
let lastDay: EasternDay = { date: '', start: 0, end: 0, holiday: null, earlyClose: false }

function easternDayOf(ms: number): EasternDay {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay
  const { date } = easternClock(ms)
  lastDay = {
    date,
    start: easternWallTimeToUtc(date, 0),
    end: easternWallTimeToUtc(addDays(date, 1), 0),
    holiday: nyseHolidayOn(date),
    earlyClose: isEarlyClose(date),
  }
  return lastDay
}

export function sessionStateAt(ms: number): SessionState {
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${ms}`)
  const day = easternDayOf(ms)
  const { runs, current } = runsAround(day.date, ms)
  const run = runs[current] as SessionRun
  const before = runs[current - 1]
  const after = runs[current + 1]
  const calendar = { easternDate: day.date, holiday: day.holiday, earlyClose: day.earlyClose }

  if (ms >= run.start) {
    const pauseFollows = after !== undefined && after.nominalStart === run.nominalEnd
    return {
      phase: run.session,
      session: run.session,
      offhours: false,
      nextChangeAt: run.end,
      nextPhase: pauseFollows ? 'paused' : 'closed',
      ...calendar,
    }
  }
  const paused = before !== undefined && before.nominalEnd === run.nominalStart
  return {
    phase: paused ? 'paused' : 'closed',
    session: paused ? run.session : null,
    offhours: !paused,
    nextChangeAt: run.start,
    nextPhase: run.session,
    ...calendar,
  }
}

/** The session trading at this phase: a conventional one, 'offhours' when closed, none in a pause. */
export function liveSessionOf(phase: MarketPhase): SessionName | null {
  if (phase === 'paused') return null
  return phase === 'closed' ? 'offhours' : phase
}

// ---------------------------------------------------------------------------------------------
// Intervals (for charts on a trading-time axis and session bands)

export interface SessionInterval {
  /** 'offhours' for a closed span (the conventional market shut); null for a pause. */
  session: SessionName | null
  /** [start, end) in Unix ms, clipped to the span asked about. */
  start: number
  end: number
}

/**
 * The live sessions, pauses and off-hours spans covering [from, to), in order, each clipped to
 * it; together they tile the span exactly. A chart shades them as bands; a trading-time axis
 * keeps the conventional ones (`openMarketIntervals`) at full width and squeezes the rest.
 */
export function sessionIntervals(from: number, to: number): SessionInterval[] {
  const intervals: SessionInterval[] = []
  let at = from
  while (at < to) {
    const state = sessionStateAt(at)
    const end = Math.min(Math.max(state.nextChangeAt, at + 1), to)
    intervals.push({ session: liveSessionOf(state.phase), start: at, end })
    at = end
  }
  return intervals
}

/**
 * Where the conventional market week runs within [from, to): the spans from a session's start to
 * the next close, pauses between sessions included (a 2-minute pause is not a gap on a chart).
 * Weekends, holidays and the evening of an early close fall between the spans.
 */
export function openMarketIntervals(from: number, to: number): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = []
  for (const interval of sessionIntervals(from, to)) {
    if (interval.session === 'offhours') continue
    const last = spans[spans.length - 1]
    if (last && last.end === interval.start) last.end = interval.end
    else spans.push({ start: interval.start, end: interval.end })
  }
  return spans
}

/** Whether the conventional market is open (a session live, or a short pause between two) at `ms`. */
export function isConventionalOpen(ms: number): boolean {
  return sessionStateAt(ms).phase !== 'closed'
}

// ---------------------------------------------------------------------------------------------
// Display

export const pad2 = (n: number): string => String(n).padStart(2, '0')

/**
 * A countdown for the header clock, in its two largest units: "2d 03h", "1h 05m", "4m 09s", "9s".
 * Rounds up, so it reads "1s" in the last second and "0s" only once the moment has come.
 */
export function formatCountdown(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / SECOND_MS) : 0
  const days = Math.floor(totalSeconds / 86_400)
  const hours = Math.floor((totalSeconds % 86_400) / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  if (days > 0) return `${days}d ${pad2(hours)}h`
  if (hours > 0) return `${hours}h ${pad2(minutes)}m`
  if (minutes > 0) return `${minutes}m ${pad2(seconds)}s`
  return `${seconds}s`
}
