/**
 * The ids of the elements focus is sent to from elsewhere (the keyboard shortcuts, the panels, the
 * lists' commands): one leaf module, so those modules can all name them without importing each
 * other.
 */

/** The id of the search box, which `/` focuses. */
export const SEARCH_INPUT_ID = 'symbol-search'
/** The id of the watchlist grid, which the arrow keys bring focus back to. */
export const GRID_ID = 'watchlist-grid'
/** The id of the empty list's "Add symbol" button, where focus goes when there are no rows. */
export const EMPTY_LIST_ADD_ID = 'empty-list-add'
/** The id of the ticker-only view's "Show the full window", where focus goes as that view opens. */
export const TICKER_EXIT_ID = 'ticker-exit'
