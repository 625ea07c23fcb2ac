import { join } from 'node:path'
import type { HistoryRange } from '../../src/shared/history'
import { historyFixture } from '../support/history-fixtures'
import { launchBrowser } from './harness'
import { openHistoryChart, startHistoryHarness } from './history-harness'
import { SATURDAY } from './layout-screenshots'

/**
 * The detail chart beyond 24 hours: 1M and All for a stock token (on a Monday morning, after a
 * 10:1 split and a dividend step) and for a token trading off-hours (on a Saturday, its weekend
 * buckets over a carried stock close), wide and at 400 px, the crosshair on a point.
 * `npx tsx test/e2e/history-chart-shots.ts` writes docs/screenshots/history-*.png.
 */
const OUT = join(__dirname, '..', '..', 'docs', 'screenshots')
/** 10:15 ET on Monday 23 November 2026. */
export const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)
/** A 10:1 split before the open on Wednesday 18 November 2026, and a dividend step on 10 November. */
export const SPLIT = { t: Date.UTC(2026, 10, 18, 13, 0), from: '1.0011', to: '10.011' }
export const DIVIDEND = { t: Date.UTC(2026, 10, 10, 13, 0), from: '1', to: '1.0011' }

async function main(): Promise<void> {
  const browser = await launchBrowser()
  try {
    for (const [kind, marketTime, symbol, offHours] of [
      ['stock', MONDAY_MORNING, 'AAPLon', false],
      ['offhours', SATURDAY, 'NVDAon', true],
    ] as const)
      for (const range of ['1m', 'all'] as const)
        for (const [name, width] of [
          ['400', 400],
          ['wide', 1280],
        ] as const) {
          const harness = await startHistoryHarness({
            browser,
            marketTime,
            viewport: { width, height: 900 },
            settings: { chartRange: range as HistoryRange },
            histories: (asked, askedRange) =>
              historyFixture({
                symbol: asked,
                range: askedRange,
                end: marketTime,
                offHours,
                steps: offHours ? [] : [DIVIDEND, SPLIT],
                start: offHours ? '181.5' : '2300',
                rejectedCandles: 2,
              }),
          })
          try {
            const { page } = harness
            await openHistoryChart(harness, symbol)
            const chart = page.locator('.chart-history')
            await chart.focus()
            // The crosshair a little way in, so the readout shows a point.
            await page.keyboard.press('Home')
            for (let step = 0; step < 12; step++) await page.keyboard.press('PageDown')
            await page.locator('.chart-readout-time').waitFor()
            await page
              .locator('.detail-chart')
              .screenshot({ path: join(OUT, `history-${kind}-${range}-${name}.png`) })
            console.log(`wrote history-${kind}-${range}-${name}.png`)
          } finally {
            await harness.close()
          }
        }
  } finally {
    await browser.close()
  }
}

void main()
