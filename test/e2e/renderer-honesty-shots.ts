import { join } from 'node:path'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * The watchlist's 24 h sparklines (a closed stretch shaded, never a solid bar), a repeated toast
 * standing once with its count, and the ticker-only view with focus on its way back, on a Tuesday
 * and a Saturday, light and dark, at 360 and 1280 px.
 * `npx tsx test/e2e/renderer-honesty-shots.ts` writes docs/screenshots/honesty-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const WIDTHS = [
  ['narrow', 360],
  ['wide', 1280],
] as const
/** The machine these run on may be busy: room to wait. */
const SLOW = { timeout: 120_000 }

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of [
      ['tuesday', TUESDAY_LATE_MORNING],
      ['saturday', SATURDAY],
    ] as const)
      for (const theme of ['light', 'dark'] as const) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width: 1280, height: 640 },
          settings: { theme },
          extraSymbols: ['MSFTon', 'AMZNon'],
        })
        try {
          const { page } = harness
          for (const symbol of ['AAPLon', 'Fon'])
            await rowOf(page, symbol).locator('svg.sparkline polyline').waitFor(SLOW)
          // Sorted by price, a row selected, Alt+Up three times as a person presses: one toast, ×3.
          await page
            .getByRole('columnheader', { name: /Token price/ })
            .getByRole('button')
            .click()
          await rowOf(page, 'AAPLon').click()
          for (let press = 0; press < 3; press++) {
            await page.keyboard.press('Alt+ArrowUp')
            await page.waitForTimeout(300)
          }
          await page.locator('.toast-count').waitFor(SLOW)
          for (const [name, width] of WIDTHS) {
            await page.setViewportSize({ width, height: 640 })
            await page.waitForTimeout(300)
            const file = `honesty-watchlist-${day}-${theme}-${name}.png`
            await page.screenshot({ path: join(OUT, file) })
            console.log(`wrote ${file}`)
          }
          if (theme === 'light') {
            await page.setViewportSize({ width: 1280, height: 640 })
            await page.getByRole('button', { name: 'Ticker only' }).click()
            await page.locator('#ticker-exit:focus').waitFor(SLOW)
            for (const [name, width] of WIDTHS) {
              await page.setViewportSize({ width, height: 120 })
              await page.waitForTimeout(300)
              const file = `honesty-ticker-only-${day}-${name}.png`
              await page.screenshot({ path: join(OUT, file) })
              console.log(`wrote ${file}`)
            }
          }
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
