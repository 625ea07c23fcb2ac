import { join } from 'node:path'
import { launchBrowser, LIVE_PRICED_ROW, startHarness } from './harness'
import { holdAppScript, MAIN_FRAME_PRICED_ROW } from './hold-app-script'

/**
 * The window while its app's script is still loading (main's frame, inert, with `a` pressed) and
 * once the app is live (the key acted on: the alerts panel open), narrow and wide, on a Wednesday
 * and a Saturday at 11:00 ET: `npx tsx test/e2e/page-live-shots.ts` writes
 * docs/screenshots/page-live-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = [
  ['wednesday', Date.UTC(2026, 10, 18, 16, 0)],
  ['saturday', Date.UTC(2026, 10, 21, 16, 0)],
] as const

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, fixedAt] of DAYS)
      for (const width of [400, 1280]) {
        const harness = await startHarness({ browser, clock: { fixedAt }, viewport: { width, height: 760 } })
        try {
          const { page } = harness
          const held = await holdAppScript(page)
          await page.reload({ waitUntil: 'commit' })
          await held.requested
          await page.locator(MAIN_FRAME_PRICED_ROW).first().waitFor()
          await page.keyboard.press('a')
          await page.screenshot({ path: join(OUT, `page-live-${day}-${width}-before.png`) })
          held.release()
          await page.locator(LIVE_PRICED_ROW).first().waitFor()
          await page.getByRole('complementary', { name: 'Alerts' }).waitFor({ timeout: 15_000 })
          await page.screenshot({ path: join(OUT, `page-live-${day}-${width}-live.png`) })
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
