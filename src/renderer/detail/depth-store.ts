import { createStore } from 'zustand/vanilla'
import type { DepthView } from '../../shared/depth'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The open detail's depth as main last pushed it (at most 4 times a second: the stream coalesces
 * its ladders in the poll worker), so the panel repaints no more often than that.
 */

const depthStore = createStore<{ view: DepthView | null }>(() => ({ view: null }))

export function setDepth(view: DepthView | null): void {
  depthStore.setState({ view })
}

/** The depth of `symbol`, or null while none has come for it. */
export function useDepth(symbol: string): DepthView | null {
  return useStoreSlice(depthStore, (state) => (state.view?.symbol === symbol ? state.view : null))
}
