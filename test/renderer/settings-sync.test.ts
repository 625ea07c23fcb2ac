import { beforeEach, describe, expect, it } from 'vitest'
import type { IpcResult } from '../../src/shared/ipc-contract'
import type { Settings } from '../../src/shared/settings'
import { activeList } from '../../src/shared/watchlists'
import { changeAtOnce, settingsFromMain } from '../../src/renderer/store/settings-sync'
import { initialWatchState, watchStore } from '../../src/renderer/store/watch-store'
import { settingsWith } from '../support/settings'

type Sort = Settings['lists'][number]['sort']

const base = settingsWith({ watchlist: ['AAPLon', 'TSLAon', 'NVDAon'] })
const listId = activeList(base).id

function sorted(settings: Settings, sort: Sort): Settings {
  return { ...settings, lists: settings.lists.map((l) => (l.id === listId ? { ...l, sort } : l)) }
}
const shownSort = () => activeList(watchStore.getState().settings!).sort
const DESC: Sort = { column: 'price', direction: 'desc' }
const ASC: Sort = { column: 'price', direction: 'asc' }

/** A save main answers when the test says, as a held IPC reply. */
function heldSave() {
  let answer: (result: IpcResult<Settings>) => void = () => {}
  const reply = new Promise<IpcResult<Settings>>((resolve) => (answer = resolve))
  return { save: () => reply, answer }
}

beforeEach(() => {
  watchStore.setState(initialWatchState, true)
  settingsFromMain(base)
})

describe('settings changed at once, saved behind', () => {
  it("keeps a header's second click on screen whatever order main's push and answers come in", async () => {
    const first = heldSave()
    const second = heldSave()
    const clicks = [
      changeAtOnce((s) => sorted(s, DESC), first.save),
      changeAtOnce((s) => sorted(s, ASC), second.save),
    ]
    expect(shownSort()).toEqual(ASC)
    // The push of the first click's save comes after the second click.
    settingsFromMain(sorted(base, DESC))
    expect(shownSort()).toEqual(ASC)
    settingsFromMain(sorted(base, ASC))
    second.answer({ ok: true, value: sorted(base, ASC) })
    await clicks[1]
    expect(shownSort()).toEqual(ASC)
    // The first save answers last: it says less than the second's answer did.
    first.answer({ ok: true, value: sorted(base, DESC) })
    await clicks[0]
    expect(shownSort()).toEqual(ASC)
    expect(watchStore.getState().notice).toBeNull()
  })

  it('lays a change still being saved over settings main pushed for another reason', async () => {
    const save = heldSave()
    const click = changeAtOnce((s) => sorted(s, DESC), save.save)
    // The tray renamed the list meanwhile: the rename shows, and so does the sort.
    const renamed = {
      ...base,
      lists: base.lists.map((l) => (l.id === listId ? { ...l, name: 'Tech 2' } : l)),
    }
    settingsFromMain(renamed)
    expect(activeList(watchStore.getState().settings!).name).toBe('Tech 2')
    expect(shownSort()).toEqual(DESC)
    save.answer({ ok: true, value: sorted(renamed, DESC) })
    await click
    expect(activeList(watchStore.getState().settings!)).toMatchObject({ name: 'Tech 2', sort: DESC })
  })

  it('takes a refused change off the screen, keeps an earlier one being saved, and says why', async () => {
    const hidden = heldSave()
    const sort = heldSave()
    const changes = [
      changeAtOnce((s) => ({ ...s, hideAmounts: true }), hidden.save),
      changeAtOnce((s) => sorted(s, DESC), sort.save),
    ]
    sort.answer({ ok: false, error: { code: 'failed', message: 'The disk is full' } })
    await changes[1]
    expect(shownSort()).toBeNull()
    expect(watchStore.getState().settings!.hideAmounts).toBe(true)
    expect(watchStore.getState().notice).toBe('Could not save the setting: The disk is full')
    hidden.answer({ ok: true, value: { ...base, hideAmounts: true } })
    await changes[0]
    expect(watchStore.getState().settings!.hideAmounts).toBe(true)
    expect(shownSort()).toBeNull()
  })
})
