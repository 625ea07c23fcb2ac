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
}

export const initialPortfolio: PortfolioState = {
  totals: null,
  positions: new Map(),
  held: [],
  problem: null,
}

export const portfolioStore = createStore<PortfolioState>(() => initialPortfolio)

export function usePortfolio<T>(selector: (state: PortfolioState) => T): T {
  return useStoreSlice(portfolioStore, selector)
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
