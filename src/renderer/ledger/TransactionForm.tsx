import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { LEDGER_SIDES, SIDE_LABELS, sideWords, type Transaction } from '../../shared/holdings'
import { MAX_NOTE_LENGTH } from '../../shared/holdings-schema'
import { useDisplayZone } from '../display-zone'
import { saveTransaction } from './ledger-api'
import {
  checkDraft,
  draftOf,
  newDraft,
  refusalOf,
  type TransactionDraft,
  type TransactionErrors,
} from './transaction-form'
import { Choice, describedBy, Field } from '../ui/form-fields'
import { useFirstInvalidFocus } from '../ui/first-invalid-focus'

/** The hints say what each field takes, so no message is the first a person learns of a rule. */
const HINTS = {
  time: 'To the second, with its offset: 2026-01-05T10:30:00-05:00 (market time)',
  quantity: 'Tokens, more than zero, up to 18 decimals',
  price: 'US dollars per token',
  costBasis: 'What the tokens cost you, US dollars per token; 0 for a gift',
  fee: 'US dollars; 0 for none',
} as const

const SIDE_OPTIONS = LEDGER_SIDES.map((side): [string, string] => [side, SIDE_LABELS[side]])

type TextField = 'time' | 'symbol' | 'quantity' | 'price' | 'fee' | 'note'

/**
 * Records a buy, a sell or a transfer (in at a cost basis the person gives; out at the tokens' cost,
 * so without a price), or changes one. Every field is checked as typed against the contract's
 * schema and each message stands under its field; main re-checks the whole ledger in time order,
 * and a sell larger than the holding at its time is refused in main's words, above the buttons.
 */
export function TransactionForm(props: {
  /** The transaction changed; null to record a new one. */
  transaction: Transaction | null
  /** A new transaction's symbol, fixed (the detail panel's); null lets the person type it. */
  symbol: string | null
  /** A new transaction's side and quantity as offered (a wallet's difference with the ledger). */
  prefill?: Pick<TransactionDraft, 'side' | 'quantity'>
  onDone(): void
}) {
  const { transaction, symbol } = props
  const zone = useDisplayZone()
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    transaction ? draftOf(transaction) : { ...newDraft(symbol ?? '', Date.now()), ...props.prefill },
  )
  const [errors, setErrors] = useState<TransactionErrors>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = useId()
  const form = useRef<HTMLFormElement>(null)
  const id = (name: string) => `${formId}-${name}`
  const symbolFixed = transaction === null && symbol !== null

  const focusFirstInvalid = useFirstInvalidFocus(form)
  // An offered difference has its quantity: the price (or cost basis) is what is left to type.
  const offered = props.prefill !== undefined && props.prefill.side !== 'transfer-out'
  const firstField = offered ? 'price' : symbolFixed || transaction ? 'quantity' : 'symbol'
  // Opened from a line far down the list, the form is brought into view with the focus in it:
  // the symbol where it is to be typed, else the quantity (the time starts at now).
  useEffect(() => {
    const first = form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(id(firstField))}`)
    first?.focus({ preventScroll: true })
    form.current?.scrollIntoView({ block: 'nearest' })
    // Once, as the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const showErrors = (found: TransactionErrors) => {
    setErrors(found)
    focusFirstInvalid()
  }

  const change = (field: keyof TransactionDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setRefusal(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = checkDraft(draft, Date.now(), zone)
    if (!checked.ok) {
      showErrors(checked.errors)
      return
    }
    setBusy(true)
    const result = await saveTransaction(transaction?.id ?? null, checked.input)
    setBusy(false)
    if (result.ok) return props.onDone()
    const refused = refusalOf(result.error)
    setRefusal(refused.text)
    if (Object.keys(refused.errors).length > 0) showErrors(refused.errors)
  }

  const text = (
    field: TextField,
    label: string,
    options: { decimal?: boolean; hint?: string; maxLength?: number } = {},
  ) => (
    <Field id={id(field)} label={label} hint={options.hint} error={errors[field]}>
      <input
        id={id(field)}
        type="text"
        inputMode={options.decimal ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={options.maxLength}
        value={draft[field]}
        aria-invalid={errors[field] !== undefined}
        aria-describedby={describedBy(id(field), errors[field], options.hint !== undefined)}
        onChange={(event) => change(field, event.target.value)}
      />
    </Field>
  )

  const title = transaction
    ? `Change ${sideWords(transaction.side)} of ${transaction.symbol}`
    : symbolFixed
      ? `Add a ${symbol} transaction`
      : 'Add a transaction'
  return (
    <form
      ref={form}
      className="transaction-form"
      aria-label={title}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field-row transaction-form-row">
        <Choice
          legend="Side"
          name={id('side')}
          value={draft.side}
          options={SIDE_OPTIONS}
          error={errors.side}
          onChange={(value) => change('side', value)}
        />
        {!symbolFixed && text('symbol', 'Symbol', { maxLength: 24 })}
      </div>
      {text('time', 'Time', { hint: HINTS.time })}
      <div className="field-row transaction-form-row">
        {text('quantity', 'Quantity', { decimal: true, hint: HINTS.quantity })}
        {draft.side === 'transfer-in'
          ? text('price', 'Cost basis (USD)', { decimal: true, hint: HINTS.costBasis })
          : draft.side !== 'transfer-out' &&
            text('price', 'Price (USD)', { decimal: true, hint: HINTS.price })}
        {text('fee', 'Fee (USD)', { decimal: true, hint: HINTS.fee })}
      </div>
      {text('note', 'Note (optional)', { maxLength: MAX_NOTE_LENGTH })}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <footer className="modal-actions">
        <button type="button" className="button" onClick={props.onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {transaction ? 'Save changes' : 'Record transaction'}
        </button>
      </footer>
    </form>
  )
}
