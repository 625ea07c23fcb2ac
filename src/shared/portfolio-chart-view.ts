import type { DecimalString } from './decimal'
import type { Attribution, PortfolioReport } from './portfolio'

/**
 * What main sends the Holdings tab's portfolio chart (issue #49): the report as the command line
 * has it, every figure bounded to the window's places (holdings/window-figures.ts), and the
 * attribution table already put in cents from the exact figures, so the window shows those cells
 * verbatim and never rounds a rounded figure again.
 */
export interface AttributionRow {
  /** The position's symbol; null for the total line. */
  symbol: string | null
  /** Each part to the cent ("12.34"), adding up to `pnl` (portfolio-cents.ts). */
  parts: Attribution
  pnl: DecimalString
  /** The same figures bounded to the window's places, for the cells' tooltips. */
  exact: Attribution & { pnl: DecimalString }
}

export interface PortfolioChartView {
  report: PortfolioReport
  /** Per position, then the total. */
  attribution: AttributionRow[]
}
