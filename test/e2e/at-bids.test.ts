import type { Page } from 'playwright-core'
import DecimalJs from 'decimal.js'
import { describe, expect, it } from 'vitest'
import type { TransactionInput } from '../../src/shared/holdings'
import { rowOf } from './harness'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'

/**
 * The holdings at what selling them would fetch, in the window: the portfolio line's "at bids" and
 * the Holdings tab's line under each value, against a real AppCore streaming the simulator's depth
 * at fixed market times (live-sim.ts), amounts shown and hidden, and a service without the stream.
 */

const Decimal = DecimalJs.clone({ precision: 80 })
const LEDGER: TransactionInput[] = [
  { time: '2026-11-10T10:00:00-05:00', symbol: 'AAPLon', side: 'buy', quantity: '3.5', price: '120.20' },
  { time: '2026-11-10T10:05:00-05:00', symbol: 'NVDAon', side: 'buy', quantity: '12.25', price: '100.10' },
]

const harnesses = harnessPerTest<LiveHarness>()

function open(marketTime: number, options: { specOnly?: boolean; hidden?: boolean } = {}) {
  return harnesses.open((browser) =>
    startLiveHarness({
      browser,
      marketTime,
      viewport: { width: 1280, height: 600 },
      transactions: LEDGER,
      stream: true,
      specOnly: options.specOnly,
      settings: { hideAmounts: options.hidden ?? false },
    }),
  )
}

const line = (page: Page) => page.getByRole('region', { name: 'Portfolio', exact: true })
const atBidsFigure = (page: Page) => line(page).locator('.portfolio-figure', { hasText: 'at bids' })
const exactOf = (title: string | null) => /Exact: ([\d.]+)/.exec(title ?? '')?.[1] ?? null

describe('holdings at their bids in the window', () => {
  it('a regular Tuesday: the line shows the total at bids against the value, as main has it', async () => {
    const { page, core } = await open(TUESDAY_LATE_MORNING)
    await page.getByRole('tab', { name: /Holdings/ }).click()
    const figure = atBidsFigure(page)
    await expect
      .poll(async () => exactOf(await figure.getAttribute('title')), { timeout: 20_000 })
      .not.toBeNull()
    // The figure, its exact value and its percent agree with what main holds (read at the same push).
    await expect
      .poll(
        async () => {
          const view = core.atBids.current()
          const value = core.positions.current().totals.value
          const exact = exactOf(await figure.getAttribute('title'))
          if (exact !== view.total || value === null || view.total === null) return 'moved'
          const pct = new Decimal(view.total).minus(value).times(100).dividedBy(value)
          const text = (await figure.textContent()) ?? ''
          const shown = new Decimal(/\(([-+]?[\d.]+)%\)/.exec(text)?.[1] ?? 'NaN')
          // Shown to 2 or 3 decimals: within half of the last one shown.
          return shown.minus(pct).abs().lessThanOrEqualTo('0.005') && text.includes('at bids')
            ? 'agrees'
            : text
        },
        {
          // Main's figures move at each ladder (once a second): on a loaded host the page can trail
          // them for a while before one reading catches both at the same push.
          timeout: 30_000,
        },
      )
      .toBe('agrees')
    expect(core.atBids.current().positions.map((position) => [position.symbol, position.kind])).toEqual([
      ['AAPLon', 'value'],
      ['NVDAon', 'value'],
    ])
    const bidsLine = rowOf(page, 'NVDAon').locator('.at-bids-line')
    await expect.poll(() => bidsLine.textContent()).toMatch(/^bids [\d,]+\.\d\d$/)
  })

  it('a Saturday: the conventional token’s market closed, said for its bids and the total', async () => {
    const { page } = await open(SATURDAY)
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect
      .poll(() => rowOf(page, 'AAPLon').locator('.at-bids-line').textContent(), { timeout: 20_000 })
      .toBe('bids: market closed')
    await expect
      .poll(() => rowOf(page, 'NVDAon').locator('.at-bids-line').textContent())
      .toMatch(/^bids [\d,]+/)
    await expect.poll(() => atBidsFigure(page).textContent()).toBe('at bids — AAPLon: market closed')
  })

  it('hide amounts hides the values at the bids too', async () => {
    const { page } = await open(TUESDAY_LATE_MORNING, { hidden: true })
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect
      .poll(() => rowOf(page, 'AAPLon').locator('.at-bids-line').textContent(), { timeout: 20_000 })
      .toBe('bids •••••')
    await expect.poll(() => atBidsFigure(page).textContent()).toBe('at bids •••••')
    expect(exactOf(await atBidsFigure(page).getAttribute('title'))).toBeNull()
  })

  it('a service with only the spec’s endpoints: the display value alone, labelled as such', async () => {
    const { page } = await open(TUESDAY_LATE_MORNING, { specOnly: true })
    await page.getByRole('tab', { name: /Holdings/ }).click()
    await expect
      .poll(() => rowOf(page, 'AAPLon').locator('.at-bids-line').textContent(), { timeout: 20_000 })
      .toBe('display price only')
    const lineText = line(page).locator('.at-bids-none')
    expect(await lineText.textContent()).toBe('display prices only')
    expect(await lineText.getAttribute('title')).toBe(
      'The value is at display prices; this service publishes no depth',
    )
    expect(await atBidsFigure(page).count()).toBe(0)
  })
})
