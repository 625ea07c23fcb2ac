/**
 * The watchlist's columns, in their default order. Apart from settings.ts, which builds zod
 * schemas as it loads: the renderer lays out its grid from the first frame, and loads zod only when
 * the settings form is opened.
 */
export const WATCHLIST_COLUMNS = [
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
export type WatchlistColumn = (typeof WATCHLIST_COLUMNS)[number]

/**
 * The columns a new list shows: all but the optional ones. The dividend yield is asked of the
 * service per symbol (once a day), so it is shown only where chosen.
 */
export const DEFAULT_COLUMNS: readonly WatchlistColumn[] = WATCHLIST_COLUMNS.filter(
  (id) => id !== 'dividendYield',
)
