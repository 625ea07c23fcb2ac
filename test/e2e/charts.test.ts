import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { chartLabelBoxes, overlappingLabels } from './layout-checks'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { assertRendererBuilt, RENDERER_DIR } from './static-server'

/**
 * The detail chart (lightweight-charts, on trading time), against the simulator at fixed market
 * instants: a Monday morning (the 24h history reaches back to Friday over the weekend) and the
 * Friday after Thanksgiving (back over the holiday). The weekend or holiday is a thin marked gap,
 * the axis labels do not overlap and name the days, and the crosshair reaches a point by keyboard
 * and shows its exact price. The page's policy refuses nothing the chart does (any refusal is a
 * console error, which afterAll checks), and the chart is not part of the first load.
 */

/** 10:15 ET on Monday 23 November 2026. */
const MONDAY_MORNING = Date.UTC(2026, 10, 23, 15, 15)
/** 11:00 ET on Friday 27 November 2026, the early close after Thanksgiving. */
const AFTER_THANKSGIVING = Date.UTC(2026, 10, 27, 16, 0)
/** Trades in the conventional sessions only, so its market closes over weekends and holidays. */
const SYMBOL = 'AAPLon'
/** Trades off-hours in the simulator, so for it the market never closes. */
const OFF_HOURS_SYMBOL = 'NVDAon'

let browser: Browser

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function openDetail(page: Page, symbol: string): Promise<void> {
  await rowOf(page, symbol).click()
  await page.keyboard.press('Enter')
  // The labels are placed once the chart has drawn and measured its plot.
  await page.locator('.chart .chart-tick').first().waitFor()
}

describe.each([
  { name: 'a Monday morning', marketTime: MONDAY_MORNING, days: ['Fri', 'Mon'], gaps: 1 },
  { name: 'the Friday after Thanksgiving', marketTime: AFTER_THANKSGIVING, days: ['Wed', 'Fri'], gaps: 1 },
])('the detail chart on $name', ({ marketTime, days, gaps }) => {
  let harness: LiveHarness

  beforeAll(async () => {
    harness = await startLiveHarness({ browser, marketTime })
    await openDetail(harness.page, SYMBOL)
  })
  afterAll(async () => {
    expect(unexpectedErrors(harness)).toEqual([])
    await harness?.close()
  })

  it('shows the closed days as a thin gap with a break mark, saying when the market was closed', async () => {
    const { page } = harness
    const gap = page.locator('.chart .chart-gap')
    expect(await gap.count()).toBe(gaps)
    expect(await gap.first().getAttribute('title')).toMatch(/^Market closed .+ to .+$/)
    const plot = await page.locator('.chart .chart-plot').boundingBox()
    const box = await gap.first().boundingBox()
    // On clock time the weekend would take two thirds of the chart.
    expect(box?.width ?? Infinity).toBeLessThan((plot?.width ?? 0) * 0.05)
    expect(await page.locator('.chart .chart-legend .band-closed').count()).toBe(1)
  })

  it('labels the axis without overlaps, naming the days', async () => {
    const boxes = await chartLabelBoxes(harness.page)
    expect(boxes.length).toBeGreaterThanOrEqual(3)
    expect(overlappingLabels(boxes)).toEqual([])
    for (const day of days) expect(boxes.filter((box) => box.text.startsWith(`${day} `))).toHaveLength(1)
  })

  it('moves a crosshair over the points by keyboard and shows the exact price', async () => {
    const { page, core } = harness
    const history = core.currentSnapshot().assets.find((asset) => asset.symbol === SYMBOL)?.history24h ?? []
    expect(history.length).toBeGreaterThan(2)
    const chart = page.getByRole('figure', { name: /24 hour price chart/ })
    await chart.focus()
    const readout = page.locator('.chart-readout')
    expect(await readout.getAttribute('aria-live')).toBe('polite')

    await page.keyboard.press('ArrowLeft') // onto the latest point
    const lastPrice = history[history.length - 1]?.price
    await expect.poll(() => readout.locator('.chart-readout-price').textContent()).toBeTruthy()
    // Grouping aside, every digit the service sent: the string, not a float's rounding of it.
    expect((await readout.locator('.chart-readout-price').textContent())?.replaceAll(',', '')).toBe(lastPrice)

    await page.keyboard.press('ArrowLeft')
    const previous = history[history.length - 2]?.price
    await expect
      .poll(async () => (await readout.locator('.chart-readout-price').textContent())?.replaceAll(',', ''))
      .toBe(previous)

    await page.keyboard.press('Escape')
    await expect.poll(() => readout.locator('.chart-readout-price').count()).toBe(0)
    expect(await readout.textContent()).toMatch(/Point at the chart/)
  })

  it('shows the point under the pointer, and nothing once the pointer leaves', async () => {
    const { page } = harness
    const chart = page.getByRole('figure', { name: /24 hour price chart/ })
    const readout = page.locator('.chart-readout')
    // The first and the last point, as the keyboard finds them.
    await chart.focus()
    await page.keyboard.press('Home')
    await expect.poll(() => readout.locator('.chart-readout-time').count()).toBe(1)
    const first = await readout.textContent()
    await page.keyboard.press('End')
    await expect.poll(() => readout.textContent()).not.toBe(first)
    const last = await readout.textContent()

    // The pointer at the plot's left edge is on the first point, at the line's end on the last.
    const canvas = await page.locator('.chart .chart-canvas').boundingBox()
    if (!canvas) throw new Error('no plot')
    await page.mouse.move(canvas.x + 1, canvas.y + 40)
    await expect.poll(() => readout.textContent()).toBe(first)
    // The time labels' row is as wide as the plot (the price scale aside).
    const lineEnd = await page.evaluate(
      () => document.querySelector('.chart-ticks')?.getBoundingClientRect().right ?? 0,
    )
    await page.mouse.move(lineEnd - 1, canvas.y + 40)
    await expect.poll(() => readout.textContent()).toBe(last)
    await page.mouse.move(canvas.x + canvas.width + 40, canvas.y - 40)
    await expect.poll(() => readout.locator('.chart-readout-price').count()).toBe(0)
  })

  it('closes while the chart is still drawing, without an error', async () => {
    const { page } = harness
    await page.keyboard.press('Escape') // the panel opened in beforeAll
    await page.locator('aside.detail').waitFor({ state: 'detached' })
    // The page's timers and frames held: the chart is made and closed before its next frame.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    await rowOf(page, SYMBOL).click()
    await page.keyboard.press('Enter')
    // The panel paints first; the chart mounts just after that frame (its own frames still held).
    await page.locator('aside.detail').waitFor({ state: 'attached' })
    await page.clock.runFor(20)
    await page.locator('.chart .chart-canvas').waitFor({ state: 'attached' })
    await page.keyboard.press('Escape')
    await page.locator('aside.detail').waitFor({ state: 'detached' })
    await page.clock.resume()
    await page.clock.runFor(100) // the frames that were due
    expect(unexpectedErrors(harness)).toEqual([])
    await openDetail(page, SYMBOL)
  })

  it('draws a token that trades off-hours on clock time, its weekend shaded as off-hours', async () => {
    const { page } = harness
    await page.keyboard.press('Escape') // closes the panel
    await openDetail(page, OFF_HOURS_SYMBOL)
    await page.locator('.chart .chart-legend .band-offhours').waitFor()
    expect(await page.locator('.chart .chart-gap').count()).toBe(0)
  })
})

describe.each(['light', 'dark'] as const)('the 24 h sparkline on a Saturday, %s theme', (theme) => {
  /** 13:00 ET on Saturday 21 November 2026: the stock tokens closed since Friday evening. */
  const SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
  const CLOSED_TOKENS = ['AAPLon', 'MSFTon', 'AMZNon', 'Fon']

  it('shades the closed stretch in the background colour, never a solid bar', async () => {
    const harness = await startLiveHarness({
      browser,
      marketTime: SATURDAY,
      settings: { theme },
      extraSymbols: ['MSFTon', 'AMZNon'],
    })
    try {
      const { page } = harness
      const background = await page.evaluate(() => {
        const probe = document.createElement('div')
        probe.style.background = 'var(--bg)'
        document.body.append(probe)
        const colour = getComputedStyle(probe).backgroundColor
        probe.remove()
        return colour
      })
      for (const symbol of CLOSED_TOKENS) {
        const sparkline = rowOf(page, symbol).locator('svg.sparkline')
        await sparkline.locator('polyline').waitFor()
        const fills = await sparkline
          .locator('rect')
          .evaluateAll((rects) => rects.map((rect) => getComputedStyle(rect).fill))
        // Closed since Friday evening: one gap, at the right end.
        expect(fills, symbol).toEqual([background])
      }
      expect(unexpectedErrors(harness)).toEqual([])
    } finally {
      await harness.close()
    }
  })
})

describe('the chart in the bundle', () => {
  it('is a chunk of its own, loaded after the first frame, not part of the first load', () => {
    const assets = join(RENDERER_DIR, 'assets')
    const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8')
    const firstLoad = [...html.matchAll(/(?:src|href)="\.?\/?assets\/([^"]+\.js)"/g)].map((match) => match[1])
    expect(firstLoad.length).toBeGreaterThan(0)
    // A string of lightweight-charts' own (its option for the logo we turn off).
    const holdsChart = (file: string) => readFileSync(join(assets, file), 'utf8').includes('attributionLogo')
    expect(firstLoad.filter((file) => holdsChart(file as string))).toEqual([])
    // One chunk, shared by the detail's chart and the Holdings tab's portfolio chart, each of which
    // is loaded when first shown: named after the module that imports the library.
    expect(readdirSync(assets).filter((file) => file.endsWith('.js') && holdsChart(file))).toEqual([
      expect.stringMatching(/^trading-chart-.*\.js$/),
    ])
  })
})
