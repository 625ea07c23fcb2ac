import type { AssetQuote } from '../../../shared/domain'
import { Dec } from '../../../shared/decimal'
import type {
  CostMethod,
  HoldingsReport,
  HoldingsTotals,
  LedgerPosition,
  ValuedPosition,
} from '../../../shared/holdings'
import { divided } from './ledger-replay'

/**
 * Values positions at the latest quotes, in decimal.js. A figure that needs a missing input is
 * null, never computed from something else; a figure computed from a stale quote is marked stale.
 * Sums and products are exact; the one division (the percent) is shown to QUOTIENT_DIGITS.
 */

/** Fair value per token, unrounded (the quote's own fairValue is rounded to 4 places for show). */
function exactFairValue(quote: AssetQuote | undefined): Dec | null {
  if (!quote?.underlying || quote.sharesMultiplier === null) return null
  return new Dec(quote.underlying.price).times(quote.sharesMultiplier)
}

function text(value: Dec | null): string | null {
  return value === null ? null : value.toString()
}

export function valuePosition(position: LedgerPosition, quote: AssetQuote | undefined): ValuedPosition {
  const quantity = new Dec(position.quantity)
  const cost = new Dec(position.cost)
  // Nothing held is worth exactly nothing, whatever the quote says or lacks.
  const times = (perToken: string | Dec | null | undefined): Dec | null =>
    quantity.isZero()
      ? new Dec(0)
      : perToken === null || perToken === undefined
        ? null
        : quantity.times(perToken)
  const value = times(quote?.price)
  const fairValue = exactFairValue(quote)
  const valueAtFairValue = times(fairValue)
  const unrealized = value === null ? null : value.minus(cost)
  return {
    ...position,
    price: quote?.price ?? null,
    value: text(value),
    unrealized: text(unrealized),
    unrealizedPct: unrealized === null || cost.isZero() ? null : divided(unrealized.times(100), cost),
    dayChange: text(times(quote?.change24h)),
    fairValue: text(fairValue),
    valueAtFairValue: text(valueAtFairValue),
    unrealizedAtFairValue: text(valueAtFairValue === null ? null : valueAtFairValue.minus(cost)),
    premiumExposure: text(value === null || valueAtFairValue === null ? null : value.minus(valueAtFairValue)),
    stale: !quantity.isZero() && (quote?.stale ?? false),
  }
}

type Summed = 'value' | 'unrealized' | 'dayChange' | 'valueAtFairValue' | 'premiumExposure'

/** The sum of one figure over all positions, or null as soon as one position lacks it. */
function sumOrNull(positions: readonly ValuedPosition[], field: Summed): string | null {
  let sum = new Dec(0)
  for (const position of positions) {
    const figure = position[field]
    if (figure === null) return null
    sum = sum.plus(figure)
  }
  return sum.toString()
}

export function holdingsTotals(positions: readonly ValuedPosition[]): HoldingsTotals {
  const sum = (field: 'cost' | 'realized') =>
    positions.reduce((total, position) => total.plus(position[field]), new Dec(0)).toString()
  return {
    cost: sum('cost'),
    value: sumOrNull(positions, 'value'),
    realized: sum('realized'),
    unrealized: sumOrNull(positions, 'unrealized'),
    dayChange: sumOrNull(positions, 'dayChange'),
    valueAtFairValue: sumOrNull(positions, 'valueAtFairValue'),
    premiumExposure: sumOrNull(positions, 'premiumExposure'),
  }
}

/** Every position valued at `quotes` (by symbol), with the totals. */
export function holdingsReport(
  positions: readonly LedgerPosition[],
  quotes: ReadonlyMap<string, AssetQuote>,
  method: CostMethod,
  asOfMs: number,
): HoldingsReport {
  const valued = positions.map((position) => valuePosition(position, quotes.get(position.symbol)))
  return { method, asOf: new Date(asOfMs).toISOString(), positions: valued, totals: holdingsTotals(valued) }
}
