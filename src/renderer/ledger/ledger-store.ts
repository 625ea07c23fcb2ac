import { createStore } from 'zustand/vanilla'
import type { LedgerView, RemovedTransaction } from '../../shared/holdings'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The window's copy of the holdings ledger: every transaction in time order, as main last answered
 * (main keeps the ledger and checks every change; each answer here replaces the copy). Null until
 * the ledger dialog or a detail panel first asks for it.
 */
export interface LedgerState {
  view: LedgerView | null
  /**
   * The last deletion, while it can be undone: the ledger dialog offers Undo in itself, as a modal
   * dialog leaves the page's toasts out of reach.
   */
  lastRemoved: RemovedTransaction | null
}

export const ledgerStore = createStore<LedgerState>(() => ({ view: null, lastRemoved: null }))

export function useLedger<T>(selector: (state: LedgerState) => T): T {
  return useStoreSlice(ledgerStore, selector)
}

export function setLedger(view: LedgerView): void {
  ledgerStore.setState({ view })
}

export function setLastRemoved(lastRemoved: RemovedTransaction | null): void {
  ledgerStore.setState({ lastRemoved })
}
