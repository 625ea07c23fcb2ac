import { useState, type FormEvent } from 'react'
import type { IpcResult } from '../../shared/ipc-contract'
import type { KeyStatus } from '../../shared/status'
import type { Settings } from '../../shared/settings'
import { clearKey, setKey } from '../api'
import { useWatch } from '../store/watch-store'
import { describedBy, Field } from '../ui/form-fields'

export const KEY_INPUT_ID = 'api-key-input'

function keyStatusText(status: KeyStatus | null, demo: Settings['demo'] | undefined): string {
  if (!status?.stored)
    return demo === 'off'
      ? 'No key stored for this service: live prices cannot be fetched until you add one.'
      : 'No key stored: the app runs on the simulated market (demo).'
  const where = status.storage === 'keychain' ? 'in the system keychain' : 'in memory for this session only'
  return `A key is stored ${where}, ending in ${status.last4 ?? '····'}.`
}

/** Set, replace or clear the API key. The key is sent to main and never comes back. */
export function KeySection() {
  const status = useWatch((state) => state.keyStatus)
  const demo = useWatch((state) => state.settings?.demo)
  const [key, setKeyText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<IpcResult<KeyStatus>>, done: string) => {
    setBusy(true)
    const result = await action()
    setBusy(false)
    if (!result.ok) {
      setError(result.error.message)
      return
    }
    setError(undefined)
    setKeyText('')
    setMessage(done)
  }

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (key.trim() === '') {
      setError('Enter the API key')
      return
    }
    void run(() => setKey(key), 'Key saved.')
  }

  return (
    <form className="settings-section" aria-labelledby="key-title" onSubmit={save}>
      <h3 id="key-title" className="section-title">
        API key
      </h3>
      <p className="key-status" data-stored={status?.stored ?? false}>
        {keyStatusText(status, demo)}
      </p>
      {status?.keychainProblem && <p className="field-hint warning">{status.keychainProblem}</p>}
      <Field id={KEY_INPUT_ID} label={status?.stored ? 'New key' : 'Key'} error={error}>
        <input
          id={KEY_INPUT_ID}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(KEY_INPUT_ID, error, false)}
          onChange={(event) => {
            setKeyText(event.target.value)
            setError(undefined)
            setMessage(null)
          }}
        />
      </Field>
      <div className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {status?.stored ? 'Replace key' : 'Save key'}
        </button>
        {status?.stored && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run(clearKey, 'Key cleared: back to the demo market.')}
          >
            Clear key
          </button>
        )}
        {message && (
          <span className="saved-note" role="status">
            {message}
          </span>
        )}
      </div>
    </form>
  )
}
