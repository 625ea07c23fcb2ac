import { SESSION_LABEL } from '../../shared/alert-text'
import type { AlertKind } from '../../shared/alerts'
import { SESSION_EVENTS } from '../../shared/alert-limits'
import type { AssetQuote } from '../../shared/domain'
import { SESSION_NAMES } from '../../shared/sessions'
import { alertFieldId as id, type AlertDraft, type AlertFormParts, KIND_FIELDS } from './alert-form'
import { AlertTextField } from './AlertTextField'
import { currentValueHint, rearmHint } from './condition-hints'
import { DepthExplained, DepthTextFields } from './DepthAlertFields'
import { formatExact } from '../format'
import { Choice, SelectField } from '../ui/form-fields'

interface ConditionProps {
  form: AlertFormParts
  /** The watched asset's quote now, for the hints beside the fields compared with it. */
  quote: AssetQuote | undefined
}

/** The condition of the chosen kind: its text fields side by side, then its choices and notes. */
export function ConditionFields({ form, quote }: ConditionProps) {
  const { kind } = form.draft
  const shown = KIND_FIELDS[kind]
  return (
    <>
      <div className="field-row">
        <LevelFields form={form} quote={quote} />
        {shown.includes('minutes') && (
          <AlertTextField
            form={form}
            field="minutes"
            label="Stale for (minutes)"
            hint="When no new price has come for this long"
          />
        )}
        <DepthTextFields form={form} />
      </div>
      <DepthExplained form={form} />
      <KindNote kind={kind} quote={quote} />
      {shown.includes('direction') && <DirectionChoice form={form} />}
      {shown.includes('session') && <SessionFields form={form} />}
    </>
  )
}

/** A price or value level, or a percent move, and the band the value must go back by to re-arm. */
function LevelFields({ form, quote }: ConditionProps) {
  const { kind } = form.draft
  const shown = KIND_FIELDS[kind]
  const valueLevel = kind === 'value-above' || kind === 'value-below'
  return (
    <>
      {shown.includes('level') && (
        <AlertTextField
          form={form}
          field="level"
          label={valueLevel ? 'Value level (US$)' : 'Price level'}
          hint={currentValueHint(kind, quote)}
        />
      )}
      {shown.includes('thresholdPct') && (
        <AlertTextField
          form={form}
          field="thresholdPct"
          label="Threshold (%)"
          hint={currentValueHint(kind, quote)}
        />
      )}
      {shown.includes('rearmBand') && (
        <AlertTextField form={form} field="rearmBand" label="Re-arm band (%)" hint={rearmHint(kind)} />
      )}
    </>
  )
}

/** The kinds with no field of their own say what fires them. */
function KindNote({ kind, quote }: { kind: AlertKind; quote: AssetQuote | undefined }) {
  if (kind === 'multiplier-change')
    return (
      <p className="muted">
        Fires when the service reports a new shares multiplier (a split steps it, a reinvested dividend nudges
        it). Now {formatExact(quote?.sharesMultiplier)}.
      </p>
    )
  if (kind === 'asset-pause')
    return (
      <p className="muted">
        Fires when the service announces a pause or limit of this token (a split, a dividend, earnings,
        maintenance), when it starts and when it ends.
      </p>
    )
  return null
}

function directionOptions(kind: AlertKind): [AlertDraft['direction'], string][] {
  if (kind === 'pnl-pct')
    return [
      ['up', 'Gain'],
      ['down', 'Loss'],
      ['either', 'Either'],
    ]
  return kind === 'premium-pct'
    ? [
        ['up', 'Premium'],
        ['down', 'Discount'],
        ['either', 'Either'],
      ]
    : [
        ['up', 'Rise'],
        ['down', 'Fall'],
        ['either', 'Either way'],
      ]
}

/** Which way a percent move counts, in the words of its kind. */
function DirectionChoice({ form: { draft, errors, change } }: { form: AlertFormParts }) {
  return (
    <Choice
      legend="Direction"
      name={id('direction')}
      value={draft.direction}
      options={directionOptions(draft.kind)}
      error={errors.direction}
      onChange={(value) => change('direction', value)}
    />
  )
}

const EVENT_LABEL = { open: 'Opens', close: 'Closes', both: 'Opens or closes' } as const

const SESSION_OPTIONS: readonly (readonly [AlertDraft['session'], string])[] = [
  ['any', 'Any session'],
  ...SESSION_NAMES.map((session) => [session, SESSION_LABEL[session]] as const),
]

/** Which session, and whether its opening, its closing or both. */
function SessionFields({ form: { draft, errors, change } }: { form: AlertFormParts }) {
  return (
    <div className="field-row">
      <SelectField
        id={id('session')}
        label="Session"
        value={draft.session}
        options={SESSION_OPTIONS}
        hint={`Only while ${draft.symbol} is tradable in it`}
        error={errors.session}
        onChange={(value) => change('session', value)}
      />
      <Choice
        legend="When it"
        name={id('event')}
        value={draft.event}
        options={SESSION_EVENTS.map((event) => [event, EVENT_LABEL[event]])}
        error={errors.event}
        onChange={(value) => change('event', value)}
      />
    </div>
  )
}
