import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, rowOf } from './harness'
import { startLiveHarness } from './live-sim'

/**
 * `npm run screenshots:service-status`: what the service says of the market, in
 * docs/screenshots/: a row paused for a split on the evening before it (and the header's
 * service mark), and the detail's trading capacity with a quick check, wide and at 400 px.
 */

const OUT_DIR = process.env.SCREENSHOT_DIR ?? join(__dirname, '..', '..', 'docs', 'screenshots')
/** Sunday 2026-11-15 21:00 ET, the overnight session: LLY's split pause runs from 19:50 ET. */
export const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
/** Tuesday 2026-11-17 11:32 ET, the regular session. */
const TUESDAY_LATE_MORNING = Date.UTC(2026, 10, 17, 16, 32, 10)

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT_DIR, name)
  await page.screenshot({ path })
  console.log(`wrote ${path}`)
}

async function shootPausedRow(browser: Browser): Promise<void> {
  const harness = await startLiveHarness({
    browser,
    viewport: { width: 1280, height: 520 },
    marketTime: EVENING_BEFORE_SPLIT,
    extraSymbols: ['LLYon', 'JPMon'],
  })
  try {
    const { page } = harness
    await rowOf(page, 'LLYon').locator('.pause-tag').waitFor()
    await rowOf(page, 'LLYon').click()
    await shoot(page, 'service-paused-row.png')
    await page.keyboard.press('Enter')
    await page.getByRole('region', { name: 'Pauses' }).waitFor()
    await page.getByRole('region', { name: 'Pauses' }).scrollIntoViewIfNeeded()
    await shoot(page, 'service-paused-detail.png')
  } finally {
    await harness.close()
  }
}

async function shootCapacity(browser: Browser, width: number, name: string): Promise<void> {
  const harness = await startLiveHarness({
    browser,
    viewport: { width, height: 760 },
    marketTime: TUESDAY_LATE_MORNING,
  })
  try {
    const { page } = harness
    await rowOf(page, 'AAPLon').click()
    await page.keyboard.press('Enter')
    const capacity = page.getByRole('region', { name: 'Trading capacity now' })
    await capacity.locator('.capacity-line').first().waitFor()
    await capacity.getByLabel('Quick check: buy').fill('25,000')
    await capacity.locator('.quick-check-sessions').waitFor()
    await capacity.scrollIntoViewIfNeeded()
    await shoot(page, name)
  } finally {
    await harness.close()
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true })
  const browser = await launchBrowser()
  try {
    await shootPausedRow(browser)
    await shootCapacity(browser, 1280, 'service-capacity-wide.png')
    await shootCapacity(browser, 400, 'service-capacity-400.png')
  } finally {
    await browser.close()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
