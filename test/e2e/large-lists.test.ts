import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Delta } from '../../src/shared/domain'
import { quoteOf, snapshotOf, symbolsOf } from '../renderer/quote-fixtures'
import { launchBrowser, startHarness, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/**
 * Large watchlists, on the built renderer in Chromium: a delta of 100 changed quotes reaches the
 * rows on screen and re-renders only them, with 1,000 and 10,000 rows. The core is paused and the
 * lists are fed through the renderer's test hooks (instrument.ts), since a real watchlist holds at
 * most 500 symbols. How fast that is (8 ms / 16 ms budgets) is measured by `npm run bench`
 * (renderer.delta.commitMs), not here: a timed test would fail on a busy machine, not on slow code.
 */

const CHANGED_PER_DELTA = 100
/** The first rows, in the DOM: every other one changes, so unchanged rows sit between them. */
const FIRST_ROWS = 20

let browser: Browser
let harness: Harness

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  // Tall enough that the first FIRST_ROWS rows are all in the DOM below the header, tabs and ticker.
  harness = await startHarness({ browser, instrument: true, viewport: { width: 1280, height: 1000 } })
  await harness.core.invoke('setPaused', { paused: true })
  // The service's first market status (its mark in the header) renders every row once after
  // start-up; the tests wait it out, so what they count is the delta's renders alone.
  await harness.page.locator('.service-mark').waitFor()
  await harness.page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

/** Every other row of the first ones on screen, the rest spread through the list below them. */
function deltaOf(symbols: string[], asOf: number): Delta {
  const picked = new Set(symbols.slice(0, FIRST_ROWS).filter((_, index) => index % 2 === 0))
  const below = symbols.slice(5 * FIRST_ROWS)
  for (let i = 0; picked.size < CHANGED_PER_DELTA; i++) picked.add(below[(i * 7919) % below.length] as string)
  return {
    asOf,
    changed: [...picked].map((symbol, i) => ({
      symbol,
      // Four decimals ending in 7, so the row shows the string exactly (no trailing zero trimmed).
      fields: { price: `${200 + i}.${String(i).padStart(3, '0')}7`, priceTimestamp: asOf },
    })),
    added: [],
    removed: [],
  }
}

/** Loads `rows` rows, applies one 100-quote delta and returns it with the row renders it caused. */
async function loadAndChange(page: Page, rows: number) {
  const symbols = symbolsOf(rows)
  const asOf = harness.core.currentSnapshot().asOf + 60_000
  await page.evaluate(
    (s) => window.__twPerf?.snapshot(s),
    snapshotOf(
      symbols.map((symbol) => quoteOf(symbol)),
      asOf,
    ),
  )
  // The snapshot's own render commits in a later frame on a loaded machine: wait it out, so that
  // what is counted below is the delta's renders alone.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await page.evaluate(() => {
    const counts = window.__twRenderCounts ?? {}
    for (const symbol of Object.keys(counts)) delete counts[symbol]
  })
  const delta = deltaOf(symbols, asOf + 1)
  await page.evaluate((d) => window.__twPerf?.delta(d), delta)
  const renders = await page.evaluate(() => ({ ...window.__twRenderCounts }))
  return { symbols, delta, renders }
}

/** The rows in the DOM (on screen or in the virtualiser's overscan). */
function renderedSymbols(page: Page): Promise<string[]> {
  return page.$$eval('[role="row"][data-symbol]', (rows) =>
    rows.map((row) => row.getAttribute('data-symbol') ?? ''),
  )
}

/** Every changed row in the DOM shows its new price and rendered once; no other row rendered. */
async function expectOnlyChangedRowsRendered(page: Page, delta: Delta, renders: Record<string, number>) {
  const rendered = new Set(await renderedSymbols(page))
  const changedInDom = delta.changed.filter((change) => rendered.has(change.symbol))
  expect(changedInDom.length).toBeGreaterThanOrEqual(FIRST_ROWS / 2)
  expect(renders).toEqual(Object.fromEntries(changedInDom.map((change) => [change.symbol, 1])))
  const shownPrices = await page.$$eval('[role="row"][data-symbol]', (rows) =>
    Object.fromEntries(
      rows.map((row) => [
        row.getAttribute('data-symbol'),
        row.querySelector('.cell-price .num')?.textContent,
      ]),
    ),
  )
  for (const change of changedInDom)
    expect(shownPrices[change.symbol], change.symbol).toBe(change.fields.price)
}

describe('large watchlists', () => {
  it('applies a 100-quote delta to 1,000 rows, re-rendering only the changed rows', async () => {
    const { page } = harness
    const { delta, renders } = await loadAndChange(page, 1_000)
    expect(await page.getByRole('grid', { name: 'Watchlist' }).getAttribute('aria-rowcount')).toBe('1001')
    await expectOnlyChangedRowsRendered(page, delta, renders)
  })

  it('applies a 100-quote delta to 10,000 rows, rendering only the rows in view', async () => {
    const { page } = harness
    const { symbols, delta, renders } = await loadAndChange(page, 10_000)
    expect((await renderedSymbols(page)).length).toBeLessThan(60)
    await expectOnlyChangedRowsRendered(page, delta, renders)
    // The last row is reachable and knows its place.
    await page.keyboard.press('End')
    const last = symbols.at(-1) as string
    await expect.poll(() => page.locator(`#row-${last}`).getAttribute('aria-rowindex')).toBe('10001')
  })
})
