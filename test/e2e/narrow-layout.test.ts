import AxeBuilder from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, startHarness, unexpectedErrors, type Harness } from './harness'
import { heldPushes, pushChanges } from './held-pushes'
import {
  AWKWARD_VALUES,
  HEIGHT,
  layoutProblems,
  negativeFigures,
  showWindow,
  WIDTHS,
  ZOOMS,
} from './layout-checks'
import { assertRendererBuilt } from './static-server'

/**
 * The window from its minimum width (360 px) up, at 100, 125 and 150 % zoom, and down to 200 px
 * high: nothing in the header, the rows or the status bar is cut or overlaps, axe finds nothing
 * serious at each width, and numbers too long for their cells (tiny, huge, 18 decimals, negative) shrink or
 * shorten and keep their sign. A fixed Tuesday noon in New York: the regular session.
 */

const TUESDAY_NOON = Date.UTC(2026, 10, 17, 17, 0)
let browser: Browser
let harness: Harness
const pushes = heldPushes()

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({ browser, clock: { fixedAt: TUESDAY_NOON }, beforeEmit: pushes.beforeEmit })
})
afterAll(async () => {
  pushes.release()
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

async function seriousViolations(): Promise<string[]> {
  const result = await new AxeBuilder({ page: harness.page }).analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

// Layout problems are polled for: a resize reaches the grid's columns through a resize observer
// and a render, which a busy machine can hold back past the frames showWindow waits for. A problem
// that stays is still reported: expect.poll fails after 10 s with the last answer.
describe('narrow and zoomed windows', () => {
  for (const width of WIDTHS) {
    it(`lays out ${width} px wide at ${ZOOMS.map((zoom) => `${zoom * 100} %`).join(', ')}`, async () => {
      const { page } = harness
      for (const zoom of ZOOMS) {
        await showWindow(page, width, HEIGHT, zoom)
        await expect.poll(() => layoutProblems(page), { message: `at ${zoom * 100} %` }).toEqual([])
      }
      // axe at the window's own width; a zoomed window is laid out as one of the narrower widths.
      await showWindow(page, width, HEIGHT)
      expect(await seriousViolations()).toEqual([])
    }, 120_000)
  }

  it(
    'keeps the session with its countdown, the connection and every ' + 'action reachable at 360 px',
    async () => {
      const { page } = harness
      await showWindow(page, 360, HEIGHT)
      const session = page.getByRole('region', { name: 'Market session' })
      expect(await session.locator('.phase-tag').textContent()).toBe('REG')
      expect(await session.textContent()).toMatch(/Regular · Pauses in \dh \d\dm/)
      await page.getByRole('status', { name: /^Connection: / }).waitFor()
      await page.getByRole('button', { name: 'More actions' }).click()
      const items = await page.getByRole('menu').locator('[role^="menuitem"]').allTextContents()
      expect(items).toEqual([
        'Export CSV',
        'Export JSON',
        'Export JSON with wallets',
        'Import…',
        'Refresh now',
        'Pause updates',
        'Keep on top',
        'Ticker only',
        // With its key beside it.
        'TransactionsT',
        'Keyboard shortcuts',
        'Settings',
      ])
      await page.keyboard.press('Escape')
      // The search is behind its icon; `/` opens it across the header.
      await page.keyboard.press('/')
      const search = page.getByRole('combobox', { name: /Add a symbol/ })
      const box = await search.boundingBox()
      expect(box && box.width).toBeGreaterThan(300)
      await page.keyboard.press('Escape')
    },
  )

  it('keeps rows on screen in a window 200 px high', async () => {
    const { page } = harness
    await showWindow(page, 420, 200)
    await expect.poll(() => layoutProblems(page)).toEqual([])
    const grid = await page.locator('#watchlist-grid').boundingBox()
    const firstRow = await page.locator('[role="row"][data-symbol]').first().boundingBox()
    expect(grid && firstRow && firstRow.y + firstRow.height <= grid.y + grid.height).toBe(true)
  })
})

describe('awkward values', () => {
  it('never cuts a number or loses its sign, at every column width', async () => {
    const { page } = harness
    pushes.hold()
    await pushChanges(page, AWKWARD_VALUES)
    await page
      .locator('[data-symbol="NVDAon"][role="row"] .cell-price [title="123456789012.123456"]')
      .waitFor()
    for (const width of WIDTHS) {
      for (const zoom of ZOOMS) {
        await showWindow(page, width, HEIGHT, zoom)
        await expect
          .poll(() => layoutProblems(page), { message: `${width} px at ${zoom * 100} %` })
          .toEqual([])
        const negatives = await negativeFigures(page)
        expect(negatives.length).toBeGreaterThan(0)
        for (const figure of negatives) expect(figure.text, figure.where).toMatch(/[-−]/)
      }
    }
  }, 120_000)

  it('a number takes its next step when the window narrows under it, with no new data', async () => {
    const { page } = harness
    pushes.hold()
    await pushChanges(page, AWKWARD_VALUES)
    const tiny = page.locator('[data-symbol="AAPLon"][role="row"] .cell-price .fit')
    await showWindow(page, 1280, HEIGHT)
    await expect.poll(() => tiny.textContent()).toBe('0.0000001235')
    // From wide to narrow a few px at a time, nothing pushed in between: the cells narrow without
    // the numbers rendering again, and each number must notice it no longer fits.
    for (let width = 1280; width >= 360; width -= 24) {
      await showWindow(page, width, HEIGHT)
      await expect.poll(() => layoutProblems(page), { message: `${width} px` }).toEqual([])
    }
    // A step was taken, and wide again the full digits come back: still no new data.
    expect(await tiny.textContent()).toBe('0.0₆123')
    await showWindow(page, 1280, HEIGHT)
    await expect.poll(() => tiny.textContent()).toBe('0.0000001235')
  }, 180_000)

  it('shows a tiny price by its significant digits, the exact string in its tooltip', async () => {
    const { page } = harness
    await showWindow(page, 1280, HEIGHT)
    const price = page.locator('[data-symbol="AAPLon"][role="row"] .cell-price .fit')
    expect(await price.textContent()).toBe('0.0000001235')
    expect(await price.getAttribute('title')).toBe('0.000000123456789012')
    await showWindow(page, 360, HEIGHT)
    // Narrow: a huge price shortens rather than spilling out of its cell.
    const huge = page.locator('[data-symbol="NVDAon"][role="row"] .cell-price .fit')
    expect(await huge.textContent()).toMatch(/^123(\.\d)?B$|^123,456,789,012\.12$/)
  })
})
