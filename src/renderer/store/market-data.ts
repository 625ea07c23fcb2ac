import type { StoreApi } from 'zustand/vanilla'
import { diffAsset, withDeltaAssets } from '../../shared/delta'
import {
  emptyAsset,
  type AssetQuote,
  type Delta,
  type ListedAsset,
  type Snapshot,
  type SnapshotError,
  type SnapshotSource,
} from '../../shared/domain'
import type { AppStatus, KeyStatus } from '../../shared/status'
import type { Settings, Watchlist } from '../../shared/settings'
import { activeList } from '../../shared/watchlists'
import { keepSelection, type UiState } from './ui-state'

/**
 * What main tells the window: quotes, the rows' order, errors, status, settings, key status and
 * the listing. Quotes are held by symbol, apart from their order, so that a delta replaces only the
 * entries that changed: a row selects `quotes.get(symbol)` and re-renders only when that one object
 * is replaced. Everything here is replaced, never mutated. (A Map, because copying one for a delta
 * is much cheaper than spreading a 10,000-key object: BENCHMARKS.md, "Measurements behind the
 * code".) The one thing of the window's own
 * state it moves is the selection, when the selected row leaves (keepSelection).
 */

export interface MarketDataState {
  /** False until the first snapshot arrives: the watchlist shows skeleton rows until then. */
  loaded: boolean
  /** Deltas pushed before the first snapshot arrived, applied on top of it (see applyDelta). */
  deltasBeforeLoad: readonly Delta[]
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
}

export const initialMarketData: MarketDataState = {
  loaded: false,
  deltasBeforeLoad: [],
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
}

/** The market data and the one piece of the window's state it moves with its rows. */
type WithSelection = MarketDataState & Pick<UiState, 'selected'>

/** The list on show, once the settings are known. */
export function shownList(state: Pick<MarketDataState, 'settings'>): Watchlist | null {
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

/**
 * The service's error about a symbol whose row has no data yet (not listed, an unreadable record),
 * or null. A row with data keeps it and shows its age.
 */
export function symbolErrorOf(state: MarketDataState, symbol: string): SnapshotError | null {
  const quote = state.quotes.get(symbol)
  if (!quote || quote.price !== null || quote.underlying !== null) return null
  return state.errors.find((error) => error.scope === symbol) ?? null
}

/** Deltas kept before the first snapshot: a few polls' worth; start-up takes well under a second. */
const MAX_DELTAS_BEFORE_LOAD = 20

function withDelta<S extends WithSelection>(state: S, delta: Delta): S {
  if (delta.asOf < state.asOf) return state
  const quotes = new Map(state.quotes)
  // A history tail whose base this window does not hold left its row without a history: the
  // histories are pending again, so the app asks main for them (App's useHistoriesAfterFirstPaint).
  const historiesMissed = withDeltaAssets(quotes, delta).length > 0
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
    historyPending: state.historyPending || historiesMissed,
    quotes: rowsKept ? quotes : withRowQuotes(quotes, order),
    order,
    asOf: delta.asOf,
    errors: delta.errors ?? state.errors,
    source: delta.source ?? state.source,
    selected: keepSelection(state.selected, state.order, order),
  }
}

/** What main tells the window, applied to the store that holds this slice. */
export function marketDataActions(store: StoreApi<WithSelection>) {
  /** A snapshot; `withHistory: false` when main left the histories out (see fillHistories). */
  function applySnapshot(snapshot: Snapshot, { withHistory = true } = {}): void {
    store.setState((state) => {
      const quotes = new Map<string, AssetQuote>()
      for (const asset of snapshot.assets) {
        // A snapshot after a reconnect mostly repeats what we hold: keep those objects, so that only
        // the rows whose data differ re-render.
        const held = state.quotes.get(asset.symbol)
        quotes.set(asset.symbol, held && diffAsset(held, asset) === null ? held : asset)
      }
      const order = shownList(state)?.symbols ?? snapshot.assets.map((asset) => asset.symbol)
      const loaded = {
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
  function fillHistories(snapshot: Snapshot): void {
    store.setState((state) => {
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
  function applyDelta(delta: Delta): void {
    store.setState((state) => {
      if (state.loaded) return withDelta(state, delta)
      if (state.deltasBeforeLoad.length >= MAX_DELTAS_BEFORE_LOAD) return state
      return { deltasBeforeLoad: [...state.deltasBeforeLoad, delta] }
    })
  }

  /**
   * The watchlist as main answered a command (add, remove, move). A symbol just added has no data
   * yet: it gets an empty quote, shown as a loading row until main's next push fills it.
   */
  function applyWatchlist(symbols: readonly string[]): void {
    store.setState((state) => {
      const list = shownList(state)
      // The settings' copy of the list follows, so a later settings read does not undo the change.
      const settings =
        state.settings && list
          ? {
              ...state.settings,
              lists: state.settings.lists.map((l) =>
                l.id === list.id ? { ...l, symbols: [...symbols] } : l,
              ),
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

  function setStatus(status: AppStatus): void {
    store.setState({ status })
  }

  /** New settings; when the active list or its symbols changed, the rows follow. */
  function setSettings(settings: Settings): void {
    store.setState((state) => {
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

  function setKeyStatus(keyStatus: KeyStatus): void {
    store.setState({ keyStatus })
  }

  function setListedAssets(listedAssets: readonly ListedAsset[]): void {
    store.setState({ listedAssets })
  }
  return {
    applySnapshot,
    fillHistories,
    applyDelta,
    applyWatchlist,
    setStatus,
    setSettings,
    setKeyStatus,
    setListedAssets,
  }
}
