import { shootEachDayAndWidth } from './day-width-shots'
import { rowOf } from './harness'
import { HOLDINGS_LEDGER } from './holdings-ledger'

/**
 * The Holdings tab sorted by value, its search naming the list an add goes to, and the toast after
 * an add, on a fixed Tuesday late morning and a fixed Saturday, at 380 and 1280 px.
 * `npx tsx test/e2e/holdings-tab-shots.ts` writes docs/screenshots/holdings-tab-*.png.
 */
void shootEachDayAndWidth(
  [380, 1280],
  (width) => ({ viewport: { width, height: 560 }, transactions: HOLDINGS_LEDGER }),
  async ({ page, day, width, save }) => {
    await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await rowOf(page, 'GONEon').locator('.cell-problem').waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: /Position value.*sort/ }).click()
    await page.locator('#symbol-search').fill('brk-b')
    await page
      .getByRole('option', { name: /^BRK\.Bon/ })
      .first()
      .waitFor({ timeout: 15_000 })
    await save(`holdings-tab-search-${day}-${width}.png`)
    await page.keyboard.press('Enter')
    await page.locator('.toast', { hasText: 'Added BRK.Bon to Watchlist' }).waitFor({ timeout: 15_000 })
    // The toast's entrance played out: a shot mid-fade would show it see-through.
    await page
      .locator('.toast')
      .evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    await save(`holdings-tab-added-${day}-${width}.png`)
  },
)
