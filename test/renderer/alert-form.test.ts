import { describe, expect, it } from 'vitest'
import {
  draftOfAlert,
  inputFromDraft,
  newAlertDraft,
  refusalErrors,
  type AlertDraft,
} from '../../src/renderer/alerts/alert-form'
import type { Alert } from '../../src/shared/alerts'

const draft = (changes: Partial<AlertDraft>): AlertDraft => ({ ...newAlertDraft('AAPLon'), ...changes })

describe('alert form', () => {
  it('makes the input main takes: decimals as typed, the cooldown from minutes to milliseconds', () => {
    expect(
      inputFromDraft(draft({ level: ' 200.50 ', cooldownMinutes: '1.5', note: 'earnings', sound: true })),
    ).toEqual({
      ok: true,
      input: {
        symbol: 'AAPLon',
        condition: { kind: 'price-above', level: '200.50', rearmBand: '0.25' },
        enabled: true,
        cooldownMs: 90_000,
        note: 'earnings',
        sound: true,
      },
    })
    expect(inputFromDraft(draft({ kind: 'session', session: 'overnight', event: 'both' }))).toMatchObject({
      ok: true,
      input: { condition: { kind: 'session', session: 'overnight', event: 'both' } },
    })
    expect(inputFromDraft(draft({ kind: 'stale', minutes: '30' }))).toMatchObject({
      ok: true,
      input: { condition: { kind: 'stale', minutes: 30 } },
    })
  })

  it('reads numbers as people type them: ".5" and "180." are numbers', () => {
    expect(inputFromDraft(draft({ level: '180.', rearmBand: '.5', cooldownMinutes: '.5' }))).toMatchObject({
      ok: true,
      input: { condition: { kind: 'price-above', level: '180', rearmBand: '0.5' }, cooldownMs: 30_000 },
    })
    expect(inputFromDraft(draft({ kind: 'change-pct', thresholdPct: '.5' }))).toMatchObject({
      ok: true,
      input: { condition: { kind: 'change-pct', thresholdPct: '0.5' } },
    })
  })

  it('puts the contract’s own message beside each field at fault, and sends nothing', () => {
    expect(inputFromDraft(draft({ level: '200,50', cooldownMinutes: 'soon', rearmBand: '' }))).toEqual({
      ok: false,
      errors: {
        level: 'The price level must be a number such as 200.50',
        rearmBand: 'The re-arm band is required',
        cooldownMinutes: 'Enter the cooldown in minutes, such as 5 (0 for none)',
      },
    })
    expect(inputFromDraft(draft({ kind: 'change-pct', thresholdPct: '2', rearmBand: '3' }))).toEqual({
      ok: false,
      errors: { rearmBand: 'The re-arm band must be smaller than the threshold' },
    })
    expect(inputFromDraft(draft({ kind: 'stale', minutes: 'ten', cooldownMinutes: '-1' }))).toEqual({
      ok: false,
      errors: {
        minutes: 'The minutes must be a whole number',
        cooldownMinutes: 'The cooldown cannot be negative',
      },
    })
    expect(inputFromDraft(draft({ level: '5', note: 'x'.repeat(201), cooldownMinutes: '1441' }))).toEqual({
      ok: false,
      errors: {
        note: 'The note is at most 200 characters',
        cooldownMinutes: 'The cooldown is at most 24 hours',
      },
    })
  })

  it('round-trips a saved alert through the form', () => {
    const alert: Alert = {
      id: 'a1',
      createdAt: 1,
      symbol: 'TSLAon',
      condition: { kind: 'premium-pct', thresholdPct: '0.3', direction: 'down', rearmBand: '0.1' },
      enabled: false,
      cooldownMs: 30_000,
      note: 'watch the discount',
      sound: true,
    }
    const { id: _id, createdAt: _createdAt, ...input } = alert
    expect(inputFromDraft(draftOfAlert(alert))).toEqual({ ok: true, input })
  })

  it('shows main’s refusal beside the field it names, and anything else above the buttons', () => {
    expect(
      refusalErrors({
        code: 'invalid-argument',
        message: 'The price level must be more than 0',
        field: 'input.condition.level',
      }),
    ).toEqual({ level: 'The price level must be more than 0' })
    expect(
      refusalErrors({
        code: 'invalid-argument',
        message: 'The cooldown is at most 24 hours',
        field: 'input.cooldownMs',
      }),
    ).toEqual({
      cooldownMinutes: 'The cooldown is at most 24 hours',
    })
    expect(refusalErrors({ code: 'not-found', message: 'No alert with that id' })).toEqual({
      form: 'No alert with that id',
    })
    expect(
      refusalErrors({ code: 'invalid-argument', message: 'Expected boolean', field: 'input.sound' }),
    ).toEqual({ form: 'Expected boolean' })
    // An alert that could never fire names its field in the sentence, which is shown without it.
    expect(
      refusalErrors({
        code: 'failed',
        message: 'input.condition.session: AAPLon cannot trade in the Overnight session',
      }),
    ).toEqual({ session: 'AAPLon cannot trade in the Overnight session' })
  })

  it('makes a shares-multiplier alert with nothing to fill in, and edits it back', () => {
    const made = inputFromDraft(draft({ kind: 'multiplier-change', level: 'ignored' }))
    expect(made).toMatchObject({ ok: true, input: { condition: { kind: 'multiplier-change' } } })
    const saved: Alert = {
      id: 'm1',
      createdAt: 0,
      symbol: 'AAPLon',
      condition: { kind: 'multiplier-change' },
      enabled: true,
      cooldownMs: 0,
      note: undefined,
      sound: false,
    }
    expect(draftOfAlert(saved).kind).toBe('multiplier-change')
  })
})
