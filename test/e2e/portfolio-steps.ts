import type { Locator, Page } from 'playwright-core'
import { rowOf } from './harness'

const SOON = { timeout: 30_000 }

/** Opens the Holdings tab and waits for the portfolio chart's shown range to be drawn, its marks placed. */
export async function showPortfolioChart(page: Page, hidden = false): Promise<Locator> {
  await rowOf(page, 'AAPLon').locator('.cell-price [title]').waitFor(SOON)
  const tab = page.getByRole('tab', { name: /Holdings/ })
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click()
  const section = page.getByRole('region', { name: 'Portfolio over time' })
  const shown = section.locator('.chart-shown')
  await shown.locator('.chart-portfolio .chart-tick').first().waitFor(SOON)
  if (hidden) await shown.locator('.chart-legend-item', { hasText: 'Amounts hidden' }).waitFor(SOON)
  return section
}
