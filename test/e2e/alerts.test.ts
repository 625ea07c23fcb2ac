import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { AppCore } from '../../src/main/core/app/app-core'
import type { Alert, AlertLogEntry } from '../../src/shared/alerts'
import { parseCsv } from '../../src/shared/csv'
import { CSV_COLUMNS } from '../../src/main/core/lists/watchlist-export'
import type { AlertEvent } from '../../src/shared/ipc-contract'
import { levelsAround, priceOf, recordFirings, stepUntilFired } from './alert-steps'
import { reloadLive, rowOf } from './harness'
import { importDialogWithFile } from './import-steps'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { shownSymbols } from '../support/settings'

/**
 * Alerts, the alert log and the watchlist's export and import, in real Chromium against a real
 * AppCore polling a simulated market whose clock the test moves on (live-sim.ts), so a price
 * crosses a level within a few polls whatever day the tests run on.
 */

const harnesses = harnessPerTest<LiveHarness>()

function open(): Promise<LiveHarness> {
  return harnesses.open((browser) =>
    startLiveHarness({ browser, settings: { cadences: { pricesMs: 1000 } } }),
  )
}

async function listAlerts(core: AppCore): Promise<Alert[]> {
  const result = await core.invoke('listAlerts', undefined)
  if (!result.ok) throw new Error(result.error.message)
  return result.value as Alert[]
}

/** Counts the notes the page's alert chime starts (an oscillator each), without playing any. */
function countChimeNotes(page: Page): Promise<void> {
  return page.evaluate(() => {
    const counter = window as unknown as { __twNotes: number }
    counter.__twNotes = 0
    OscillatorNode.prototype.start = function () {
      counter.__twNotes += 1
    }
    // Stopping a note that never started would throw.
    OscillatorNode.prototype.stop = () => undefined
  })
}

/**
 * The first alert to fire as the market moves on; then updates pause, so that no other fires
 * while the test looks.
 */
async function firstFiring(harness: LiveHarness, fired: readonly AlertEvent[]): Promise<AlertEvent> {
  const first = await stepUntilFired(harness, fired)
  await harness.core.invoke('setPaused', { paused: true })
  return first
}

const editor = (page: Page) => page.getByRole('dialog', { name: /alert/ })
const bell = (page: Page) => page.getByRole('button', { name: /^Alerts/ })

describe('alerts', () => {
  it(
    'refuses an invalid level inline, creates alerts from the row ' + 'menu and the details, and one fires',
    async () => {
      const harness = await open()
      const { page, core } = harness
      await countChimeNotes(page)
      const fired = recordFirings(core)

      // From the row's context menu, with an invalid level first: a message beside it, nothing saved.
      await rowOf(page, 'AAPLon').click({ button: 'right' })
      await page
        .getByRole('menu', { name: 'Actions for AAPLon' })
        .getByRole('menuitem', { name: 'Create alert…' })
        .click()
      const level = editor(page).getByLabel('Price level')
      // The editor loads with its first use (App.tsx), so it may take a moment to open.
      await level.waitFor()
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('alert-level')
      await level.fill('200,50')
      await editor(page).getByRole('button', { name: 'Create alert' }).click()
      expect(await level.getAttribute('aria-invalid')).toBe('true')
      const describedBy = await level.getAttribute('aria-describedby')
      expect(await page.locator(`#${describedBy}`).textContent()).toBe(
        'The price level must be a number such as 200.50',
      )
      expect(await listAlerts(core)).toEqual([])

      // Levels a hair either side of the price, so that the moving market soon crosses one.
      const { above, below } = levelsAround(priceOf(core, 'AAPLon'))
      await level.fill(above)
      await editor(page).getByLabel('Play a sound').check()
      await editor(page).getByRole('button', { name: 'Create alert' }).click()
      await editor(page).waitFor({ state: 'detached' })

      // The second from the detail panel.
      await rowOf(page, 'AAPLon').dblclick()
      const detail = page.getByRole('complementary', { name: 'AAPLon' })
      await detail.getByRole('button', { name: 'New alert' }).click()
      await editor(page).getByLabel('Alert when').selectOption('price-below')
      await editor(page).getByLabel('Price level').fill(below)
      await editor(page).getByLabel('Play a sound').check()
      await editor(page).getByRole('button', { name: 'Create alert' }).click()
      await editor(page).waitFor({ state: 'detached' })
      expect(await detail.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining(`crosses above ${above}`),
        expect.stringContaining(`crosses below ${below}`),
      ])
      expect((await listAlerts(core)).map((alert) => alert.condition)).toEqual([
        { kind: 'price-above', level: above, rearmBand: '0.25' },
        { kind: 'price-below', level: below, rearmBand: '0.25' },
      ])

      const { entry, unreadAlerts } = await firstFiring(harness, fired)
      expect(unreadAlerts).toBe(1)
      expect(entry.message).toMatch(
        new RegExp(`^AAPLon crossed (above ${above}|below ${below}) at \\d+\\.\\d+$`),
      )

      // A toast while the window is in view, the chime, and the bell's count.
      const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem')
      await expect.poll(() => toast.textContent()).toContain(entry.message)
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Alerts, 1 unread')
      expect(await page.locator('.unread-badge').textContent()).toBe('1')
      expect(await page.evaluate(() => (window as unknown as { __twNotes: number }).__twNotes)).toBe(2)

      // The log lists it, with its time; opening it marks it read and the count goes.
      await bell(page).click()
      const log = page.getByRole('list', { name: 'Fired alerts, newest first' })
      expect(await log.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining(entry.message),
      ])
      expect(await log.locator('time').getAttribute('datetime')).toBe(new Date(entry.at).toISOString())
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Alerts')
      expect(await page.locator('.unread-badge').count()).toBe(0)
      expect(core.status().unreadAlerts).toBe(0)
      const savedLog = await core.invoke('getAlertLog', undefined)
      expect(savedLog.ok && (savedLog.value as AlertLogEntry[]).map((e) => e.read)).toEqual([true])

      // The toast's button shows the symbol; so does a click on the desktop notification.
      await toast.getByRole('button', { name: 'Show AAPLon' }).click()
      await page.getByRole('complementary', { name: 'AAPLon' }).waitFor()
      await page.evaluate(() => window.__twEmit?.('focusSymbol', { symbol: 'TSLAon' }))
      await page.getByRole('complementary', { name: 'TSLAon' }).waitFor()
      expect(await rowOf(page, 'TSLAon').getAttribute('aria-selected')).toBe('true')

      // A desktop notification the OS refused (an unsigned macOS build): the window says it instead.
      await page.evaluate(() =>
        window.__twEmit?.('notice', {
          title: 'Tokenwatch is still running',
          body: 'It is in the menu bar; quit from there.',
        }),
      )
      await page
        .locator('.toast')
        .filter({ hasText: 'Tokenwatch is still running' })
        .filter({ hasText: 'It is in the menu bar; quit from there.' })
        .waitFor()
    },
  )

  it(
    'lists, disables, edits and deletes alerts from the keyboard, ' + 'and shows main’s refusals inline',
    async () => {
      const { page, core } = await open()
      for (const input of [
        { symbol: 'TSLAon', condition: { kind: 'premium-pct', thresholdPct: '0.3', direction: 'either' } },
        {
          symbol: 'NVDAon',
          condition: { kind: 'session', session: 'postmarket', event: 'open' },
          note: 'earnings',
        },
      ] as const) {
        expect((await core.invoke('createAlert', { input })).ok).toBe(true)
      }
      await reloadLive(page)
      await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()

      await page.getByRole('grid', { name: 'Watchlist' }).focus()
      await page.keyboard.press('a')
      const panel = page.getByRole('complementary', { name: 'Alerts' })
      // The panel says "Loading alerts…" until main answers.
      await expect
        .poll(() => panel.getByRole('listitem').allTextContents())
        .toEqual([
          expect.stringContaining('TSLAon premium or discount to fair value beyond 0.3%'),
          expect.stringContaining('NVDAon Post-market session opens while tradable'),
        ])
      expect(await panel.textContent()).toContain('earnings')

      await panel.getByRole('switch', { name: /TSLAon premium/ }).uncheck()
      await expect.poll(async () => (await listAlerts(core))[0]?.enabled).toBe(false)

      await panel.getByRole('button', { name: /^Edit alert: TSLAon/ }).click()
      const threshold = editor(page).getByLabel('Threshold (%)')
      expect(await threshold.inputValue()).toBe('0.3')
      await threshold.fill('0.5')
      await editor(page).getByLabel('Discount').check()
      await editor(page).getByRole('button', { name: 'Save alert' }).click()
      await editor(page).waitFor({ state: 'detached' })
      expect((await listAlerts(core))[0]).toMatchObject({
        symbol: 'TSLAon',
        enabled: false,
        condition: { kind: 'premium-pct', thresholdPct: '0.5', direction: 'down' },
      })
      expect(await panel.getByRole('listitem').first().textContent()).toContain(
        'discount to fair value beyond 0.5%',
      )

      // Deleted elsewhere while being edited: main refuses, and the form says so without closing.
      await panel.getByRole('button', { name: /^Edit alert: NVDAon/ }).click()
      const nvda = (await listAlerts(core)).find((alert) => alert.symbol === 'NVDAon')
      expect((await core.invoke('removeAlert', { id: nvda?.id })).ok).toBe(true)
      await editor(page).getByRole('button', { name: 'Save alert' }).click()
      await expect.poll(() => editor(page).getByRole('alert').textContent()).toMatch(/^Not saved: /)
      await page.keyboard.press('Escape')
      await editor(page).waitFor({ state: 'detached' })

      await panel.getByRole('button', { name: /^Delete alert: TSLAon/ }).click()
      await expect.poll(() => listAlerts(core)).toEqual([])
      await expect.poll(() => panel.textContent()).toContain('No alerts yet')

      // Escape hides the panel; Shift+F10 opens the selected row's menu.
      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Shift+F10')
      const menu = page.getByRole('menu', { name: 'Actions for AAPLon' })
      await menu.waitFor()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await editor(page).waitFor()
      expect(await editor(page).getByLabel('Symbol').inputValue()).toBe('AAPLon')
    },
  )

  it(
    'exports CSV and JSON with exact decimals, and imports a messy ' +
      'list, listing back what it did not add',
    async () => {
      const harness = await open()
      const { page, core } = harness
      await page.getByRole('button', { name: 'Pause updates' }).click()
      await expect.poll(() => core.status().paused).toBe(true)
      await harness.settled()

      const fileMenu = page.getByRole('button', { name: 'Export or import the watchlist' })
      const exported = async (item: string): Promise<{ name: string; text: string }> => {
        await fileMenu.click()
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: item, exact: true }).click(),
        ])
        const path = await download.path()
        return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
      }

      const csv = await exported('Export CSV')
      expect(csv.name).toBe('tokenwatch-2026-11-17.csv')
      const rows = parseCsv(csv.text.trimEnd())
      expect(rows[0]?.cells).toEqual([...CSV_COLUMNS])
      const snapshot = core.currentSnapshot()
      const aapl = snapshot.assets.find((asset) => asset.symbol === 'AAPLon')
      const aaplRow = rows.find((row) => row.cells[0] === 'AAPLon')?.cells ?? []
      const cell = (column: (typeof CSV_COLUMNS)[number]) => aaplRow[CSV_COLUMNS.indexOf(column)]
      expect(cell('price')).toBe(aapl?.price)
      expect(cell('fairValue')).toBe(aapl?.fairValue)
      expect(cell('premiumPct')).toBe(aapl?.premiumPct)
      expect(cell('marketCap')).toBe(aapl?.underlying?.marketCap)
      expect(rows.slice(1).map((row) => row.cells[0])).toEqual(shownSymbols(core.settings.get()))
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText('tokenwatch-2026-11-17.csv')
        .waitFor()

      const json = JSON.parse((await exported('Export JSON')).text) as {
        assets: { symbol: string; price: string }[]
      }
      expect(json.assets.find((asset) => asset.symbol === 'AAPLon')?.price).toBe(aapl?.price)

      const dialog = await importDialogWithFile(page, 'Export or import the watchlist', {
        name: 'from-a-friend.txt',
        text: 'METAon, nflx\n\nZZZZon\n../x\naapl;METAon\nhttp://evil\n',
      })
      expect(await dialog.getByLabel('Symbols from from-a-friend.txt').inputValue()).toContain('ZZZZon')
      await dialog.getByRole('button', { name: 'Import' }).click()

      const summary = dialog.locator('.import-summary')
      await expect
        .poll(() => summary.textContent())
        .toBe(
          'Added 2 symbols; 1 already on the watchlist; 1 unknown to the ' +
            'service; 2 invalid entries; 1 repeat.',
        )
      const group = (name: string) => dialog.getByRole('region', { name, exact: true })
      expect(await group('Added: 2').textContent()).toContain('METAon, NFLXon')
      expect(await group('Already on the watchlist: 1').textContent()).toContain('AAPLon')
      expect(await group('Unknown to the service, not added: 1').textContent()).toContain('ZZZZon')
      const invalid = await group('Invalid, not added: 2').locator('tbody tr').allInnerTexts()
      expect(invalid.map((row) => row.split('\t').slice(0, 2))).toEqual([
        ['4', '../x'],
        ['6', 'http://evil'],
      ])
      expect(await group('Repeats, imported once: 1').textContent()).toContain('line 5: METAon')
      expect(shownSymbols(core.settings.get()).slice(-2)).toEqual(['METAon', 'NFLXon'])

      await dialog.getByRole('button', { name: 'Done' }).click()
      await rowOf(page, 'NFLXon').waitFor()
      expect(await rowOf(page, 'ZZZZon').count()).toBe(0)
    },
  )
})
