import { Dec } from '../../../shared/decimal'
import type { HoldingsReport, HoldingsTotals, ValuedPosition } from '../../../shared/holdings'

/**
 * What the window is sent of the holdings: every figure computed in main rounded half to even to
 * WINDOW_FRACTION_DIGITS places. The replay counts to 80 places (ledger-replay.ts), so the one
 * division of average cost writes 80 digits, and the window reads only plain decimals of at most
 * 40 (shared/decimal.ts): unbounded, every non-terminating average would show as missing. 18
 * places is a token's own precision and far past the cent the window shows money in; the CLI's
 * `--json` and the exports keep the full text. The price is the service's own text, already
 * checked, and the quantity has at most 18 places: both pass as they are.
 */
export const WINDOW_FRACTION_DIGITS = 18

export function bounded(value: string): string
export function bounded(value: string | null): string | null
export function bounded(value: string | null): string | null {
  return value === null ? null : new Dec(value).toDecimalPlaces(WINDOW_FRACTION_DIGITS).toString()
}

export function positionForWindow(position: ValuedPosition): ValuedPosition {
  return {
    ...position,
    cost: bounded(position.cost),
    averageCost: bounded(position.averageCost),
    realized: bounded(position.realized),
    value: bounded(position.value),
    unrealized: bounded(position.unrealized),
    unrealizedPct: bounded(position.unrealizedPct),
    dayChange: bounded(position.dayChange),
    fairValue: bounded(position.fairValue),
    valueAtFairValue: bounded(position.valueAtFairValue),
    unrealizedAtFairValue: bounded(position.unrealizedAtFairValue),
    premiumExposure: bounded(position.premiumExposure),
  }
}

/** The totals are summed from the full figures first, then bounded like each position's. */
export function totalsForWindow(totals: HoldingsTotals): HoldingsTotals {
  return {
    cost: bounded(totals.cost),
    realized: bounded(totals.realized),
    value: bounded(totals.value),
    unrealized: bounded(totals.unrealized),
    dayChange: bounded(totals.dayChange),
    valueAtFairValue: bounded(totals.valueAtFairValue),
    premiumExposure: bounded(totals.premiumExposure),
  }
}

export function reportForWindow<Report extends HoldingsReport>(report: Report): Report {
  return {
    ...report,
    positions: report.positions.map(positionForWindow),
    totals: totalsForWindow(report.totals),
  }
}
