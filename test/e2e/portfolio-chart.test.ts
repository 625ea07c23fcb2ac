import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { IpcResult } from '../../src/shared/ipc-contract'
import type { PortfolioChartView } from '../../src/shared/portfolio-chart-view'
import { formatFullTime } from '../../src/shared/display-time'
import { Dec } from '../../src/shared/decimal'
import { formatPercent } from '../../src/renderer/format'
import { SATURDAY } from './layout-screenshots'
import { startLiveHarness, TUESDAY_LATE_MORNING, type LiveHarness } from './live-sim'
import { harnessPerTest } from './per-test'
import { PORTFOLIO_LEDGER } from './portfolio-ledger'
import { showPortfolioChart } from './portfolio-steps'

/**
 * The Holdings tab's portfolio chart (issue #49, item 1) on the simulator, at a fixed Tuesday
 * (11:32 ET, 17 November 2026) and a fixed Saturday (21 November): what the page draws is checked
 * against the very answer main gave it (caught on its way into the page), so prices moving on with
 * the clock cannot make the comparison pass or fail by chance.
 */

const harnesses = harnessPerTest<LiveHarness>()
type Answer = IpcResult<PortfolioChartView>

/** Cents as the window writes a signed amount: "+1,192.35", "-0.15", "0.00". */
function signedCents(cents: string): string {
  const negative = cents.startsWith('-')
  const [whole = '', fraction = ''] = cents.replace('-', '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = negative ? '-' : /^0\.0+$/.test(cents.replace('-', '')) ? '' : '+'
  return `${sign}${grouped}.${fraction}`
}

/** A return fraction as the window's table writes it: a signed percent, "—" where there is none. */
function returnCell(fraction: string | null): string {
  return fraction === null ? '—' : formatPercent(new Dec(fraction).times(100).toFixed())
}

/** The returns table's rows, each its cells' texts. */
function returnRows(section: Locator): Promise<(string | null)[][]> {
  return section
    .locator('.chart-shown .portfolio-returns tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    )
}

async function open(marketTime: number, hidden: boolean): Promise<LiveHarness> {
  const harness = await harnesses.open((browser) =>
    startLiveHarness({
      browser,
      marketTime,
      viewport: { width: 1280, height: 1400 },
      transactions: PORTFOLIO_LEDGER,
      settings: { hideAmounts: hidden },
    }),
  )
  // Every getPortfolioHistory answer the page receives, kept beside it.
  await harness.page.evaluate(() => {
    const page = window as unknown as {
      __twInvoke: (name: string, args: unknown) => Promise<unknown>
      __portfolioAnswers: unknown[]
    }
    const invoke = page.__twInvoke
    page.__portfolioAnswers = []
    page.__twInvoke = async (name, args) => {
      const answer = await invoke(name, args)
      if (name === 'getPortfolioHistory') page.__portfolioAnswers.push(answer)
      return answer
    }
  })
  return harness
}

async function lastAnswer(harness: LiveHarness): Promise<PortfolioChartView> {
  const answers = (await harness.page.evaluate(
    () => (window as unknown as { __portfolioAnswers: unknown[] }).__portfolioAnswers,
  )) as Answer[]
  const answer = answers.at(-1)
  if (!answer?.ok) throw new Error(`no portfolio answer: ${JSON.stringify(answer)}`)
  return answer.value
}

for (const [day, marketTime] of [
  ['Tuesday', TUESDAY_LATE_MORNING],
  ['Saturday', SATURDAY],
] as const)
  describe(`the portfolio chart on a ${day}`, () => {
    it("marks each trade at its time with its words; the attribution cells are main's", async () => {
      const harness = await open(marketTime, false)
      const section = await showPortfolioChart(harness.page)
      const { report, attribution } = await lastAnswer(harness)
      expect(report.empty).toBe(false)
      const shown = section.locator('.chart-shown')
      // Three lines, the same money in the stocks and in SPYon (main had both), and the P&L area,
      // said in the legend as drawn.
      expect(report.benchmarkSeries.some((point) => point.stocks !== null && point.token !== null)).toBe(true)
      expect(await shown.locator('.chart-legend-item[class*="line-portfolio-"]').allTextContents()).toEqual([
        'Value',
        'Value at fair value',
        'Cost basis',
        'Had you held the stocks',
        'Had you bought SPYon',
        'P&L (lower pane: gain above zero, loss below)',
      ])
      // The 3M range holds all five trades of the ledger: each marked at its own time.
      expect(report.trades).toHaveLength(PORTFOLIO_LEDGER.length)
      const marks = shown.locator('.chart-trade-mark')
      expect(
        await marks.evaluateAll((all) => all.map((mark) => Number(mark.getAttribute('data-t')))),
      ).toEqual(PORTFOLIO_LEDGER.map((transaction) => Date.parse(transaction.time)))
      const zone = { timeZone: 'America/New_York', nameAt: () => 'ET' }
      const when = (index: number) =>
        formatFullTime(Date.parse(PORTFOLIO_LEDGER[index]?.time ?? ''), zone, { year: true })
      expect(await marks.evaluateAll((all) => all.map((mark) => mark.getAttribute('title')))).toEqual([
        `${when(0)}: buy 3.5 AAPLon at 120.20`,
        `${when(1)}: buy 12.25 NVDAon at 100.10`,
        `${when(2)}: buy 2 AAPLon at 118.45`,
        `${when(3)}: sell 4.75 NVDAon at 97.30`,
        `${when(4)}: transfer out 1.5 AAPLon`,
      ])
      // The attribution table's cells: main's cents, signed and grouped as the window writes
      // money, the total line last.
      const cells = await shown
        .locator('.portfolio-attribution tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
        )
      expect(cells).toEqual(
        attribution.map((row) => [
          row.symbol ?? 'Total',
          ...[row.parts.stock, row.parts.multiplier, row.parts.premium, row.parts.fees, row.pnl].map(
            signedCents,
          ),
        ]),
      )
      // Each position's returns, then the portfolio's, in a table of their own.
      expect(await returnRows(section)).toEqual([
        ...report.positions.map((position) => [
          position.symbol,
          returnCell(position.twr),
          returnCell(position.mwr),
        ]),
        ['Total', returnCell(report.figures.twr), returnCell(report.figures.mwr)],
      ])
      // Each position has returns of its own here: the rows are not the total's repeated.
      expect(new Set(report.positions.map((position) => position.twr)).size).toBe(report.positions.length)
      expect(await shown.locator('.chart-fresh').textContent()).toMatch(
        new RegExp(
          "^As of .* ET \\(.* ago\\): the ledger replayed over the service's candles, " +
            'asked when shown \\(polled, not streamed\\)$',
        ),
      )
    })

    it('hides every amount: percents only, no dollar figure anywhere in the tab', async () => {
      const harness = await open(marketTime, true)
      const section = await showPortfolioChart(harness.page, true)
      const { report, attribution } = await lastAnswer(harness)
      const text = (await harness.page.locator('main').textContent()) + ((await section.textContent()) ?? '')
      expect(text).not.toContain('$')
      expect(text).not.toContain('USD')
      for (const row of attribution)
        for (const cents of [row.pnl, ...Object.values(row.parts)]) {
          // A whole figure, not digits inside another one ("5.04" inside "+165.04 pts").
          if (cents !== '0.00')
            expect(text).not.toMatch(new RegExp(`(?<![\\d.,])${cents.replace('.', '\\.')}(?![\\d])`))
        }
      const titles = await section
        .locator('[title]')
        .evaluateAll((all) => all.map((each) => each.getAttribute('title')))
      expect(titles.join(' ')).not.toContain('Exact')
      expect(titles.join(' ')).not.toContain(' at 120.20')
      expect(await section.locator('.portfolio-attribution .hidden-amount').count()).toBe(
        attribution.length * 5,
      )
      // The returns are percentages: shown with amounts hidden.
      expect((await returnRows(section)).map((row) => row[1])).toEqual(
        [...report.positions, report.figures].map((figures) => returnCell(figures.twr)),
      )
      expect(report.figures.pnl).not.toBe('0')
      expect(await section.locator('.portfolio-figures').textContent()).toMatch(
        /P&L [+-][\d.,]+% of the start/,
      )
    })
  })
