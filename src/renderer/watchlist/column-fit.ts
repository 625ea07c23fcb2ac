import type { WatchlistColumn } from '../../shared/watchlist-columns'

/**
 * How the watchlist's columns fit the window: which give way first as it narrows, and how the
 * room left is shared when the essential ones must narrow. Plain arithmetic on widths, with no
 * view in it, so it is tested on its own (test/renderer/column-fit.test.ts) and any column set
 * (the holdings' too) fits the same way.
 */

/** What fitting needs of a column: which it is and how wide it likes to be. */
export interface FitColumn {
  id: WatchlistColumn
  /** Its width (px) where there is room for every chosen column. */
  width: number
  /** The least it takes in a narrow window (with tight cell padding): its usual values still fit. */
  minWidth: number
}

/**
 * The order columns give way in as the window narrows, most kept first: what a trader reads at a
 * glance (symbol, price, change, whether it trades now), then what a holder reads first (the
 * position's value and P&L), then the sparkline and the premium and fair value this app exists
 * for, the rest of the position's figures, then the rest. Holding columns show only once
 * something is held, so without holdings the order is as it was before them.
 */
export const COLUMN_PRIORITY: readonly WatchlistColumn[] = [
  'symbol',
  'price',
  'changePct24h',
  'sessions',
  'positionValue',
  'unrealized',
  'unrealizedPct',
  'dayPnl',
  'sparkline',
  'premiumExposure',
  'quantity',
  'premiumPct',
  'fairValue',
  'change24h',
  'underlyingPrice',
  'volume',
  'range52w',
  'marketCap',
  'holders',
  'dividendYield',
]

export interface FittedColumns<C extends FitColumn> {
  /** The columns shown, in the user's order, each with the width it gets. */
  shown: C[]
  /** Chosen columns there is no room for, most important first. */
  hidden: C[]
  /** True when the columns are narrower than their usual width (cells then pad less). */
  tight: boolean
}

/** The chosen columns that fit `width` by `size`, taken in priority order until one does not. */
function keptColumns<C extends FitColumn>(chosen: readonly C[], width: number, size: (column: C) => number) {
  const byPriority = [...chosen].sort((a, b) => COLUMN_PRIORITY.indexOf(a.id) - COLUMN_PRIORITY.indexOf(b.id))
  const kept = new Set<WatchlistColumn>()
  let used = 0
  for (const column of byPriority) {
    used += size(column)
    if (used > width && column.id !== 'symbol') break
    kept.add(column.id)
  }
  return kept
}

/** The first four of the priority: kept, narrower if need be, before any other column shows. */
const ESSENTIAL_COLUMNS = COLUMN_PRIORITY.slice(0, 4)

/**
 * Fits the chosen columns to the width available (CSS px): as many as fit at their usual width,
 * in priority order; where that would lose an essential column, as many as fit narrower, the
 * room left shared out in proportion to what each gave up.
 */
export function fitColumns<C extends FitColumn>(chosen: readonly C[], width: number): FittedColumns<C> {
  const usual = keptColumns(chosen, width, (column) => column.width)
  // Narrower columns only when the usual widths would lose one a trader reads at a glance.
  const tight = chosen.some((column) => ESSENTIAL_COLUMNS.includes(column.id) && !usual.has(column.id))
  const kept = tight ? keptColumns(chosen, width, (column) => column.minWidth) : usual
  const shown = chosen.filter((column) => kept.has(column.id))
  const hidden = [...chosen]
    .filter((column) => !kept.has(column.id))
    .sort((a, b) => COLUMN_PRIORITY.indexOf(a.id) - COLUMN_PRIORITY.indexOf(b.id))
  if (!tight) return { shown, hidden, tight }
  const least = shown.reduce((sum, column) => sum + column.minWidth, 0)
  const givenUp = shown.reduce((sum, column) => sum + column.width - column.minWidth, 0)
  const share = givenUp > 0 ? Math.max(0, Math.min(1, (width - least) / givenUp)) : 0
  return {
    shown: shown.map((column) => ({
      ...column,
      width: Math.floor(column.minWidth + (column.width - column.minWidth) * share),
    })),
    hidden,
    tight,
  }
}

/** The CSS grid template the header and every row share, so their cells always line up. */
export function gridTemplate(columns: readonly Pick<FitColumn, 'width'>[]): string {
  return columns.map((column) => `${column.width}px`).join(' ')
}
