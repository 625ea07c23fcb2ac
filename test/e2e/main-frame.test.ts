import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LIVE_PRICED_ROW, rowOf, startHarness, type Harness } from './harness'
import { harnessPerTest } from './per-test'

/**
 * The window's first frame comes from main, rendered into the page's HTML (first-frame-page.ts):
 * the rows are on screen before any of the page's scripts has run, and the page's own render
 * takes over from it without a flash of skeleton rows.
 */

const harnesses = harnessPerTest<Harness>()
const ET_NOON_TUESDAY = Date.UTC(2026, 10, 17, 17, 0)
const ET_1300_SATURDAY = Date.UTC(2026, 10, 21, 18, 0)

/** Each row's text (symbol, name, price, change...), top to bottom, as the screen shows it. */
function rowTexts(page: Page): Promise<string[]> {
  return page.$$eval('[role="row"][data-symbol]', (rows) =>
    rows
      .map((row) => ({ top: row.getBoundingClientRect().top, text: (row as HTMLElement).innerText }))
      .sort((a, b) => a.top - b.top)
      .map((row) => row.text),
  )
}

/** The page as main serves it, with no script run: what the window shows first. */
async function withoutScripts<T>(harness: Harness, look: (page: Page) => Promise<T>): Promise<T> {
  const browser = harness.context.browser()
  if (!browser) throw new Error('the harness has no browser')
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: harness.page.viewportSize() ?? undefined,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    colorScheme: 'dark',
  })
  try {
    const page = await context.newPage()
    const refused: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes("'frame-ancestors' is ignored"))
        refused.push(message.text())
    })
    await page.goto(harness.url)
    const seen = await look(page)
    expect(refused).toEqual([])
    return seen
  } finally {
    await context.close()
  }
}

describe("main's first frame", () => {
  for (const [day, at] of [
    ['a Tuesday noon', ET_NOON_TUESDAY],
    ['a Saturday', ET_1300_SATURDAY],
  ] as const) {
    it(
      `shows the rows with prices before any script runs, laid out ` + `as the app lays them out (${day})`,
      async () => {
        const harness = await harnesses.open((browser) => startHarness({ browser, clock: { fixedAt: at } }))
        // Paused, the stream is closed and the polls stopped: nothing moves between the live page and main's
        // frame.
        await harness.core.invoke('setPaused', { paused: true })
        await harness.settled()
        const live = await rowTexts(harness.page)
        const liveSession = await harness.page.locator('.session-clock').innerText()
        const first = await withoutScripts(harness, async (page) => {
          const prices = await page.locator('[role="row"][data-symbol] .cell-price .num').allInnerTexts()
          // Style attributes (the rows' positions) pass the CSP: each row sits below the one before.
          const tops = await page.$$eval('[role="row"][data-symbol]', (rows) =>
            rows.map((row) => row.getBoundingClientRect().top),
          )
          return {
            prices,
            tops,
            rows: await rowTexts(page),
            session: await page.locator('.session-clock').innerText(),
            inert: await page.locator('#root').getAttribute('inert'),
          }
        })
        expect(first.prices.length).toBeGreaterThan(5)
        for (const price of first.prices) expect(price).toMatch(/\d/)
        expect(first.tops).toEqual([...first.tops].sort((a, b) => a - b))
        expect(new Set(first.tops).size).toBe(first.tops.length)
        // The same rows, prices and session as the live page shows for the same data and instant:
        // the page's render replaces main's frame without anything on screen changing.
        expect(first.rows).toEqual(live.slice(0, first.rows.length))
        expect(first.session).toBe(liveSession)
        // A picture of the app until the page renders over it: no click or keystroke is taken.
        expect(first.inert).toBe('')
      },
    )
  }

  it("keeps main's rows on screen, never skeleton rows, while main is slow to answer", async () => {
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    let holding = false
    const harness = await harnesses.open((browser) =>
      startHarness({
        browser,
        beforeInvoke: (name) => (holding && name === 'getSnapshot' ? answered : Promise.resolve()),
      }),
    )
    const { page } = harness
    // Main has prices now; the window loads again and main is slow to answer the page.
    holding = true
    await page.reload()
    const frames = () =>
      page.evaluate(() => ({
        inert: document.getElementById('root')?.hasAttribute('inert') ?? false,
        skeleton: document.querySelectorAll('.skeleton-row').length,
        priced: document.querySelectorAll('[role="row"][data-symbol] .cell-price .num').length,
      }))
    // For most of the second the page waits for main: main's frame stays, inert, rows and all.
    const seen = []
    for (let sample = 0; sample < 6; sample++) {
      seen.push(await frames())
      await page.waitForTimeout(100)
    }
    for (const frame of seen) expect(frame).toMatchObject({ inert: true, skeleton: 0 })
    expect(seen.every((frame) => frame.priced > 0)).toBe(true)
    release()
    await page.locator(LIVE_PRICED_ROW).first().waitFor()
    expect(await frames()).toMatchObject({ inert: false, skeleton: 0 })
  })

  it("gives way to the page's own frame when main has not answered within a second", async () => {
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    const harness = await harnesses.open((browser) =>
      startHarness({
        browser,
        waitForPrices: false,
        beforeInvoke: (name) => (name === 'getSnapshot' ? answered : Promise.resolve()),
        beforeEmit: (event) => (event === 'snapshot' || event === 'delta' ? answered : Promise.resolve()),
      }),
    )
    const { page } = harness
    // Main's frame would stand still (its ages and countdowns stopped): the live page says
    // instead that it is still waiting for data. (Its second counts from the app's start, which
    // loads after main's frame is painted: waited for as a condition, not a time.)
    await page.locator('#root:not([inert]) .skeleton-row').first().waitFor()
    expect(await page.getByRole('grid', { name: 'Watchlist' }).getAttribute('aria-busy')).toBe('true')
    release()
    await rowOf(page, 'AAPLon').locator('.cell-price .num').waitFor()
    expect(await page.locator('.skeleton-row').count()).toBe(0)
  })

  it('serves the plain page on the dev server path: the page renders its first frame itself', async () => {
    const harness = await harnesses.open((browser) => startHarness({ browser, mainFrame: false }))
    const first = await withoutScripts(harness, (page) => page.locator('#root').innerHTML())
    expect(first).toBe('')
    expect(await rowOf(harness.page, 'AAPLon').locator('.cell-price .num').textContent()).toMatch(/\d/)
  })
})
