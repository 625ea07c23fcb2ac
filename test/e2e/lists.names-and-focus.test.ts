import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { reloadLive, rowOf } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * Naming a list and where focus goes, in real Chromium against the simulator on a fixed Tuesday:
 * the name field opens with its text selected and takes the keys typed right after +, Esc undoes
 * (a new list is then never created), the tabs are one Tab stop with arrows, Home and End, and
 * after each action focus is on something, never on the page's body.
 */

const harnesses = harnessPerTest<LiveHarness>()
/** Room for the page and the core to catch up on two shared, busy cores. */
const SOON = { timeout: 15_000 }

const tablist = (page: Page) => page.getByRole('tablist', { name: 'Watchlists' })
const listNames = (harness: LiveHarness) => harness.core.settings.get().lists.map((list) => list.name)

/** What holds focus, in words a failure can be read by: "body" is the lost focus this test forbids. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'body'
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}#${element.id}:${name}`
  })
}

/** The name field's text and whether all of it is selected (so typing replaces it). */
function nameField(page: Page): Promise<{ value: string; allSelected: boolean } | null> {
  return page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('.list-rename-input')
    if (!input) return null
    const allSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length
    return { value: input.value, allSelected: allSelected && document.activeElement === input }
  })
}

describe('naming a watchlist', () => {
  it('opens the name selected, takes the keys typed at once, and Esc creates nothing', async () => {
    const harness = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 900, height: 600 } }),
    )
    const { page } = harness
    const plus = page.getByRole('button', { name: 'New watchlist' })

    // + then Esc: no list, and focus back on the shown list's tab.
    await plus.click()
    expect(await nameField(page)).toEqual({ value: 'List 2', allSelected: true })
    await page.keyboard.press('Escape')
    expect(await nameField(page)).toBeNull()
    expect(await focused(page)).toMatch(/^tab#:Watchlist/)
    expect(listNames(harness)).toEqual(['Watchlist'])

    // + by keyboard and the name typed straight after, no wait: it replaces "List 2" whole.
    await plus.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.type('Tech')
    await page.keyboard.press('Enter')
    await expect.poll(() => listNames(harness), SOON).toEqual(['Watchlist', 'Tech'])
    // The new list is empty: focus is where its first symbol is added.
    await expect.poll(() => focused(page), SOON).toMatch(/^combobox#symbol-search:Add a symbol/)

    // A rename opens selected too; Enter keeps it and focus lands on the renamed tab.
    await tablist(page).getByRole('tab', { name: /^Tech/ }).dblclick()
    expect(await nameField(page)).toEqual({ value: 'Tech', allSelected: true })
    await page.keyboard.type('Growth')
    await page.keyboard.press('Enter')
    await expect.poll(() => listNames(harness), SOON).toEqual(['Watchlist', 'Growth'])
    await expect.poll(() => focused(page), SOON).toMatch(/^tab#:Growth/)

    // Esc on a rename restores the old name, focus on its tab.
    await tablist(page)
      .getByRole('tab', { name: /^Growth/ })
      .dblclick()
    await page.keyboard.type('Oops')
    await page.keyboard.press('Escape')
    expect(await tablist(page).locator('.list-tab-name').allTextContents()).toEqual(['Watchlist', 'Growth'])
    expect(listNames(harness)).toEqual(['Watchlist', 'Growth'])
    expect(await focused(page)).toMatch(/^tab#:Growth/)
  }, 120_000)

  it('keeps the tabs one Tab stop, moved by arrows, Home and End, inside a landmark', async () => {
    const harness = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 900, height: 600 } }),
    )
    const { page, core } = harness
    for (const name of ['Tech', 'Banks']) await core.invoke('createList', { name })
    await core.invoke('setActiveList', { listId: core.settings.get().lists[0]!.id })
    await reloadLive(page)
    await expect.poll(() => tablist(page).getByRole('tab').count(), SOON).toBe(3)

    expect(
      await page
        .getByRole('navigation')
        .filter({ has: tablist(page) })
        .count(),
    ).toBe(1)
    const tabStops = () =>
      tablist(page).locator('[role="tab"][tabindex="0"] .list-tab-name').allTextContents()
    // The reloaded page takes the active list from main's settings; on a loaded machine the tabs
    // can be counted before that answer lands.
    await expect.poll(tabStops, SOON).toEqual(['Watchlist'])

    await tablist(page)
      .getByRole('tab', { name: /^Watchlist/ })
      .focus()
    const selected = () => tablist(page).locator('[aria-selected="true"] .list-tab-name').textContent()
    for (const [key, expected] of [
      ['ArrowRight', 'Tech'],
      ['End', 'Banks'],
      ['ArrowRight', 'Watchlist'],
      ['ArrowLeft', 'Banks'],
      ['Home', 'Watchlist'],
    ] as const) {
      await page.keyboard.press(key)
      expect(await focused(page), key).toMatch(new RegExp(`^tab#:${expected}`))
      await expect.poll(selected, SOON).toBe(expected)
      expect(await tabStops()).toEqual([expected])
    }
  }, 120_000)

  it('Esc in the search with text clears it and returns to the grid, so ? is a shortcut', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 760 } }),
    )
    const search = page.locator('#symbol-search')
    await search.fill('app')
    await page.keyboard.press('Escape')
    expect(await search.inputValue()).toBe('')
    expect(await focused(page)).toMatch(/^grid#watchlist-grid/)
    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    expect(await search.inputValue()).toBe('')
  }, 120_000)

  it('keeps focus on something after Undo, on an empty list and leaving the ticker-only view', async () => {
    const harness = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 760 } }),
    )
    const { page, core } = harness
    await core.invoke('createList', { name: 'Empty' })
    await core.invoke('setActiveList', { listId: core.settings.get().lists[0]!.id })
    await reloadLive(page)
    await rowOf(page, 'AAPLon').waitFor()

    // Another row selected, AAPLon removed: Undo brings it back selected, the grid focused.
    await rowOf(page, 'AAPLon').click()
    await page.keyboard.press('Delete')
    await expect.poll(() => rowOf(page, 'AAPLon').count(), SOON).toBe(0)
    await rowOf(page, 'TSLAon').click()
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' }).click()
    await rowOf(page, 'AAPLon').waitFor(SOON)
    await expect.poll(() => rowOf(page, 'AAPLon').getAttribute('aria-selected'), SOON).toBe('true')
    expect(await focused(page)).toMatch(/^grid#watchlist-grid/)
    // Focus elsewhere, the selection is drawn inactive: it is not what the next key acts on.
    const selectionEdge = () => rowOf(page, 'AAPLon').evaluate((row) => getComputedStyle(row).boxShadow)
    const activeEdge = await selectionEdge()
    await page.getByRole('button', { name: 'Settings' }).focus()
    expect(await selectionEdge()).not.toBe(activeEdge)
    await page.locator('#watchlist-grid').focus()
    expect(await selectionEdge()).toBe(activeEdge)

    // Ctrl+2 from the grid to the empty list: its "Add symbol", which leads to the search.
    await page.keyboard.press('Control+2')
    await expect.poll(() => focused(page), SOON).toBe('button#empty-list-add:Add symbol')
    await page.keyboard.press('Enter')
    expect(await focused(page)).toMatch(/^combobox#symbol-search/)

    // Ticker only, then back: focus on the work area, not the page.
    await page.getByRole('button', { name: 'Ticker only' }).click()
    await page.getByRole('button', { name: 'Show the full window' }).click()
    await expect.poll(() => focused(page), SOON).toBe('button#empty-list-add:Add symbol')
  }, 120_000)

  it('keeps focus on a control entering the ticker-only view and tabbing out of the ticker', async () => {
    const { page } = await harnesses.open((browser) =>
      startLiveHarness({ browser, viewport: { width: 1280, height: 760 } }),
    )
    await rowOf(page, 'AAPLon').waitFor()
    // The full window: Tab from the ticker goes on to the next control, the list's tabs.
    await page.getByRole('region', { name: 'Price ticker' }).focus()
    await page.keyboard.press('Tab')
    expect(await focused(page)).not.toBe('body')
    expect(await focused(page)).not.toMatch(/Price ticker/)

    // Ticker only, by its button: its own button is gone, focus goes to the strip's view.
    await page.getByRole('button', { name: 'Ticker only' }).click()
    await page.getByRole('button', { name: 'Show the full window' }).waitFor(SOON)
    await expect.poll(() => focused(page), SOON).not.toBe('body')
    // Tab walks the view's two controls round and round, either way, and never drops to the page.
    const stops: string[] = []
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      stops.push(await focused(page))
    }
    const [strip, exit] = ['section#:Price ticker', 'button#ticker-exit:Show the full window']
    expect(stops).toEqual([strip, exit, strip, exit, strip])
  }, 120_000)

  it('names the symbol and list a key acts on, and keeps focus on something at every step', async () => {
    const harness = await harnesses.open((browser) =>
      startLiveHarness({
        browser,
        viewport: { width: 1280, height: 760 },
        settings: { cadences: { pricesMs: 1000 } },
      }),
    )
    const { page, core } = harness
    const created = await core.invoke('createList', { name: 'Tech' })
    const tech = created.ok ? created.value.lists.find((list) => list.name === 'Tech')!.id : ''
    await core.invoke('addSymbol', { symbol: 'GOOGLon', listId: tech })
    await core.invoke('createAlert', {
      input: { symbol: 'GOOGLon', condition: { kind: 'price-above', level: '100000' } },
    })
    await core.invoke('setActiveList', { listId: core.settings.get().lists[0]!.id })
    await reloadLive(page)
    await rowOf(page, 'AAPLon').waitFor()
    const announced = () => page.locator('.visually-hidden[aria-live="polite"]').textContent()
    const neverBody = async () => expect(await focused(page)).not.toBe('body')

    // To Tech by keyboard: the grid keeps focus.
    await rowOf(page, 'AAPLon').click()
    await page.keyboard.press('Control+2')
    await rowOf(page, 'GOOGLon').waitFor(SOON)
    await neverBody()

    // Delete on the selected row asks about that symbol in that list; Esc leaves focus on the grid.
    await rowOf(page, 'GOOGLon').click()
    await page.keyboard.press('Delete')
    const ask = page.getByRole('dialog', { name: 'Remove GOOGLon from Tech?' })
    await ask.waitFor(SOON)
    await page.keyboard.press('Escape')
    await ask.waitFor({ state: 'detached' })
    await expect.poll(() => focused(page), SOON).toMatch(/^grid#watchlist-grid/)

    // Removed: said with the list's name, in the live region and on the toast.
    await page.keyboard.press('Delete')
    await ask.getByRole('button', { name: 'Remove, keep watching its alerts' }).click()
    await expect.poll(announced, SOON).toBe('Removed GOOGLon from Tech')
    const toasts = page.getByRole('region', { name: 'Notifications' })
    expect(await toasts.textContent()).toContain('Removed GOOGLon from Tech')
    await neverBody()

    // Undo: put back in Tech, said so, selected, the grid focused.
    await toasts.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(announced, SOON).toBe('Put GOOGLon back in Tech')
    await expect.poll(() => rowOf(page, 'GOOGLon').getAttribute('aria-selected'), SOON).toBe('true')
    await expect.poll(() => focused(page), SOON).toMatch(/^grid#watchlist-grid/)

    // Alt+Down moves the row, said with its place in Tech.
    await core.invoke('addSymbol', { symbol: 'Fon', listId: tech })
    await rowOf(page, 'Fon').waitFor(SOON)
    await rowOf(page, 'GOOGLon').click()
    await page.keyboard.press('Alt+ArrowDown')
    await expect.poll(announced, SOON).toBe('Moved GOOGLon to position 2 in Tech')
    await neverBody()

    // Settings, then Esc: focus back on what opened it, the row drawn as not the keys' target.
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('dialog', { name: 'Settings' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => focused(page), SOON).toMatch(/Settings/)

    // An alert's toast (main's push as a firing sends it): its Show opens the symbol, focus kept.
    await page.evaluate(() =>
      window.__twEmit?.('alert', {
        entry: {
          alertId: 'a-planted',
          symbol: 'Fon',
          kind: 'price-above',
          message: 'Fon crossed above 11 at 11.02',
          value: '11.02',
          at: Date.UTC(2026, 10, 17, 16, 32),
          sound: false,
          read: false,
        },
        unreadAlerts: 1,
      }),
    )
    const show = toasts.getByRole('button', { name: 'Show Fon' })
    await show.waitFor(SOON)
    await show.click()
    await page.getByRole('complementary', { name: 'Fon' }).waitFor(SOON)
    await expect.poll(() => focused(page), SOON).not.toBe('body')
  }, 120_000)
})
