import { createStore } from 'zustand/vanilla'
import {
  type CapacityView,
  type DividendsView,
  type MarketReading,
  type ServiceState,
  type SymbolPauses,
  serviceLiveSession,
} from '../../shared/service-status'
import { liveSessionOf } from '../../shared/session-clock'
import type { SessionName } from '../../shared/sessions'
import { useSession } from '../store/clock-store'
import { useStoreSlice } from '../store/use-store-slice'
import { watchStore } from '../store/watch-store'

/**
 * What the service says of the market now, as the window shows it: kept beside the watch store,
 * which it follows. The status comes with every poll; this store changes only when the service's
 * part of it does, and keeps each symbol's pauses the same object while they are the same, so a
 * row re-renders for its own pause and nothing else.
 */

interface ServiceStore {
  service: ServiceState | null
  /** The capacity of the open detail's symbol, as main last sent it. */
  capacity: CapacityView | null
  dividends: ReadonlyMap<string, DividendsView>
}

const serviceStore = createStore<ServiceStore>(() => ({
  service: null,
  capacity: null,
  dividends: new Map(),
}))

/** `next` with the pauses of `before` kept wherever they are the same. */
function keepingSamePauses(before: ServiceState | null, next: ServiceState): ServiceState {
  if (next.pauses === null || before?.pauses == null) return next
  const pauses: Record<string, SymbolPauses> = {}
  for (const [symbol, symbolPauses] of Object.entries(next.pauses)) {
    const old = before.pauses[symbol]
    pauses[symbol] = old && JSON.stringify(old) === JSON.stringify(symbolPauses) ? old : symbolPauses
  }
  return { ...next, pauses }
}

let lastJson = ''
watchStore.subscribe((state) => {
  const next = state.status?.service
  if (!next) return
  const json = JSON.stringify(next)
  if (json === lastJson) return
  lastJson = json
  serviceStore.setState({ service: keepingSamePauses(serviceStore.getState().service, next) })
})

export function setCapacity(view: CapacityView | null): void {
  serviceStore.setState({ capacity: view })
}

export function setDividends(view: DividendsView): void {
  const dividends = new Map(serviceStore.getState().dividends)
  dividends.set(view.symbol, view)
  serviceStore.setState({ dividends })
}

export function useServiceState(): ServiceState | null {
  return useStoreSlice(serviceStore, (state) => state.service)
}

/** The symbol's pause in force and those to come; undefined when it has none (or none is known). */
export function useSymbolPauses(symbol: string): SymbolPauses | undefined {
  return useStoreSlice(serviceStore, (state) => state.service?.pauses?.[symbol])
}

export function useCapacity(symbol: string): CapacityView | null {
  return useStoreSlice(serviceStore, (state) => (state.capacity?.symbol === symbol ? state.capacity : null))
}

export function useDividends(symbol: string): DividendsView | undefined {
  return useStoreSlice(serviceStore, (state) => state.dividends.get(symbol))
}

/**
 * The service's market reading where it disagrees with our calendar (a halt, a changed schedule), else null.
 */
export function useDisagreeingMarket(): MarketReading | null {
  return useStoreSlice(serviceStore, (state) =>
    state.service?.market.source === 'service' && state.service.market.calendarAgrees === false
      ? state.service.market
      : null,
  )
}

/**
 * The service's reading while it says the whole market is halted (paused or closed, off-hours
 * not running) where our calendar has a session, or for an unscheduled reason; else null. Every
 * row's badges then read not tradable, as they do for an asset's own pause.
 */
export function useMarketHalt(): MarketReading | null {
  return useStoreSlice(serviceStore, (state) => {
    const market = state.service?.market
    if (market?.source !== 'service' || serviceLiveSession(market) !== null || market.isOpen) return null
    return market.calendarAgrees === false || market.reason === 'market_paused' ? market : null
  })
}

/**
 * The running session as the badges ring it: the calendar's, to the minute, while the service
 * agrees with it; the service's when it does not (its reading is then the one that knows).
 */
export function useLiveSession(): SessionName | null {
  const calendar = useSession((session) => liveSessionOf(session.phase))
  const market = useDisagreeingMarket()
  return market === null ? calendar : serviceLiveSession(market)
}
