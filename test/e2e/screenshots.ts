import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { levelsAround, priceOf, recordFirings, stepUntilFired } from './alert-steps'
import { launchBrowser, rowOf } from './harness'
import { heldPushes } from './held-pushes'
import { SATURDAY, shootLayouts, shootWeekend } from './layout-screenshots'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { shootSessions } from './session-shots'

/**
 * `npm run screenshots`: PNGs of the main views in docs/screenshots/, from the built renderer
 * against a real AppCore and a simulated market, on a Tuesday late morning in New York (see
 * live-sim.ts), so the regular session is running in every picture; then the watchlist at the
 * instants of the trading calendar (session-shots.ts) in docs/screenshots/sessions/.
 */

const OUT_DIR = join(__dirname, '..', '..', 'docs', 'screenshots')
const VIEWPORT = { width: 1280, height: 760 }
const MORE_SYMBOLS = [
  'GOOGLon',
  'METAon',
  'AVGOon',
  'BRK.Bon',
  'JPMon',
  'NFLXon',
  'AMDon',
  'PLTRon',
  'COINon',
  'MAon',
  'DISon',
]

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT_DIR, name)
  await page.screenshot({ path })
  console.log(`wrote ${path}`)
}

/** Waits for a delta to land (a price flashes) and then `ms` more, as the flash fades. */
async function afterFlash(page: Page, ms: number): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('.flash')].some((overlay) => overlay.getAnimations().length > 0),
    undefined,
    { timeout: 15_000 },
  )
  await page.waitForTimeout(ms)
}

/** The settings dialog refusing a base URL and a cadence, each under its field. */
async function shootSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page.getByLabel('Base URL').fill('http://quotes.example.com')
  await page.getByLabel('Prices every (s)').fill('0.5')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.locator('.field-error').first().waitFor()
  await shoot(page, 'settings.png')
  await page.keyboard.press('Escape')
}

async function saveSettingsThroughDialog(page: Page, change: (page: Page) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await change(page)
  await page.getByRole('button', { name: 'Save settings' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** Creates an alert the way a person would: the row's menu, the form, Create. */
async function createAlert(
  page: Page,
  symbol: string,
  fill: (form: Locator) => Promise<void>,
): Promise<void> {
  await rowOf(page, symbol).click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Create alert…' }).click()
  const form = page.getByRole('dialog', { name: 'New alert' })
  await fill(form)
  await form.getByRole('button', { name: 'Create alert' }).click()
  await form.waitFor({ state: 'detached' })
}

/** A few alerts of different kinds, one that fires as the market moves on, and the panel with its log. */
async function shootAlerts(harness: LiveHarness): Promise<void> {
  const { page, core } = harness
  const fired = recordFirings(core)
  const { above, below } = levelsAround(priceOf(core, 'NVDAon'))
  for (const [kind, level] of [
    ['price-above', above],
    ['price-below', below],
  ] as const) {
    await createAlert(page, 'NVDAon', async (form) => {
      await form.getByLabel('Alert when').selectOption(kind)
      await form.getByLabel('Price level').fill(level)
      await form.getByLabel('Play a sound').check()
    })
  }
  await createAlert(page, 'TSLAon', async (form) => {
    await form.getByLabel('Alert when').selectOption('premium-pct')
    await form.getByLabel('Threshold (%)').fill('0.35')
    await form.getByLabel('Note (optional)').fill('token drifting from fair value')
  })
  await createAlert(page, 'AAPLon', async (form) => {
    await form.getByLabel('Alert when').selectOption('session')
    await form.getByLabel('Session').selectOption('overnight')
  })
  await stepUntilFired(harness, fired)
  await rowOf(page, 'NVDAon').click()
  await page.getByRole('region', { name: 'Notifications' }).waitFor()
  await page.getByRole('button', { name: /^Alerts/ }).click()
  await page.getByRole('complementary', { name: 'Alerts' }).locator('.log-entry').first().waitFor()
  await page.waitForTimeout(400) // the toast has slid in
  await shoot(page, 'alerts.png')
  await page.keyboard.press('Escape')
}

/**
 * Several watchlists as tabs, wide and at a narrow 360 px, where the tab row scrolls sideways;
 * named `<prefix>-wide.png` and `<prefix>-narrow.png`. On a weekday the shot waits for a price to
 * flash; on a weekend (`moving` false) nothing moves but the off-hours tokens, so it does not.
 */
async function shootLists({ page, core }: LiveHarness, prefix = 'lists', moving = true): Promise<void> {
  const lists = [
    { name: 'Mega caps', symbols: ['AAPLon', 'MSFTon', 'NVDAon', 'GOOGLon', 'AMZNon', 'METAon'] },
    { name: 'Semiconductors & AI', symbols: ['NVDAon', 'AVGOon', 'AMDon', 'PLTRon'] },
    { name: 'ETFs', symbols: ['SPYon', 'QQQon'] },
    { name: 'Financials', symbols: ['JPMon', 'MAon', 'BRK.Bon', 'COINon'] },
  ]
  for (const list of lists) await core.invoke('createList', list)
  await page.getByRole('tab', { name: /^Semiconductors/ }).click()
  await rowOf(page, 'PLTRon').locator('.cell-price .num').waitFor()
  if (moving) await afterFlash(page, 300)
  await shoot(page, `${prefix}-wide.png`)
  await page.setViewportSize({ width: 360, height: 640 })
  await page.getByRole('tab', { name: /^Semiconductors/ }).scrollIntoViewIfNeeded()
  await shoot(page, `${prefix}-narrow.png`)
  await page.setViewportSize(VIEWPORT)
  await page.keyboard.press('Control+1')
}

async function main(): Promise<void> {
  await mkdir(join(OUT_DIR, 'sessions'), { recursive: true })
  const browser = await launchBrowser()
  const harness = await startLiveHarness({
    browser,
    viewport: VIEWPORT,
    assets: 120,
    extraSymbols: MORE_SYMBOLS,
  })
  const { page } = harness
  try {
    // Only the settings dialog, for a change to it (`npx tsx test/e2e/screenshots.ts --settings-only`).
    if (process.argv.includes('--settings-only')) return await shootSettings(page)
    if (process.argv.includes('--lists-only')) {
      await shootLists(harness)
      return await shootWeekendLists(browser)
    }
    await rowOf(page, 'DISon').locator('.cell-price .num').waitFor()
    await rowOf(page, 'NVDAon').click()
    await afterFlash(page, 300)
    await shoot(page, 'watchlist.png')

    await page.keyboard.press('Enter')
    await page.getByRole('complementary').waitFor()
    await page.locator('.chart .chart-tick').first().waitFor() // the chart's chunk has loaded
    await shoot(page, 'detail.png')
    await page.keyboard.press('Escape')

    await shootSettings(page)

    await saveSettingsThroughDialog(page, (p) => p.getByLabel('Light').check())
    await afterFlash(page, 700)
    await shoot(page, 'light.png')
    await saveSettingsThroughDialog(page, (p) => p.getByLabel('Dark').check())

    await page.getByRole('button', { name: 'Ticker only' }).click()
    await page.setViewportSize({ width: VIEWPORT.width, height: 44 })
    await page.locator('.ticker-only').waitFor()
    await shoot(page, 'ticker.png')
    await page.getByRole('button', { name: 'Show the full window' }).click()
    await page.setViewportSize(VIEWPORT)

    await shootAlerts(harness)
    await shootLists(harness)

    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByLabel('New key').fill('sk-live-0000-wrong-key')
    await page.getByRole('button', { name: 'Replace key' }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('alert').filter({ hasText: 'rejected the API key' }).waitFor()
    // Let the last good prices age past twice their cadence, as they would while the key is fixed.
    await page.clock.fastForward('00:40')
    await page.locator('.stale').first().waitFor()
    await shoot(page, 'error.png')
  } finally {
    await harness.close()
  }
  try {
    await shootSessions(browser, join(OUT_DIR, 'sessions'))
    await shootLayoutsOnce(browser)
  } finally {
    await browser.close()
  }
}

/** The tabs on a Saturday, when only the off-hours tokens trade. */
async function shootWeekendLists(browser: Browser): Promise<void> {
  const weekend = await startLiveHarness({
    browser,
    viewport: VIEWPORT,
    assets: 120,
    extraSymbols: MORE_SYMBOLS,
    marketTime: SATURDAY,
  })
  try {
    await shootLists(weekend, 'lists-saturday', false)
  } finally {
    await weekend.close()
  }
}

/** The layout screenshots, on a harness of their own (they hold main's pushes and move the clock). */
async function shootLayoutsOnce(browser: Browser): Promise<void> {
  const pushes = heldPushes()
  const harness = await startLiveHarness({
    browser,
    viewport: VIEWPORT,
    assets: 120,
    extraSymbols: MORE_SYMBOLS,
    beforeEmit: pushes.beforeEmit,
  })
  try {
    await rowOf(harness.page, 'DISon').locator('.cell-price .num').waitFor()
    await shootLayouts(harness.page, pushes, OUT_DIR)
  } finally {
    pushes.release()
    await harness.close()
  }
  const weekend = await startLiveHarness({ browser, viewport: VIEWPORT, marketTime: SATURDAY })
  try {
    await shootWeekend(weekend.page, OUT_DIR)
  } finally {
    await weekend.close()
  }
  await shootWeekendLists(browser)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
