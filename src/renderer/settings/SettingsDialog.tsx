import { useId, useRef, useState, type FormEvent } from 'react'
import type { Settings } from '../../shared/settings'
import { updateListView, updateSettings } from '../api'
import { draftOf, patchFromDraft, refusalOf, type DraftErrors, type SettingsDraft } from './settings-form'
import { ConnectionSection } from './ConnectionSection'
import { DisplaySection } from './DisplaySection'
import { HoldingsSection } from './HoldingsSection'
import { KEY_INPUT_ID, KeySection } from './KeySection'
import { closeDialog, useWatch } from '../store/watch-store'
import { DialogActions } from '../ui/form-fields'
import { useFirstInvalidFocus } from '../ui/first-invalid-focus'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'
import { WalletsSection } from '../wallets/WalletsSection'

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
      <ConnectionSection draft={draft} errors={errors} change={change} id={id} />
      <DisplaySection draft={draft} change={change} id={id} saved={saved} />
      <HoldingsSection draft={draft} change={change} id={id} />
      {refusal && (
        <p className="form-error" role="alert">
          Not saved: {refusal}
        </p>
      )}
      <DialogActions submitLabel="Save settings" busy={busy} onCancel={closeDialog} />
    </form>
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
