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
] as const
export type WatchlistColumn = (typeof WATCHLIST_COLUMNS)[number]
