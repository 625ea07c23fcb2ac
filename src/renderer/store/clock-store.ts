import { useStoreSlice } from './use-store-slice'
import { createStore } from 'zustand/vanilla'
import { sessionStateAt, type SessionState } from '../../shared/session-clock'
import { now } from '../clock'

/**
 * One clock for the whole page, ticking on the second. Components select what they show from it
 * (the phase for badges, an age label for a stale marker), so a tick re-renders only the few whose
 * text actually changes, never every row.
 */
export interface ClockState {
  now: number
  session: SessionState
}

const TICK_MS = 1000

export const clockStore = createStore<ClockState>(() => {
  const at = now()
  return { now: at, session: sessionStateAt(at) }
})

export function useClock<T>(selector: (state: ClockState) => T): T {
  return useStoreSlice(clockStore, selector)
}

/**
 * The market session alone, replaced only when it changes: the rows' badges select from it, so a
 * tick within the session runs none of their checks (one or more a row on the clock itself).
 */
export const sessionStore = createStore<SessionState>(() => clockStore.getState().session)

clockStore.subscribe((state) => {
  if (state.session !== sessionStore.getState()) sessionStore.setState(state.session, true)
})

export function useSession<T>(selector: (session: SessionState) => T): T {
  return useStoreSlice(sessionStore, selector)
}

function sameSession(a: SessionState, b: SessionState): boolean {
  return (
    a.phase === b.phase &&
    a.session === b.session &&
    a.nextChangeAt === b.nextChangeAt &&
    a.nextPhase === b.nextPhase &&
    a.easternDate === b.easternDate
  )
}

export function tickClock(): void {
  setClock(now())
}

/** Sets the clock to `at`: a tick, or the time of the first frame main renders (first-frame/server.tsx). */
export function setClock(at: number): void {
  const next = sessionStateAt(at)
  clockStore.setState((state) => ({
    now: at,
    session: sameSession(state.session, next) ? state.session : next,
  }))
}

/** Starts ticking on each whole second (so countdowns step together); returns a stop function. */
export function startClock(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    timer = setTimeout(
      () => {
        tickClock()
        schedule()
      },
      TICK_MS - (now() % TICK_MS),
    )
  }
  tickClock()
  schedule()
  return () => clearTimeout(timer)
}
