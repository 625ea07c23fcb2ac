import { useState, type FormEvent } from 'react'
import { SESSION_LABEL } from '../../shared/alert-text'
import { ALERT_KINDS, type AlertKind } from '../../shared/alerts'
import { SESSION_EVENTS } from '../../shared/alert-limits'
import type { AssetQuote } from '../../shared/domain'
import { SESSION_NAMES } from '../../shared/sessions'
import {
  type AlertDraft,
  type AlertDraftErrors,
  type AlertDraftField,
  draftOfAlert,
  inputFromDraft,
  KIND_FIELDS,
  newAlertDraft,
  refusalErrors,
} from './alert-form'
import { closeAlertEditor, saveAlert } from './alerts-api'
import { formatExact, formatMoney, formatPercent, formatPrice } from '../format'
import { type AlertEditorTarget, useAlerts } from './alert-store'
import { useWatch, watchStore } from '../store/watch-store'
import { portfolioStore } from '../holdings/portfolio-store'
import { Choice, describedBy, DialogActions, Field, SelectField, Toggle } from '../ui/form-fields'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'

const KIND_LABEL: Record<AlertKind, string> = {
  'price-above': 'Price crosses above a level',
  'price-below': 'Price crosses below a level',
  'change-pct': '24h change beyond a percent',
  'premium-pct': 'Premium or discount to fair value',
  session: 'A session opens or closes',
  stale: 'Data goes stale',
  'multiplier-change': 'Shares multiplier changes (split, dividend)',
  'value-above': 'Position value crosses above a level',
  'value-below': 'Position value crosses below a level',
  'pnl-pct': 'Unrealized P&L beyond a percent of cost',
  'asset-pause': 'The service pauses or limits it',
  'spread-bp': 'Depth: spread wider than N basis points',
  'depth-below': 'Depth: liquidity at the best levels below a size',
}

const SIDE_OPTIONS: [AlertDraft['side'], string][] = [
  ['bids', 'Bids (selling)'],
  ['asks', 'Asks (buying)'],
]
const UNIT_OPTIONS: [AlertDraft['unit'], string][] = [
  ['tokens', 'Tokens'],
  ['dollars', 'US$'],
]

/** What the depth alerts measure, in the words docs/usage.md uses. */
function DepthHelp({ kind, symbol }: { kind: 'spread-bp' | 'depth-below'; symbol: string }) {
  return (
    <p className="muted">
      {kind === 'spread-bp'
        ? `Fires when ${symbol}'s depth ladder is wider than this: (best ask − best bid) ÷ mid × 10,000, ` +
          'the mid being halfway between them.'
        : `Fires when the tokens (or dollars: price × tokens) on ${symbol}'s best levels of one side add ` +
          'up to less than the size: bids are what selling meets, asks what buying meets.'}{' '}
      Judged on the service's depth stream, streamed for this alert; a ladder with an error (market closed,
      asset paused, price stale) never fires it.
    </p>
  )
}

const EVENT_LABEL = { open: 'Opens', close: 'Closes', both: 'Opens or closes' } as const

const SESSION_OPTIONS: readonly (readonly [AlertDraft['session'], string])[] = [
  ['any', 'Any session'],
  ...SESSION_NAMES.map((session) => [session, SESSION_LABEL[session]] as const),
]

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

/** What the asset shows now, next to the field that is compared with it. */
function currentValueHint(kind: AlertKind, quote: AssetQuote | undefined): string | undefined {
  if (!quote) return undefined
  if (kind === 'price-above' || kind === 'price-below') return `Last price ${formatPrice(quote.price)}`
  if (kind === 'change-pct') return `24h change now ${formatPercent(quote.changePct24h)}`
  if (kind === 'premium-pct') return `Premium now ${formatPercent(quote.premiumPct, 3)}`
  if (kind === 'value-above' || kind === 'value-below' || kind === 'pnl-pct') {
    const position = portfolioStore.getState().positions.get(quote.symbol)
    if (!position || position.quantity === '0') return 'Not held now: it fires once the position reaches it'
    // Amounts hidden for a screen share stay hidden in the hint too.
    if (watchStore.getState().settings?.hideAmounts) return undefined
    return kind === 'pnl-pct'
      ? `Unrealized now ${formatPercent(position.unrealizedPct)}`
      : `Position value now ${formatMoney(position.value)}`
  }
  return undefined
}

/** One editor at a time, so its field ids can be fixed (the dialog focuses the first of them). */
function id(field: AlertDraftField): string {
  return `alert-${field}`
}

function rearmHint(kind: AlertKind): string {
  return kind === 'price-above' || kind === 'price-below'
    ? 'Fires again only after the price goes back this % of the level'
    : kind === 'value-above' || kind === 'value-below'
      ? 'Fires again only after the value goes back this % of the level'
      : 'Fires again only after the value goes back this many points'
}

function AlertForm({ target }: { target: AlertEditorTarget }) {
  const [draft, setDraft] = useState<AlertDraft>(() =>
    target.kind === 'edit' ? draftOfAlert(target.alert) : newAlertDraft(target.symbol),
  )
  const [errors, setErrors] = useState<AlertDraftErrors>({})
  const [busy, setBusy] = useState(false)
  const order = useWatch((state) => state.order)
  const quote = useWatch((state) => state.quotes.get(draft.symbol))
  const shown = KIND_FIELDS[draft.kind]
  // An edited alert may watch a symbol that has left the watchlist since: it stays choosable.
  const symbols = order.includes(draft.symbol) ? order : [draft.symbol, ...order]

  const change = <K extends keyof AlertDraft>(field: K, value: AlertDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = inputFromDraft(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setBusy(true)
    const result = await saveAlert(target, checked.input)
    setBusy(false)
    if (result.ok) closeAlertEditor()
    else setErrors(refusalErrors(result.error))
  }

  /** A text field of the condition or the alert, with its message from the form's check. */
  const textField = (field: AlertDraftField & keyof AlertDraft, label: string, hint?: string) => (
    <Field id={id(field)} label={label} hint={hint} error={errors[field]}>
      <input
        id={id(field)}
        type="text"
        inputMode={field === 'note' ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={String(draft[field])}
        aria-invalid={errors[field] !== undefined}
        aria-describedby={describedBy(id(field), errors[field], hint !== undefined)}
        onChange={(event) => change(field, event.target.value)}
      />
    </Field>
  )

  /** The liquidity alert's side and unit, each a row of radio buttons. */
  const depthChoice = <F extends 'side' | 'unit'>(
    field: F,
    legend: string,
    options: [AlertDraft[F], string][],
  ) => (
    <Choice
      legend={legend}
      name={id(field)}
      value={draft[field]}
      options={options}
      error={errors[field]}
      onChange={(value) => change(field, value)}
    />
  )

  return (
    <form className="alert-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="alert-form-fields">
        <div className="field-row">
          <SelectField
            id={id('symbol')}
            label="Symbol"
            value={draft.symbol}
            options={symbols.map((symbol) => [symbol, symbol] as const)}
            error={errors.symbol}
            onChange={(value) => change('symbol', value)}
          />
          <SelectField
            id={id('kind')}
            label="Alert when"
            value={draft.kind}
            options={ALERT_KINDS.map((kind) => [kind, KIND_LABEL[kind]] as const)}
            error={errors.kind}
            onChange={(value) => change('kind', value)}
          />
        </div>

        <div className="field-row">
          {shown.includes('level') &&
            textField(
              'level',
              draft.kind === 'value-above' || draft.kind === 'value-below'
                ? 'Value level (US$)'
                : 'Price level',
              currentValueHint(draft.kind, quote),
            )}
          {shown.includes('thresholdPct') &&
            textField('thresholdPct', 'Threshold (%)', currentValueHint(draft.kind, quote))}
          {shown.includes('rearmBand') && textField('rearmBand', 'Re-arm band (%)', rearmHint(draft.kind))}
          {shown.includes('minutes') &&
            textField('minutes', 'Stale for (minutes)', 'When no new price has come for this long')}
          {shown.includes('thresholdBp') && textField('thresholdBp', 'Spread wider than (bp of the mid)')}
          {shown.includes('size') &&
            textField('size', draft.unit === 'dollars' ? 'Below (US$)' : 'Below (tokens)')}
          {shown.includes('levels') && textField('levels', 'Best levels', 'How many levels are summed')}
        </div>
        {(draft.kind === 'spread-bp' || draft.kind === 'depth-below') && (
          <DepthHelp kind={draft.kind} symbol={draft.symbol} />
        )}
        {shown.includes('side') && (
          <div className="field-row">
            {depthChoice('side', 'Side', SIDE_OPTIONS)}
            {depthChoice('unit', 'Size in', UNIT_OPTIONS)}
          </div>
        )}
        {draft.kind === 'multiplier-change' && (
          <p className="muted">
            Fires when the service reports a new shares multiplier (a split steps it, a reinvested dividend
            nudges it). Now {formatExact(quote?.sharesMultiplier)}.
          </p>
        )}
        {draft.kind === 'asset-pause' && (
          <p className="muted">
            Fires when the service announces a pause or limit of this token (a split, a dividend, earnings,
            maintenance), when it starts and when it ends.
          </p>
        )}
        {shown.includes('direction') && (
          <Choice
            legend="Direction"
            name={id('direction')}
            value={draft.direction}
            options={directionOptions(draft.kind)}
            error={errors.direction}
            onChange={(value) => change('direction', value)}
          />
        )}
        {shown.includes('session') && (
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
        )}

        <div className="field-row">
          {textField('cooldownMinutes', 'Cooldown (minutes)', 'Never fires again sooner than this')}
          {textField('note', 'Note (optional)')}
        </div>
        <div className="field-row">
          <Toggle label="Play a sound" checked={draft.sound} onChange={(value) => change('sound', value)} />
          <Toggle label="Enabled" checked={draft.enabled} onChange={(value) => change('enabled', value)} />
        </div>
        {errors.form && (
          <p className="form-error" role="alert">
            Not saved: {errors.form}
          </p>
        )}
      </div>
      <DialogActions
        submitLabel={target.kind === 'new' ? 'Create alert' : 'Save alert'}
        busy={busy}
        onCancel={closeAlertEditor}
      />
    </form>
  )
}

/** Create or edit an alert; nothing is saved until every field is right. */
export function AlertEditorDialog() {
  const target = useAlerts((state) => state.editing)
  if (!target) return null
  const title = target.kind === 'new' ? 'New alert' : 'Edit alert'
  const kind = target.kind === 'edit' ? target.alert.condition.kind : newAlertDraft(target.symbol).kind
  return (
    <Modal
      titleId="alert-editor-title"
      onClose={closeAlertEditor}
      initialFocusId={id(KIND_FIELDS[kind][0] ?? 'kind')}
      className="modal-medium"
    >
      <header className="modal-head">
        <h2 id="alert-editor-title">{title}</h2>
        <IconButton label="Close" onClick={closeAlertEditor}>
          ✕
        </IconButton>
      </header>
      <div className="modal-body">
        <AlertForm target={target} />
      </div>
    </Modal>
  )
}
