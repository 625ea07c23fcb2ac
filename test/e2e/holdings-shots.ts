import { shootEachDayAndWidth } from './day-width-shots'
import { rowOf } from './harness'
import { HOLDINGS_LEDGER } from './holdings-ledger'

/**
 * Holdings on a fixed Tuesday late morning (the market open) and a fixed Saturday (13:00 ET, the
 * market closed, off-hours tokens trading): the watchlist with its holding columns and the
 * portfolio line, and the Holdings tab, at 1280 and 360 px, with amounts shown and hidden.
 * `npx tsx test/e2e/holdings-shots.ts` writes docs/screenshots/holdings-{watchlist,tab}-*.png.
 */
async function main(): Promise<void> {
  for (const hidden of [false, true])
    await shootEachDayAndWidth(
      [1280, 360],
      (width) => ({
        viewport: { width, height: 560 },
        transactions: HOLDINGS_LEDGER,
        settings: { hideAmounts: hidden },
      }),
      async ({ page, day, width, save }) => {
        const name = (view: string) => `holdings-${view}-${day}-${width}${hidden ? '-hidden' : ''}.png`
        // The rows priced and the portfolio line filled (at 360 px the holding columns give way).
        await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
        await page.locator('.portfolio-line .portfolio-figure').first().waitFor()
        await save(name('watchlist'))
        await page.getByRole('tab', { name: /Holdings/ }).click()
        await rowOf(page, 'GONEon').locator('.cell-problem').waitFor({ timeout: 15_000 })
        await save(name('tab'))
      },
    )
}

void main()
