import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf, startHarness, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/** axe finds no serious or critical violation in the main views, dark and light. */

let browser: Browser
let harness: Harness

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({ browser })
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

/**
 * The serious and critical violations, each with the elements at fault, for a readable failure.
 * `within` limits the check to some parts of the page (a menu, a dialog): quicker than the whole.
 */
async function violations(page: Page, ...within: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  for (const selector of within) builder.include(selector)
  const result = await builder.analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
}

async function chooseTheme(page: Page, theme: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByLabel(theme).check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** Two alerts and one unread firing, held by main as if they had been there at start. */
async function seedAlerts({ core, page }: Harness): Promise<void> {
  for (const input of [
    { symbol: 'AAPLon', condition: { kind: 'price-above', level: '250' }, sound: true, note: 'breakout' },
    { symbol: 'TSLAon', condition: { kind: 'stale', minutes: 10 }, enabled: false },
  ] as const) {
    expect((await core.invoke('createAlert', { input })).ok).toBe(true)
  }
  const [alert] = core.alerts.store.list()
  if (!alert) throw new Error('the alert was not created')
  await core.alerts.log.append({
    alertId: alert.id,
    symbol: 'AAPLon',
    kind: 'price-above',
    message: 'AAPLon crossed above 250 at 250.0125',
    value: '250.0125',
    at: Date.now() - 60_000,
    sound: true,
    note: 'breakout',
  })
  await page.reload()
  await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
}

/** The alerts panel with its log, a toast, a row's menu, the alert editor with errors, an import's report. */
async function alertViewViolations(page: Page): Promise<string[]> {
  const found: string[] = []
  await page.evaluate(() =>
    window.__twEmit?.('alert', {
      entry: {
        alertId: 'a11y',
        symbol: 'AAPLon',
        kind: 'price-above',
        message: 'AAPLon crossed above 250 at 250.0125',
        value: '250.0125',
        at: Date.now(),
        sound: false,
        note: 'breakout',
        read: false,
      },
      unreadAlerts: 2,
    }),
  )
  await page.getByRole('region', { name: 'Notifications' }).waitFor()
  await page.getByRole('button', { name: /^Alerts/ }).click()
  await page.getByRole('complementary', { name: 'Alerts' }).getByRole('switch').first().waitFor()
  found.push(...(await violations(page, '.app-header', '.alerts-panel', '.toasts')))
  await page.keyboard.press('Escape')

  await rowOf(page, 'NVDAon').click({ button: 'right' })
  await page.getByRole('menu').waitFor()
  found.push(...(await violations(page, '.menu')))
  await page.getByRole('menuitem', { name: 'Create alert…' }).click()
  const editor = page.getByRole('dialog', { name: 'New alert' })
  await editor.getByLabel('Cooldown (minutes)').fill('soon')
  await editor.getByRole('button', { name: 'Create alert' }).click()
  await editor.locator('.field-error').first().waitFor()
  found.push(...(await violations(page, 'dialog')))
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Export or import the watchlist' }).click()
  await page.getByRole('menuitem', { name: 'Import…' }).click()
  const importer = page.getByRole('dialog', { name: 'Import a watchlist' })
  await importer.getByLabel('Or paste symbols').fill('AAPLon ZZZZon ../x AAPLon')
  await importer.getByRole('button', { name: 'Import' }).click()
  await importer.locator('.import-summary').waitFor()
  found.push(...(await violations(page, 'dialog')))
  await page.keyboard.press('Escape')
  return found
}

describe('accessibility', () => {
  it('has no serious or critical violation in the main views (dark theme)', async () => {
    const { page } = harness
    expect(await violations(page)).toEqual([])

    await rowOf(page, 'NVDAon').click()
    await page.keyboard.press('Enter')
    await page.getByRole('complementary').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.keyboard.press('/')
    await page.keyboard.type('a')
    await page.getByRole('listbox').getByRole('option').first().waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('dialog').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.keyboard.press('?')
    await page.getByRole('dialog').waitFor()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
  })

  it('has no serious or critical violation in the light theme (colour contrast above all)', async () => {
    const { page } = harness
    await chooseTheme(page, 'Light')
    expect(await violations(page)).toEqual([])
    await rowOf(page, 'NVDAon').click()
    await page.keyboard.press('Enter')
    await page.getByRole('complementary').waitFor()
    expect(await violations(page)).toEqual([])
  })

  it('has no serious or critical violation in the alerts, their menus and dialogs (light theme)', async () => {
    await seedAlerts(harness)
    expect(await alertViewViolations(harness.page)).toEqual([])
  })

  it('has no serious or critical violation in the alerts, their menus and dialogs (dark theme)', async () => {
    await chooseTheme(harness.page, 'Dark')
    expect(await alertViewViolations(harness.page)).toEqual([])
  })

  it('has no serious or critical violation in the ticker-only strip', async () => {
    const { page } = harness
    await page.getByRole('button', { name: 'Ticker only' }).click()
    await page.getByRole('button', { name: 'Show the full window' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('button', { name: 'Show the full window' }).click()
  })
})
