import type { AssetQuote } from '../../../shared/domain'
import { Dec } from '../../../shared/decimal'
import type {
  CostMethod,
  HoldingsReport,
  HoldingsTotals,
  LedgerPosition,
  SourcedPosition,
  ValuedPosition,
} from '../../../shared/holdings'
import { divided } from './ledger-replay'
import { fromLedger, type SourcedPositions } from './quantity-source'

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

/** A ledger position (the tests', the replay's) is sourced from the ledger. */
function sourced(position: LedgerPosition | SourcedPosition): SourcedPosition {
  return 'quantityFrom' in position ? position : fromLedger(position)
}

export function valuePosition(
  held: LedgerPosition | SourcedPosition,
  quote: AssetQuote | undefined,
): ValuedPosition {
  const position = sourced(held)
  const quantity = new Dec(position.quantity)
  // Without a cost basis there is no P&L at cost: those figures are null, never against a zero.
  const cost = position.cost === null ? null : new Dec(position.cost)
  const costed = quantity.minus(position.uncosted ?? 0)
  /** P&L at cost of the tokens with a cost basis, valued at `perToken`. */
  const atCost = (perToken: Dec | null) =>
    cost === null
      ? null
      : costed.isZero()
        ? new Dec(0).minus(cost)
        : perToken && costed.times(perToken).minus(cost)
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
  const unrealized = value === null ? null : atCost(quote?.price == null ? null : new Dec(quote.price))
  return {
    ...position,
    price: quote?.price ?? null,
    value: text(value),
    unrealized: text(unrealized),
    unrealizedPct:
      unrealized === null || cost === null || cost.isZero() ? null : divided(unrealized.times(100), cost),
    dayChange: text(times(quote?.change24h)),
    fairValue: text(fairValue),
    valueAtFairValue: text(valueAtFairValue),
    unrealizedAtFairValue: text(valueAtFairValue === null ? null : atCost(fairValue)),
    premiumExposure: text(value === null || valueAtFairValue === null ? null : value.minus(valueAtFairValue)),
    stale: !quantity.isZero() && (quote?.stale ?? false),
  }
}

type Summed = 'value' | 'dayChange' | 'valueAtFairValue' | 'premiumExposure'

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

/**
 * The sum of a figure at cost over the positions with a cost basis: null when a held position lacks
 * a price (as every total), or when tokens are held and none has a cost basis (quantities from
 * wallets): never a zero standing for an unknown cost.
 */
function sumAtCost(positions: readonly ValuedPosition[], field: 'cost' | 'unrealized'): string | null {
  let sum = new Dec(0)
  let held = false
  let costed = false
  for (const position of positions) {
    if (field === 'unrealized' && position.value === null) return null
    held ||= position.quantity !== '0'
    const figure = position[field]
    if (figure === null) continue
    costed ||= position.quantity !== '0'
    sum = sum.plus(figure)
  }
  return held && !costed ? null : sum.toString()
}

export function holdingsTotals(positions: readonly ValuedPosition[]): HoldingsTotals {
  return {
    cost: sumAtCost(positions, 'cost'),
    value: sumOrNull(positions, 'value'),
    realized: positions.reduce((total, position) => total.plus(position.realized), new Dec(0)).toString(),
    unrealized: sumAtCost(positions, 'unrealized'),
    dayChange: sumOrNull(positions, 'dayChange'),
    valueAtFairValue: sumOrNull(positions, 'valueAtFairValue'),
    premiumExposure: sumOrNull(positions, 'premiumExposure'),
  }
}

/** Every position valued at `quotes` (by symbol), with the totals and where the quantities came from. */
export function holdingsReport(
  sourced: SourcedPositions,
  quotes: ReadonlyMap<string, AssetQuote>,
  method: CostMethod,
  asOfMs: number,
): HoldingsReport {
  const valued = sourced.positions.map((position) => valuePosition(position, quotes.get(position.symbol)))
  return {
    method,
    quantitySource: sourced.source,
    quantityFallback: sourced.fallback,
    asOf: new Date(asOfMs).toISOString(),
    positions: valued,
    totals: holdingsTotals(valued),
  }
}
