import { createStore } from 'zustand/vanilla'
import { applyDayCandles, type DayCandles, type DayCandlesView } from '../../shared/day-candles'
import { useStoreSlice } from '../store/use-store-slice'

/**
 * The 1D chart's minutes as main last pushed them (at most 4 times a second; the closed minutes
 * only when they changed, folded in by applyDayCandles), for the one symbol the chart shows.
 */

const dayCandlesStore = createStore<{ candles: DayCandles | null }>(() => ({ candles: null }))

export function setDayCandles(view: DayCandlesView | null): void {
  const held = dayCandlesStore.getState().candles
  dayCandlesStore.setState({ candles: view === null ? null : applyDayCandles(held, view) })
}

/** The minutes of `symbol`, or null while none have come for it. */
export function useDayCandles(symbol: string): DayCandles | null {
  return useStoreSlice(dayCandlesStore, (state) => (state.candles?.symbol === symbol ? state.candles : null))
}
