import { alertFieldId as id, type AlertDraft, type AlertDraftField, type AlertFormParts } from './alert-form'
import { describedBy, Field } from '../ui/form-fields'

interface AlertTextFieldProps {
  form: AlertFormParts
  field: AlertDraftField & keyof AlertDraft
  label: string
  hint?: string
}

/** A text field of the condition or the alert, with its message from the form's check. */
export function AlertTextField({ form: { draft, errors, change }, field, label, hint }: AlertTextFieldProps) {
  return (
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
}
