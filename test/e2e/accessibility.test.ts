import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Harness, reloadLive, rowOf, startHarness } from './harness'
import { heldPushes, pushUntilShown } from './held-pushes'
import { importDialogWithFile } from './import-steps'
import { withSettings } from './live-sim'
import { harnessPerTest } from './per-test'
import { violations } from './axe-violations'
import { legendSwatchContrasts } from './legend-contrast'

/**
 * axe finds no moderate, serious or critical violation in the main views, dark and light, each at
 * 360 and 1280 px (the header's actions folded into its menu when narrow). Nothing is left
 * to the day the tests run on: each test has a fresh page (no toast or theme carried over) at a
 * fixed market time, and main's pushes are held once the page shows what the test needs, so the
 * market moving underneath cannot change what axe sees. The views are chosen for the hard cases:
 * the paused phase tag (09:29-09:31 and 15:59-16:01 ET), a selected row that is down, a token that
 * cannot trade in the running session (BRK.Bon: regular hours only), the watchlist tabs narrow and
 * wide on a weekday and a Saturday, stacked toasts and an import report.
 */

const ET_0930_TUESDAY = Date.UTC(2026, 10, 17, 14, 30)
const ET_1600_TUESDAY = Date.UTC(2026, 10, 17, 21, 0)
const ET_0800_TUESDAY = Date.UTC(2026, 10, 17, 13, 0)
const ET_NOON_TUESDAY = Date.UTC(2026, 10, 17, 17, 0)
/** 13:00 ET on Saturday 21 November 2026: closed for the weekend, off-hours tokens trading. */
const ET_1300_SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** How long a page may take to show a change (a clock tick, a dialog) on a busy machine. */
const SETTLE_MS = 10_000
/**
 * A chart drawn: its chunk loaded and its first draw. A hang check, not a speed limit: on a loaded
 * machine CI once waited over 10 s for the detail chart's ticks.
 */
const CHART_DRAWN_MS = 30_000
/** axe over the whole page, several times a test, on two cores shared with other work. */
const AXE_TEST_MS = 240_000

const harnesses = harnessPerTest<Harness>()

const WIDTHS = [360, 1280] as const
type Width = (typeof WIDTHS)[number]
/** The window's height in these tests, narrow or wide. */
const HEIGHT = 640

/**
 * A fresh page in `theme`, `width` px wide, at the market instant `at`, with main's pushes held
 * once it has prices.
 */
async function openAt(theme: 'dark' | 'light', at: number, width: Width = 1280): Promise<Harness> {
  const pushes = heldPushes()
  const harness = await harnesses.open((browser) =>
    startHarness({
      browser,
      viewport: { width, height: HEIGHT },
      clock: { fixedAt: at },
      beforeStart: withSettings({ theme }, ['BRK.Bon']),
      beforeEmit: pushes.beforeEmit,
    }),
  )
  await rowOf(harness.page, 'BRK.Bon').locator('.cell-price .num').waitFor()
  pushes.hold()
  // Released before the harness closes (its close waits for the pushes it queued).
  harness.close = ((close) => async () => {
    pushes.release()
    await close()
  })(harness.close)
  return harness
}

/**
 * A header action by its name: its button where the header has room for it, else the "More
 * actions" menu's item, as a person at 360 px finds it.
 */
async function headerAction(page: Page, name: string): Promise<void> {
  const button = page.locator('.app-header').getByRole('button', { name, exact: true })
  if (await button.isVisible()) return button.click()
  await page.getByRole('button', { name: 'More actions' }).click()
  await page.getByRole('menuitem', { name }).click()
}

/** Moves the page's frozen clock and waits until the header shows the phase `tag`. */
async function showPhaseAt(page: Page, at: number, tag: string): Promise<void> {
  await page.clock.setFixedTime(at)
  await expect
    .poll(() => page.locator('.session-clock .phase-tag').textContent(), { timeout: SETTLE_MS })
    .toBe(tag)
}

/** Two alerts and one unread firing, held by main as if they had been there at start. */
async function seedAlerts({ core, page }: Harness): Promise<void> {
  for (const input of [
    { symbol: 'AAPLon', condition: { kind: 'price-above', level: '250' }, sound: true, note: 'breakout' },
    { symbol: 'TSLAon', condition: { kind: 'stale', minutes: 10 }, enabled: false },
  ] as const) {
    expect((await core.invoke('createAlert', { input })).ok).toBe(true)
  }
  const [alert] = core.alerts.file.list()
  if (!alert) throw new Error('the alert was not created')
  await core.alerts.log.append({
    alertId: alert.id,
    symbol: 'AAPLon',
    kind: 'price-above',
    message: 'AAPLon crossed above 250 at 250.0125',
    value: '250.0125',
    at: ET_NOON_TUESDAY - 60_000,
    sound: true,
    note: 'breakout',
  })
  await reloadLive(page)
  await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
}

for (const theme of ['dark', 'light'] as const) {
  for (const width of WIDTHS)
    describe(`accessibility (${theme} theme, ${width} px)`, () => {
      it(
        'has no violation in the watchlist: pre-market, both pauses, a falling row selected',
        async () => {
          const { page } = await openAt(theme, ET_0800_TUESDAY, width)
          // Pre-market runs and BRK.Bon cannot trade in it: its ringed badge is the "off" style.
          const brkPremarket = rowOf(page, 'BRK.Bon').locator('[data-session="premarket"]')
          expect(await brkPremarket.getAttribute('data-running')).toBe('true')
          expect(await brkPremarket.getAttribute('data-tradable')).toBe('false')
          expect(await violations(page, '.app-header', '.grid')).toEqual([])
          // Selected, its "off" badge sits on the selection's colour, the lightest ground it has.
          const brk = rowOf(page, 'BRK.Bon')
          await brk.click()
          await expect.poll(() => brk.getAttribute('aria-selected'), { timeout: SETTLE_MS }).toBe('true')
          expect(await violations(page, '.grid')).toEqual([])

          // The pause before the open, with a row that is down selected.
          await showPhaseAt(page, ET_0930_TUESDAY, 'PAUSED')
          const nvda = rowOf(page, 'NVDAon')
          const nvdaDown = nvda.locator('.cell-changePct24h .down')
          await pushUntilShown(
            page,
            [{ symbol: 'NVDAon', fields: { change24h: '-5.2900', changePct24h: '-2.9300' } }],
            async () => (await nvdaDown.count()) === 1,
          )
          await nvda.click()
          await expect.poll(() => nvda.getAttribute('aria-selected'), { timeout: SETTLE_MS }).toBe('true')
          expect(await nvdaDown.count()).toBe(1)
          expect(await violations(page)).toEqual([])

          await page.keyboard.press('Enter')
          await page.getByRole('complementary').waitFor()
          // The detail chart (its own chunk) drawn, with its labels, legend and credit.
          await page.locator('.chart .chart-tick').first().waitFor({ timeout: CHART_DRAWN_MS })
          expect(await violations(page)).toEqual([])
          await page.keyboard.press('Escape')

          // The pause before the post-market.
          await showPhaseAt(page, ET_1600_TUESDAY, 'PAUSED')
          expect(await violations(page, '.app-header')).toEqual([])
        },
        AXE_TEST_MS,
      )

      it(
        'has no violation in search, settings and the shortcuts',
        async () => {
          const { page } = await openAt(theme, ET_NOON_TUESDAY, width)
          await page.keyboard.press('/')
          await page.keyboard.type('a')
          await page.getByRole('listbox').getByRole('option').first().waitFor()
          expect(await violations(page)).toEqual([])
          await page.keyboard.press('Escape')
          await page.keyboard.press('Escape')

          await headerAction(page, 'Settings')
          await page.getByRole('dialog').waitFor()
          expect(await violations(page, 'dialog')).toEqual([])
          await page.keyboard.press('Escape')
          await page.getByRole('dialog').waitFor({ state: 'detached' })

          await page.keyboard.press('?')
          await page.getByRole('dialog').waitFor()
          expect(await violations(page, 'dialog')).toEqual([])
        },
        AXE_TEST_MS,
      )

      it(
        'has no violation in the alerts panel, a row menu and the alert editor with errors',
        async () => {
          const harness = await openAt(theme, ET_NOON_TUESDAY, width)
          const { page } = harness
          await seedAlerts(harness)
          await page.getByRole('button', { name: /^Alerts/ }).click()
          await page.getByRole('complementary', { name: 'Alerts' }).getByRole('switch').first().waitFor()
          expect(await violations(page, '.app-header', '.alerts-panel')).toEqual([])
          await page.keyboard.press('Escape')

          await rowOf(page, 'NVDAon').click({ button: 'right' })
          await page.getByRole('menu').waitFor()
          expect(await violations(page, '.menu')).toEqual([])
          await page.getByRole('menuitem', { name: 'Create alert…' }).click()
          const editor = page.getByRole('dialog', { name: 'New alert' })
          await editor.getByLabel('Cooldown (minutes)').fill('soon')
          await editor.getByRole('button', { name: 'Create alert' }).click()
          await editor.locator('.field-error').first().waitFor()
          expect(await violations(page, 'dialog')).toEqual([])
        },
        AXE_TEST_MS,
      )

      it(
        'has no violation in stacked toasts and an import report',
        async () => {
          // Pushes not held: axe looks at the toasts and the dialog only, not at moving prices.
          const { page } = await harnesses.open((browser) =>
            startHarness({
              browser,
              viewport: { width, height: HEIGHT },
              clock: { fixedAt: ET_NOON_TUESDAY },
              beforeStart: withSettings({ theme }),
            }),
          )
          // Two rows removed: two Undo toasts, one above the other.
          for (const symbol of ['TSLAon', 'NVDAon']) {
            await rowOf(page, symbol).click()
            await page.keyboard.press('Delete')
            await rowOf(page, symbol).waitFor({ state: 'detached' })
          }
          await expect.poll(() => page.locator('.toasts .toast').count(), { timeout: SETTLE_MS }).toBe(2)
          expect(await violations(page, '.toasts')).toEqual([])

          const fileMenu = width === 1280 ? 'Export or import the watchlist' : 'More actions'
          const dialog = await importDialogWithFile(page, fileMenu, {
            name: 'messy.txt',
            text: 'METAon, nflx\nZZZZon\n../x\naapl;METAon\n',
          })
          await dialog.getByRole('button', { name: 'Import' }).click()
          await dialog.locator('.import-summary').waitFor({ timeout: SETTLE_MS })
          expect(await violations(page, 'dialog')).toEqual([])
        },
        AXE_TEST_MS,
      )

      it(
        'has no violation in the ticker-only strip',
        async () => {
          const { page } = await openAt(theme, ET_NOON_TUESDAY, width)
          await headerAction(page, 'Ticker only')
          await page.getByRole('button', { name: 'Show the full window' }).waitFor()
          expect(await violations(page)).toEqual([])
        },
        AXE_TEST_MS,
      )
    })

  describe(`accessibility (${theme} theme, narrow and wide)`, () => {
    it(
      'draws every chart legend swatch at least 3:1 against its background, "Closed" among them',
      async () => {
        // A Saturday: AAPLon does not trade off-hours, so its 24 hours show a closed stretch.
        const { page } = await openAt(theme, ET_1300_SATURDAY)
        await rowOf(page, 'AAPLon').click()
        await page.keyboard.press('Enter')
        await page.locator('.chart .chart-tick').first().waitFor({ timeout: CHART_DRAWN_MS })
        const day = await legendSwatchContrasts(page)
        // A week: the history chart's lines (token, stock, carried close, premium) beside the bands.
        await page.getByRole('radio', { name: /^1 week/ }).click()
        await page
          .locator('.chart-shown .chart-history .chart-tick')
          .first()
          .waitFor({ timeout: CHART_DRAWN_MS })
        const week = await legendSwatchContrasts(page)
        const names = [...day, ...week].map((swatch) => swatch.name)
        expect(names).toContain('Closed')
        expect(names).toContain('Stock close carried')
        const faint = [...day, ...week].filter((swatch) => swatch.ratio < 3)
        expect(faint.map((swatch) => `${swatch.name} ${swatch.ratio.toFixed(2)}:1`)).toEqual([])
      },
      AXE_TEST_MS,
    )

    it(
      'has no violation in the whole main view at 360 and 1280 px',
      async () => {
        const { page } = await openAt(theme, ET_NOON_TUESDAY)
        await rowOf(page, 'NVDAon').click()
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT })
          expect(await violations(page), `${width} px`).toEqual([])
        }
      },
      AXE_TEST_MS,
    )

    for (const [day, at] of [
      ['a Tuesday', ET_NOON_TUESDAY],
      ['a Saturday', ET_1300_SATURDAY],
    ] as const)
      it(
        `has no violation in the watchlist tabs at 360 and 1280 px on ${day}`,
        async () => {
          const harness = await openAt(theme, at)
          const { page, core } = harness
          for (const list of [
            { name: 'Semiconductors & AI', symbols: ['NVDAon', 'AMDon'] },
            { name: 'ETFs', symbols: ['SPYon', 'QQQon'] },
          ])
            expect((await core.invoke('createList', list)).ok).toBe(true)
          await reloadLive(page)
          const tablist = page.getByRole('tablist', { name: 'Watchlists' })
          await tablist.getByRole('tab', { name: /^ETFs/, selected: true }).waitFor()
          expect(await tablist.getByRole('tab').count()).toBe(3)
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: HEIGHT })
            expect(await violations(page, '.list-bar', '.app-header')).toEqual([])
          }
        },
        AXE_TEST_MS,
      )
  })
}
