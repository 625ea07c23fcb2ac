import { join } from 'node:path'
import { launchBrowser } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'
import { PORTFOLIO_LEDGER } from './portfolio-ledger'
import { showPortfolioChart } from './portfolio-steps'

/**
 * The Holdings tab with its portfolio chart (issue #49), 3M, amounts shown and hidden, on a fixed
 * Tuesday late morning and a fixed Saturday, at 360 and 1280 px.
 * `npx tsx test/e2e/portfolio-chart-shots.ts` writes docs/screenshots/portfolio-chart-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
const DAYS = { tuesday: TUESDAY_LATE_MORNING, saturday: SATURDAY }

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [day, marketTime] of Object.entries(DAYS))
      for (const width of [360, 1280])
        for (const amounts of ['shown', 'hidden'] as const) {
          const harness = await startLiveHarness({
            browser,
            marketTime,
            viewport: { width, height: 1400 },
            transactions: PORTFOLIO_LEDGER,
            settings: { hideAmounts: amounts === 'hidden' },
          })
          try {
            const { page } = harness
            const section = await showPortfolioChart(page, amounts === 'hidden')
            await page.evaluate(() => document.getAnimations().forEach((animation) => animation.pause()))
            const name = `portfolio-chart-${amounts}-${day}-${width}.png`
            await section.screenshot({ path: join(OUT, name) })
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
