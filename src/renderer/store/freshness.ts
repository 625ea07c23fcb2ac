import { createStore } from 'zustand/vanilla'
import { staleAge } from '../../shared/source-freshness'
import { type AppStatus, ENDPOINT_NAMES, type EndpointName } from '../../shared/status'
import { isFeedSilent } from '../staleness'
import { clockStore } from './clock-store'
import { useStoreSlice } from './use-store-slice'
import { watchStore } from './watch-store'

/**
 * The page's freshness figures, read from main's status and the page's clock together, once per
 * tick and per status push. Rows, held figures and the ticker strip select from it: a tick or a
 * push that changes none of these figures notifies none of them. (Each of them reading the clock
 * itself ran some 200 checks a second on an idle page, one or more per row and held figure; and
 * selecting the status re-rendered every row at each poll, whose last answer moves every time.)
 */
export interface FreshnessState {
  /** The prices endpoint is silent past its stale threshold: every price on screen is then stale. */
  pricesSilent: boolean
  /** How old each endpoint's data is ("10m") while it is silent past its threshold, else null. */
  staleAges: Readonly<Record<EndpointName, string | null>>
}

function freshnessAt(endpoints: AppStatus['endpoints'] | null, nowMs: number): FreshnessState {
  const staleAges = { prices: null, market: null, limits: null } as Record<EndpointName, string | null>
  if (endpoints !== null)
    for (const name of ENDPOINT_NAMES) staleAges[name] = staleAge(endpoints[name], nowMs)
  return { pricesSilent: isFeedSilent(nowMs, endpoints?.prices ?? null), staleAges }
}

function freshnessNow(): FreshnessState {
  return freshnessAt(watchStore.getState().status?.endpoints ?? null, clockStore.getState().now)
}

function sameFreshness(a: FreshnessState, b: FreshnessState): boolean {
  return (
    a.pricesSilent === b.pricesSilent &&
    ENDPOINT_NAMES.every((name) => a.staleAges[name] === b.staleAges[name])
  )
}

export const freshnessStore = createStore<FreshnessState>(freshnessNow)

function refresh(): void {
  const next = freshnessNow()
  if (!sameFreshness(freshnessStore.getState(), next)) freshnessStore.setState(next, true)
}

// Subscribed when the module loads, before any component: at a tick the figures are set before
// the components that also read the clock (a stale price's age) render, in the same commit.
clockStore.subscribe(refresh)
watchStore.subscribe((state, before) => {
  if (state.status !== before.status) refresh()
})

/** One freshness figure: the component re-renders when that figure changes, not at each tick or push. */
export function useFreshness<T>(select: (state: FreshnessState) => T): T {
  return useStoreSlice(freshnessStore, select)
}

/** Whether the prices endpoint is silent now (every price on screen is then stale). */
export function usePricesSilent(): boolean {
  return useFreshness((state) => state.pricesSilent)
}
