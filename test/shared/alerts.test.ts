import { describe, expect, it } from 'vitest'
import {
  alertCommandArgs,
  alertInputSchema,
  alertListSchema,
  alertSchema,
  checkAlertInput,
} from '../../src/shared/alerts'
import { COOLDOWN_BOUNDS_MS, MAX_ALERTS } from '../../src/shared/alert-limits'
import { describeAlert } from '../../src/shared/alert-text'
import { makeAlert } from '../core/alerts/alert-fixtures'

/** The alert schemas: what the form shows beside each field, and what main accepts over IPC. */

const valid = { symbol: 'AAPLon', condition: { kind: 'price-above', level: '200.50' } }

function errorsOf(input: unknown): Record<string, string> {
  const checked = checkAlertInput(input)
  if (checked.ok) throw new Error('expected the input to be refused')
  return checked.errors
}

describe('alert input', () => {
  it('fills in the defaults: enabled, 5-minute cooldown, 0.25 re-arm band, no sound', () => {
    expect(checkAlertInput(valid)).toEqual({
      ok: true,
      value: {
        symbol: 'AAPLon',
        condition: { kind: 'price-above', level: '200.50', rearmBand: '0.25' },
        enabled: true,
        cooldownMs: COOLDOWN_BOUNDS_MS.default,
        sound: false,
      },
    })
  })

  it.each([
    ['abc', 'The price level must be a number such as 200.50'],
    ['', 'The price level is required'],
    ['1e5', 'The price level must be a number such as 200.50'],
    ['200,50', 'The price level must be a number such as 200.50'],
    ['0', 'The price level must be more than 0'],
    ['-3', 'The price level must be more than 0'],
  ])('refuses the level %j: "%s"', (level, message) => {
    expect(errorsOf({ ...valid, condition: { kind: 'price-below', level } })).toEqual({
      'condition.level': message,
    })
  })

  it('trims a level typed with spaces, and keeps its digits exactly', () => {
    const checked = alertInputSchema.parse({
      ...valid,
      condition: { kind: 'price-above', level: ' 0.000000000000000001 ' },
    })
    expect(checked.condition).toMatchObject({ level: '0.000000000000000001' })
  })

  it.each([
    [-1, 'The cooldown cannot be negative'],
    [1.5, 'The cooldown must be a whole number of milliseconds'],
    [COOLDOWN_BOUNDS_MS.max + 1, 'The cooldown is at most 24 hours'],
    ['300000', 'The cooldown must be a number of milliseconds'],
  ])('refuses the cooldown %j', (cooldownMs, message) => {
    expect(errorsOf({ ...valid, cooldownMs })).toEqual({ cooldownMs: message })
  })

  it.each([
    ['AAPL', 'Not a token symbol: a token symbol ends in "on" (for example AAPLon)'],
    [
      'aaplon',
      'Not a token symbol: a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"',
    ],
    [
      'AAPL/../on',
      'Not a token symbol: a token symbol is an uppercase ticker (A-Z, 0-9, ".", "-") followed by "on"',
    ],
    ['', 'Not a token symbol: symbol is empty'],
    [42, 'The symbol is required'],
  ])('refuses the symbol %j', (symbol, message) => {
    expect(errorsOf({ ...valid, symbol })).toEqual({ symbol: message })
  })

  it('checks percent thresholds, directions and that the re-arm band is inside the threshold', () => {
    expect(
      errorsOf({ ...valid, condition: { kind: 'change-pct', thresholdPct: '0', direction: 'up' } }),
    ).toEqual({
      'condition.thresholdPct': 'The threshold must be more than 0',
    })
    expect(
      errorsOf({ ...valid, condition: { kind: 'premium-pct', thresholdPct: '2', direction: 'sideways' } }),
    ).toEqual({
      'condition.direction': 'Choose up, down or either',
    })
    expect(
      errorsOf({
        ...valid,
        condition: { kind: 'premium-pct', thresholdPct: '0.5', direction: 'up', rearmBand: '0.5' },
      }),
    ).toEqual({ 'condition.rearmBand': 'The re-arm band must be smaller than the threshold' })
    expect(errorsOf({ ...valid, condition: { kind: 'price-above', level: '1', rearmBand: '101' } })).toEqual({
      'condition.rearmBand': 'The re-arm band must be at most 100',
    })
  })

  it('names only the field that is not a number when a threshold or band cannot be compared', () => {
    // The band-below-threshold rule cannot compare a value that is not a number: the field's own
    // message is the one shown, and checking never throws.
    for (const kind of ['change-pct', 'premium-pct'] as const) {
      expect(errorsOf({ ...valid, condition: { kind, thresholdPct: 'abc', direction: 'up' } })).toEqual({
        'condition.thresholdPct': 'The threshold must be a number such as 5',
      })
      expect(
        errorsOf({ ...valid, condition: { kind, thresholdPct: '5', direction: 'up', rearmBand: 'x' } }),
      ).toEqual({ 'condition.rearmBand': 'The re-arm band must be a number such as 0.25' })
    }
  })
  it('checks session and stale conditions', () => {
    expect(errorsOf({ ...valid, condition: { kind: 'session', session: 'lunch', event: 'open' } })).toEqual({
      'condition.session': 'Choose a session, or any',
    })
    expect(errorsOf({ ...valid, condition: { kind: 'stale', minutes: 0 } })).toEqual({
      'condition.minutes': 'At least 1 minute',
    })
    expect(errorsOf({ ...valid, condition: { kind: 'nonsense' } })).toEqual({
      'condition.kind': 'Choose what the alert watches',
    })
  })

  it('gives one message per field, and refuses fields it does not know', () => {
    const errors = errorsOf({
      symbol: 'x',
      condition: { kind: 'price-above', level: 'abc' },
      cooldownMs: -5,
      admin: true,
    })
    expect(Object.keys(errors).sort()).toEqual(['', 'condition.level', 'cooldownMs', 'symbol'])
    expect(errors['']).toMatch(/admin/)
  })

  it('reads an emptied note as no note and refuses one too long', () => {
    expect(alertInputSchema.parse({ ...valid, note: '  ' }).note).toBeUndefined()
    expect(errorsOf({ ...valid, note: 'x'.repeat(201) })).toEqual({
      note: 'The note is at most 200 characters',
    })
  })
})

describe('saved alerts and commands', () => {
  it('a saved alert reads back through its own schema unchanged', () => {
    const alert = makeAlert(
      { kind: 'change-pct', thresholdPct: '5', direction: 'either' },
      { note: 'earnings' },
    )
    expect(alertSchema.parse(JSON.parse(JSON.stringify(alert)))).toEqual(alert)
  })

  it('refuses a list with more than the maximum or with a repeated id', () => {
    const alert = makeAlert({ kind: 'price-above', level: '1' })
    expect(alertListSchema.safeParse([alert, alert]).error?.issues[0]?.message).toBe('Two alerts share an id')
    const many = Array.from({ length: MAX_ALERTS + 1 }, (_, i) => ({ ...alert, id: `a${i}` }))
    expect(alertListSchema.safeParse(many).error?.issues[0]?.message).toBe(`At most ${MAX_ALERTS} alerts`)
  })

  it('checks the IPC arguments of the alert commands', () => {
    expect(alertCommandArgs.setEnabled.safeParse({ id: 'a1', enabled: false }).success).toBe(true)
    expect(alertCommandArgs.remove.safeParse({ id: '../etc' }).success).toBe(false)
    expect(alertCommandArgs.update.safeParse({ id: 'a1', input: valid }).success).toBe(true)
    expect(alertCommandArgs.create.safeParse({ input: { ...valid, symbol: 'x' } }).success).toBe(false)
  })

  it('describes each kind of alert in plain words', () => {
    const describe = (condition: Parameters<typeof makeAlert>[0]) => describeAlert(makeAlert(condition))
    expect(describe({ kind: 'price-above', level: '200.50' })).toBe('AAPLon crosses above 200.50')
    expect(describe({ kind: 'price-below', level: '180' })).toBe('AAPLon crosses below 180')
    expect(describe({ kind: 'change-pct', thresholdPct: '5', direction: 'either' })).toBe(
      'AAPLon 24h change beyond ±5%',
    )
    expect(describe({ kind: 'premium-pct', thresholdPct: '2', direction: 'down' })).toBe(
      'AAPLon discount to fair value beyond 2%',
    )
    expect(describe({ kind: 'session', session: 'regular', event: 'open' })).toBe(
      'AAPLon Regular session opens while tradable',
    )
    expect(describe({ kind: 'stale', minutes: 1 })).toBe('AAPLon data stale for 1 minute')
  })
})
