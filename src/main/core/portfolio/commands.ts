import { DEFAULT_BENCHMARK, type Attribution, type PortfolioReport } from '../../../shared/portfolio'
import { attributionInCents } from '../../../shared/portfolio-cents'
import type { AttributionRow, PortfolioChartView } from '../../../shared/portfolio-chart-view'
import type { SomeCommandHandlers } from '../command-handlers'
import type { Clock } from '../clock'
import type { HistoryService } from '../history/history-service'
import type { HoldingsFile } from '../holdings/holdings-file'
import { bounded } from '../holdings/window-figures'
import type { SettingsFile } from '../storage/settings-file'
import { portfolioInput } from './portfolio-histories'
import type { PortfolioComputer } from './portfolio-thread'

/** What the portfolio's command uses: the ledger, the detail chart's histories, the cost method. */
export interface PortfolioCommandContext {
  holdings: HoldingsFile
  history: HistoryService
  settings: Pick<SettingsFile, 'get'>
  clock: Clock
  /** Where it is computed: off the main thread in the app (portfolio-thread.ts). */
  portfolio: PortfolioComputer
}

function attributionForWindow(attribution: Attribution): Attribution {
  return {
    stock: bounded(attribution.stock),
    multiplier: bounded(attribution.multiplier),
    premium: bounded(attribution.premium),
    fees: bounded(attribution.fees),
  }
}

function attributionRow(
  symbol: string | null,
  figures: { attribution: Attribution; pnl: string },
): AttributionRow {
  const cents = attributionInCents(figures.attribution, figures.pnl)
  return {
    symbol,
    parts: cents.parts,
    pnl: cents.pnl,
    exact: { ...attributionForWindow(figures.attribution), pnl: bounded(figures.pnl) },
  }
}

/**
 * The report as the window may read it: every amount bounded to the window's places (the replay's
 * average cost runs to 80), the table's cents taken from the exact figures first.
 */
export function chartViewForWindow(report: PortfolioReport): PortfolioChartView {
  const attribution = [
    ...report.positions.map((position) => attributionRow(position.symbol, position)),
    attributionRow(null, report.figures),
  ]
  return {
    attribution,
    report: {
      ...report,
      series: report.series.map((point) => ({
        t: point.t,
        value: bounded(point.value),
        valueAtFairValue: bounded(point.valueAtFairValue),
        cost: bounded(point.cost),
        pnl: bounded(point.pnl),
      })),
      figures: {
        ...report.figures,
        pnl: bounded(report.figures.pnl),
        attribution: attributionForWindow(report.figures.attribution),
      },
      positions: report.positions.map((position) => ({
        ...position,
        pnl: bounded(position.pnl),
        attribution: attributionForWindow(position.attribution),
      })),
    },
  }
}

/**
 * The Holdings tab's portfolio chart (issue #49): the same computation as `tokenwatch portfolio`
 * (on the app's portfolio thread),
 * over the same HistoryService the detail chart asks (its cache makes a range asked again cheap),
 * the ledger's cost method from the settings, the default benchmark token.
 */
export function portfolioCommands(
  context: PortfolioCommandContext,
): SomeCommandHandlers<'getPortfolioHistory'> {
  return {
    getPortfolioHistory: async ({ range }) => {
      const input = await portfolioInput({
        history: context.history,
        transactions: context.holdings.transactions(),
        method: context.settings.get().costMethod,
        range,
        benchmarkSymbol: DEFAULT_BENCHMARK,
        asOf: context.clock.now(),
      })
      return chartViewForWindow(await context.portfolio.compute(input))
    },
  }
}
