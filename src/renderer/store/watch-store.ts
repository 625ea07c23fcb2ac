import { createStore } from 'zustand/vanilla'
import { initialMarketData, marketDataActions, type MarketDataState } from './market-data'
import { initialUiState, uiActions, type UiState } from './ui-state'
import { useStoreSlice } from './use-store-slice'

/**
 * The renderer's one store, in two slices (zustand's slices pattern): the market data main sends
 * (market-data.ts) and the window's own state (ui-state.ts). Components read it through useWatch
 * and change it through the actions below, never by setting it themselves.
 */

export type WatchState = MarketDataState & UiState
export type { DialogName, RowMenuState } from './ui-state'
export { shownList, symbolErrorOf } from './market-data'

export const initialWatchState: WatchState = { ...initialMarketData, ...initialUiState }

export const watchStore = createStore<WatchState>(() => initialWatchState)

/** Subscribes a component to one slice of the state; it re-renders only when that slice changes. */
export function useWatch<T>(selector: (state: WatchState) => T): T {
  return useStoreSlice(watchStore, selector)
}

export const {
  applySnapshot,
  fillHistories,
  applyDelta,
  applyWatchlist,
  setStatus,
  setSettings,
  setKeyStatus,
  setListedAssets,
} = marketDataActions(watchStore)

export const {
  markFirstFramePainted,
  select,
  openDetail,
  closeDetail,
  setAlertsOpen,
  openRowMenu,
  closeRowMenu,
  openDialog,
  closeDialog,
  announce,
  showNotice,
} = uiActions(watchStore)

/**
 * Shows a symbol an alert or a notification named: selects its row and opens its details. It may
 * have left the watchlist since; then say so rather than open an empty panel.
 */
export function showSymbol(symbol: string): void {
  if (watchStore.getState().quotes.has(symbol)) openDetail(symbol)
  else showNotice(`${symbol} is no longer on the watchlist`)
}
