import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The settings dialog and the alert editor (a liquidity alert, the form's longest kind), whole, on a
 * fixed Tuesday late morning and a fixed Saturday, at 400 and 1280 px: the pictures to compare when
 * the forms' code is reorganised, which must not change what they show.
 * `npx tsx test/e2e/forms-shots.ts [out-dir]` writes settings-dialog-* and alert-editor-* PNGs
 * (docs/screenshots/forms/ by default).
 */
const OUT = process.argv[2] ?? join(__dirname, '..', '..', 'docs', 'screenshots', 'forms')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true })
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [400, 1280]) {
        // The header's Settings button shows at full width: open there, then narrow the window.
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width: 1280, height: 1500 },
        })
        try {
          const { page } = harness
          await page.getByRole('button', { name: 'Settings', exact: true }).click()
          await page.getByRole('dialog').waitFor()
          await page.setViewportSize({ width, height: 2400 })
          await page.screenshot({ path: join(OUT, `settings-dialog-${day}-${width}.png`) })
          await page.keyboard.press('Escape')
          await page.getByRole('dialog').waitFor({ state: 'detached' })
          await page.setViewportSize({ width: 1280, height: 1500 })
          await rowOf(page, 'NVDAon').click({ button: 'right' })
          await page.getByRole('menuitem', { name: 'Create alert…' }).click()
          const form = page.getByRole('dialog', { name: 'New alert' })
          await form.getByLabel('Alert when').selectOption('depth-below')
          await page.setViewportSize({ width, height: 1500 })
          await page.screenshot({ path: join(OUT, `alert-editor-${day}-${width}.png`) })
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
