import {
  CADENCE_FIELD_NAMES,
  cadenceHint,
  cadenceLabel,
  STREAM_ADDRESS_HINT,
  streamAddressPlaceholder,
  type SectionProps,
} from './settings-form'
import { Choice, describedBy, Field } from '../ui/form-fields'

/** Where prices come from (the service's address, streamed or not, demo) and how often they are asked. */
export function ConnectionSection({ draft, errors, change, id }: SectionProps) {
  return (
    <section className="settings-section" aria-labelledby={id('connection')}>
      <h3 id={id('connection')} className="section-title">
        Connection
      </h3>
      <Field
        id={id('base-url')}
        label="Base URL"
        hint="https://, or http:// to this computer only"
        error={errors.baseUrl}
      >
        <input
          id={id('base-url')}
          type="url"
          spellCheck={false}
          value={draft.baseUrl}
          aria-invalid={errors.baseUrl !== undefined}
          aria-describedby={describedBy(id('base-url'), errors.baseUrl, true)}
          onChange={(event) => change('baseUrl', event.target.value)}
        />
      </Field>
      <Field
        id={id('stream-address')}
        label="Streaming address"
        hint={STREAM_ADDRESS_HINT}
        error={errors.streamAddress}
      >
        <input
          id={id('stream-address')}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={draft.streamAddress}
          placeholder={streamAddressPlaceholder(draft.baseUrl)}
          aria-invalid={errors.streamAddress !== undefined}
          aria-describedby={describedBy(id('stream-address'), errors.streamAddress, true)}
          onChange={(event) => change('streamAddress', event.target.value)}
        />
      </Field>
      <Choice
        legend="Without a key for the service"
        name={id('demo')}
        value={draft.demo}
        options={[
          ['auto', 'Simulated market until a key is stored'],
          ['on', 'Simulated market (demo) whenever there is no key'],
          ['off', 'No simulated prices: say the key is missing'],
        ]}
        onChange={(v) => change('demo', v)}
      />
      <div className="field-row">
        {CADENCE_FIELD_NAMES.map((field) => (
          <Field
            key={field}
            id={id(field)}
            label={`${cadenceLabel(field)} every (s)`}
            hint={cadenceHint(field)}
            error={errors[field]}
          >
            <input
              id={id(field)}
              type="text"
              inputMode="decimal"
              value={draft[field]}
              aria-invalid={errors[field] !== undefined}
              aria-describedby={describedBy(id(field), errors[field], true)}
              onChange={(event) => change(field, event.target.value)}
            />
          </Field>
        ))}
      </div>
    </section>
  )
}
