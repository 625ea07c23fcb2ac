import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf } from './harness'
import { pushChanges } from './held-pushes'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * No label of the detail chart is cut, at any width from 360 px: the time labels (HTML) lie
 * inside the chart's box, and the price scale's labels (drawn on its canvas by lightweight-charts)
 * leave the canvas's top and bottom rows blank: a label that touches an edge of its canvas is
 * drawn past it, cut in half. At 360 px the top price label used to be. Beside the simulator's
 * histories, one made for the hard case: prices from 100 to 190, so that with the scale's 10 %
 * top margin a round tick (200) falls within a pixel of the top edge.
 */

/** 10:15 ET on Monday 23 November 2026: the 24 h history reaches back over the weekend. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)
/** A steady riser and one that trades off-hours (no gap): two shapes of price scale. */
const SYMBOLS = ['AAPLon', 'NVDAon']

let browser: Browser

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Each time label whose box is not inside the chart's figure, named with its box. */
async function timeLabelsOutside(page: Page): Promise<string[]> {
  return page.locator('.chart').evaluate((chart) => {
    const outer = chart.getBoundingClientRect()
    return [...chart.querySelectorAll('.chart-tick')].flatMap((label) => {
      const box = label.getBoundingClientRect()
      const inside =
        box.left >= outer.left &&
        box.right <= outer.right &&
        box.top >= outer.top &&
        box.bottom <= outer.bottom
      return inside
        ? []
        : [`"${label.textContent}" at ${box.left}-${box.right} outside ${outer.left}-${outer.right}`]
    })
  })
}

/**
 * The price scale's canvases: which of their edge rows (top, bottom) carry ink, and how many
 * rows carry any (so a blank or missing scale cannot pass for a fitting one).
 */
async function priceScaleInk(page: Page): Promise<{ inkRows: number; inkOnEdge: string[] }> {
  return page.locator('.chart-canvas').evaluate((host) => {
    const cells = [...host.querySelectorAll('td')]
    // The plot is the widest cell; the price scale, the cell after it.
    const plot = cells.reduce((widest, cell) => (cell.clientWidth > widest.clientWidth ? cell : widest))
    const scale = plot.nextElementSibling
    let inkRows = 0
    const inkOnEdge: string[] = []
    for (const canvas of scale ? [...scale.querySelectorAll('canvas')] : []) {
      const context = canvas.getContext('2d')
      if (!context || canvas.width === 0 || canvas.height === 0) continue
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
      const rowHasInk = (row: number) => {
        for (let x = 0; x < width; x++) if ((data[(row * width + x) * 4 + 3] ?? 0) > 0) return true
        return false
      }
      for (let row = 0; row < height; row++) if (rowHasInk(row)) inkRows++
      if (rowHasInk(0)) inkOnEdge.push('top')
      if (rowHasInk(height - 1)) inkOnEdge.push('bottom')
    }
    return { inkRows, inkOnEdge }
  })
}

describe.each([360, 400, 1280])('the detail chart at %i px', (width) => {
  let harness: LiveHarness

  beforeAll(async () => {
    harness = await startLiveHarness({
      browser,
      marketTime: MONDAY_MORNING,
      viewport: { width, height: 760 },
    })
  })
  afterAll(async () => {
    await harness?.close()
  })

  it.each([...SYMBOLS.map((symbol) => [symbol, false] as const), ['AAPLon', true] as const])(
    'cuts no label of %s (a round tick at the top edge: %s), time or price',
    async (symbol, roundTickAtTop) => {
      const { page, core } = harness
      await rowOf(page, symbol).click()
      await page.keyboard.press('Enter')
      await page.getByRole('complementary', { name: symbol }).waitFor()
      await page.locator('.chart .chart-tick').first().waitFor()
      if (roundTickAtTop) {
        const times = (
          core.currentSnapshot().assets.find((asset) => asset.symbol === symbol)?.history24h ?? []
        ).map((point) => point.t)
        const last = times.length - 1
        const history24h = times.map((t, i) => ({ t, price: (100 + (90 * i) / last).toFixed(2) }))
        await pushChanges(page, [{ symbol, fields: { history24h } }])
        await expect.poll(() => page.locator('.chart').getAttribute('aria-label')).toContain('high 190.00')
      }
      // Drawn on the chart's next frame, after the labels are placed.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )

      expect(await page.locator('.chart .chart-tick').count()).toBeGreaterThanOrEqual(2)
      expect(await timeLabelsOutside(page)).toEqual([])
      const ink = await priceScaleInk(page)
      expect(ink.inkRows, 'the price scale drew labels').toBeGreaterThan(10)
      expect(ink.inkOnEdge).toEqual([])
      await page.keyboard.press('Escape')
    },
  )
})
