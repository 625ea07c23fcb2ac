import { join } from 'node:path'
import type { TransactionInput } from '../../src/shared/holdings'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * `npx tsx test/e2e/at-bids-shots.ts` (after `npm run build`): the portfolio line and the Holdings
 * tab with the holdings valued at their bids, streamed from the simulator, at 360 and 1280 px, on a
 * regular Tuesday and on a Saturday (NVDAon trades off-hours, AAPLon's market is closed), amounts
 * shown and hidden, and a service that publishes no depth: docs/screenshots/at-bids-*.png.
 */

const OUT_DIR = process.env.SCREENSHOT_DIR ?? join(__dirname, '..', '..', 'docs', 'screenshots')

/** 3.5 AAPLon and 12.25 NVDAon, bought the week before. */
const LEDGER: TransactionInput[] = [
  { time: '2026-11-10T10:00:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '3.5', price: '120.20' },
  { time: '2026-11-10T10:05:00-05:00', symbol: 'NVDAon', side: 'buy', quantity: '12.25', price: '100.10' },
]

const DAYS = [
  { day: 'tuesday', marketTime: TUESDAY_LATE_MORNING, specOnly: false },
  { day: 'saturday', marketTime: SATURDAY, specOnly: false },
  { day: 'no-depth', marketTime: TUESDAY_LATE_MORNING, specOnly: true },
] as const

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const { day, marketTime, specOnly } of DAYS)
      for (const width of [360, 1280])
        for (const hidden of specOnly ? [false] : [false, true]) {
          const harness = await startLiveHarness({
            browser,
            marketTime,
            viewport: { width, height: 420 },
            transactions: LEDGER,
            settings: { hideAmounts: hidden },
            stream: true,
            specOnly,
          })
          try {
            const { page } = harness
            await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
            await page.getByRole('tab', { name: /Holdings/ }).click()
            // The bids came (or the service said it has none) for both positions.
            await page.locator('.portfolio-line', { hasText: /at bids|display prices only/ }).waitFor()
            await page
              .locator('.at-bids-line', { hasText: specOnly ? 'display price only' : /bids/ })
              .nth(1)
              .waitFor({ timeout: 15_000 })
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            const name = `at-bids-${day}-${width}${hidden ? '-hidden' : ''}.png`
            await page.screenshot({ path: join(OUT_DIR, name) })
            console.log(`wrote ${name}`)
          } finally {
            await harness.close()
          }
        }
  } finally {
    await browser.close()
  }
}

void main()
