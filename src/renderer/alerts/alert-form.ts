// First: zod must be told about the CSP before the shared alerts module builds its schemas.
import '../zod-csp'
import {
  type Alert,
  type AlertCondition,
  type AlertConditionInput,
  type AlertFieldErrors,
  type AlertInput,
  type AlertKind,
  checkAlertInput,
} from '../../shared/alerts'
import {
  type AlertDirection,
  COOLDOWN_BOUNDS_MS,
  DEPTH_LEVELS_BOUNDS,
  type DepthAlertSide,
  type DepthAlertUnit,
  type SessionEvent,
} from '../../shared/alert-limits'
import { DEFAULT_REARM_BAND } from '../../shared/alert-limits'
import type { IpcError } from '../../shared/ipc-contract'
import type { SessionName } from '../../shared/sessions'

/**
 * The alert form's values as typed, and the AlertInput they make. The checks are the contract's
 * own (checkAlertInput), so the form refuses exactly what main would, with the same words; main
 * checks again anyway, and a refusal from it is shown beside the same field.
 */

export interface AlertDraft {
  symbol: string
  kind: AlertKind
  level: string
  thresholdPct: string
  direction: AlertDirection
  session: SessionName | 'any'
  event: SessionEvent
  minutes: string
  /** Spread alerts: basis points of the mid. */
  thresholdBp: string
  /** Liquidity alerts: which side, how many best levels, the size and its unit. */
  side: DepthAlertSide
  levels: string
  size: string
  unit: DepthAlertUnit
  rearmBand: string
  cooldownMinutes: string
  note: string
  sound: boolean
  enabled: boolean
}

/** The fields a message can be shown beside; 'form' is for one that belongs to none of them. */
export type AlertDraftField =
  | 'symbol'
  | 'kind'
  | 'level'
  | 'thresholdPct'
  | 'direction'
  | 'session'
  | 'event'
  | 'minutes'
  | 'thresholdBp'
  | 'side'
  | 'levels'
  | 'size'
  | 'unit'
  | 'rearmBand'
  | 'cooldownMinutes'
  | 'note'
export type AlertDraftErrors = Partial<Record<AlertDraftField | 'form', string>>

/** Which of the condition's fields each kind shows. */
export const KIND_FIELDS: Record<AlertKind, readonly AlertDraftField[]> = {
  'price-above': ['level', 'rearmBand'],
  'price-below': ['level', 'rearmBand'],
  'change-pct': ['thresholdPct', 'direction', 'rearmBand'],
  'premium-pct': ['thresholdPct', 'direction', 'rearmBand'],
  session: ['session', 'event'],
  stale: ['minutes'],
  'multiplier-change': [],
  'value-above': ['level', 'rearmBand'],
  'value-below': ['level', 'rearmBand'],
  'pnl-pct': ['thresholdPct', 'direction', 'rearmBand'],
  'asset-pause': [],
  'spread-bp': ['thresholdBp'],
  'depth-below': ['size', 'unit', 'levels', 'side'],
}

const MINUTE_MS = 60_000
const DEFAULT_STALE_MINUTES = 15
/** A plain number as typed, possibly negative (the contract says why a negative one is refused). */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/

/**
 * A number as people type it, in the form the contract reads: ".5" is 0.5 and "180." is 180.
 * The digits are kept as typed (a decimal string, never through Number).
 */
export function decimalAsTyped(text: string): string {
  const trimmed = text.trim()
  if (/^-?\.\d+$/.test(trimmed)) return trimmed.replace('.', '0.')
  if (/^-?\d+\.$/.test(trimmed)) return trimmed.slice(0, -1)
  return trimmed
}

export function newAlertDraft(symbol: string): AlertDraft {
  return {
    symbol,
    kind: 'price-above',
    level: '',
    thresholdPct: '',
    direction: 'either',
    session: 'any',
    event: 'open',
    minutes: String(DEFAULT_STALE_MINUTES),
    thresholdBp: '',
    side: 'bids',
    levels: String(DEPTH_LEVELS_BOUNDS.default),
    size: '',
    unit: 'tokens',
    rearmBand: DEFAULT_REARM_BAND,
    cooldownMinutes: String(COOLDOWN_BOUNDS_MS.default / MINUTE_MS),
    note: '',
    sound: false,
    enabled: true,
  }
}

function conditionFields(condition: AlertCondition): Partial<AlertDraft> {
  switch (condition.kind) {
    case 'price-above':
    case 'price-below':
    case 'value-above':
    case 'value-below':
      return { level: condition.level, rearmBand: condition.rearmBand }
    case 'change-pct':
    case 'premium-pct':
    case 'pnl-pct':
      return {
        thresholdPct: condition.thresholdPct,
        direction: condition.direction,
        rearmBand: condition.rearmBand,
      }
    case 'session':
      return { session: condition.session, event: condition.event }
    case 'stale':
      return { minutes: String(condition.minutes) }
    case 'multiplier-change':
    case 'asset-pause':
      return {}
    case 'spread-bp':
      return { thresholdBp: condition.thresholdBp }
    case 'depth-below':
      return {
        side: condition.side,
        levels: String(condition.levels),
        size: condition.size,
        unit: condition.unit,
      }
  }
}

/** The form for an alert that exists; the other kinds' fields keep their defaults. */
export function draftOfAlert(alert: Alert): AlertDraft {
  return {
    ...newAlertDraft(alert.symbol),
    ...conditionFields(alert.condition),
    kind: alert.condition.kind,
    // Minutes, as a person thinks of a cooldown; a count of minutes, not a price, so a Number.
    cooldownMinutes: String(alert.cooldownMs / MINUTE_MS),
    note: alert.note ?? '',
    sound: alert.sound,
    enabled: alert.enabled,
  }
}

/** A count as typed (minutes, levels); not a number at all: NaN, which the contract refuses in its words. */
function countAsTyped(text: string): number {
  const count = decimalAsTyped(text)
  return NUMBER_TEXT.test(count) ? Number(count) : Number.NaN
}

function conditionOf(draft: AlertDraft): AlertConditionInput {
  const band = decimalAsTyped(draft.rearmBand)
  switch (draft.kind) {
    case 'price-above':
    case 'price-below':
    case 'value-above':
    case 'value-below':
      return { kind: draft.kind, level: decimalAsTyped(draft.level), rearmBand: band }
    case 'change-pct':
    case 'premium-pct':
    case 'pnl-pct':
      return {
        kind: draft.kind,
        thresholdPct: decimalAsTyped(draft.thresholdPct),
        direction: draft.direction,
        rearmBand: band,
      }
    case 'session':
      return { kind: 'session', session: draft.session, event: draft.event }
    case 'stale':
      return { kind: 'stale', minutes: countAsTyped(draft.minutes) }
    case 'multiplier-change':
    case 'asset-pause':
      return { kind: draft.kind }
    case 'spread-bp':
      return { kind: 'spread-bp', thresholdBp: decimalAsTyped(draft.thresholdBp) }
    case 'depth-below':
      return {
        kind: 'depth-below',
        side: draft.side,
        levels: countAsTyped(draft.levels),
        size: decimalAsTyped(draft.size),
        unit: draft.unit,
      }
  }
}

/** Minutes as typed to whole milliseconds, or null when it is not a number. */
function cooldownMsOf(text: string): number | null {
  const trimmed = decimalAsTyped(text)
  return NUMBER_TEXT.test(trimmed) ? Math.round(Number(trimmed) * MINUTE_MS) : null
}

/** Where each of the contract's field paths shows in the form. */
const FIELD_OF_PATH: Record<string, AlertDraftField> = {
  symbol: 'symbol',
  condition: 'kind',
  'condition.kind': 'kind',
  'condition.level': 'level',
  'condition.thresholdPct': 'thresholdPct',
  'condition.direction': 'direction',
  'condition.session': 'session',
  'condition.event': 'event',
  'condition.minutes': 'minutes',
  'condition.thresholdBp': 'thresholdBp',
  'condition.side': 'side',
  'condition.levels': 'levels',
  'condition.size': 'size',
  'condition.unit': 'unit',
  'condition.rearmBand': 'rearmBand',
  cooldownMs: 'cooldownMinutes',
  note: 'note',
}

function draftErrorsOf(errors: AlertFieldErrors): AlertDraftErrors {
  const result: AlertDraftErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const field = FIELD_OF_PATH[path] ?? 'form'
    result[field] ??= message
  }
  return result
}

/** The input to send, or a message per field; nothing is sent until every field is right. */
export function inputFromDraft(
  draft: AlertDraft,
): { ok: true; input: AlertInput } | { ok: false; errors: AlertDraftErrors } {
  const errors: AlertDraftErrors = {}
  const cooldownMs = cooldownMsOf(draft.cooldownMinutes)
  // Checked here: the contract counts milliseconds, and its words would say so.
  if (cooldownMs === null) errors.cooldownMinutes = 'Enter the cooldown in minutes, such as 5 (0 for none)'
  const input: AlertInput = {
    symbol: draft.symbol,
    condition: conditionOf(draft),
    enabled: draft.enabled,
    cooldownMs: cooldownMs ?? COOLDOWN_BOUNDS_MS.default,
    note: draft.note,
    sound: draft.sound,
  }
  const checked = checkAlertInput(input)
  const all = { ...(checked.ok ? {} : draftErrorsOf(checked.errors)), ...errors }
  return Object.keys(all).length > 0 ? { ok: false, errors: all } : { ok: true, input }
}

/**
 * Main's refusal, beside the field it concerns when it names one: an argument the contract
 * refuses comes with its field apart ("input.condition.level", src/main/core/app/dispatch.ts); an
 * alert that could never fire is worded "input.condition.session: BRK.Bon cannot trade in ...".
 */
export function refusalErrors(error: IpcError): AlertDraftErrors {
  const named =
    error.field !== undefined
      ? { path: error.field, message: error.message }
      : /^(?<path>input\.[\w.]+): (?<message>.+)$/s.exec(error.message)?.groups
  const field = named?.path?.startsWith('input.')
    ? FIELD_OF_PATH[named.path.slice('input.'.length)]
    : undefined
  if ((error.code === 'invalid-argument' || error.code === 'failed') && named?.message && field)
    return { [field]: named.message }
  return { form: error.message }
}

/** One editor at a time, so its field ids can be fixed (the dialog focuses the first of them). */
export function alertFieldId(field: AlertDraftField): string {
  return `alert-${field}`
}

/** What each part of the alert form gets from the form, which alone holds the draft and its messages. */
export interface AlertFormParts {
  draft: AlertDraft
  errors: AlertDraftErrors
  change: <K extends keyof AlertDraft>(field: K, value: AlertDraft[K]) => void
}
