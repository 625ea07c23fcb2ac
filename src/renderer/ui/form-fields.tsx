import type { ReactNode } from 'react'

/**
 * The form parts the dialogs share: a labelled field with its hint or its error, a radio group and
 * a checkbox. A field's error replaces its hint and is what its input's aria-describedby names.
 */

export function Field(props: {
  id: string
  label: string
  hint?: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && !props.error && (
        <p id={`${props.id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  )
}

/** aria-describedby for a Field's input: its error when it has one, else its hint. */
export function describedBy(id: string, error: string | undefined, hint: boolean): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}

export function Choice<T extends string>(props: {
  legend: string
  name: string
  value: T
  options: [T, string][]
  error?: string
  /** One line under the legend saying what the choice does. */
  help?: ReactNode
  onChange(value: T): void
}) {
  return (
    <fieldset className={`choice${props.error ? ' field-invalid' : ''}`}>
      <legend>{props.legend}</legend>
      {props.help && <p className="field-hint">{props.help}</p>}
      {props.options.map(([value, label]) => (
        <label key={value} className="choice-option">
          <input
            type="radio"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />
          {label}
        </label>
      ))}
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  )
}

export function Toggle(props: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="toggle">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  )
}

/** A labelled drop-down of `[value, label]` options, with its hint or its error. */
export function SelectField<T extends string>(props: {
  id: string
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  hint?: string
  error?: string
  onChange(value: T): void
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={props.error !== undefined}
        aria-describedby={describedBy(props.id, props.error, props.hint !== undefined)}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** A dialog form's footer: Cancel (or Done) and the submit button, disabled while busy. */
export function DialogActions(props: {
  cancelLabel?: string
  submitLabel: string
  busy: boolean
  onCancel(): void
}) {
  return (
    <footer className="modal-actions">
      <button type="button" className="button" onClick={props.onCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </button>
      <button type="submit" className="button button-primary" disabled={props.busy}>
        {props.submitLabel}
      </button>
    </footer>
  )
}
