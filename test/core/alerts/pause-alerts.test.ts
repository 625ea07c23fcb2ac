import { describe, expect, it } from 'vitest'
import { evaluateAlerts, nextAlertCheckAt } from '../../../src/main/core/alerts/alert-engine'
import {
  MULTIPLIER_PAUSE_GRACE_MS,
  multiplierPauseNote,
  pauseNews,
  type PausePhases,
} from '../../../src/main/core/alerts/pause-alerts'
import type { AssetPauseReading } from '../../../src/shared/service-status'
import {
  LLY,
  makeAlert,
  split,
  SPLIT_END as END,
  SPLIT_START as START,
  SPLIT_WINDOW as WINDOW,
} from './alert-fixtures'

/**
 * The service's asset pauses as alert news, at fixed instants around a split of LLYon (its pause
 * from Monday 2026-11-16 19:50 ET to Tuesday 04:00 ET).
 */

const HOUR = 3_600_000

/** An earnings limit with neither start nor end given. */
const earningsLimit = split({
  code: 'ASSET_LIMITED',
  reason: 'earnings',
  start: null,
  end: null,
  updateSharesMultiplier: false,
})

/** The news of each answer, read at its time against the answer before (the first only remembered). */
function newsOf(answers: readonly { at: number; pauses: readonly AssetPauseReading[] }[]): string[][] {
  let phases: PausePhases | null = null
  return answers.map(({ at, pauses }) => {
    const read = pauseNews(LLY, phases, pauses, at)
    phases = read.phases
    return read.news
  })
}

describe('asset pauses as news', () => {
  it('the split announced, started on its minute though still listed as upcoming, and ended', () => {
    expect(
      newsOf([
        { at: START - 8 * HOUR, pauses: [] },
        { at: START - 7 * HOUR, pauses: [split()] },
        { at: START - 1, pauses: [split()] },
        { at: START, pauses: [split()] },
        { at: START + HOUR, pauses: [split({ status: 'active' })] },
        // Still listed at its end: past it, it is over.
        { at: END, pauses: [split({ status: 'active' })] },
      ]),
    ).toEqual([
      [],
      [`LLYon: Stock split pause announced ${WINDOW}; the multiplier will change`],
      [],
      ['LLYon: Stock split pause started until Nov 17, 04:00:00 ET; the multiplier will change'],
      [],
      ['LLYon: Stock split pause ended'],
    ])
  })

  it('the first answer is only remembered, even with a pause in force', () => {
    const first = pauseNews(LLY, null, [split({ status: 'active' }), earningsLimit], START + HOUR)
    expect(first.news).toEqual([])
    expect(Object.values(first.phases)).toEqual(['active', 'upcoming'])
  })

  it('a pause without times: in force when the service says active, else announced, end not given', () => {
    const maintenance = split({
      status: 'active',
      type: 'unscheduled',
      reason: 'maintenance',
      start: null,
      end: null,
      updateSharesMultiplier: false,
    })
    expect(
      newsOf([
        { at: START, pauses: [] },
        { at: START + HOUR, pauses: [maintenance, earningsLimit] },
        { at: START + 2 * HOUR, pauses: [maintenance, earningsLimit] },
      ]),
    ).toEqual([
      [],
      ['LLYon: Maintenance pause started', 'LLYon: Earnings limit announced, end not given'],
      [],
    ])
  })

  it('a withdrawn announcement is no news; a limit that leaves the answer in force has ended', () => {
    const inForce = { ...earningsLimit, status: 'active' }
    expect(
      newsOf([
        { at: START - 2 * HOUR, pauses: [split(), inForce] },
        { at: START - HOUR, pauses: [] },
      ]),
    ).toEqual([[], ['LLYon: Earnings limit ended']])
  })
})

describe('the note a multiplier change takes from the pause that announced it', () => {
  const note = `, in the announced stock split pause ${WINDOW}`

  it('from the start of the pause until six hours after its end, and not outside', () => {
    const at = (now: number) => multiplierPauseNote(LLY, [split()], now)
    expect([
      at(START - 1),
      at(START),
      at(END + MULTIPLIER_PAUSE_GRACE_MS - 1),
      at(END + MULTIPLIER_PAUSE_GRACE_MS),
    ]).toEqual(['', note, note, ''])
  })

  it('only from a pause of the symbol that announced a multiplier change', () => {
    const inside = START + HOUR
    expect(multiplierPauseNote(LLY, [split({ symbol: 'NVDAon' })], inside)).toBe('')
    expect(multiplierPauseNote(LLY, [split({ updateSharesMultiplier: false })], inside)).toBe('')
    expect(multiplierPauseNote(LLY, [split({ symbol: 'NVDAon' }), split()], inside)).toBe(note)
  })

  it('from a pause with no times given, at any time', () => {
    const untimed = split({ type: 'unscheduled', start: null, end: null })
    for (const now of [START - 30 * 24 * HOUR, START, END + 30 * 24 * HOUR])
      expect(multiplierPauseNote(LLY, [untimed], now)).toBe(
        ', in the announced stock split pause, end not given',
      )
  })
})

describe('asset-pause alerts in the engine', () => {
  const alert = makeAlert({ kind: 'asset-pause' }, { symbol: LLY })
  const known = (current: readonly AssetPauseReading[] | null) => ({
    pauses: { current, multiplierPauses: [] },
  })

  it('wait for the first answer, remember it, then fire each answer’s news as one alert', () => {
    const waiting = evaluateAlerts([alert], {}, new Map(), START - 8 * HOUR, known(null))
    expect(waiting.fired).toEqual([])
    expect(waiting.states.a1).toMatchObject({ pauses: null, lastFiredAt: null })

    const first = evaluateAlerts([alert], waiting.states, new Map(), START - 7 * HOUR, known([split()]))
    expect(first.fired).toEqual([])
    const limit = { ...earningsLimit, start: START + HOUR, end: END }
    const both = evaluateAlerts([alert], first.states, new Map(), START, known([split(), limit]))
    expect(both.fired).toMatchObject([
      {
        kind: 'asset-pause',
        at: START,
        value: null,
        message:
          'LLYon: Stock split pause started until Nov 17, 04:00:00 ET; the multiplier will change; ' +
          'LLYon: Earnings limit announced from Nov 16, 20:50:00 ET until Nov 17, 04:00:00 ET',
      },
    ])
  })

  it('ask to be checked at the next start or end of a pause of the symbol', () => {
    const pauses = known([
      split(),
      split({ symbol: 'NVDAon', start: START - HOUR, end: START - HOUR / 2 }),
    ]).pauses
    const checkAt = (now: number) => nextAlertCheckAt([alert], new Map(), now, pauses)
    expect([checkAt(START - 2 * HOUR), checkAt(START), checkAt(END)]).toEqual([START, END, null])
    expect(nextAlertCheckAt([alert], new Map(), START, known([earningsLimit]).pauses)).toBeNull()
    expect(nextAlertCheckAt([alert], new Map(), START)).toBeNull()
  })
})
