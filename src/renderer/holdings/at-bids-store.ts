import { createStore } from 'zustand/vanilla'
import type { AtBidsView, PositionAtBids } from '../../shared/at-bids'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The held positions valued at their bids, as main last pushed them (at most once a second: the
 * held symbols' depth stream is paced in the poll worker).
 */

const atBidsStore = createStore<{ view: AtBidsView | null }>(() => ({ view: null }))

export function setAtBids(view: AtBidsView): void {
  atBidsStore.setState({ view })
}

/** The whole view (the portfolio line), or null before main has answered. */
export function useAtBids(): AtBidsView | null {
  return useStoreSlice(atBidsStore, (state) => state.view)
}

/** One held symbol's value at the bids, or null while main has none for it. */
export function usePositionAtBids(symbol: string): PositionAtBids | null {
  return useStoreSlice(
    atBidsStore,
    (state) => state.view?.positions.find((position) => position.symbol === symbol) ?? null,
  )
}
