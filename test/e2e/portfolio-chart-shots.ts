import { shootEachDayAndWidth } from './day-width-shots'
import { PORTFOLIO_LEDGER } from './portfolio-ledger'
import { showPortfolioChart } from './portfolio-steps'

/**
 * The Holdings tab with its portfolio chart (issue #49), 3M, amounts shown and hidden, on a fixed
 * Tuesday late morning and a fixed Saturday, at 360 and 1280 px.
 * `npx tsx test/e2e/portfolio-chart-shots.ts` writes docs/screenshots/portfolio-chart-*.png.
 */
async function main(): Promise<void> {
  for (const amounts of ['shown', 'hidden'] as const)
    await shootEachDayAndWidth(
      [360, 1280],
      (width) => ({
        viewport: { width, height: 1400 },
        transactions: PORTFOLIO_LEDGER,
        settings: { hideAmounts: amounts === 'hidden' },
      }),
      async ({ page, day, width, save }) => {
        const section = await showPortfolioChart(page, amounts === 'hidden')
        await save(`portfolio-chart-${amounts}-${day}-${width}.png`, section)
      },
    )
}

void main()
