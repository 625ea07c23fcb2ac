import { join } from 'node:path'
import { launchBrowser, reloadLive, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * `npx tsx test/e2e/depth-alerts-shots.ts` (after `npm run build`): the alerts list with a spread
 * and a liquidity alert on the simulator's streamed depth, and the editor on the liquidity alert
 * with an inline message, at 360 and 1280 px, on a regular Tuesday and on a Saturday (AAPLon's
 * market closed: its depth alerts idle, said why): docs/screenshots/depth-alerts-*.png.
 */

const OUT_DIR = process.env.SCREENSHOT_DIR ?? join(__dirname, '..', '..', 'docs', 'screenshots')

const DAYS = [
  { day: 'tuesday', marketTime: TUESDAY_LATE_MORNING },
  { day: 'saturday', marketTime: SATURDAY },
] as const

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const { day, marketTime } of DAYS)
      for (const width of [360, 1280]) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 720 },
          stream: true,
        })
        try {
          const { page, core } = harness
          for (const condition of [
            { kind: 'spread-bp', thresholdBp: '25' },
            { kind: 'depth-below', side: 'bids', levels: 5, size: '1250.40', unit: 'dollars' },
          ] as const)
            await core.invoke('createAlert', { input: { symbol: 'AAPLon', condition } })
          await reloadLive(page)
          await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
          await page.getByRole('grid', { name: 'Watchlist' }).focus()
          await page.keyboard.press('a')
          const panel = page.getByRole('complementary', { name: 'Alerts' })
          await panel.locator('.alert-item').nth(1).waitFor()
          // The stream's first push has told which alerts are idle (none on a Tuesday).
          if (day === 'saturday') await panel.locator('.alert-idle').nth(1).waitFor({ timeout: 20_000 })
          else await page.waitForTimeout(3_000)
          await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
          await page.screenshot({ path: join(OUT_DIR, `depth-alerts-list-${day}-${width}.png`) })
          await panel.getByRole('button', { name: /^Edit alert: AAPLon depth under/ }).click()
          const editor = page.getByRole('dialog', { name: /alert/ })
          await editor.getByLabel('Best levels').fill('0')
          await editor.getByRole('button', { name: 'Save alert' }).click()
          await editor.locator('.field-error').waitFor()
          await page.screenshot({ path: join(OUT_DIR, `depth-alerts-editor-${day}-${width}.png`) })
          console.log(`wrote depth-alerts-*-${day}-${width}.png`)
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
