import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Delta } from '../../src/shared/domain'
import { quoteOf, snapshotOf, symbolsOf } from '../renderer/quote-fixtures'
import { launchBrowser, startHarness, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/**
 * Budgets for large watchlists, measured in Chromium on the built renderer: a delta of 100 changed
 * quotes goes from the store through React's commit in at most 8 ms with 1,000 rows and 16 ms with
 * 10,000. The core is paused and the lists are fed through the renderer's test hooks
 * (instrument.ts), since a real watchlist holds at most 500 symbols.
 */

const CHANGED_PER_DELTA = 100
/** Rounds that warm the JIT up: the first few dozen deltas on a fresh page run several times slower. */
const WARM_UP_DELTAS = 40
const MEASURED_DELTAS = 21

let browser: Browser
let harness: Harness

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({ browser, instrument: true })
  await harness.core.invoke('setPaused', { paused: true })
  await applyDeltas(harness.page, 1_000, WARM_UP_DELTAS)
})
afterAll(async () => {
  expect(unexpectedErrors(harness)).toEqual([])
  await harness?.close()
  await browser?.close()
})

/** Some changes in the rows on screen, the rest spread through the list. */
function deltaOf(symbols: string[], asOf: number, round: number): Delta {
  const picked = new Set(symbols.slice(0, 20))
  for (let i = 0; picked.size < CHANGED_PER_DELTA; i++)
    picked.add(symbols[(i * 7919 + round * 104_729) % symbols.length] as string)
  return {
    asOf,
    changed: [...picked].map((symbol, i) => ({
      symbol,
      fields: { price: `${100 + round}.${String(i).padStart(4, '0')}`, priceTimestamp: asOf },
    })),
    added: [],
    removed: [],
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** Loads `rows` rows, then applies `count` deltas; returns how long each took to commit. */
async function applyDeltas(page: Page, rows: number, count: number): Promise<number[]> {
  const symbols = symbolsOf(rows)
  const asOf = harness.core.currentSnapshot().asOf + 60_000
  const snapshot = snapshotOf(
    symbols.map((symbol) => quoteOf(symbol)),
    asOf,
  )
  await page.evaluate((s) => window.__twPerf?.snapshot(s), snapshot)
  const timings: number[] = []
  for (let round = 1; round <= count; round++) {
    const delta = deltaOf(symbols, asOf + round, round)
    timings.push(await page.evaluate((d) => window.__twPerf?.delta(d) ?? Number.NaN, delta))
  }
  return timings
}

async function measure(page: Page, rows: number): Promise<number> {
  // The median: what a trader gets all day, not a one-off pause (a garbage collection).
  const typical = median(await applyDeltas(page, rows, MEASURED_DELTAS))
  console.log(`${rows} rows: ${CHANGED_PER_DELTA}-quote delta committed in ${typical.toFixed(2)} ms (median)`)
  return typical
}

describe('large watchlists', () => {
  it('applies a 100-quote delta to 1,000 rows within 8 ms', async () => {
    expect(await measure(harness.page, 1_000)).toBeLessThanOrEqual(8)
    const grid = harness.page.getByRole('grid', { name: 'Watchlist' })
    expect(await grid.getAttribute('aria-rowcount')).toBe('1001')
  })

  it('applies a 100-quote delta to 10,000 rows within 16 ms, rendering only the rows in view', async () => {
    const { page } = harness
    expect(await measure(page, 10_000)).toBeLessThanOrEqual(16)
    expect(await page.locator('[role="row"][data-symbol]').count()).toBeLessThan(60)
    // The last row is reachable and knows its place.
    await page.keyboard.press('End')
    const last = symbolsOf(10_000).at(-1) as string
    await expect.poll(() => page.locator(`#row-${last}`).getAttribute('aria-rowindex')).toBe('10001')
  })
})
