import { displayZone, formatFullTime } from '../../shared/display-time'
import { type MarketPhase, type SessionState, sessionStateAt } from '../../shared/session-clock'
import { type ConventionalSession, isConventionalSession } from '../../shared/sessions'

/**
 * The market as our own session calendar reads it at an instant, in the terms of the service's
 * `/v1/status/market` (open or not, the next open and close, the off-hours session's times). The
 * app falls back on it where the service does not answer and checks the service against it; the
 * simulator serves it as its market status.
 */

export interface CalendarMarketReading {
  phase: MarketPhase
  /** A conventional session is live (not a pause between two, not closed). */
  isOpen: boolean
  nextOpenSession: ConventionalSession | null
  nextOpen: number | null
  nextClose: number | null
  offhours: { isOpen: boolean; nextOpen: number | null; nextClose: number | null }
}

/** Phase changes are a few a day; a long holiday weekend is well within this many. */
const MAX_CHANGES_WALKED = 60

/** The first phase change after `ms` whose state meets `wanted`, or null within the walk. */
function firstChangeAfter(
  ms: number,
  wanted: (state: SessionState) => boolean,
): { at: number; state: SessionState } | null {
  let at = sessionStateAt(ms).nextChangeAt
  for (let step = 0; step < MAX_CHANGES_WALKED; step++) {
    const state = sessionStateAt(at)
    if (wanted(state)) return { at, state }
    at = state.nextChangeAt
  }
  return null
}

export function calendarMarketReading(ms: number): CalendarMarketReading {
  const state = sessionStateAt(ms)
  const isOpen = isConventionalSession(state.phase)
  const opening = firstChangeAfter(ms, (next) => isConventionalSession(next.phase))
  const offhoursOpening = state.offhours ? null : firstChangeAfter(ms, (next) => next.offhours)
  const offhoursClose = state.offhours ? state.nextChangeAt : (offhoursOpening?.state.nextChangeAt ?? null)
  return {
    phase: state.phase,
    isOpen,
    nextOpenSession: opening && isConventionalSession(opening.state.phase) ? opening.state.phase : null,
    nextOpen: opening?.at ?? null,
    nextClose: isOpen ? state.nextChangeAt : null,
    offhours: { isOpen: state.offhours, nextOpen: offhoursOpening?.at ?? null, nextClose: offhoursClose },
  }
}

/** "Nov 18, 10:00:00 ET": an instant in market time, said as the window says every full time. */
export function easternTimeText(ms: number): string {
  return formatFullTime(ms, displayZone('market'))
}
