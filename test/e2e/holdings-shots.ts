import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { HOLDINGS_LEDGER } from './holdings-ledger'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness } from './live-sim'

/**
 * Holdings on a fixed Saturday (13:00 ET, the market closed, off-hours tokens trading): the
 * watchlist with its holding columns and the portfolio line, and the Holdings tab, at 1280 and
 * 360 px, with amounts shown and hidden. `npx tsx test/e2e/holdings-shots.ts` writes
 * docs/screenshots/holdings-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const width of [1280, 360])
      for (const hidden of [false, true]) {
        const harness = await startLiveHarness({
          browser,
          marketTime: SATURDAY,
          viewport: { width, height: 560 },
          transactions: HOLDINGS_LEDGER,
          settings: { hideAmounts: hidden },
        })
        try {
          const { page } = harness
          // The rows priced and the portfolio line filled (at 360 px the holding columns give way).
          await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
          await page.locator('.portfolio-line .portfolio-figure').first().waitFor()
          const shoot = async (view: string) => {
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            const name = `holdings-${view}-saturday-${width}${hidden ? '-hidden' : ''}.png`
            await page.screenshot({ path: join(OUT, name) })
            console.log(`wrote ${name}`)
          }
          await shoot('watchlist')
          await page.getByRole('tab', { name: /Holdings/ }).click()
          await rowOf(page, 'GONEon').locator('.cell-problem').waitFor({ timeout: 15_000 })
          await shoot('tab')
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
