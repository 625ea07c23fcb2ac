import { describe, expect, it } from 'vitest'
import { runSessionsCommand, type SessionsLine } from '../../src/main/cli/sessions-command'
import { memoryIo } from './memory-io'

/** `tokenwatch sessions`, in-process, at fixed instants (never the machine's clock). */

const at = (iso: string): number => Date.parse(iso)

async function sessions(args: string[], now = at('2026-11-17T11:00:00-05:00')) {
  const memory = memoryIo()
  const code = await runSessionsCommand(args, memory.io, { now: () => now })
  return { code, stdout: memory.stdout(), stderr: memory.stderr() }
}

const jsonLines = (stdout: string): SessionsLine[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SessionsLine)

describe('tokenwatch sessions --json', () => {
  it('answers one line per --at with the published schedule, in the order given', async () => {
    const run = await sessions([
      ...['--at', '2026-11-17T11:00:00-05:00'], // a Tuesday morning
      ...['--at', '2026-11-21T12:00:00-05:00'], // Saturday noon
      ...['--at', '2026-11-22T20:03:00-05:00'], // Sunday, two minutes before the week opens
      ...['--at', '2026-11-22T20:06:00-05:00'], // Sunday, overnight running
      ...['--at', '2026-11-26T12:00:00-05:00'], // Thanksgiving
      ...['--at', '2026-11-27T12:59:30-05:00'], // the early close after it: the pause at 12:59
      ...['--at', '2026-11-27T17:00Z'], // same day 12:00 EST, written in UTC
      '--json',
    ])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(jsonLines(run.stdout)).toEqual([
      {
        at: at('2026-11-17T11:00:00-05:00'),
        phase: 'regular',
        offhours: false,
        nextChangeAt: at('2026-11-17T15:59:00-05:00'),
        nextPhase: 'paused',
        holiday: null,
        earlyClose: false,
      },
      {
        at: at('2026-11-21T12:00:00-05:00'),
        phase: 'closed',
        offhours: true,
        nextChangeAt: at('2026-11-22T20:05:00-05:00'),
        nextPhase: 'overnight',
        holiday: null,
        earlyClose: false,
      },
      {
        at: at('2026-11-22T20:03:00-05:00'),
        phase: 'closed',
        offhours: true,
        nextChangeAt: at('2026-11-22T20:05:00-05:00'),
        nextPhase: 'overnight',
        holiday: null,
        earlyClose: false,
      },
      {
        at: at('2026-11-22T20:06:00-05:00'),
        phase: 'overnight',
        offhours: false,
        nextChangeAt: at('2026-11-23T03:55:00-05:00'),
        nextPhase: 'paused',
        holiday: null,
        earlyClose: false,
      },
      {
        at: at('2026-11-26T12:00:00-05:00'),
        phase: 'closed',
        offhours: true,
        nextChangeAt: at('2026-11-26T20:05:00-05:00'),
        nextPhase: 'overnight',
        holiday: 'Thanksgiving Day',
        earlyClose: false,
      },
      {
        at: at('2026-11-27T12:59:30-05:00'),
        phase: 'paused',
        offhours: false,
        nextChangeAt: at('2026-11-27T13:01:00-05:00'),
        nextPhase: 'postmarket',
        holiday: null,
        earlyClose: true,
      },
      {
        at: at('2026-11-27T12:00:00-05:00'),
        phase: 'regular',
        offhours: false,
        nextChangeAt: at('2026-11-27T12:59:00-05:00'),
        nextPhase: 'paused',
        holiday: null,
        earlyClose: true,
      },
    ])
    // Exactly the keys the issue names, in its order.
    expect(Object.keys(jsonLines(run.stdout)[0] ?? {})).toEqual([
      'at',
      'phase',
      'offhours',
      'nextChangeAt',
      'nextPhase',
      'holiday',
      'earlyClose',
    ])
  })

  it('answers for now without an --at', async () => {
    const saturday = at('2026-11-28T12:00:00-05:00')
    const run = await sessions(['--json'], saturday)
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({ at: saturday, phase: 'closed', offhours: true }),
    ])
  })
})

describe('tokenwatch sessions, as text', () => {
  it('says what runs, why the day is odd and what comes next, in ET', async () => {
    const run = await sessions([
      ...['--at', '2026-11-17T11:00:00-05:00'],
      ...['--at', '2026-11-26T12:00:00-05:00'],
      ...['--at', '2026-11-27T17:30:00-05:00'],
      ...['--at', '2026-07-14T19:59:30-04:00'],
    ])
    // The window's full time (with the year, and the weekday first), in market time.
    expect(run.stdout.split('\n')).toEqual([
      'Tue Nov 17, 2026, 11:00:00 ET  regular; pauses Tue Nov 17, 2026, 15:59:00 ET (in 4h 59m)',
      'Thu Nov 26, 2026, 12:00:00 ET  closed (Thanksgiving Day), off-hours ' +
        'session running; overnight opens Thu Nov 26, 2026, 20:05:00 ET (in 8h 05m)',
      'Fri Nov 27, 2026, 17:30:00 ET  closed (early close), off-hours session ' +
        'running; overnight opens Sun Nov 29, 2026, 20:05:00 ET (in 2d 02h)',
      'Tue Jul 14, 2026, 19:59:30 ET  paused; overnight opens Tue Jul 14, 2026, 20:05:00 ET (in 5m 30s)',
      '',
    ])
  })
})

describe('tokenwatch sessions, bad usage', () => {
  it.each([
    ['tomorrow', 'is not an ISO-8601 instant with a UTC offset'],
    ['2026-11-27T13:00:00', 'is not an ISO-8601 instant with a UTC offset'], // no offset: ambiguous
    ['2026-11-27', 'is not an ISO-8601 instant with a UTC offset'],
    ['2026-02-30T10:00Z', 'is not a real date and time'],
    ['2026-11-27T24:30:00Z', 'is not a real date and time'],
    ['2026-11-27T10:00+25:00', 'is not a real date and time'],
  ])('exits 2 with one line for --at %s, printing nothing else', async (text, reason) => {
    const run = await sessions(['--at', '2026-11-17T11:00:00-05:00', '--at', text, '--json'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    const lines = run.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`--at ${JSON.stringify(text)} ${reason}`)
  })

  it('exits 2 for an unknown flag or an --at without a value', async () => {
    expect((await sessions(['--when', 'now'])).code).toBe(2)
    expect((await sessions(['--at'])).code).toBe(2)
  })

  it('prints its help', async () => {
    const run = await sessions(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Usage: tokenwatch sessions [--at ISO-8601]... [--json]')
  })
})
