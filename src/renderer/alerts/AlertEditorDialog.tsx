import { useState, type FormEvent } from 'react'
import { ALERT_KINDS, type AlertKind } from '../../shared/alerts'
import {
  type AlertDraft,
  type AlertDraftErrors,
  alertFieldId,
  type AlertFormParts,
  draftOfAlert,
  inputFromDraft,
  KIND_FIELDS,
  newAlertDraft,
  refusalErrors,
} from './alert-form'
import { AlertTextField } from './AlertTextField'
import { ConditionFields } from './ConditionFields'
import { closeAlertEditor, saveAlert } from './alerts-api'
import { type AlertEditorTarget, useAlerts } from './alert-store'
import { useWatch } from '../store/watch-store'
import { DialogActions, SelectField, Toggle } from '../ui/form-fields'
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

function AlertForm({ target }: { target: AlertEditorTarget }) {
  const [draft, setDraft] = useState<AlertDraft>(() =>
    target.kind === 'edit' ? draftOfAlert(target.alert) : newAlertDraft(target.symbol),
  )
  const [errors, setErrors] = useState<AlertDraftErrors>({})
  const [busy, setBusy] = useState(false)
  const order = useWatch((state) => state.order)
  const quote = useWatch((state) => state.quotes.get(draft.symbol))
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

  const form: AlertFormParts = { draft, errors, change }
  return (
    <form className="alert-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="alert-form-fields">
        <div className="field-row">
          <SelectField
            id={alertFieldId('symbol')}
            label="Symbol"
            value={draft.symbol}
            options={symbols.map((symbol) => [symbol, symbol] as const)}
            error={errors.symbol}
            onChange={(value) => change('symbol', value)}
          />
          <SelectField
            id={alertFieldId('kind')}
            label="Alert when"
            value={draft.kind}
            options={ALERT_KINDS.map((kind) => [kind, KIND_LABEL[kind]] as const)}
            error={errors.kind}
            onChange={(value) => change('kind', value)}
          />
        </div>

        <ConditionFields form={form} quote={quote} />

        <div className="field-row">
          <AlertTextField
            form={form}
            field="cooldownMinutes"
            label="Cooldown (minutes)"
            hint="Never fires again sooner than this"
          />
          <AlertTextField form={form} field="note" label="Note (optional)" />
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
      initialFocusId={alertFieldId(KIND_FIELDS[kind][0] ?? 'kind')}
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
