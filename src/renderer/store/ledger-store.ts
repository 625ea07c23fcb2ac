import { createStore } from 'zustand/vanilla'
import type { LedgerView } from '../../shared/holdings'
import { useStoreSlice } from './use-store-slice'

/**
 * The window's copy of the holdings ledger: every transaction in time order, as main last answered
 * (main keeps the ledger and checks every change; each answer here replaces the copy). Null until
 * the ledger dialog or a detail panel first asks for it.
 */
export interface LedgerState {
  view: LedgerView | null
}

export const ledgerStore = createStore<LedgerState>(() => ({ view: null }))

export function useLedger<T>(selector: (state: LedgerState) => T): T {
  return useStoreSlice(ledgerStore, selector)
}

export function setLedger(view: LedgerView): void {
  ledgerStore.setState({ view })
}
