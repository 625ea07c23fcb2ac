import { createStore } from 'zustand/vanilla'
import type { HoldingsTotals, PortfolioUpdate, QuantitySource, ValuedPosition } from '../../shared/holdings'
import type { Watchlist } from '../../shared/settings'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The positions main keeps valued at the latest quotes (its `portfolio` pushes), by symbol. A
 * holding cell selects its own symbol's position, so a push re-renders only the cells of the
 * positions whose object was replaced; main replaces only those whose figures moved.
 */
export interface PortfolioState {
  /** Null until main has answered. */
  totals: HoldingsTotals | null
  positions: ReadonlyMap<string, ValuedPosition>
  /** Symbols with tokens held now, in symbol order: the Holdings tab's rows. */
  held: readonly string[]
  problem: string | null
  /** A position held is valued at a price main marked stale (the portfolio line's mark). */
  anyStale: boolean
  /** Held symbols with no price, "GONEon, OLDon": the totals that need one name them. */
  unpriced: string
  /** Where the quantities come from (the setting, or the ledger when the wallets cannot say). */
  quantitySource: QuantitySource
  /** The wallets chosen but unusable: "No wallet is watched: quantities from the ledger"; else null. */
  quantityFallback: string | null
  /** Why the wallets cannot give quantities now (Settings says it beside the choice); null: they can. */
  walletsUnavailable: string | null
  /** Held tokens with no cost basis, "1.5 AAPLon, 2 TSLAon": the P&L total leaves them out and says so. */
  uncosted: string
  /** The built-in Holdings tab is on show in place of the active list (the window's own choice). */
  tabShown: boolean
  /**
   * The Holdings tab's sort, or null for symbol order. The window's own, as the tab is: it is not
   * a list, so it has no saved view to keep it in.
   */
  tabSort: Watchlist['sort']
}

export const initialPortfolio: PortfolioState = {
  totals: null,
  positions: new Map(),
  held: [],
  problem: null,
  anyStale: false,
  unpriced: '',
  quantitySource: 'ledger',
  quantityFallback: null,
  walletsUnavailable: null,
  uncosted: '',
  tabShown: false,
  tabSort: null,
}

export const portfolioStore = createStore<PortfolioState>(() => initialPortfolio)

export function usePortfolio<T>(selector: (state: PortfolioState) => T): T {
  return useStoreSlice(portfolioStore, selector)
}

/** The Holdings tab on show (true) or the active list again (false). */
export function showHoldingsTab(shown: boolean): void {
  portfolioStore.setState({ tabShown: shown })
}

/** Sorts the Holdings tab by a column (null: back to symbol order). */
export function sortHoldingsTab(sort: Watchlist['sort']): void {
  portfolioStore.setState({ tabSort: sort })
}

/** The Holdings tab is on show and lists something (sold out while shown, the list shows again). */
export function holdingsTabOnShow(state: PortfolioState): boolean {
  return state.tabShown && state.held.length > 0
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((symbol, index) => b[index] === symbol)
}

/**
 * A push from main: positions whose figures are the same keep their object (their cells stay).
 * One pass over the positions, run once per push: what the portfolio line needs of all of them
 * (any stale, which lack a price) is worked out here, not in selectors run at every store change.
 */
export function applyPortfolio(update: PortfolioUpdate): void {
  portfolioStore.setState((state) => {
    const positions = new Map<string, ValuedPosition>()
    const held: string[] = []
    const unpriced: string[] = []
    const uncosted: string[] = []
    let anyStale = false
    for (const position of update.positions) {
      const before = state.positions.get(position.symbol)
      positions.set(position.symbol, before && samePosition(before, position) ? before : position)
      if (position.quantity === '0') continue
      held.push(position.symbol)
      if (position.value === null) unpriced.push(position.symbol)
      if (position.uncosted !== null) uncosted.push(`${position.uncosted} ${position.symbol}`)
      anyStale ||= position.stale
    }
    return {
      totals: update.totals,
      positions,
      held: sameList(held, state.held) ? state.held : held,
      problem: update.problem,
      anyStale,
      unpriced: unpriced.join(', '),
      quantitySource: update.quantitySource,
      quantityFallback: update.quantityFallback,
      walletsUnavailable: update.walletsUnavailable,
      uncosted: uncosted.join(', '),
    }
  })
}

/** The figures a position shows: compared one by one (a push carries every position). */
const SHOWN_FIGURES = [
  'quantity',
  'cost',
  'realized',
  'value',
  'unrealized',
  'unrealizedPct',
  'dayChange',
  'premiumExposure',
  'price',
  'stale',
  'quantityFrom',
  'ledgerQuantity',
  'uncosted',
] as const satisfies readonly (keyof ValuedPosition)[]

function samePosition(a: ValuedPosition, b: ValuedPosition): boolean {
  for (const field of SHOWN_FIGURES) if (a[field] !== b[field]) return false
  return true
}
