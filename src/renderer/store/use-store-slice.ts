import { useSyncExternalStore } from 'react'
import type { StoreApi } from 'zustand/vanilla'

/**
 * Subscribes a component to one slice of a store; it re-renders only when that slice changes.
 *
 * zustand's own `useStore` gives a server render the store's *initial* state. Main renders the
 * page's first frame (first-frame/server.tsx) from stores it has filled with its state, so a
 * server render reads the state the store holds, as the page does.
 */
export function useStoreSlice<S, T>(store: StoreApi<S>, selector: (state: S) => T): T {
  const slice = () => selector(store.getState())
  return useSyncExternalStore(store.subscribe, slice, slice)
}
