import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The watchlist while the market-data endpoint fails and prices stay live, ten minutes on, narrow
 * and wide, on a fixed Tuesday morning and a fixed Saturday:
 * `npx tsx test/e2e/market-stale-shots.ts` writes docs/screenshots/market-data-stale-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of [
      ['tuesday', TUESDAY_LATE_MORNING],
      ['saturday', SATURDAY],
    ] as const)
      for (const [name, width] of NARROW_AND_WIDE) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 520 },
          settings: { cadences: { pricesMs: 1000, marketMs: 15_000, limitsMs: 15_000 } },
        })
        try {
          const { page } = harness
          harness.sim.setFaults({ market: { serverError: 1 } })
          await harness.advanceMarket(10 * 60_000)
          await page
            .locator('.banner-error .banner-text', { hasText: /Market data 10m old; prices live/ })
            .waitFor({ timeout: 30_000 })
          await rowOf(page, 'AAPLon').locator('.stale-source').waitFor()
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          await page.screenshot({ path: join(OUT, `market-data-stale-${day}-${name}.png`) })
          console.log(`wrote market-data-stale-${day}-${name}.png`)
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
