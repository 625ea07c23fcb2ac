import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DepthView } from '../../src/shared/depth'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { type LiveHarness, type LiveHarnessOptions, startLiveHarness, TUESDAY_LATE_MORNING } from './live-sim'
import { SATURDAY } from './layout-screenshots'
import { assertRendererBuilt } from './static-server'

/**
 * The detail panel's depth, streamed from the simulator's gRPC at fixed market times: the levels
 * exactly as main received them, the session and the error in words, the cost form's inline error,
 * and a service that publishes no depth said once, in place.
 */

let browser: Browser

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function withDepth(
  options: Omit<LiveHarnessOptions, 'browser'>,
  symbol: string,
  test: (harness: LiveHarness, views: DepthView[]) => Promise<void>,
) {
  const harness = await startLiveHarness({
    browser,
    viewport: { width: 1280, height: 900 },
    stream: true,
    ...options,
  })
  const views: DepthView[] = []
  const off = harness.core.on('depth', (view) => views.push(view))
  try {
    await rowOf(harness.page, symbol).click()
    await harness.page.keyboard.press('Enter')
    await test(harness, views)
    expect(unexpectedErrors(harness)).toEqual([])
  } finally {
    off()
    await harness.close()
  }
}

/** Both tables' rows as [price, tokens] the way the page shows them, read in one go (one ladder). */
async function shownLevels(harness: LiveHarness): Promise<{ asks: string[][]; bids: string[][] }> {
  return harness.page.locator('.depth-sides').evaluate((sides) => {
    const [asks, bids] = [...sides.querySelectorAll('.depth-table')].map((table) =>
      [...table.querySelectorAll('tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent ?? ''),
      ),
    )
    return { asks: asks ?? [], bids: bids ?? [] }
  })
}

describe('the depth in the detail panel', () => {
  it(
    'a regular Tuesday: asks and bids best first, every digit as ' +
      'main received it; a bad amount said inline',
    async () => {
      await withDepth({ marketTime: TUESDAY_LATE_MORNING }, 'AAPLon', async (harness, views) => {
        const depth = harness.page.getByRole('region', { name: 'Depth' })
        await depth.locator('.depth-table').first().waitFor()
        expect(await depth.locator('.depth-meta').textContent()).toMatch(
          /^Streamed · Regular · received \d+s ago$/,
        )
        const { asks, bids } = await shownLevels(harness)
        expect(asks).toHaveLength(10)
        // The page shows one of the ladders main pushed, level for level, string for string.
        const match = views.find(
          (view) =>
            JSON.stringify(view.ladder?.asks.map((level) => [level.price, level.quantity])) ===
              JSON.stringify(asks) &&
            JSON.stringify(view.ladder?.bids.map((level) => [level.price, level.quantity])) ===
              JSON.stringify(bids),
        )
        expect(match?.ladder?.session).toBe('regular')
        expect(
          await depth
            .locator('p', {
              hasText: /^Spread \d+\.\d\d bp · mid \d+\.\d\d bp (above|below) the display price$/,
            })
            .count(),
        ).toBe(1)

        await depth.getByLabel('Amount').fill('3.5.1')
        expect(await depth.locator('.field-error').textContent()).toContain('is not an amount')
        await depth.getByLabel('Amount').fill('3.5')
        await depth.locator('.depth-cost-result').waitFor()
        expect(await depth.locator('.depth-cost-result p').first().textContent()).toMatch(
          /^Pay \$[\d,]+\.\d\d for 3\.5 tokens, average \$[\d,.]+$/,
        )
      })
    },
  )

  it('a Saturday: a conventional token says the market is closed, with no levels', async () => {
    await withDepth({ marketTime: SATURDAY }, 'AAPLon', async (harness) => {
      const depth = harness.page.getByRole('region', { name: 'Depth' })
      await depth.locator('.depth-error').waitFor()
      expect(await depth.locator('.depth-error').textContent()).toBe('No levels: market closed.')
      expect(await depth.locator('.depth-table').count()).toBe(0)
      expect(await depth.locator('.depth-meta').textContent()).toMatch(/^Streamed · Off-hours/)
    })
  })

  it('a service that publishes no depth: said once, in place', async () => {
    await withDepth({ marketTime: TUESDAY_LATE_MORNING }, 'AAPLon', async (harness) => {
      // Switched after start (the page is open): its gRPC now answers UNIMPLEMENTED, as such a service does.
      harness.sim.setSpecOnly(true)
      await harness.page.keyboard.press('Escape')
      await rowOf(harness.page, 'MSFTon').click()
      await harness.page.keyboard.press('Enter')
      const depth = harness.page.getByRole('region', { name: 'Depth' })
      await depth.locator('.not-published').waitFor()
      expect(await harness.page.getByText('This service publishes no depth', { exact: false }).count()).toBe(
        1,
      )
    })
  })
})
