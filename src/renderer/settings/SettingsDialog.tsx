import { useId, useRef, useState, type FormEvent } from 'react'
import type { IpcResult } from '../../shared/ipc-contract'
import type { KeyStatus } from '../../shared/status'
import type { Settings } from '../../shared/settings'
import { WATCHLIST_COLUMNS, type WatchlistColumn } from '../../shared/watchlist-columns'
import { activeList } from '../../shared/watchlists'
import { clearKey, setKey, updateListView, updateSettings } from '../api'
import {
  CADENCE_FIELD_NAMES,
  cadenceHint,
  cadenceLabel,
  draftOf,
  patchFromDraft,
  refusalOf,
  STREAM_ADDRESS_HINT,
  streamAddressPlaceholder,
  type DraftErrors,
  type SettingsDraft,
} from './settings-form'
import { closeDialog, useWatch } from '../store/watch-store'
import { usePortfolio } from '../holdings/portfolio-store'
import { ALL_COLUMNS } from '../watchlist/columns'
import { Choice, describedBy, DialogActions, Field, Toggle } from '../ui/form-fields'
import { useFirstInvalidFocus } from '../ui/first-invalid-focus'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'
import { WalletsSection } from '../wallets/WalletsSection'

const KEY_INPUT_ID = 'api-key-input'

function keyStatusText(status: KeyStatus | null, demo: Settings['demo'] | undefined): string {
  if (!status?.stored)
    return demo === 'off'
      ? 'No key stored for this service: live prices cannot be fetched until you add one.'
      : 'No key stored: the app runs on the simulated market (demo).'
  const where = status.storage === 'keychain' ? 'in the system keychain' : 'in memory for this session only'
  return `A key is stored ${where}, ending in ${status.last4 ?? '····'}.`
}

/** Set, replace or clear the API key. The key is sent to main and never comes back. */
function KeySection() {
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

/** Connection, polling and display preferences; saved together, and only once all are valid. */
function PreferencesForm({ saved }: { saved: Settings }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved))
  const [errors, setErrors] = useState<DraftErrors>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formId = useId()
  const form = useRef<HTMLFormElement>(null)

  const change = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setRefusal(null)
  }

  const toggleColumn = (column: WatchlistColumn, shown: boolean) => {
    const next = WATCHLIST_COLUMNS.filter((id) => (id === column ? shown : draft.columns.includes(id)))
    change('columns', next)
  }

  const focusFirstInvalid = useFirstInvalidFocus(form)
  const showErrors = (found: DraftErrors) => {
    setErrors(found)
    focusFirstInvalid()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = patchFromDraft(draft, saved)
    if (!checked.ok) {
      showErrors(checked.errors)
      return
    }
    if (checked.columns) void updateListView({ columns: checked.columns, holdingColumnsChosen: true })
    if (Object.keys(checked.patch).length === 0) {
      closeDialog()
      return
    }
    setBusy(true)
    const result = await updateSettings(checked.patch)
    setBusy(false)
    if (result.ok) return closeDialog()
    const refused = refusalOf(result.error)
    setRefusal(refused.text)
    showErrors(refused.errors)
  }

  const id = (name: string) => `${formId}-${name}`
  return (
    <form ref={form} className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
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
      <section className="settings-section" aria-labelledby={id('display')}>
        <h3 id={id('display')} className="section-title">
          Display
        </h3>
        <div className="field-row">
          <Choice
            legend="Theme"
            name={id('theme')}
            value={draft.theme}
            options={[
              ['dark', 'Dark'],
              ['light', 'Light'],
            ]}
            onChange={(v) => change('theme', v)}
          />
          <Choice
            legend="Density"
            name={id('density')}
            value={draft.density}
            options={[
              ['comfortable', 'Comfortable'],
              ['compact', 'Compact'],
            ]}
            onChange={(v) => change('density', v)}
          />
        </div>
        <Choice
          legend="Show times in"
          name={id('time-zone')}
          value={draft.timeZone}
          options={[
            ['market', 'Market time (New York)'],
            ['computer', "This computer's time"],
          ]}
          onChange={(v) => change('timeZone', v)}
        />
        <div className="field-row">
          <Toggle
            label="Ticker only (the scrolling strip alone)"
            checked={draft.tickerOnly}
            onChange={(v) => change('tickerOnly', v)}
          />
          <Toggle
            label="Start at login"
            checked={draft.startAtLogin}
            onChange={(v) => change('startAtLogin', v)}
          />
          <Toggle
            label="Keep running in the tray when the window is closed"
            checked={draft.closeToTray}
            onChange={(v) => change('closeToTray', v)}
          />
        </div>
        <fieldset className="columns-choice">
          <legend>Columns of {activeList(saved).name}</legend>
          {ALL_COLUMNS.map((column) => (
            <label key={column.id} className="choice-option">
              <input
                type="checkbox"
                checked={column.id === 'symbol' || draft.columns.includes(column.id)}
                disabled={column.id === 'symbol'}
                onChange={(event) => toggleColumn(column.id, event.target.checked)}
              />
              {column.title}
            </label>
          ))}
        </fieldset>
      </section>
      <section className="settings-section" aria-labelledby={id('holdings')}>
        <h3 id={id('holdings')} className="section-title">
          Holdings
        </h3>
        <Choice
          legend="Cost of the tokens sold"
          name={id('cost-method')}
          value={draft.costMethod}
          options={[
            ['average', 'Average cost (a sale leaves the average as it was)'],
            ['fifo', 'First in, first out (the oldest buys are sold first)'],
          ]}
          onChange={(v) => change('costMethod', v)}
        />
        <Choice
          legend="Quantities of the positions"
          name={id('quantity-source')}
          value={draft.quantitySource}
          help={<QuantitySourceHelp />}
          options={[
            ['ledger', 'Ledger (your trades)'],
            ['wallets', 'Wallets (no cost basis)'],
            ['wallets-ledger-cost', 'Wallets, cost from ledger'],
          ]}
          onChange={(v) => change('quantitySource', v)}
        />
      </section>
      {refusal && (
        <p className="form-error" role="alert">
          Not saved: {refusal}
        </p>
      )}
      <DialogActions submitLabel="Save settings" busy={busy} onCancel={closeDialog} />
    </form>
  )
}

/** One line of help; where the wallets cannot give quantities now, why, and that the ledger stands in. */
function QuantitySourceHelp() {
  const unavailable = usePortfolio((state) => state.walletsUnavailable)
  return unavailable ? (
    <span className="warning">
      {unavailable}: the Wallets choices use the ledger's quantities until the wallets can be read.
    </span>
  ) : (
    'Where quantities come from; said beside the figures.'
  )
}

export function SettingsDialog() {
  const settings = useWatch((state) => state.settings)
  const focus = useWatch((state) => state.settingsFocus)
  return (
    <Modal
      titleId="settings-title"
      onClose={closeDialog}
      initialFocusId={focus === 'key' ? KEY_INPUT_ID : null}
      className="modal-wide"
    >
      <header className="modal-head">
        <h2 id="settings-title">Settings</h2>
        <IconButton label="Close settings" onClick={closeDialog}>
          ✕
        </IconButton>
      </header>
      <div className="modal-body">
        <KeySection />
        <WalletsSection />
        {settings ? <PreferencesForm saved={settings} /> : <p className="muted">Loading settings…</p>}
      </div>
    </Modal>
  )
}
