import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryRange, HistorySeries } from '../../src/shared/history'
import { historyCsv } from '../../src/shared/history-csv'
import { historyFixture, type HistoryFixtureOptions } from '../support/history-fixtures'
import { launchBrowser, rowOf, unexpectedErrors } from './harness'
import { type HistoryHarness, startHistoryHarness } from './history-harness'
import { assertRendererBuilt } from './static-server'

/**
 * The detail chart beyond 24 hours in Chromium, `getHistory` answered from fixtures at fixed
 * market times: a Monday, a Saturday with a token trading off-hours, Thanksgiving, the day of a
 * 10:1 split and the day of a dividend step. Range buttons and keys, the range kept as a setting,
 * a range already fetched shown without a request, carried premiums drawn and said, multiplier
 * steps marked with their old and new values, the readout's digits exact, the CSV export, and a
 * 360 px window with nothing clipped.
 */

/** 10:15 ET on Monday 23 November 2026. */
const MONDAY = Date.UTC(2026, 10, 23, 15, 15)
/** 13:00 ET on Saturday 21 November 2026. */
const SATURDAY = Date.UTC(2026, 10, 21, 18, 0)
/** 12:00 ET on Thanksgiving, Thursday 26 November 2026: the market is closed all day. */
const THANKSGIVING = Date.UTC(2026, 10, 26, 17, 0)
/** 11:00 ET on Friday 27 November 2026, the early close after Thanksgiving. */
const AFTER_THANKSGIVING = Date.UTC(2026, 10, 27, 16, 0)
/** 11:00 ET on Wednesday 18 November 2026, the day of a 10:1 split (in force from 08:00 ET). */
const SPLIT_DAY = Date.UTC(2026, 10, 18, 16, 0)
const SPLIT = { t: Date.UTC(2026, 10, 18, 13, 0), from: '1.0011', to: '10.011' }
/** 11:00 ET on Tuesday 10 November 2026, the day of a dividend step (in force from 08:00 ET). */
const DIVIDEND_DAY = Date.UTC(2026, 10, 10, 16, 0)
const DIVIDEND = { t: Date.UTC(2026, 10, 10, 13, 0), from: '1', to: '1.0011' }

const STOCK = 'AAPLon'
/** Trades off-hours in the simulator. */
const OFF_HOURS = 'NVDAon'

let browser: Browser

beforeAll(async () => {
  assertRendererBuilt()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The fixture for each symbol and range at `end`, made once, so a test can compare with it. */
function fixtures(end: number, extra: Partial<HistoryFixtureOptions> = {}) {
  const made = new Map<string, HistorySeries>()
  return (symbol: string, range: Exclude<HistoryRange, '1d'>): HistorySeries => {
    const key = `${symbol} ${range}`
    let series = made.get(key)
    if (!series) {
      series = historyFixture({ symbol, range, end, offHours: symbol === OFF_HOURS, ...extra })
      made.set(key, series)
    }
    return series
  }
}

async function openDetail(page: Page, symbol: string): Promise<void> {
  await rowOf(page, symbol).click()
  await page.keyboard.press('Enter')
  await page.locator('.detail-chart').waitFor()
}

const historyShown = (page: Page) => page.locator('.chart-shown .chart-history .chart-tick').first().waitFor()
const readout = (page: Page) => page.locator('.chart-shown .chart-readout-history')
/** A figure of the readout, grouping aside: what a test compares with the string received. */
async function figure(page: Page, name: string): Promise<string> {
  const text = await readout(page).locator(`.chart-readout-${name} .num`).textContent()
  return (text ?? '').replaceAll(',', '')
}

describe('on a Monday, a stock token', () => {
  let harness: HistoryHarness
  const series = fixtures(MONDAY, { steps: [DIVIDEND, SPLIT] })

  beforeAll(async () => {
    harness = await startHistoryHarness({ browser, marketTime: MONDAY, histories: series })
    await openDetail(harness.page, STOCK)
  })
  afterAll(async () => {
    expect(unexpectedErrors(harness)).toEqual([])
    await harness?.close()
  })

  it('opens on today’s 24 hours, as before, and asks for nothing', async () => {
    const { page } = harness
    expect(await page.getByRole('radio', { name: /24 hour/ }).getAttribute('aria-checked')).toBe('true')
    await page.getByRole('figure', { name: /24 hour price chart/ }).waitFor()
    expect(harness.requests).toEqual([])
  })

  it(
    'shows a range chosen by its button, keeps it as a setting, and ' + 'asks only for the opened symbol',
    async () => {
      const { page, core } = harness
      await page.getByRole('radio', { name: /^1 month/ }).click()
      await historyShown(page)
      expect(await page.getByRole('radio', { name: /^1 month/ }).getAttribute('aria-checked')).toBe('true')
      expect(harness.requests).toEqual([{ symbol: STOCK, range: '1m' }])
      await expect.poll(() => core.settings.get().chartRange).toBe('1m')
    },
  )

  it('switches by the keys 1 to 7 and by the arrows among the buttons', async () => {
    const { page, core } = harness
    await page.locator('.chart-shown .chart-history').focus()
    await page.keyboard.press('6')
    await expect
      .poll(() => page.getByRole('radio', { name: /^1 year/ }).getAttribute('aria-checked'))
      .toBe('true')
    await historyShown(page)
    await expect.poll(() => core.settings.get().chartRange).toBe('1y')
    await page.getByRole('radio', { name: /^1 year/ }).focus()
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(() => page.getByRole('radio', { name: /^all time/ }).getAttribute('aria-checked'))
      .toBe('true')
    // The focus follows the choice, as in any radio group.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-range'))).toBe('all')
    await historyShown(page)
    await expect.poll(() => core.settings.get().chartRange).toBe('all')
  })

  it('goes back to a range already fetched without asking again', async () => {
    const { page } = harness
    const asked = harness.requests.length
    await page.keyboard.press('3') // 1M, fetched above
    await historyShown(page)
    await page.keyboard.press('6') // 1Y
    await expect.poll(() => page.locator('.chart-shown .chart-fresh').textContent()).toMatch(/1day buckets/)
    // Shown from the chart kept drawn: the same figure, focused, as before the switch away.
    expect(await page.locator('.chart-kept').count()).toBe(2)
    expect(harness.requests.length).toBe(asked)
  })

  it('marks each multiplier step on the axis with its old and new value', async () => {
    const { page } = harness
    await page.keyboard.press('3')
    await historyShown(page)
    const marks = page.locator('.chart-shown .chart-mark')
    await expect.poll(() => marks.count()).toBe(2)
    expect(await marks.allTextContents()).toEqual(['×1→1.0011', '×1.0011→10.011'])
    expect(await marks.nth(1).getAttribute('title')).toMatch(/^Multiplier 1\.0011 → 10\.011 from Nov 18/)
  })

  it('shows every figure of the point under the crosshair exactly as received', async () => {
    const { page } = harness
    const points = series(STOCK, '1m').points
    await page.locator('.chart-shown .chart-history').focus()
    await page.keyboard.press('Home')
    await readout(page).locator('.chart-readout-time').waitFor()
    const first = points[0]!
    expect(await figure(page, 'price')).toBe(first.close)
    expect(await figure(page, 'stock')).toBe(first.underlyingClose)
    expect(await figure(page, 'multiplier')).toBe(first.multiplier)
    const firstText = (await readout(page).textContent())?.replaceAll(',', '') ?? ''
    for (const value of [first.open, first.high, first.low]) expect(firstText).toContain(value)
    await page.keyboard.press('End')
    const last = points[points.length - 1]!
    await expect.poll(() => figure(page, 'price')).toBe(last.close)
    expect(await figure(page, 'premium')).toBe(
      `${last.premium!.startsWith('-') ? '' : '+'}${premiumDigits(last.premium!)}%`,
    )
    const text = (await readout(page).textContent())?.replaceAll(',', '') ?? ''
    for (const value of [last.open, last.high, last.low]) expect(text).toContain(value)
    // The readout's tooltip says how many candles were left out.
    expect(await readout(page).getAttribute('title')).toBe('Every candle received passed validation.')
  })

  it('exports the shown range as CSV with the columns of the history table', async () => {
    const { page } = harness
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`tokenwatch-${STOCK}-1m-2026-11-23.csv`)
    const text = await readFile(await download.path(), 'utf8')
    expect(text.split('\r\n')[0]).toBe(
      't,open,high,low,close,underlyingClose,underlyingCarried,multiplier,premium',
    )
    expect(text).toBe(historyCsv(series(STOCK, '1m').points))
  })

  it('draws candles or a line of the closes, by the switch and by C', async () => {
    const { page, core } = harness
    const toggle = page.getByRole('button', { name: 'Candles' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await page.keyboard.press('c')
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false')
    await expect.poll(() => core.settings.get().chartStyle).toBe('line')
    expect(await page.locator('.chart-shown .chart-legend').first().textContent()).toContain('Token close')
    await toggle.click()
    await expect.poll(() => core.settings.get().chartStyle).toBe('candles')
  })
})

/** The percent of a fraction by moving its point two places, as the readout must. */
function premiumDigits(fraction: string): string {
  const negative = fraction.startsWith('-')
  const [whole = '0', part = ''] = (negative ? fraction.slice(1) : fraction).split('.')
  const digits = `${whole}${part.padEnd(2, '0')}`
  const integer = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '')
  const rest = digits.slice(whole.length + 2)
  return `${negative ? '-' : ''}${integer}${rest ? `.${rest}` : ''}`
}

describe('the range remembered for the app', () => {
  it('opens the next start on the range chosen before', async () => {
    const harness = await startHistoryHarness({
      browser,
      marketTime: MONDAY,
      settings: { chartRange: '3m' },
      histories: fixtures(MONDAY),
    })
    try {
      await openDetail(harness.page, STOCK)
      await historyShown(harness.page)
      expect(await harness.page.getByRole('radio', { name: /^3 month/ }).getAttribute('aria-checked')).toBe(
        'true',
      )
      expect(harness.requests).toEqual([{ symbol: STOCK, range: '3m' }])
      expect(unexpectedErrors(harness)).toEqual([])
    } finally {
      await harness.close()
    }
  })
})

describe('on a Saturday, a token trading off-hours', () => {
  let harness: HistoryHarness
  const series = fixtures(SATURDAY, {
    note: 'This service publishes no history; recording since Nov 2, 2026.',
    rejectedCandles: 3,
  })

  beforeAll(async () => {
    harness = await startHistoryHarness({
      browser,
      marketTime: SATURDAY,
      settings: { chartRange: '1w' },
      histories: series,
    })
    await openDetail(harness.page, OFF_HOURS)
    await historyShown(harness.page)
  })
  afterAll(async () => {
    expect(unexpectedErrors(harness)).toEqual([])
    await harness?.close()
  })

  it('says the note above the chart, how fresh the history is, and the candles left out', async () => {
    const { page } = harness
    expect(await page.locator('.chart-shown .chart-note').textContent()).toBe(
      'This service publishes no history; recording since Nov 2, 2026.',
    )
    expect(await page.locator('.chart-shown .chart-fresh').textContent()).toMatch(
      /^As of Nov 21, 13:00:00 ET \(\d+s ago\), recorded by Tokenwatch, 1hour buckets$/,
    )
    expect(await readout(page).getAttribute('title')).toBe('3 candles were left out: they failed validation.')
  })

  it('says in the readout that a weekend premium stands on a carried stock close', async () => {
    const { page } = harness
    const points = series(OFF_HOURS, '1w').points
    const last = points[points.length - 1]!
    expect(last.underlyingCarried).toBe(true)
    await page.locator('.chart-shown .chart-history').focus()
    await page.keyboard.press('End')
    await expect.poll(() => figure(page, 'price')).toBe(last.close)
    expect(await readout(page).locator('.chart-readout-stock').textContent()).toMatch(
      /carried \(no stock candle\)$/,
    )
    expect(await readout(page).locator('.chart-readout-premium').textContent()).toMatch(/on a carried close$/)
    // A weekday point stands on the stock's own close: nothing said.
    const weekday = points.findLastIndex((point) => !point.underlyingCarried)
    for (let step = points.length - 1; step > weekday; step--) await page.keyboard.press('ArrowLeft')
    await expect.poll(() => figure(page, 'price')).toBe(points[weekday]!.close)
    expect(await readout(page).locator('.carried').count()).toBe(0)
    expect(await page.locator('.chart-shown .chart-legend-item.line-carried').textContent()).toBe(
      'Stock close carried',
    )
  })

  it('draws the weekend at full width: the token’s market never closed', async () => {
    expect(await harness.page.locator('.chart-shown .chart-history .chart-gap').count()).toBe(0)
    expect(await harness.page.locator('.chart-shown .chart-history .band-offhours').count()).toBe(1)
  })
})

describe('over Thanksgiving, a stock token over a week', () => {
  it('on the holiday, ends at the last bucket before it: the chart claims no trading that day', async () => {
    const harness = await startHistoryHarness({
      browser,
      marketTime: THANKSGIVING,
      settings: { chartRange: '1w' },
      histories: fixtures(THANKSGIVING),
    })
    try {
      const { page } = harness
      await openDetail(page, STOCK)
      await historyShown(page)
      await page.locator('.chart-shown .chart-history').focus()
      await page.keyboard.press('End')
      await expect
        .poll(() => readout(page).locator('.chart-readout-time').textContent())
        .toMatch(/^Nov 25, 19:00:00 ET$/)
      expect(await page.locator('.chart-shown .chart-history .chart-tick').allTextContents()).not.toContain(
        'Thu 26',
      )
      expect(unexpectedErrors(harness)).toEqual([])
    } finally {
      await harness.close()
    }
  })

  it(
    'the day after, draws the holiday and the weekend as gaps, the ' + 'labels apart and the days named',
    async () => {
      const harness = await startHistoryHarness({
        browser,
        marketTime: AFTER_THANKSGIVING,
        settings: { chartRange: '1w' },
        histories: fixtures(AFTER_THANKSGIVING),
      })
      try {
        const { page } = harness
        await openDetail(page, STOCK)
        await historyShown(page)
        const titles = await page
          .locator('.chart-shown .chart-history .chart-gap')
          .evaluateAll((gaps) => gaps.map((gap) => gap.getAttribute('title')))
        expect(titles).toHaveLength(2)
        expect(titles[1]).toMatch(/^Market closed Wed, Nov 25, 19:59 to Thu, Nov 26, 20:05 ET$/)
        const ticks = await page.locator('.chart-shown .chart-history .chart-tick').allTextContents()
        expect(ticks).not.toContain('Thu 26')
        expect(ticks).toEqual(expect.arrayContaining(['Wed 25', 'Fri 27']))
        expect(await page.locator('.chart-shown .chart-axis-unit').textContent()).toBe('Labels: days')
        expect(unexpectedErrors(harness)).toEqual([])
      } finally {
        await harness.close()
      }
    },
  )
})

describe.each([
  { name: 'a 10:1 split', marketTime: SPLIT_DAY, step: SPLIT },
  { name: 'a dividend step', marketTime: DIVIDEND_DAY, step: DIVIDEND },
])('on the day of $name', ({ marketTime, step }) => {
  it(
    'says the step in the readout at its first point, old and new, ' + 'and the premium does not jump',
    async () => {
      const series = fixtures(marketTime, { steps: [step] })
      const harness = await startHistoryHarness({
        browser,
        marketTime,
        settings: { chartRange: '1w' },
        histories: series,
      })
      try {
        const { page } = harness
        await openDetail(page, STOCK)
        await historyShown(page)
        expect(await page.locator('.chart-shown .chart-mark').getAttribute('title')).toMatch(
          new RegExp(`^Multiplier ${step.from.replace('.', '\\.')} → ${step.to.replace('.', '\\.')} from`),
        )
        const points = series(STOCK, '1w').points
        const first = points.findIndex((point) => point.t >= step.t)
        await page.locator('.chart-shown .chart-history').focus()
        await page.keyboard.press('End')
        for (let index = points.length - 1; index > first; index--) await page.keyboard.press('ArrowLeft')
        await expect.poll(() => figure(page, 'price')).toBe(points[first]!.close)
        expect(await figure(page, 'multiplier')).toBe(`${step.from} → ${step.to}`)
        await page.keyboard.press('ArrowLeft')
        await expect.poll(() => figure(page, 'multiplier')).toBe(step.from)
        expect(Math.abs(Number(points[first]!.premium) - Number(points[first - 1]!.premium))).toBeLessThan(
          0.01,
        )
        expect(unexpectedErrors(harness)).toEqual([])
      } finally {
        await harness.close()
      }
    },
  )
})

describe('the readout replacing its hint', () => {
  for (const width of [1280, 360])
    it(`moves nothing below it at ${width} px (NVDAon 1M, the chart focused, End)`, async () => {
      const harness = await startHistoryHarness({
        browser,
        marketTime: MONDAY,
        viewport: { width, height: 760 },
        settings: { chartRange: '1m' },
        histories: fixtures(MONDAY),
      })
      try {
        const { page } = harness
        await openDetail(page, OFF_HOURS)
        await historyShown(page)
        const chart = page.locator('.chart-shown .chart-history')
        // The plot under the readout, and the legend under the plot.
        const chartTop = async () =>
          [
            (await chart.locator('.chart-canvas-history').boundingBox())?.y,
            (await chart.locator('.chart-caption').boundingBox())?.y,
          ].map((y) => y?.toFixed(1))
        const before = await chartTop()
        const hint = readout(page).getByText(/^Point at the chart/)
        expect(await hint.isVisible()).toBe(true)
        await chart.focus()
        await page.keyboard.press('End')
        await readout(page).locator('.chart-readout-time').waitFor()
        expect(await hint.count()).toBe(0)
        expect(await chartTop()).toEqual(before)
        // Nor when the crosshair walks to the first point, whose figures differ.
        const lastTime = await readout(page).locator('.chart-readout-time').textContent()
        await page.keyboard.press('Home')
        await expect.poll(() => readout(page).locator('.chart-readout-time').textContent()).not.toBe(lastTime)
        expect(await chartTop()).toEqual(before)
        expect(unexpectedErrors(harness)).toEqual([])
      } finally {
        await harness.close()
      }
    })
})

describe('at 360 px', () => {
  it('clips no figure: the readout wraps inside the panel, the buttons fit', async () => {
    const harness = await startHistoryHarness({
      browser,
      marketTime: SATURDAY,
      viewport: { width: 360, height: 760 },
      settings: { chartRange: 'all' },
      histories: fixtures(SATURDAY),
    })
    try {
      const { page } = harness
      await openDetail(page, OFF_HOURS)
      await historyShown(page)
      await page.locator('.chart-shown .chart-history').focus()
      await page.keyboard.press('End')
      await readout(page).locator('.chart-readout-time').waitFor()
      const clipped = await page.evaluate(() => {
        const panel = document.querySelector('.detail-chart')?.getBoundingClientRect()
        if (!panel) return ['no panel']
        const out: string[] = []
        for (const element of document.querySelectorAll<HTMLElement>(
          '.detail-chart .chart-shown .chart-readout-item, .detail-chart ' +
            'button, .detail-chart .chart-shown .chart-tick, .detail-chart ' +
            '.chart-shown .chart-mark, .detail-chart .chart-shown .chart-fresh, ' +
            '.detail-chart .chart-shown .chart-legend-item',
        )) {
          const box = element.getBoundingClientRect()
          if (
            box.left < panel.left - 0.5 ||
            box.right > panel.right + 0.5 ||
            element.scrollWidth > element.clientWidth + 1
          )
            out.push(element.textContent ?? '')
        }
        return out
      })
      expect(clipped).toEqual([])
      expect(unexpectedErrors(harness)).toEqual([])
    } finally {
      await harness.close()
    }
  })
})

/** Five steps over the years of All: two pairs a few days apart, whose words cannot sit side by side. */
const FIVE_STEPS = [
  { t: Date.UTC(2023, 2, 14, 12, 0), from: '1', to: '1.0011' },
  { t: Date.UTC(2023, 2, 21, 12, 0), from: '1.0011', to: '1.0023' },
  { t: Date.UTC(2024, 8, 10, 12, 0), from: '1.0023', to: '10.023' },
  { t: Date.UTC(2026, 5, 9, 12, 0), from: '10.023', to: '10.0345' },
  { t: Date.UTC(2026, 5, 12, 12, 0), from: '10.0345', to: '10.0461' },
]

describe('five multiplier steps in All (issue 44 item 10)', () => {
  for (const [width, marketTime, day] of [
    [1280, MONDAY, 'monday'],
    [390, SATURDAY, 'saturday'],
  ] as const)
    it(
      `marks every step at ${width} px on a ${day}, the crowded ones ` + `by the glyph the legend explains`,
      async () => {
        const harness = await startHistoryHarness({
          browser,
          marketTime,
          viewport: { width, height: 900 },
          settings: { chartRange: 'all' },
          histories: fixtures(marketTime, { steps: FIVE_STEPS }),
        })
        try {
          const { page } = harness
          await openDetail(page, STOCK)
          await historyShown(page)
          const marks = page.locator('.chart-shown .chart-marks .chart-mark')
          await expect.poll(() => marks.count()).toBe(5)
          const titles = await marks.evaluateAll((all) => all.map((mark) => mark.getAttribute('title') ?? ''))
          expect(titles.map((title) => title.replace(/ from .*/, ''))).toEqual(
            FIVE_STEPS.map((step) => `Multiplier ${step.from} → ${step.to}`),
          )
          const compact = page.locator('.chart-shown .chart-marks .chart-mark-compact')
          expect(await compact.count()).toBeGreaterThan(0)
          expect(new Set(await compact.allTextContents())).toEqual(new Set(['◆']))
          // The legend names the glyph wherever it is drawn; the split, the largest step, keeps its words.
          await expect
            .poll(() => page.locator('.chart-shown .chart-legend-step').textContent())
            .toContain('◆ Multiplier step too close to another to label')
          expect(await marks.allTextContents()).toContain('×1.0023→10.023')
          // No glyph lands on a step's words or on another glyph.
          const overlaps = await page.evaluate(() => {
            const boxes = [...document.querySelectorAll('.chart-shown .chart-marks .chart-mark')].map(
              (mark) => ({
                compact: mark.classList.contains('chart-mark-compact'),
                box: mark.getBoundingClientRect(),
              }),
            )
            const words = boxes.filter((mark) => !mark.compact)
            const glyphs = boxes.filter((mark) => mark.compact)
            return glyphs.filter(({ box }, index) =>
              [...words, ...glyphs.slice(index + 1)].some(
                (other) =>
                  box.left < other.box.right &&
                  other.box.left < box.right &&
                  box.top < other.box.bottom &&
                  other.box.top < box.bottom,
              ),
            ).length
          })
          expect(overlaps).toBe(0)
          await page
            .locator('.chart-shown')
            .screenshot({ path: `docs/screenshots/history-all-five-steps-${width}-${day}.png` })
          expect(unexpectedErrors(harness)).toEqual([])
        } finally {
          await harness.close()
        }
      },
    )
})
