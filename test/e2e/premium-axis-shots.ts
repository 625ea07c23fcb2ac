import { join } from 'node:path'
import type { HistoryPoint, HistorySeries } from '../../src/shared/history'
import { historyFixture } from '../support/history-fixtures'
import { launchBrowser } from './harness'
import { openHistoryChart, startHistoryHarness } from './history-harness'
import { SATURDAY } from './layout-screenshots'

/**
 * The history chart's premium pane (issue 44 item 9): its scale over the fixture's own premiums
 * (a range of some basis points), a flat premium and a wide one, on a Monday morning (1M, a stock
 * token) and a Saturday (1W, a token trading off-hours), at 390 px and 1280 px.
 * `npx tsx test/e2e/premium-axis-shots.ts` (after `npm run build`) writes
 * docs/screenshots/premium-axis-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
/**
 * 10:15 ET on Monday 23 November 2026 (history-chart-shots.ts's Monday; importing it would run that script).
 */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)

const SHAPES: Record<string, (premium: string) => string> = {
  narrow: (premium) => premium,
  flat: () => '0.000312',
  wide: (premium) => (Number(premium) * 60).toFixed(6),
}
const DAYS = [
  { day: 'monday', marketTime: MONDAY_MORNING, symbol: 'AAPLon', offHours: false, range: '1m' },
  { day: 'saturday', marketTime: SATURDAY, symbol: 'NVDAon', offHours: true, range: '1w' },
] as const
const WIDTHS = [
  ['390', 390],
  ['wide', 1280],
] as const

function reshaped(series: HistorySeries, shape: (premium: string) => string): HistorySeries {
  const points = series.points.map((point): HistoryPoint => ({
    ...point,
    premium: point.premium && shape(point.premium),
  }))
  return { ...series, points }
}

async function main(): Promise<void> {
  const browser = await launchBrowser()
  const shots = DAYS.flatMap((day) =>
    Object.entries(SHAPES).flatMap(([shapeName, shape]) =>
      WIDTHS.map(([name, width]) => ({ ...day, shapeName, shape, name, width })),
    ),
  )
  try {
    for (const { day, marketTime, symbol, offHours, range, shapeName, shape, name, width } of shots) {
      const harness = await startHistoryHarness({
        browser,
        marketTime,
        viewport: { width, height: 900 },
        settings: { chartRange: range },
        histories: (asked, askedRange) =>
          reshaped(
            historyFixture({ symbol: asked, range: askedRange, end: marketTime, offHours, start: '181.5' }),
            shape,
          ),
      })
      try {
        await openHistoryChart(harness, symbol)
        const file = `premium-axis-${shapeName}-${day}-${name}.png`
        await harness.page.locator('.detail-chart').screenshot({ path: join(OUT, file) })
        console.log(`wrote ${file}`)
      } finally {
        await harness.close()
      }
    }
  } finally {
    await browser.close()
  }
}

void main()
