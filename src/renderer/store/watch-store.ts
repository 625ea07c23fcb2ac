import { useStoreSlice } from './use-store-slice'
import { createStore } from 'zustand/vanilla'
import { applyAssetChange, diffAsset } from '../../shared/delta'
import {
  emptyAsset,
  type AssetQuote,
  type Delta,
  type Snapshot,
  type SnapshotError,
  type SnapshotSource,
} from '../../shared/domain'
import type { ListedAsset } from '../../shared/domain'
import type { AppStatus, KeyStatus } from '../../shared/status'
import type { Settings, Watchlist } from '../../shared/settings'
import { activeList } from '../../shared/watchlists'

/**
 * The renderer's state. Quotes are held by symbol, apart from their order, so that a delta
 * replaces only the entries that changed: a row selects `quotes.get(symbol)` and re-renders only
 * when that one object is replaced. Everything here is replaced, never mutated. (A Map, because
 * copying one for a delta is four times faster than spreading a 10,000-key object.)
 */

export type DialogName = 'settings' | 'shortcuts' | 'alert-editor' | 'import' | 'remove-symbol'

/** A row's action menu: at the pointer, or (opened from the keyboard) below the row. */
export interface RowMenuState {
  symbol: string
  at: { x: number; y: number } | null
}

export interface WatchState {
  /** False until the first snapshot arrives: the watchlist shows skeleton rows until then. */
  loaded: boolean
  /** Deltas pushed before the first snapshot arrived, applied on top of it (see applyDelta). */
  deltasBeforeLoad: readonly Delta[]
  /**
   * True once the first frame with the rows has been painted. What can wait a frame waits for it
   * (the histories, the ticker's items, the virtualiser's measuring), so the rows come first.
   */
  firstFramePainted: boolean
  /** True while the histories are still to come (the first snapshot leaves them out). */
  historyPending: boolean
  quotes: ReadonlyMap<string, AssetQuote>
  /**
   * The rows: the active list's symbols in its order, as main keeps them (before the settings
   * arrive, the snapshot's order). `quotes` also holds symbols polled for an alert only.
   */
  order: readonly string[]
  errors: readonly SnapshotError[]
  source: SnapshotSource | null
  asOf: number
  status: AppStatus | null
  settings: Settings | null
  keyStatus: KeyStatus | null
  /** Every asset the service lists, for the search; null until first asked for. */
  listedAssets: readonly ListedAsset[] | null

  selected: string | null
  /** The right-hand side shows the selected asset's details or the alerts, never both. */
  detailOpen: boolean
  alertsOpen: boolean
  rowMenu: RowMenuState | null
  dialog: DialogName | null
  /** Which settings field takes focus when the dialog opens ("Replace key" goes to the key). */
  settingsFocus: 'key' | null
  /** The symbol a dialog is about (remove-symbol: the one whose alerts need a decision). */
  dialogSymbol: string | null
  /** The last thing said to screen readers; `id` makes the same words announce again. */
  announcement: { text: string; id: number }
  /** A failed command, in plain words, until dismissed or replaced. */
  notice: string | null
}

export const initialWatchState: WatchState = {
  loaded: false,
  deltasBeforeLoad: [],
  firstFramePainted: false,
  historyPending: false,
  quotes: new Map(),
  order: [],
  errors: [],
  source: null,
  asOf: 0,
  status: null,
  settings: null,
  keyStatus: null,
  listedAssets: null,
  selected: null,
  detailOpen: false,
  alertsOpen: false,
  rowMenu: null,
  dialog: null,
  settingsFocus: null,
  dialogSymbol: null,
  announcement: { text: '', id: 0 },
  notice: null,
}

export const watchStore = createStore<WatchState>(() => initialWatchState)

/** Subscribes a component to one slice of the state; it re-renders only when that slice changes. */
export function useWatch<T>(selector: (state: WatchState) => T): T {
  return useStoreSlice(watchStore, selector)
}

/** The list on show, once the settings are known. */
export function shownList(state: Pick<WatchState, 'settings'>): Watchlist | null {
  return state.settings ? activeList(state.settings) : null
}

/** Every row has a quote: a symbol with none yet gets an empty one, shown loading until data comes. */
function withRowQuotes(
  quotes: ReadonlyMap<string, AssetQuote>,
  order: readonly string[],
): ReadonlyMap<string, AssetQuote> {
  const missing = order.filter((symbol) => !quotes.has(symbol))
  if (missing.length === 0) return quotes
  const filled = new Map(quotes)
  for (const symbol of missing) filled.set(symbol, emptyAsset(symbol))
  return filled
}

/** The selection survives a removal by moving to the row that took the removed one's place. */
function keepSelection(
  selected: string | null,
  before: readonly string[],
  after: readonly string[],
): string | null {
  if (selected === null || after.includes(selected)) return selected
  const index = before.indexOf(selected)
  return after[Math.min(index, after.length - 1)] ?? null
}

/**
 * The service's error about a symbol whose row has no data yet (not listed, an unreadable record),
 * or null. A row with data keeps it and shows its age.
 */
export function symbolErrorOf(state: WatchState, symbol: string): SnapshotError | null {
  const quote = state.quotes.get(symbol)
  if (!quote || quote.price !== null || quote.underlying !== null) return null
  return state.errors.find((error) => error.scope === symbol) ?? null
}

/** A snapshot; `withHistory: false` when main left the histories out (see fillHistories). */
export function applySnapshot(snapshot: Snapshot, { withHistory = true } = {}): void {
  watchStore.setState((state) => {
    const quotes = new Map<string, AssetQuote>()
    for (const asset of snapshot.assets) {
      // A snapshot after a reconnect mostly repeats what we hold: keep those objects, so that only
      // the rows whose data differ re-render.
      const held = state.quotes.get(asset.symbol)
      quotes.set(asset.symbol, held && diffAsset(held, asset) === null ? held : asset)
    }
    const order = shownList(state)?.symbols ?? snapshot.assets.map((asset) => asset.symbol)
    const loaded: WatchState = {
      ...state,
      loaded: true,
      deltasBeforeLoad: [],
      historyPending: !withHistory,
      quotes: withRowQuotes(quotes, order),
      order,
      errors: snapshot.errors,
      source: snapshot.source,
      asOf: snapshot.asOf,
      selected: keepSelection(state.selected, state.order, order),
    }
    return state.deltasBeforeLoad.reduce(withDelta, loaded)
  })
}

/**
 * Fills in the histories a snapshot without them left empty, from a full snapshot asked for after
 * the first frame. A history a delta brought meanwhile is as new as this one or newer (main's
 * pushes and answers arrive in order), so only empty ones are filled; nothing else is touched.
 */
export function fillHistories(snapshot: Snapshot): void {
  watchStore.setState((state) => {
    let quotes: Map<string, AssetQuote> | null = null
    for (const asset of snapshot.assets) {
      const held = state.quotes.get(asset.symbol)
      if (!held || held.history24h.length > 0 || asset.history24h.length === 0) continue
      quotes ??= new Map(state.quotes)
      quotes.set(asset.symbol, { ...held, history24h: asset.history24h })
    }
    return quotes ? { quotes, historyPending: false } : { historyPending: false }
  })
}

/**
 * Applies only what changed. A delta older than what we hold (it raced the snapshot we asked for
 * at start) is dropped; the snapshot already contains it. One that comes before any snapshot is
 * kept for it: the snapshot may be older, answered before main pushed the delta.
 */
export function applyDelta(delta: Delta): void {
  watchStore.setState((state) => {
    if (state.loaded) return withDelta(state, delta)
    if (state.deltasBeforeLoad.length >= MAX_DELTAS_BEFORE_LOAD) return state
    return { deltasBeforeLoad: [...state.deltasBeforeLoad, delta] }
  })
}

/** Deltas kept before the first snapshot: a few polls' worth; start-up takes well under a second. */
const MAX_DELTAS_BEFORE_LOAD = 20

function withDelta(state: WatchState, delta: Delta): WatchState {
  if (delta.asOf < state.asOf) return state
  const quotes = new Map(state.quotes)
  for (const symbol of delta.removed) quotes.delete(symbol)
  for (const asset of delta.added) quotes.set(asset.symbol, asset)
  for (const change of delta.changed) {
    const quote = quotes.get(change.symbol)
    if (quote) quotes.set(change.symbol, applyAssetChange(quote, change.fields))
  }
  // Main's order is that of everything it polls; the rows follow the active list (see `order`).
  let order = state.order
  if (state.settings) {
    // the rows stay as they are
  } else if (delta.order) order = delta.order
  else if (delta.added.length > 0 || delta.removed.length > 0) {
    const kept = order.filter((symbol) => quotes.has(symbol))
    order = [...kept, ...delta.added.map((asset) => asset.symbol).filter((symbol) => !kept.includes(symbol))]
  }
  // Every row had a quote before (each order is set with withRowQuotes); only a removal or another
  // order can leave one without. Checking anyway is a pass over every row at every delta.
  const rowsKept = order === state.order && delta.removed.length === 0
  return {
    ...state,
    quotes: rowsKept ? quotes : withRowQuotes(quotes, order),
    order,
    asOf: delta.asOf,
    errors: delta.errors ?? state.errors,
    source: delta.source ?? state.source,
    selected: keepSelection(state.selected, state.order, order),
  }
}

/**
 * The watchlist as main answered a command (add, remove, move). A symbol just added has no data
 * yet: it gets an empty quote, shown as a loading row until main's next push fills it.
 */
export function applyWatchlist(symbols: readonly string[]): void {
  watchStore.setState((state) => {
    const list = shownList(state)
    // The settings' copy of the list follows, so a later settings read does not undo the change.
    const settings =
      state.settings && list
        ? {
            ...state.settings,
            lists: state.settings.lists.map((l) => (l.id === list.id ? { ...l, symbols: [...symbols] } : l)),
          }
        : state.settings
    return {
      settings,
      quotes: withRowQuotes(state.quotes, symbols),
      order: symbols,
      selected: keepSelection(state.selected, state.order, symbols),
    }
  })
}

export function markFirstFramePainted(): void {
  watchStore.setState({ firstFramePainted: true })
}

export function setStatus(status: AppStatus): void {
  watchStore.setState({ status })
}

/** New settings; when the active list or its symbols changed, the rows follow. */
export function setSettings(settings: Settings): void {
  watchStore.setState((state) => {
    const symbols = activeList(settings).symbols
    const sameRows = symbols.length === state.order.length && symbols.every((s, i) => state.order[i] === s)
    if (sameRows) return { settings }
    const switched = shownList(state)?.id !== settings.activeListId
    return {
      settings,
      quotes: withRowQuotes(state.quotes, symbols),
      order: symbols,
      // On another list the old selection means nothing; within a list it moves to a neighbour.
      selected: switched
        ? symbols.includes(state.selected ?? '')
          ? state.selected
          : null
        : keepSelection(state.selected, state.order, symbols),
    }
  })
}

export function setKeyStatus(keyStatus: KeyStatus): void {
  watchStore.setState({ keyStatus })
}

export function setListedAssets(listedAssets: readonly ListedAsset[]): void {
  watchStore.setState({ listedAssets })
}

export function select(symbol: string | null): void {
  watchStore.setState({ selected: symbol })
}

export function openDetail(symbol: string): void {
  watchStore.setState({ selected: symbol, detailOpen: true, alertsOpen: false })
}

export function closeDetail(): void {
  watchStore.setState({ detailOpen: false })
}

/**
 * Shows a symbol an alert or a notification named: selects its row and opens its details. It may
 * have left the watchlist since; then say so rather than open an empty panel.
 */
export function showSymbol(symbol: string): void {
  if (watchStore.getState().quotes.has(symbol)) openDetail(symbol)
  else showNotice(`${symbol} is no longer on the watchlist`)
}

export function setAlertsOpen(alertsOpen: boolean): void {
  watchStore.setState(alertsOpen ? { alertsOpen, detailOpen: false } : { alertsOpen })
}

export function openRowMenu(symbol: string, at: RowMenuState['at']): void {
  watchStore.setState({ selected: symbol, rowMenu: { symbol, at } })
}

export function closeRowMenu(): void {
  watchStore.setState({ rowMenu: null })
}

export function openDialog(
  dialog: DialogName,
  settingsFocus: 'key' | null = null,
  dialogSymbol: string | null = null,
): void {
  watchStore.setState({ dialog, settingsFocus, dialogSymbol })
}

export function closeDialog(): void {
  watchStore.setState({ dialog: null, settingsFocus: null, dialogSymbol: null })
}

export function announce(text: string): void {
  watchStore.setState((state) => ({ announcement: { text, id: state.announcement.id + 1 } }))
}

export function showNotice(notice: string | null): void {
  watchStore.setState({ notice })
  if (notice) announce(notice)
}
