import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addSymbol } from '../../src/renderer/api'
import { initialPortfolio, portfolioStore } from '../../src/renderer/holdings/portfolio-store'
import { dismissToast, toastStore } from '../../src/renderer/store/toast-store'
import { initialWatchState, setSettings, watchStore } from '../../src/renderer/store/watch-store'
import { DEFAULT_SETTINGS, type Settings } from '../../src/shared/settings'

/**
 * A symbol added while the Holdings tab is on show goes to the active list, which the tab hides:
 * the screen must say where it went, and offer to go there.
 */

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  lists: [
    { id: 'l1', name: 'Tech', symbols: ['AAPLon'], columns: DEFAULT_SETTINGS.lists[0]!.columns, sort: null },
  ],
  activeListId: 'l1',
}
const addSymbolCall = vi.fn(async ({ symbol }: { symbol: string }) => ({
  ok: true,
  value: ['AAPLon', symbol],
}))

beforeEach(() => {
  vi.stubGlobal('window', { tokenwatch: { addSymbol: addSymbolCall } })
  // The row's focus waits a frame; the test has none to wait for.
  vi.stubGlobal('requestAnimationFrame', () => 0)
  watchStore.setState(initialWatchState)
  setSettings(settings)
  for (const toast of toastStore.getState().toasts) dismissToast(toast.id)
})
afterEach(() => vi.unstubAllGlobals())

const toasts = () =>
  toastStore.getState().toasts.map((toast) => `${toast.title} [${toast.action?.label ?? ''}]`)

describe('adding a symbol from the Holdings tab', () => {
  it('says which list it went to and shows that list at its row on request', async () => {
    portfolioStore.setState({ ...initialPortfolio, held: ['AAPLon'], tabShown: true })
    expect(await addSymbol('NVDAon')).toBe(true)
    expect(addSymbolCall).toHaveBeenLastCalledWith({ symbol: 'NVDAon', listId: 'l1' })
    expect(toasts()).toEqual(['Added NVDAon to Tech [Show Tech]'])
    expect(watchStore.getState().announcement.text).toMatch(/^Added NVDAon to Tech\./)
    toastStore.getState().toasts[0]?.action?.run()
    expect(portfolioStore.getState().tabShown).toBe(false)
    expect(watchStore.getState().selected).toBe('NVDAon')
  })

  it('needs no toast when the list is on show: the new row is the word', async () => {
    portfolioStore.setState({ ...initialPortfolio, held: ['AAPLon'], tabShown: false })
    expect(await addSymbol('NVDAon')).toBe(true)
    expect(toasts()).toEqual([])
  })
})
