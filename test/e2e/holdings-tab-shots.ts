import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { HOLDINGS_LEDGER } from './holdings-ledger'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The Holdings tab sorted by value, its search naming the list an add goes to, and the toast after
 * an add, on a fixed Tuesday late morning and a fixed Saturday, at 380 and 1280 px.
 * `npx tsx test/e2e/holdings-tab-shots.ts` writes docs/screenshots/holdings-tab-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [380, 1280]) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 560 },
          transactions: HOLDINGS_LEDGER,
        })
        try {
          const { page } = harness
          const shoot = async (view: string) => {
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            const name = `holdings-tab-${view}-${day}-${width}.png`
            await page.screenshot({ path: join(OUT, name) })
            console.log(`wrote ${name}`)
          }
          await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
          await page.getByRole('tab', { name: /Holdings/ }).click()
          await rowOf(page, 'GONEon').locator('.cell-problem').waitFor({ timeout: 15_000 })
          await page.getByRole('button', { name: /Position value.*sort/ }).click()
          await page.locator('#symbol-search').fill('brk-b')
          await page
            .getByRole('option', { name: /^BRK\.Bon/ })
            .first()
            .waitFor({ timeout: 15_000 })
          await shoot('search')
          await page.keyboard.press('Enter')
          await page.locator('.toast', { hasText: 'Added BRK.Bon to Watchlist' }).waitFor({ timeout: 15_000 })
          // The toast's entrance played out: a shot mid-fade would show it see-through.
          await page
            .locator('.toast')
            .evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
          await shoot('added')
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
