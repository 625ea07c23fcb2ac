import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { startLiveHarness, type LiveHarness } from './live-sim'
import { assertRendererBuilt } from './static-server'

/**
 * The detail chart on trading time, against the simulator at fixed market instants: a Monday
 * morning (the 24h history reaches back to Friday over the weekend) and the Friday after
 * Thanksgiving (back over the holiday). The weekend or holiday is a thin marked gap, the axis
 * labels do not overlap and name the days, and the crosshair reaches a point by keyboard and shows
 * its exact price.
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
  await page.locator('.chart .chart-line').waitFor()
}

interface Box {
  text: string
  left: number
  right: number
}

async function labelBoxes(page: Page): Promise<Box[]> {
  const boxes = await page.locator('.chart .chart-tick text').evaluateAll((texts) =>
    texts.map((text) => {
      const box = text.getBoundingClientRect()
      return { text: text.textContent ?? '', left: box.left, right: box.right }
    }),
  )
  return boxes.sort((a, b) => a.left - b.left)
}

function expectApart(boxes: readonly Box[]): void {
  for (let i = 1; i < boxes.length; i++) {
    const before = boxes[i - 1] as Box
    const box = boxes[i] as Box
    expect(box.left, `"${before.text}" and "${box.text}" overlap`).toBeGreaterThan(before.right)
  }
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

  it('shows the closed days as a thin gap with a break mark', async () => {
    const { page } = harness
    expect(await page.locator('.chart .chart-gap-mark').count()).toBe(gaps)
    expect(await page.locator('.chart .chart-break').count()).toBe(gaps)
    const plot = await page.locator('.chart .chart-svg').boundingBox()
    const gap = await page.locator('.chart .chart-gap').first().boundingBox()
    // On clock time the weekend would take two thirds of the chart.
    expect(gap?.width ?? Infinity).toBeLessThan((plot?.width ?? 0) * 0.05)
  })

  it('labels the axis without overlaps, naming the days', async () => {
    const boxes = await labelBoxes(harness.page)
    expect(boxes.length).toBeGreaterThanOrEqual(3)
    expectApart(boxes)
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
    expect(await page.locator('.chart .chart-crosshair circle').count()).toBe(1)

    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.chart .chart-crosshair').count()).toBe(0)
  })

  it('draws a token that trades off-hours on clock time, its weekend shaded as off-hours', async () => {
    const { page } = harness
    await page.keyboard.press('Escape') // closes the panel
    await openDetail(page, OFF_HOURS_SYMBOL)
    await page.locator('.chart .band-offhours').first().waitFor()
    expect(await page.locator('.chart .chart-gap-mark').count()).toBe(0)
  })
})
