import { join } from 'node:path'
import { launchBrowser } from './harness'
import { startLiveHarness } from './live-sim'

/**
 * The ticker-only strip through an outage, narrow and wide, on a fixed Tuesday morning:
 * `npx tsx test/e2e/ticker-offline-shots.ts` writes docs/screenshots/ticker-offline-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [name, width] of [
      ['narrow', 380],
      ['wide', 1180],
    ] as const) {
      const harness = await startLiveHarness({
        browser,
        viewport: { width, height: 40 },
        settings: { tickerOnly: true, cadences: { pricesMs: 1000 } },
        waitForPrices: false,
      })
      try {
        const { page } = harness
        await page.locator('.ticker-item .ticker-price').first().waitFor()
        await harness.sim.close()
        await page.getByRole('status', { name: /Offline/ }).waitFor({ timeout: 20_000 })
        await page.locator('.ticker-item.is-stale').first().waitFor({ timeout: 20_000 })
        // Stop the scroll where it is, so the picture is of the items, not a blur.
        await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
        await page.screenshot({ path: join(OUT, `ticker-offline-${name}.png`) })
      } finally {
        await harness.close()
      }
    }
  } finally {
    await browser.close()
  }
}

void main()
