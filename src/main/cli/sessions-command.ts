import { parseArgs } from 'node:util'
import { SESSION_LABEL } from '../../shared/alert-text'
import { displayZone, formatFullTime } from '../../shared/display-time'
import { easternClock, formatCountdown, type MarketPhase, sessionStateAt } from '../../shared/session-clock'
import { type CliIo, EXIT, UsageError, writeLine } from './io'

/**
 * `tokenwatch sessions`: which trading session runs at an instant (now, or each `--at`), by the
 * same session model the app, its alerts and the simulator use. No network, no key.
 */

export const SESSIONS_USAGE = `Usage: tokenwatch sessions [--at ISO-8601]... [--json]

  --at ISO-8601   an instant with its UTC offset, e.g. 2026-11-27T13:00:00-05:00 or
                  2026-11-28T17:00Z; repeat for several (default: now)
  --json          one JSON object a line: {"at", "phase", "offhours", "nextChangeAt", "nextPhase",
                  "holiday", "earlyClose"}; times in Unix ms

Phases: premarket 04:01-09:29, regular 09:31-15:59, postmarket 16:01-19:59, overnight 20:05-03:55
ET, "paused" between two of them, "closed" otherwise (weekends, NYSE holidays, after an early
close at 13:00, whose postmarket ends 16:59). The off-hours session runs while closed.

Exit codes: 0 answered, 2 bad usage (such as an --at that is not an ISO-8601 instant).
`

export interface SessionsCommandDeps {
  now?: () => number
}

/** The JSON line's shape, in the order the issue and the README give. */
export interface SessionsLine {
  at: number
  phase: MarketPhase
  offhours: boolean
  nextChangeAt: number
  nextPhase: MarketPhase
  holiday: string | null
  earlyClose: boolean
}

/** Date, a time to the minute or finer, and an offset: what --at accepts (RFC 3339's instants). */
const INSTANT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i

/** The instant `text` names, or a UsageError saying what is wrong with it. */
export function parseInstant(text: string): number {
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
  const match = INSTANT_PATTERN.exec(text.trim())
  if (!match)
    throw new UsageError(
      `--at ${shown} is not an ISO-8601 instant with a UTC offset, ` +
        `such as 2026-11-27T13:00:00-05:00 or 2026-11-28T17:00Z.`,
    )
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0))
  // Date.UTC rolls 30 February over into March: a real date and time reads back unchanged.
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  const readsBack =
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute &&
    wall.getUTCSeconds() === second
  const offset = (match[8] as string).toUpperCase()
  const offsetHours = offset === 'Z' ? 0 : Number(offset.slice(1, 3))
  const offsetMinutes = offset === 'Z' ? 0 : Number(offset.slice(-2))
  if (!readsBack || offsetHours > 18 || offsetMinutes >= 60)
    throw new UsageError(`--at ${shown} is not a real date and time.`)
  const ms = Date.parse(
    text
      .trim()
      .replace(' ', 'T')
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
  )
  if (!Number.isFinite(ms)) throw new UsageError(`--at ${shown} is out of range.`)
  return ms
}

export function sessionsLineAt(at: number): SessionsLine {
  const state = sessionStateAt(at)
  return {
    at,
    phase: state.phase,
    offhours: state.offhours,
    nextChangeAt: state.nextChangeAt,
    nextPhase: state.nextPhase,
    holiday: state.holiday,
    earlyClose: state.earlyClose,
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
/** Sessions are the market's: told in its time whatever the zone Settings shows times in. */
const MARKET_ZONE = displayZone('market')

/**
 * "Sat Nov 28, 2026, 12:00:30 ET": the window's full time with the year (an --at may be any day)
 * and, first, the weekday a trader reads a session day by.
 */
function easternText(ms: number): string {
  return `${WEEKDAYS[easternClock(ms).weekday]} ${formatFullTime(ms, MARKET_ZONE, { year: true })}`
}

function phaseText(phase: MarketPhase): string {
  if (phase === 'paused') return 'paused'
  if (phase === 'closed') return 'closed'
  return SESSION_LABEL[phase].toLowerCase()
}

/** One line a trader reads: what runs now, why the day is odd, and what comes next, when. */
export function sessionsText(line: SessionsLine): string {
  const notes = [line.holiday, line.earlyClose ? 'early close' : null].filter(Boolean)
  const now =
    `${phaseText(line.phase)}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}` +
    `${line.offhours ? ', off-hours session running' : ''}`
  const verb =
    line.nextPhase === 'paused'
      ? 'pauses'
      : line.nextPhase === 'closed'
        ? 'closes'
        : `${phaseText(line.nextPhase)} opens`
  const countdown = formatCountdown(line.nextChangeAt - line.at)
  const next = `${verb} ${easternText(line.nextChangeAt)} (in ${countdown})`
  return `${easternText(line.at)}  ${now}; ${next}`
}

function parseSessionsArgs(argv: string[]): { at: string[]; json: boolean } | 'help' {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        at: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    })
    if (values.help) return 'help'
    return { at: values.at ?? [], json: values.json ?? false }
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

export async function runSessionsCommand(
  argv: string[],
  io: Pick<CliIo, 'stdout' | 'stderr'>,
  deps: SessionsCommandDeps = {},
): Promise<number> {
  let instants: number[]
  let json: boolean
  try {
    const args = parseSessionsArgs(argv)
    if (args === 'help') {
      io.stdout.write(SESSIONS_USAGE)
      return EXIT.ok
    }
    // Every --at is checked before anything is printed: a bad one gets one line and no output.
    instants = args.at.length > 0 ? args.at.map(parseInstant) : [(deps.now ?? Date.now)()]
    json = args.json
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    writeLine(io.stderr, `tokenwatch sessions: ${error.message} (see tokenwatch sessions --help)`)
    return EXIT.usage
  }
  for (const at of instants) {
    const line = sessionsLineAt(at)
    writeLine(io.stdout, json ? JSON.stringify(line) : sessionsText(line))
  }
  return EXIT.ok
}
