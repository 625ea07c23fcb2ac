import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { NARROW_AND_WIDE, SATURDAY } from './layout-screenshots'
import { startLiveHarness } from './live-sim'

/**
 * The detail chart with the computer in London, narrow and wide, on a fixed Monday morning (the
 * chart reaches back over the weekend) and a fixed Saturday (a token trading off-hours): every
 * time reads in market time with its zone. `npx tsx test/e2e/london-chart-shots.ts` writes
 * docs/screenshots/london-chart-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
/** 10:15 ET on Monday 23 November 2026. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime, symbol] of [
      ['monday', MONDAY_MORNING, 'AAPLon'],
      ['saturday', SATURDAY, 'NVDAon'],
    ] as const)
      for (const [name, width] of NARROW_AND_WIDE) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          timezoneId: 'Europe/London',
          viewport: { width, height: 760 },
        })
        try {
          const { page } = harness
          await rowOf(page, symbol).click()
          await page.keyboard.press('Enter')
          await page.locator('.chart .chart-tick').first().waitFor()
          // The crosshair on the first point, so the readout shows its time.
          await page.getByRole('figure', { name: /24 hour price chart/ }).focus()
          await page.keyboard.press('Home')
          await page.locator('.chart-readout-time').waitFor()
          await page.locator('.chart').screenshot({ path: join(OUT, `london-chart-${day}-${name}.png`) })
          console.log(`wrote london-chart-${day}-${name}.png`)
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
