import { z } from 'zod'
import { Dec, type DecimalString, isDecimalString } from './decimal'
import {
  ALERT_DIRECTIONS,
  COOLDOWN_BOUNDS_MS,
  DEFAULT_REARM_BAND,
  DEPTH_LEVELS_BOUNDS,
  DEPTH_SIDES,
  DEPTH_UNITS,
  MAX_ALERTS,
  MAX_SPREAD_BP,
  MAX_NOTE_LENGTH,
  SESSION_EVENTS,
  STALE_MINUTES_BOUNDS,
} from './alert-limits'
import { SESSION_NAMES } from './sessions'
import { checkSymbol } from './symbols'

/**
 * The alert model, shared by main (which validates IPC arguments and the saved file with these
 * schemas, and evaluates alerts in src/main/core/alerts/alert-engine.ts) and the renderer (which shows the
 * same messages inline while a person fills in the form).
 *
 * Levels and thresholds are decimal strings, compared with `Dec`, never as floats.
 */

const MAX_REARM_BAND = '100'
const MAX_THRESHOLD_PCT = '1000'

// ---------------------------------------------------------------------------------------------
// Field schemas, each with a message a person can act on

interface DecimalBounds {
  /** How the message names the field: "The level". */
  what: string
  example: string
  min: DecimalString
  /** True when the minimum itself is not allowed ("more than 0"). */
  minExclusive?: boolean
  max?: DecimalString
}

/** What is wrong with a decimal field, in plain words, or null when it is fine. */
function decimalFieldProblem(text: string, bounds: DecimalBounds): string | null {
  if (text === '') return `${bounds.what} is required`
  if (!isDecimalString(text)) return `${bounds.what} must be a number such as ${bounds.example}`
  const value = new Dec(text)
  if (bounds.minExclusive ? value.lte(bounds.min) : value.lt(bounds.min))
    return `${bounds.what} must be ${bounds.minExclusive ? 'more than' : 'at least'} ${bounds.min}`
  if (bounds.max !== undefined && value.gt(bounds.max)) return `${bounds.what} must be at most ${bounds.max}`
  return null
}

function decimalField(bounds: DecimalBounds) {
  return z
    .string({ error: `${bounds.what} must be a number such as ${bounds.example}` })
    .trim()
    .superRefine((text, ctx) => {
      const problem = decimalFieldProblem(text, bounds)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
}

const levelSchema = decimalField({ what: 'The price level', example: '200.50', min: '0', minExclusive: true })
const valueLevelSchema = decimalField({
  what: 'The value level',
  example: '10000',
  min: '0',
  minExclusive: true,
})
const thresholdPctSchema = decimalField({
  what: 'The threshold',
  example: '5',
  min: '0',
  minExclusive: true,
  max: MAX_THRESHOLD_PCT,
})
const rearmBandSchema = decimalField({
  what: 'The re-arm band',
  example: '0.25',
  min: '0',
  max: MAX_REARM_BAND,
})
  .optional()
  .transform((band) => band ?? DEFAULT_REARM_BAND)
const directionSchema = z.enum(ALERT_DIRECTIONS, { error: 'Choose up, down or either' })

/** Stricter than "any token symbol" only in its messages, which say what is wrong. */
export const alertSymbolSchema = z.string({ error: 'The symbol is required' }).superRefine((symbol, ctx) => {
  const checked = checkSymbol(symbol)
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: `Not a token symbol: ${checked.reason}` })
})

export const alertIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'An alert id is 1 to 64 letters, digits, "_" or "-"' })

// ---------------------------------------------------------------------------------------------
// Conditions: what an alert watches

/** A figure at or past a level, with a re-arm band in percent of the level. */
function levelCrossingSchema<K extends string>(kind: K, level: typeof levelSchema) {
  return z.object({ kind: z.literal(kind), level, rearmBand: rearmBandSchema }).strict()
}

const priceAboveSchema = levelCrossingSchema('price-above', levelSchema)
const priceBelowSchema = levelCrossingSchema('price-below', levelSchema)
/** A position's value (quantity x price, the ledger's) at or past a level, in US dollars. */
const valueAboveSchema = levelCrossingSchema('value-above', valueLevelSchema)
const valueBelowSchema = levelCrossingSchema('value-below', valueLevelSchema)

/** A percent threshold re-arms at threshold minus band, so a band as wide as the threshold never would. */
function bandBelowThreshold(condition: { thresholdPct: string; rearmBand: string }): boolean {
  // A threshold or band that is itself wrong has its own message already.
  if (!isDecimalString(condition.thresholdPct) || !isDecimalString(condition.rearmBand)) return true
  const threshold = new Dec(condition.thresholdPct)
  return threshold.lte(0) || new Dec(condition.rearmBand).lt(threshold)
}
const BAND_BELOW_THRESHOLD = {
  message: 'The re-arm band must be smaller than the threshold',
  path: ['rearmBand'],
}

/** |24h change %| >= thresholdPct, in the chosen direction. */
const changePctSchema = z
  .object({
    kind: z.literal('change-pct'),
    thresholdPct: thresholdPctSchema,
    direction: directionSchema,
    rearmBand: rearmBandSchema,
  })
  .strict()
  .refine(bandBelowThreshold, BAND_BELOW_THRESHOLD)

/** |premium to fair value %| >= thresholdPct; 'up' is a premium, 'down' a discount. */
const premiumPctSchema = z
  .object({
    kind: z.literal('premium-pct'),
    thresholdPct: thresholdPctSchema,
    direction: directionSchema,
    rearmBand: rearmBandSchema,
  })
  .strict()
  .refine(bandBelowThreshold, BAND_BELOW_THRESHOLD)

/** |unrealized P&L as a percent of cost| >= thresholdPct; 'up' is a gain, 'down' a loss. */
const pnlPctSchema = z
  .object({
    kind: z.literal('pnl-pct'),
    thresholdPct: thresholdPctSchema,
    direction: directionSchema,
    rearmBand: rearmBandSchema,
  })
  .strict()
  .refine(bandBelowThreshold, BAND_BELOW_THRESHOLD)

/** A session (or any session) opens or closes while the symbol is tradable in it. */
const sessionSchema = z
  .object({
    kind: z.literal('session'),
    session: z.enum([...SESSION_NAMES, 'any'], { error: 'Choose a session, or any' }),
    event: z.enum(SESSION_EVENTS, { error: 'Choose open, close or both' }),
  })
  .strict()

/** The data for the symbol is stale and its price older than `minutes`. */
const staleSchema = z
  .object({
    kind: z.literal('stale'),
    minutes: z
      .number({ error: 'The minutes must be a whole number' })
      .int({ error: 'The minutes must be a whole number' })
      .min(STALE_MINUTES_BOUNDS.min, { error: `At least ${STALE_MINUTES_BOUNDS.min} minute` })
      .max(STALE_MINUTES_BOUNDS.max, { error: `At most ${STALE_MINUTES_BOUNDS.max} minutes (a day)` }),
  })
  .strict()

/**
 * The shares multiplier changes: a stock split steps it (10-for-1 multiplies it by 10), a
 * reinvested dividend nudges it. Nothing to set: any change fires.
 */
const multiplierChangeSchema = z.object({ kind: z.literal('multiplier-change') }).strict()

/**
 * The service pauses or limits the asset (a split, a dividend, earnings, maintenance): fires when
 * a pause is announced, when one starts and when one ends. Nothing to set.
 */
const assetPauseSchema = z.object({ kind: z.literal('asset-pause') }).strict()

/**
 * The depth ladder's spread is wider than `thresholdBp` basis points of its mid:
 * (best ask - best bid) / ((best ask + best bid) / 2) x 10,000 > thresholdBp, compared exactly.
 */
const spreadBpSchema = z
  .object({
    kind: z.literal('spread-bp'),
    thresholdBp: decimalField({
      what: 'The spread',
      example: '25',
      min: '0',
      minExclusive: true,
      max: MAX_SPREAD_BP,
    }),
  })
  .strict()

/**
 * The liquidity at the best levels is below a size: the sum over the best `levels` levels of
 * one side of their quantity (tokens) or of price x quantity (dollars) is less than `size`.
 */
const depthBelowSchema = z
  .object({
    kind: z.literal('depth-below'),
    side: z.enum(DEPTH_SIDES, { error: 'Choose bids or asks' }),
    levels: z
      .number({ error: 'The levels must be a whole number' })
      .int({ error: 'The levels must be a whole number' })
      .min(DEPTH_LEVELS_BOUNDS.min, { error: `At least ${DEPTH_LEVELS_BOUNDS.min} level` })
      .max(DEPTH_LEVELS_BOUNDS.max, { error: `At most ${DEPTH_LEVELS_BOUNDS.max} levels` }),
    size: decimalField({ what: 'The size', example: '3.5', min: '0', minExclusive: true }),
    unit: z.enum(DEPTH_UNITS, { error: 'Choose tokens or dollars' }),
  })
  .strict()

export const alertConditionSchema = z.discriminatedUnion(
  'kind',
  [
    priceAboveSchema,
    priceBelowSchema,
    changePctSchema,
    premiumPctSchema,
    sessionSchema,
    staleSchema,
    multiplierChangeSchema,
    valueAboveSchema,
    valueBelowSchema,
    pnlPctSchema,
    assetPauseSchema,
    spreadBpSchema,
    depthBelowSchema,
  ],
  { error: 'Choose what the alert watches' },
)
export type AlertCondition = z.output<typeof alertConditionSchema>
export type AlertConditionInput = z.input<typeof alertConditionSchema>
export type AlertKind = AlertCondition['kind']
export const ALERT_KINDS = [
  'price-above',
  'price-below',
  'change-pct',
  'premium-pct',
  'session',
  'stale',
  'multiplier-change',
  'value-above',
  'value-below',
  'pnl-pct',
  'asset-pause',
  'spread-bp',
  'depth-below',
] as const satisfies readonly AlertKind[]
/** The kinds judged on the symbol's depth ladder, which streams for them (held or not). */
export const DEPTH_ALERT_KINDS = ['spread-bp', 'depth-below'] as const satisfies readonly AlertKind[]
export type DepthAlertKind = (typeof DEPTH_ALERT_KINDS)[number]
export const isDepthAlertKind = (kind: AlertKind): kind is DepthAlertKind =>
  (DEPTH_ALERT_KINDS as readonly AlertKind[]).includes(kind)

// ---------------------------------------------------------------------------------------------
// Alerts

const cooldownSchema = z
  .number({ error: 'The cooldown must be a number of milliseconds' })
  .int({ error: 'The cooldown must be a whole number of milliseconds' })
  .min(COOLDOWN_BOUNDS_MS.min, { error: 'The cooldown cannot be negative' })
  .max(COOLDOWN_BOUNDS_MS.max, { error: 'The cooldown is at most 24 hours' })

/** What the renderer sends to create or edit an alert: everything but the id and creation time. */
export const alertInputSchema = z
  .object({
    symbol: alertSymbolSchema,
    condition: alertConditionSchema,
    enabled: z.boolean().default(true),
    cooldownMs: cooldownSchema.default(COOLDOWN_BOUNDS_MS.default),
    note: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, { error: `The note is at most ${MAX_NOTE_LENGTH} characters` })
      .optional()
      // An emptied note field means no note.
      .transform((note) => (note === '' ? undefined : note)),
    sound: z.boolean().default(false),
  })
  .strict()
/** What a caller may send (defaults optional). */
export type AlertInput = z.input<typeof alertInputSchema>
/** The same once checked, defaults filled in. */
export type CheckedAlertInput = z.output<typeof alertInputSchema>

/** A saved alert. */
export const alertSchema = alertInputSchema.extend({
  id: alertIdSchema,
  createdAt: z.number().int().nonnegative(),
})
export type Alert = z.output<typeof alertSchema>

export const alertListSchema = z
  .array(alertSchema)
  .max(MAX_ALERTS, { error: `At most ${MAX_ALERTS} alerts` })
  .refine((alerts) => new Set(alerts.map((alert) => alert.id)).size === alerts.length, {
    message: 'Two alerts share an id',
  })

/** The arguments of the alert commands, for the IPC contract (main checks every one). */
export const alertCommandArgs = {
  create: z.object({ input: alertInputSchema }).strict(),
  update: z.object({ id: alertIdSchema, input: alertInputSchema }).strict(),
  setEnabled: z.object({ id: alertIdSchema, enabled: z.boolean() }).strict(),
  remove: z.object({ id: alertIdSchema }).strict(),
} as const

// ---------------------------------------------------------------------------------------------
// Inline validation for the form

export type AlertFieldErrors = Record<string, string>

/**
 * Checks a form's input. On failure gives the first message per field, keyed by its dotted path
 * ('symbol', 'condition.level', 'cooldownMs', ...), so the form can show each beside its field.
 */
export function checkAlertInput(
  input: unknown,
): { ok: true; value: CheckedAlertInput } | { ok: false; errors: AlertFieldErrors } {
  const checked = alertInputSchema.safeParse(input)
  if (checked.success) return { ok: true, value: checked.data }
  const errors: AlertFieldErrors = {}
  for (const issue of checked.error.issues) {
    const field = issue.path.join('.')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}

// ---------------------------------------------------------------------------------------------
// Firings: what an alert reports when it goes off

/**
 * What a firing may report: an alert's condition, or a watched wallet's balance of a token that
 * changed between two readings (issue 48; no alert is set for it, so its alertId is "wallet-balance").
 */
export const FIRING_KINDS = [...ALERT_KINDS, 'wallet-balance'] as const
export type FiringKind = (typeof FIRING_KINDS)[number]

export interface AlertFiring {
  alertId: string
  symbol: string
  kind: FiringKind
  /** In plain words, for the notification and the log: "AAPLon crossed above 200.00 at 200.13". */
  message: string
  /**
   * The value that made it fire: a price, a percent, an age in minutes or the new shares
   * multiplier; null for session events.
   */
  value: DecimalString | null
  /** Unix ms. */
  at: number
  sound: boolean
  note?: string
}

/** One line of the in-app alert log. */
export interface AlertLogEntry extends AlertFiring {
  read: boolean
}
