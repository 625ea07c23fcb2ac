import { createStore } from 'zustand/vanilla'
import type { HoldingsTotals, PortfolioUpdate, ValuedPosition } from '../../shared/holdings'
import { useStoreSlice } from './use-store-slice'

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
  /** The built-in Holdings tab is on show in place of the active list (the window's own choice). */
  tabShown: boolean
}

export const initialPortfolio: PortfolioState = {
  totals: null,
  positions: new Map(),
  held: [],
  problem: null,
  tabShown: false,
}

export const portfolioStore = createStore<PortfolioState>(() => initialPortfolio)

export function usePortfolio<T>(selector: (state: PortfolioState) => T): T {
  return useStoreSlice(portfolioStore, selector)
}

/** The Holdings tab on show (true) or the active list again (false). */
export function showHoldingsTab(shown: boolean): void {
  portfolioStore.setState({ tabShown: shown })
}

/** The Holdings tab is on show and lists something (sold out while shown, the list shows again). */
export function holdingsTabOnShow(state: PortfolioState): boolean {
  return state.tabShown && state.held.length > 0
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((symbol, index) => b[index] === symbol)
}

/** A push from main: positions whose figures are the same keep their object (their cells stay). */
export function applyPortfolio(update: PortfolioUpdate): void {
  portfolioStore.setState((state) => {
    const positions = new Map<string, ValuedPosition>()
    for (const position of update.positions) {
      const before = state.positions.get(position.symbol)
      positions.set(position.symbol, before && samePosition(before, position) ? before : position)
    }
    const held = update.positions.filter((position) => position.quantity !== '0').map((p) => p.symbol)
    return {
      totals: update.totals,
      positions,
      held: sameList(held, state.held) ? state.held : held,
      problem: update.problem,
    }
  })
}

function samePosition(a: ValuedPosition, b: ValuedPosition): boolean {
  return (Object.keys(b) as (keyof ValuedPosition)[]).every((key) => a[key] === b[key])
}
