import { describe, expect, it } from 'vitest'
import type { DayCandlesView } from '../../src/shared/day-candles'
import { formatPrice } from '../../src/renderer/format'
import { rowOf } from './harness'
import { type LiveHarness, type LiveHarnessOptions, startLiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The detail's 1D chart over a real AppCore streaming the live minute from the simulator's gRPC
 * on a regular Tuesday late morning: the line says it is streamed and how old, the live minute's
 * figures move with the market; a service without streams draws the polled history and says why.
 */

const harnesses = harnessPerTest<LiveHarness>()

async function withChart(
  options: Omit<LiveHarnessOptions, 'browser'>,
  test: (harness: LiveHarness, views: DayCandlesView[]) => Promise<void>,
) {
  const harness = await harnesses.open((browser) =>
    startLiveHarness({
      browser,
      viewport: { width: 1280, height: 900 },
      stream: true,
      settings: { chartRange: '1d' },
      ...options,
    }),
  )
  const views: DayCandlesView[] = []
  const off = harness.core.on('dayCandles', (view) => views.push(view))
  try {
    await rowOf(harness.page, 'AAPLon').click()
    await harness.page.keyboard.press('Enter')
    await test(harness, views)
  } finally {
    off()
  }
}

describe('the 1D chart’s live minute', () => {
  it('streams on a Tuesday morning: said above the chart, the live minute moving', async () => {
    await withChart({}, async ({ page }, views) => {
      const source = page.locator('.chart-source')
      await expect
        .poll(() => source.textContent(), { timeout: 30_000 })
        .toMatch(/^Minutes streamed, live minute received \d+s ago/)
      const live = page.locator('.chart-live-minute')
      const before = await live.textContent()
      expect(before).toMatch(/^Minute of Nov 17, 11:3\d:00 ET: O [\d,.]+ H [\d,.]+ L [\d,.]+ C [\d,.]+$/)
      // The market moves on (real time runs): the live minute's figures follow.
      await expect.poll(() => live.textContent(), { timeout: 30_000 }).not.toBe(before)
      // What the page says is the close main pushed last, every digit as sent.
      await expect
        .poll(async () => {
          const last = views.findLast((view) => view.live !== null)?.live
          return last != null && (await live.textContent())?.endsWith(`C ${formatPrice(last.close)}`)
        })
        .toBe(true)
    })
  })

  it('draws the polled history where the service has no streams, and says why', async () => {
    await withChart({ specOnly: true }, async ({ page }) => {
      await expect
        .poll(() => page.locator('.chart-source').textContent(), { timeout: 30_000 })
        .toMatch(/^Polled 24 h history, last point .+; minutes not streamed: /)
      expect(await page.locator('.chart-live-minute').count()).toBe(0)
    })
  })
})
