import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AssetChange, type Delta, STALE_AFTER_CADENCES } from '../../src/shared/domain'
import type { PortfolioUpdate, ValuedPosition } from '../../src/shared/holdings'
import { quoteOf, snapshotOf, symbolsOf } from '../renderer/quote-fixtures'
import { launchBrowser, startHarness, unexpectedErrors, type Harness } from './harness'
import { assertRendererBuilt } from './static-server'

/**
 * Which holding cells a change renders (issue #42, the delta with holdings): a price moving
 * re-renders its row but none of the row's holding cells, and main's push of a position whose
 * figures moved renders that position's cells only. Counted through the renderer's test hooks
 * (instrument.ts); how long it takes is the bench's (renderer.delta.withHoldings.commitMs).
 */

/** Tuesday 17 November 2026, 11:32:10 ET: the market open. */
const TUESDAY = Date.parse('2026-11-17T16:32:10Z')
const SYMBOLS = symbolsOf(12)

let browser: Browser
let harness: Harness
let asOf: number

function positionOf(symbol: string, moved: boolean): ValuedPosition {
  return {
    symbol,
    quantity: '3.5',
    cost: '420.70',
    averageCost: '120.20',
    realized: '0',
    price: '100.10',
    value: moved ? '351.05' : '350.35',
    unrealized: moved ? '-69.65' : '-70.35',
    unrealizedPct: '-16.72',
    dayChange: '4.38',
    fairValue: '100.2085',
    valueAtFairValue: '350.73',
    unrealizedAtFairValue: '-69.97',
    premiumExposure: '-0.38',
    stale: false,
    quantityFrom: 'ledger',
    ledgerQuantity: '3.5',
    uncosted: null,
  }
}

/** Main's push: every symbol held, `moved` valued anew. */
function portfolioOf(moved: string | null): PortfolioUpdate {
  return {
    method: 'average',
    quantitySource: 'ledger',
    quantityFallback: null,
    walletsUnavailable: null,
    asOf: new Date(TUESDAY).toISOString(),
    positions: SYMBOLS.map((symbol) => positionOf(symbol, symbol === moved)),
    totals: {
      cost: '5048.40',
      realized: '0',
      value: '4204.20',
      unrealized: '-844.20',
      dayChange: '52.56',
      valueAtFairValue: '4208.76',
      premiumExposure: '-4.56',
    },
    problem: null,
  }
}

function deltaOf(changed: AssetChange[]): Delta {
  asOf += 1
  return { asOf, changed, added: [], removed: [] }
}

/** Applies a delta (and a push) through the renderer's hooks; returns the holding cells rendered. */
async function cellsRendered(page: Page, delta: Delta, portfolio?: PortfolioUpdate) {
  await page.evaluate(() => {
    const counts = window.__twCellRenders ?? {}
    for (const key of Object.keys(counts)) delete counts[key]
  })
  await page.evaluate(([d, p]) => window.__twPerf?.delta(d, p), [delta, portfolio] as const)
  return page.evaluate(() => ({ ...window.__twCellRenders }))
}

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
  harness = await startHarness({ browser, instrument: true, clock: { fixedAt: TUESDAY } })
  await harness.core.invoke('setPaused', { paused: true })
  await harness.page.locator('.service-mark').waitFor()
  asOf = harness.core.currentSnapshot().asOf + 60_000
  const quotes = SYMBOLS.map((symbol) => quoteOf(symbol, { price: '100.10', priceTimestamp: TUESDAY }))
  await harness.page.evaluate((s) => window.__twPerf?.snapshot(s), snapshotOf(quotes, asOf))
  await harness.page.evaluate(([d, p]) => window.__twPerf?.delta(d, p), [
    deltaOf([]),
    portfolioOf(null),
  ] as const)
  // The push's own renders (the holding columns appearing) are over once a frame is painted.
  await harness.page.locator('[role="gridcell"].cell-positionValue .num').first().waitFor()
  await harness.page.evaluate(() => new Promise(requestAnimationFrame))
})
afterAll(async () => {
  const errors = unexpectedErrors(harness)
  await harness?.close()
  await browser?.close()
  expect(errors).toEqual([])
})

describe('holding cells render for their position, not for the price (issue #42)', () => {
  it('a price moving renders its row but none of its holding cells', async () => {
    const [first, second] = SYMBOLS as [string, string]
    const moved = [first, second].map((symbol) => ({
      symbol,
      fields: { price: '100.15', priceTimestamp: asOf + 1 },
    }))
    const rendered = await cellsRendered(harness.page, deltaOf(moved))
    expect(rendered).toEqual({})
    const row = harness.page.locator(`[role="row"][data-symbol="${first}"]`)
    await expect(row.locator('.cell-price .num').textContent()).resolves.toContain('100.15')
    await expect(row.locator('.cell-positionValue .num').textContent()).resolves.toBe('350.35')
  })

  it("main's push that moves one position renders that position's cells only", async () => {
    const moved = SYMBOLS[3] as string
    const rendered = await cellsRendered(harness.page, deltaOf([]), portfolioOf(moved))
    expect(Object.keys(rendered).length).toBeGreaterThan(0)
    // The portfolio line's figures render with the totals the push moved; of the rows, only the moved one.
    const rows = Object.keys(rendered).filter((cell) => !cell.startsWith('portfolio '))
    expect(rows.filter((cell) => !cell.startsWith(`${moved} `))).toEqual([])
    const row = harness.page.locator(`[role="row"][data-symbol="${moved}"]`)
    await expect(row.locator('.cell-positionValue .num').textContent()).resolves.toBe('351.05')
  })

  it("main's status push, every source live before and after, renders no row or holding cell", async () => {
    // Every endpoint answered at `at` (as each poll's status push says); the page's clock stays put.
    const answeredAt = (at: number) => {
      const { endpoints, ...status } = harness.core.status()
      return {
        ...status,
        endpoints: {
          prices: { ...endpoints.prices, lastSuccessAt: at },
          market: { ...endpoints.market, lastSuccessAt: at },
          limits: { ...endpoints.limits, lastSuccessAt: at },
        },
      }
    }
    await harness.page.evaluate((status) => window.__twEmit?.('status', status), answeredAt(TUESDAY - 1_250))
    await harness.page.evaluate(() => new Promise(requestAnimationFrame))
    await harness.page.evaluate(() => {
      for (const counts of [window.__twCellRenders ?? {}, window.__twRenderCounts ?? {}])
        for (const key of Object.keys(counts)) delete counts[key]
    })
    await harness.page.evaluate((status) => window.__twEmit?.('status', status), answeredAt(TUESDAY - 250))
    await harness.page.evaluate(() => new Promise(requestAnimationFrame))
    const rendered = await harness.page.evaluate(() => ({
      cells: { ...window.__twCellRenders },
      rows: { ...window.__twRenderCounts },
    }))
    expect(rendered).toEqual({ cells: {}, rows: {} })
    await expect(harness.page.locator('.cell-positionValue .figure-stale').count()).resolves.toBe(0)
    await expect(harness.page.locator('[role="row"][data-symbol] .stale').count()).resolves.toBe(0)
  })
})

describe('a held figure drawn on a stale price renders when its tooltip would change (issue #42)', () => {
  const [, , , , fifth, sixth] = SYMBOLS as [string, string, string, string, string, string]
  const staleAt = TUESDAY + 250
  const priced = (price: string, priceTimestamp: number, stale?: boolean) =>
    [fifth, sixth].map((symbol) => ({
      symbol,
      fields: { price, priceTimestamp, ...(stale === undefined ? {} : { stale }) },
    }))
  const valueCell = (symbol: string) =>
    harness.page.locator(`[role="row"][data-symbol="${symbol}"] .cell-positionValue .figure-stale`)

  it('a delta that moves the price within the second its tooltip shows renders no stale figure', async () => {
    // Main marks both prices stale: their figures are drawn dashed, the price's time in the tooltip.
    await cellsRendered(harness.page, deltaOf(priced('100.10', staleAt, true)))
    await expect(valueCell(fifth).getAttribute('title')).resolves.toMatch(/11:32:10/)
    const rendered = await cellsRendered(harness.page, deltaOf(priced('100.15', staleAt + 1)))
    expect(rendered).toEqual({})
  })

  it('a delta moving the price into the next second renders the stale figures, tooltip and all', async () => {
    const rendered = await cellsRendered(harness.page, deltaOf(priced('100.20', staleAt + 1_000)))
    const staleFigures = Object.keys(rendered).filter((cell) => cell.endsWith(' stale'))
    expect(staleFigures).toContain(`${fifth} positionValue stale`)
    expect(staleFigures.every((cell) => cell.startsWith(`${fifth} `) || cell.startsWith(`${sixth} `))).toBe(
      true,
    )
    await expect(valueCell(sixth).getAttribute('title')).resolves.toMatch(/11:32:11/)
  })
})

describe('a clock tick on a page with holdings (issue #42, the idle page)', () => {
  it("renders none of the portfolio line's at-bids figure while there is no ladder to age", async () => {
    const { page } = harness
    await page.locator('.portfolio-line').waitFor()
    const time = page.locator('.session-clock .et-time')
    const before = await time.textContent()
    await page.evaluate(() => {
      const counts = window.__twCellRenders ?? {}
      for (const key of Object.keys(counts)) delete counts[key]
    })
    // The page's clock moves on by 3 s: its next tick writes the new time (waited for, not timed).
    await page.clock.setFixedTime(TUESDAY + 3_000)
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).not.toBe(before)
    await page.evaluate(() => new Promise(requestAnimationFrame))
    expect(await page.evaluate(() => ({ ...window.__twCellRenders }))).toEqual({})
  })

  it('turns every row stale at the tick after the prices feed passes its threshold, not before', async () => {
    const { page } = harness
    const rowMarkers = page.locator('[role="row"][data-symbol] .stale:not(.stale-source)')
    const time = page.locator('.session-clock .et-time')
    // Fresh prices, main marking none stale; the prices endpoint turns silent past TUESDAY + 5 s.
    const fresh = SYMBOLS.map((symbol) => ({ symbol, fields: { priceTimestamp: TUESDAY, stale: false } }))
    await page.evaluate((d) => window.__twPerf?.delta(d), deltaOf(fresh))
    const thresholdAt = TUESDAY + 5_000
    const { endpoints, ...status } = harness.core.status()
    const silentAfter = STALE_AFTER_CADENCES * endpoints.prices.cadenceMs
    await page.evaluate((s) => window.__twEmit?.('status', s), {
      ...status,
      endpoints: {
        prices: { ...endpoints.prices, lastSuccessAt: thresholdAt - silentAfter },
        market: { ...endpoints.market, lastSuccessAt: thresholdAt - 250 },
        limits: { ...endpoints.limits, lastSuccessAt: thresholdAt - 250 },
      },
    })
    // At the threshold exactly (twice the cadence, not more): the tick writing 11:32:15 marks nothing.
    const before = await time.textContent()
    await page.clock.setFixedTime(thresholdAt)
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).not.toBe(before)
    await page.evaluate(() => new Promise(requestAnimationFrame))
    await expect(rowMarkers.count()).resolves.toBe(0)
    await expect(page.locator('.cell-positionValue .figure-stale').count()).resolves.toBe(0)
    // A millisecond past it, the next tick marks every row and every held figure, each price 5 s old.
    await page.clock.setFixedTime(thresholdAt + 1)
    const rows = await page.locator('[role="row"][data-symbol]').count()
    await expect.poll(() => rowMarkers.count(), { timeout: 15_000 }).toBe(rows)
    await expect(rowMarkers.allTextContents()).resolves.toEqual(Array(rows).fill('stale 5s'))
    await expect(page.locator('.cell-positionValue .figure-stale').count()).resolves.toBe(rows)
  })

  it("runs none of the rows' checks: the clock's listeners are as many for one row as for 12", async () => {
    const { page } = harness
    // Every price fresh and the prices endpoint live: no row has an age to count.
    const fresh = SYMBOLS.map((symbol) => ({
      symbol,
      fields: { priceTimestamp: TUESDAY + 5_000, stale: false },
    }))
    await page.evaluate((d) => window.__twPerf?.delta(d), deltaOf(fresh))
    const { endpoints, ...status } = harness.core.status()
    const answered = { lastSuccessAt: TUESDAY + 4_750 }
    await page.evaluate((s) => window.__twEmit?.('status', s), {
      ...status,
      endpoints: {
        prices: { ...endpoints.prices, ...answered },
        market: { ...endpoints.market, ...answered },
        limits: { ...endpoints.limits, ...answered },
      },
    })
    const rowMarkers = page.locator('[role="row"][data-symbol] .stale')
    await expect.poll(() => rowMarkers.count(), { timeout: 15_000 }).toBe(0)
    await expect(page.locator('[role="row"][data-symbol]').count()).resolves.toBe(SYMBOLS.length)
    const listening = () => page.evaluate(() => window.__twClockListeners?.() ?? null)
    const twelveRows = await listening()
    // The same held rows but one, as a snapshot of that one quote shows it.
    const first = SYMBOLS[0] as string
    const one = [quoteOf(first, { price: '100.10', priceTimestamp: TUESDAY + 5_000 })]
    await page.evaluate((s) => window.__twPerf?.snapshot(s), snapshotOf(one, (asOf += 1)))
    await expect(page.locator('[role="row"][data-symbol]').count()).resolves.toBe(1)
    expect(twelveRows).not.toBeNull()
    expect(await listening()).toBe(twelveRows)
  })
})
