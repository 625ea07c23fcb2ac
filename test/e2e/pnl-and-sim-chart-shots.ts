import { join } from 'node:path'
import type { TransactionInput } from '../../src/shared/holdings'
import { launchBrowser, rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'

/**
 * Issue 44's views on the simulator: the Holdings tab and the portfolio line under average cost
 * with the issue's ledger (P&L in cents, not a dash), and AAPLon's 1W chart (no $1.00 candles over
 * the weekend), on a fixed Tuesday late morning and a fixed Saturday, at 380 and 1280 px.
 * `npx tsx test/e2e/pnl-and-sim-chart-shots.ts` writes docs/screenshots/issue44-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

const trade = (
  time: string,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
  fee: string,
): TransactionInput => ({
  time: `2026-11-16T${time}:00-05:00`,
  symbol: 'NVDAon',
  side,
  quantity,
  price,
  fee,
})
/**
 * Buy 10 at 100.10 (fee 0.10), buy 5 at 120.20, sell 8 at 150.30 (fee 0.20): the average divides without end.
 */
const LEDGER = [
  trade('10:00', 'buy', '10', '100.10', '0.10'),
  trade('10:05', 'buy', '5', '120.20', '0'),
  trade('11:00', 'sell', '8', '150.30', '0.20'),
]

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [380, 1280]) {
        const harness = await startLiveHarness({
          browser,
          marketTime,
          viewport: { width, height: 720 },
          transactions: LEDGER,
          settings: { chartRange: '1w' },
        })
        try {
          const { page } = harness
          const shoot = async (view: string) => {
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            const name = `issue44-${view}-${day}-${width}.png`
            await page.screenshot({ path: join(OUT, name) })
            console.log(`wrote ${name}`)
          }
          await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor()
          await page.getByRole('tab', { name: /Holdings/ }).click()
          await rowOf(page, 'NVDAon').waitFor({ timeout: 15_000 })
          await page.locator('.portfolio-line .num').first().waitFor({ timeout: 15_000 })
          await shoot('holdings')
          await page.getByRole('tab', { name: /Holdings/ }).click()
          await page.getByRole('tab', { name: /Watchlist/ }).click()
          await rowOf(page, 'AAPLon').click()
          await page.keyboard.press('Enter')
          await page.locator('.chart-shown .chart-history .chart-tick').first().waitFor({ timeout: 30_000 })
          await shoot('aaplon-1w')
        } finally {
          await harness.close()
        }
      }
  } finally {
    await browser.close()
  }
}

void main()
