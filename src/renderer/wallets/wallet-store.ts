import { createStore } from 'zustand/vanilla'
import type { WalletBalancesView } from '../../shared/wallets'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The watched wallets' balances as main last read them (at start, every 5 minutes while the window
 * is shown, on demand; its `walletBalances` pushes), shared by Settings > Wallets and the Holdings
 * tab's reconciliation. Null until the first reading has answered.
 */
export interface WalletState {
  view: WalletBalancesView | null
  /** A reading asked from this window is under way. */
  reading: boolean
  /** Why the last reading asked from here failed, in main's words, or null. */
  problem: string | null
}

export const walletStore = createStore<WalletState>(() => ({ view: null, reading: false, problem: null }))

export function useWallets<T>(selector: (state: WalletState) => T): T {
  return useStoreSlice(walletStore, selector)
}

export function setWalletBalances(view: WalletBalancesView | null): void {
  walletStore.setState({ view })
}
