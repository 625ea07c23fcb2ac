import type { IpcResult } from '../../shared/ipc-contract'
import type { Settings } from '../../shared/settings'
import { setSettings, showNotice, watchStore } from './watch-store'

/**
 * The settings the window shows, kept in step with main's while changes made at once are saved.
 *
 * A display preference (a sort header, ticker-only mode) shows at once and is saved behind it.
 * Main tells every saved change twice, by a `settings` push and by the save's answer, and either
 * may come after a newer change is already on screen: a sort header clicked twice gets the push
 * of the first click's save after the second click. Shown as it came, that older state would put
 * the first click back for a moment. So whatever main says is shown with the changes still being
 * saved laid over it (each is a patch that sets values, so laying one over a state that already
 * has it changes nothing), and an answer older than one already applied is not shown.
 */

/** The changes on screen whose saves have not answered yet, in the order they were made. */
const unsaved = new Map<number, (settings: Settings) => Settings>()
/** What main last said its settings are. */
let fromMain: Settings | null = null
let lastChange = 0
/** The newest change whose save has answered: an older save's answer says less than it. */
let lastAnswered = 0

function withUnsaved(settings: Settings): Settings {
  let shown = settings
  for (const change of unsaved.values()) shown = change(shown)
  return shown
}

/** Settings from main, pushed or answered: shown with the unsaved changes laid over them. */
export function settingsFromMain(settings: Settings): void {
  fromMain = settings
  setSettings(withUnsaved(settings))
}

/**
 * Applies a display preference at once and saves it in the background: the screen must not wait
 * on a disk write. A refused save takes its change off the screen and says why.
 */
export async function changeAtOnce(
  change: (current: Settings) => Settings,
  save: () => Promise<IpcResult<Settings>>,
): Promise<void> {
  const id = ++lastChange
  const before = watchStore.getState().settings
  unsaved.set(id, change)
  if (before) setSettings(change(before))
  const result = await save()
  if (!result.ok) {
    unsaved.delete(id)
    const base = fromMain ?? before
    if (base) setSettings(withUnsaved(base))
    showNotice(`Could not save the setting: ${result.error.message}`)
    return
  }
  // Main saves in order: this answer holds every change made before this one.
  for (const earlier of unsaved.keys()) if (earlier <= id) unsaved.delete(earlier)
  if (id < lastAnswered) return
  lastAnswered = id
  settingsFromMain(result.value)
}
