import type { Page } from 'playwright-core'
import type { ValuedPosition } from '../../src/shared/holdings'
import type { PortfolioRange } from '../../src/shared/portfolio'
import { chartViewForWindow } from '../../src/main/core/portfolio/commands'
import { computePortfolio } from '../../src/main/core/portfolio/portfolio-compute'
import { benchPortfolioInput } from '../node/portfolio'
import { type Metric, floorOf, metric, round } from '../report'
import { timeFramePeriod, timeKeyToPaint } from './key-to-paint'

/**
 * The Holdings tab's portfolio chart (issue #49, item 6): a switch between ranges already drawn,
 * 1Y and All, by their keys (6 and 7) inside the section, from the key to the frame that painted
 * the new range's chart, the focus on it. main's answers (getPortfolioHistory) are the real
 * computation's, made here once from the portfolio bench's input at a person's size (10 tokens,
 * a year of daily points, 500 transactions) and answered by the page's bridge at once: what is
 * timed is the page's own work. Each range is shown once first (asked and laid out); each timed
 * press follows the page's frame period, measured just before it, and the budget is on the median
 * of the pairs' ratios: two frames, as the detail panel's keys.
 */

export const PORTFOLIO_SWITCH_BUDGET_FRAMES = 2

const SIZES = { symbols: 10, days: 365, transactions: 500, runs: 1 }
/** The Holdings tab opens on 3M (portfolio-history-store.ts); 1Y and All are the timed ones. */
const FIRST: PortfolioRange = '3m'
const TIMED = [
  { range: '1y', key: '6', words: '1 year chart of the portfolio' },
  { range: 'all', key: '7', words: 'all time chart of the portfolio' },
] as const satisfies ReadonlyArray<{ range: PortfolioRange; key: string; words: string }>

const SECTION = '.portfolio-history'
const CHART = `${SECTION} .chart-shown .chart-portfolio`

/** 3.5 tokens of `symbol` held, as main values a position: the Holdings tab is then on offer. */
function heldPosition(symbol: string): ValuedPosition {
  return {
    symbol,
    quantity: '3.5',
    cost: '350.35',
    averageCost: '100.10',
    realized: '0',
    price: '120.20',
    value: '420.70',
    unrealized: '70.35',
    unrealizedPct: '20.08',
    dayChange: '1.05',
    fairValue: '120.10',
    valueAtFairValue: '420.35',
    unrealizedAtFairValue: '70',
    premiumExposure: '0.35',
    stale: false,
    quantityFrom: 'ledger',
    ledgerQuantity: '3.5',
    uncosted: null,
  }
}

export async function portfolioSwitchMetrics(
  page: Page,
  rounds: number,
  log: (line: string) => void,
): Promise<Metric[]> {
  const input = benchPortfolioInput(SIZES)
  const views = Object.fromEntries(
    [FIRST, ...TIMED.map(({ range }) => range)].map((range) => [
      range,
      chartViewForWindow(computePortfolio({ ...input, range })),
    ]),
  )
  const symbols = await page
    .locator('[role="row"][data-symbol]')
    .evaluateAll(
      (rows, count) => rows.slice(0, count).map((row) => (row as HTMLElement).dataset.symbol),
      SIZES.symbols,
    )
  await page.evaluate(
    async ({ answers, positions }) => {
      const bench = window.__bench
      if (!bench) throw new Error('the bench bridge is not installed')
      bench.portfolioViews = answers
      // main's push of the holdings: the bridge's own (empty) answer, with these positions.
      const bridge = (window as unknown as { tokenwatch: Record<string, () => Promise<{ value: object }>> })
        .tokenwatch
      const nothingHeld = await bridge.getPortfolio?.()
      bench.emit('portfolio', { ...nothingHeld?.value, positions })
    },
    { answers: views, positions: symbols.filter((symbol) => symbol !== undefined).map(heldPosition) },
  )
  await page.getByRole('tab', { name: /Holdings/ }).click()
  const first = page.locator(CHART)
  await first.waitFor()
  // The keys work while the focus is inside the section; it then follows the chart shown, once
  // that range is drawn (a range asked for the first time leaves it behind on the chart hidden).
  await first.focus()
  for (const { key, words } of TIMED) {
    await page.evaluate(timeKeyToPaint, { key, selector: CHART, label: words, focused: true })
    await page.locator(CHART).focus()
  }
  const pairs: Record<string, { subject: number; floor: number }[]> = Object.fromEntries(
    TIMED.map(({ range }) => [range, []]),
  )
  for (let taken = 0; taken < rounds; taken++)
    for (const { range, key, words } of TIMED) {
      const floor = await page.evaluate(timeFramePeriod)
      const subject = await page.evaluate(timeKeyToPaint, {
        key,
        selector: CHART,
        label: words,
        focused: true,
      })
      pairs[range]?.push({ subject, floor })
    }
  const all = TIMED.flatMap(({ range }) => pairs[range] ?? [])
  const points = (range: string) => views[range]?.report.series.length ?? 0
  log(
    `portfolio range switch, drawn before, key to painted / frame period (ms): ${TIMED.map(
      ({ range }) =>
        `${range} (${points(range)} points) ${(pairs[range] ?? [])
          .map(({ subject, floor }) => `${round(subject)} / ${round(floor)}`)
          .join(', ')}`,
    ).join('; ')}`,
  )
  const floor = floorOf(all, 'ms')
  return [
    metric(
      'renderer.portfolio.switchFrames',
      all.length,
      floor.ratio,
      `frames, a portfolio range drawn before, key to painted (median of ${all.length} pairs with the ` +
        `page's frame period)`,
      PORTFOLIO_SWITCH_BUDGET_FRAMES,
      floor,
    ),
    metric('renderer.portfolio.switchMs', all.length, floor.subject, 'ms, key to painted', null),
  ]
}
