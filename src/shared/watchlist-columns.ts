import type { ValuedPosition } from './holdings'
/**
 * The watchlist's columns, in their default order. Apart from settings.ts, which builds zod
 * schemas as it loads: the renderer lays out its grid from the first frame, and loads zod only when
 * the settings form is opened.
 */

/** What the service says of each asset. */
export const MARKET_COLUMNS = [
  'symbol',
  'price',
  'change24h',
  'changePct24h',
  'sparkline',
  'underlyingPrice',
  'fairValue',
  'premiumPct',
  'volume',
  'range52w',
  'marketCap',
  'holders',
  'sessions',
  'dividendYield',
] as const

/** What the ledger holds of each asset, valued at its quote: empty cells in a row not held. */
export const HOLDING_COLUMNS = [
  'quantity',
  'positionValue',
  'unrealized',
  'unrealizedPct',
  'dayPnl',
  'premiumExposure',
] as const

export const WATCHLIST_COLUMNS = [...MARKET_COLUMNS, ...HOLDING_COLUMNS] as const
export type WatchlistColumn = (typeof WATCHLIST_COLUMNS)[number]
export type HoldingColumn = (typeof HOLDING_COLUMNS)[number]

/** The figure of a valued position each holding column shows (and sorts by). */
export const HOLDING_FIGURE = {
  quantity: 'quantity',
  positionValue: 'value',
  unrealized: 'unrealized',
  unrealizedPct: 'unrealizedPct',
  dayPnl: 'dayChange',
  premiumExposure: 'premiumExposure',
} as const satisfies Record<HoldingColumn, keyof ValuedPosition>

export function isHoldingColumn(column: WatchlistColumn): column is HoldingColumn {
  return (HOLDING_COLUMNS as readonly string[]).includes(column)
}

/**
 * The columns a list shows. Holding columns show only once something is held; until the person
 * has chosen columns with holdings about (`holdingColumnsChosen`), all of them are added after the
 * list's own, so a list saved before the ledger existed shows them by default too.
 */
export function shownColumnIds(
  list: { columns: readonly WatchlistColumn[]; holdingColumnsChosen?: boolean },
  anyHeld: boolean,
): WatchlistColumn[] {
  if (!anyHeld) return list.columns.filter((id) => !isHoldingColumn(id))
  if (list.holdingColumnsChosen) return [...list.columns]
  return [...list.columns.filter((id) => !isHoldingColumn(id)), ...HOLDING_COLUMNS]
}

/**
 * The columns a new list shows: the market's, but for the optional ones. The dividend yield is
 * asked of the service per symbol (once a day), so it is shown only where chosen. Holding columns
 * join by themselves once something is held (`shownColumnIds`).
 */
export const DEFAULT_COLUMNS: readonly WatchlistColumn[] = MARKET_COLUMNS.filter(
  (id) => id !== 'dividendYield',
)
