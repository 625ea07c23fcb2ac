import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { Dec } from '../../src/shared/decimal'
import { activeList } from '../../src/shared/watchlists'
import { rowOf, shownOrder } from './harness'
import { HOLDINGS_LEDGER } from './holdings-ledger'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { until } from '../support/polls'

/**
 * Positions in the window: the holding columns, the Holdings tab, the portfolio line and hidden
 * amounts, against a real AppCore and the simulator, on a Tuesday late morning and on a Saturday
 * (both fixed market times: live-sim.ts).
 */

const harnesses = harnessPerTest<LiveHarness>()

const valueCell = (page: Page, symbol: string) => rowOf(page, symbol).locator('.cell-positionValue')

async function open(marketTime: number, transactions = HOLDINGS_LEDGER): Promise<LiveHarness> {
  return harnesses.open((browser) =>
    startLiveHarness({
      browser,
      marketTime,
      viewport: { width: 1280, height: 700 },
      transactions,
      settings: { cadences: { pricesMs: 1000, marketMs: 15_000, limitsMs: 15_000 } },
    }),
  )
}

describe('holdings in the window', () => {
  it('shows each position valued at the price main pushed, on a Tuesday, in every list', async () => {
    const listed = HOLDINGS_LEDGER.filter((transaction) => transaction.symbol !== 'GONEon')
    const { page, core } = await open(TUESDAY_LATE_MORNING, listed)
    await page.getByRole('columnheader', { name: /Position value/ }).waitFor()
    await expect
      .poll(
        async () => {
          const position = core.positions.current().positions.find((p) => p.symbol === 'AAPLon')
          return (
            (await valueCell(page, 'AAPLon').locator('[title]').first().getAttribute('title')) ===
            position?.value
          )
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    // A row not held has empty holding cells, never a zero it does not have.
    const notHeld = (await shownOrder(page)).find(
      (symbol) => !['AAPLon', 'NVDAon'].includes(symbol),
    ) as string
    expect(await valueCell(page, notHeld).textContent()).toBe('')
    const line = page.getByRole('region', { name: 'Portfolio', exact: true })
    await expect.poll(() => line.textContent()).toMatch(/Value\s*[\d,]+\.\d+/)
    expect(await line.textContent()).toMatch(/Realized\s*\+/)
  })

  it('lists what is held in the Holdings tab, the delisted token at its cost, on a Saturday', async () => {
    const { page } = await open(SATURDAY)
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect.poll(() => shownOrder(page)).toEqual(['AAPLon', 'GONEon', 'NVDAon'])
    const gone = rowOf(page, 'GONEon')
    await expect
      .poll(() => gone.locator('.cell-problem').textContent(), { timeout: 15_000 })
      .toContain('Not listed')
    // In its one narrow cell (the price's, the holding columns after it) the words are whole.
    const words = gone.locator('.cell-problem-text')
    const whole = () =>
      words.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)
    expect(await whole()).toBe(true)
    await page.setViewportSize({ width: 360, height: 700 })
    await expect.poll(whole).toBe(true)
    await page.setViewportSize({ width: 1280, height: 700 })
    expect(await gone.locator('.cell-problem').getAttribute('aria-label')).toBe('Not listed by the service')
    expect(await valueCell(page, 'GONEon').textContent()).toMatch(/cost\s*60\.00/)
    expect(await valueCell(page, 'GONEon').locator('.no-value').getAttribute('title')).toMatch(/delisted/)
    // The portfolio's total cannot be known without GONEon's price: it says so instead of a sum.
    expect(await page.getByRole('region', { name: 'Portfolio', exact: true }).textContent()).toMatch(
      /Value\s*no price/,
    )
    // The status bar counts what the tab shows: the three held, not the list's rows.
    expect(await page.locator('.status-count').textContent()).toBe('3 held')
    // A list's tab shows the list again.
    await page.getByRole('tab', { name: /Watchlist/ }).click()
    await expect.poll(async () => (await shownOrder(page)).includes('GONEon')).toBe(false)
    expect(await page.locator('.status-count').textContent()).toMatch(/^\d+ symbols$/)
  })

  it('hides every amount with H, and marks figures on a stale price', async () => {
    const { page, sim, core } = await open(SATURDAY)
    await valueCell(page, 'AAPLon').locator('[title]').first().waitFor({ timeout: 15_000 })
    await page.keyboard.press('h')
    const cells = page.locator(
      '[role="gridcell"]:is(.cell-quantity, .cell-positionValue, .cell-unrealized, ' +
        '.cell-unrealizedPct, .cell-dayPnl, .cell-premiumExposure)',
    )
    await expect
      .poll(() => cells.evaluateAll((all) => all.filter((cell) => /\d/.test(cell.textContent ?? '')).length))
      .toBe(0)
    expect(await valueCell(page, 'AAPLon').textContent()).toBe('•••••')
    const line = page.getByRole('region', { name: 'Portfolio', exact: true })
    expect(await line.locator('.num').count()).toBe(0)
    expect(await line.locator('.hidden-amount').count()).toBe(5)
    // The capital `?` shows works as well: Shift+H shows the amounts again.
    await page.keyboard.press('Shift+H')
    await expect.poll(() => valueCell(page, 'AAPLon').textContent()).toMatch(/\d/)
    // The service goes quiet: the price turns stale, and the P&L on it says so in the same breath.
    await sim.close()
    // A prices poll already under way when the service closed may still bring a newer price: the
    // price's time is read once the polls fail and none is in flight.
    await until(
      () => {
        const prices = core.status().endpoints.prices
        return prices.lastError !== null && !prices.inFlight
      },
      'the prices poll failing with none in flight',
      30_000,
    )
    await rowOf(page, 'AAPLon').locator('.stale').waitFor({ timeout: 15_000 })
    const staleFigure = rowOf(page, 'AAPLon').locator('.cell-unrealized .figure-stale')
    await staleFigure.waitFor({ timeout: 5_000 })
    // Its tooltip names the price's time, which stays put while the marker's age counts on: the
    // figures are not re-rendered at each tick of the clock.
    const title = await staleFigure.getAttribute('title')
    expect(title).toMatch(/^Computed on a stale price \(last good price \w{3} \d{1,2}, \d\d:\d\d:\d\d ET\)$/)
    const marker = rowOf(page, 'AAPLon').locator('.stale')
    const age = await marker.textContent()
    await expect.poll(() => marker.textContent(), { timeout: 5_000 }).not.toBe(age)
    expect(await staleFigure.getAttribute('title')).toBe(title)
  })

  it('sorts the Holdings tab and a list by a holding column, the position with no value last', async () => {
    const { page, core } = await open(TUESDAY_LATE_MORNING)
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect.poll(() => shownOrder(page)).toEqual(['AAPLon', 'GONEon', 'NVDAon'])
    // The two priced positions by their value as main computed it (decimals), largest first.
    const byValue = () => {
      const priced = core.positions.current().positions.filter((p) => p.value !== null && p.quantity !== '0')
      return priced
        .sort((a, b) => new Dec(b.value as string).comparedTo(a.value as string))
        .map((p) => p.symbol)
    }
    await expect.poll(() => byValue().length, { timeout: 15_000 }).toBe(2)
    const sortByValue = page.getByRole('button', { name: /Position value.*sort/ })
    await sortByValue.click()
    await expect.poll(() => shownOrder(page)).toEqual([...byValue(), 'GONEon'])
    expect(await page.getByRole('columnheader', { name: /Position value/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )
    // The other way, the delisted token (no price, so no value) is still last.
    await sortByValue.click()
    await expect.poll(() => shownOrder(page)).toEqual([...byValue().reverse(), 'GONEon'])

    // On a list, by P&L: the rows not held come after the positions, in the list's order.
    await page.getByRole('tab', { name: /Watchlist/ }).click()
    await page.getByRole('button', { name: /^P&L, .*sort/ }).click()
    const list = activeList(core.settings.get()).symbols
    const byPnl = core.positions
      .current()
      .positions.filter((p) => p.unrealized !== null && p.quantity !== '0' && list.includes(p.symbol))
      .sort((a, b) => new Dec(b.unrealized as string).comparedTo(a.unrealized as string))
      .map((p) => p.symbol)
    const notHeld = list.filter((symbol) => !byPnl.includes(symbol))
    await expect.poll(() => shownOrder(page)).toEqual([...byPnl, ...notHeld])
  })

  it('adds from the Holdings tab to the list it names, and says so with a way there', async () => {
    const { page, core } = await open(TUESDAY_LATE_MORNING)
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect.poll(() => shownOrder(page)).toEqual(['AAPLon', 'GONEon', 'NVDAon'])
    const search = page.locator('#symbol-search')
    expect(await search.getAttribute('placeholder')).toBe('Add to Watchlist…')
    await search.fill('brk-b')
    const option = page.getByRole('option', { name: /^BRK\.Bon/ }).first()
    await option.waitFor({ timeout: 15_000 })
    expect(await option.textContent()).toContain('add to Watchlist')
    await page.keyboard.press('Enter')
    // The Holdings tab stays; the toast names the list the symbol went to.
    const toast = page.locator('.toast', { hasText: 'Added BRK.Bon to Watchlist' })
    await toast.waitFor({ timeout: 15_000 })
    expect(activeList(core.settings.get()).symbols.at(-1)).toBe('BRK.Bon')
    expect(await shownOrder(page)).toEqual(['AAPLon', 'GONEon', 'NVDAon'])
    // The toast stands above the portfolio line, at 1280 px and at 360 px where the line folds.
    const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true })
    const clear = async () => {
      const [toastBox, lineBox] = [await toast.boundingBox(), await portfolio.boundingBox()]
      return toastBox !== null && lineBox !== null && toastBox.y + toastBox.height <= lineBox.y
    }
    await expect.poll(clear).toBe(true)
    await page.setViewportSize({ width: 360, height: 700 })
    await expect.poll(clear).toBe(true)
    await page.setViewportSize({ width: 1280, height: 700 })
    await toast.getByRole('button', { name: 'Show Watchlist' }).click()
    await expect
      .poll(() => page.getByRole('tab', { name: /Watchlist/ }).getAttribute('aria-selected'))
      .toBe('true')
    await expect.poll(() => rowOf(page, 'BRK.Bon').getAttribute('aria-selected')).toBe('true')
  })
})
