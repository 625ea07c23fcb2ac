import { alertFieldId as id, type AlertDraft, type AlertFormParts, KIND_FIELDS } from './alert-form'
import { AlertTextField } from './AlertTextField'
import { Choice } from '../ui/form-fields'

const SIDE_OPTIONS: [AlertDraft['side'], string][] = [
  ['bids', 'Bids (selling)'],
  ['asks', 'Asks (buying)'],
]
const UNIT_OPTIONS: [AlertDraft['unit'], string][] = [
  ['tokens', 'Tokens'],
  ['dollars', 'US$'],
]

/** The depth kinds' text fields: the spread's basis points, or the liquidity's size and levels. */
export function DepthTextFields({ form }: { form: AlertFormParts }) {
  const { draft } = form
  const shown = KIND_FIELDS[draft.kind]
  return (
    <>
      {shown.includes('thresholdBp') && (
        <AlertTextField form={form} field="thresholdBp" label="Spread wider than (bp of the mid)" />
      )}
      {shown.includes('size') && (
        <AlertTextField
          form={form}
          field="size"
          label={draft.unit === 'dollars' ? 'Below (US$)' : 'Below (tokens)'}
        />
      )}
      {shown.includes('levels') && (
        <AlertTextField form={form} field="levels" label="Best levels" hint="How many levels are summed" />
      )}
    </>
  )
}

/** Below the depth kinds' text fields: what they measure, and the liquidity's side and unit. */
export function DepthExplained({ form }: { form: AlertFormParts }) {
  const { draft } = form
  if (draft.kind !== 'spread-bp' && draft.kind !== 'depth-below') return null
  return (
    <>
      <DepthHelp kind={draft.kind} symbol={draft.symbol} />
      {KIND_FIELDS[draft.kind].includes('side') && (
        <div className="field-row">
          <DepthChoice form={form} field="side" legend="Side" options={SIDE_OPTIONS} />
          <DepthChoice form={form} field="unit" legend="Size in" options={UNIT_OPTIONS} />
        </div>
      )}
    </>
  )
}

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

/** The liquidity alert's side or unit, a row of radio buttons. */
function DepthChoice<F extends 'side' | 'unit'>(props: {
  form: AlertFormParts
  field: F
  legend: string
  options: [AlertDraft[F], string][]
}) {
  const { form, field, legend, options } = props
  return (
    <Choice
      legend={legend}
      name={id(field)}
      value={form.draft[field]}
      options={options}
      error={form.errors[field]}
      onChange={(value) => form.change(field, value)}
    />
  )
}
