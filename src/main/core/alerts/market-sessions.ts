import { type MarketReading, serviceLiveSession } from '../../../shared/service-status'
import { liveSessionOf, sessionStateAt } from '../../../shared/session-clock'
import type { SessionName } from '../../../shared/sessions'

/**
 * Which session runs, as the session alerts hear it: our calendar, except where the service's
 * market status says otherwise. The service is the one that knows of an unscheduled pause, a
 * halt or a changed schedule, so a trader who asked "tell me when the regular session opens"
 * must not be told it opened while the service says the market is paused, and must be told
 * when the service pauses or resumes the market out of schedule.
 *
 * A reading of the service holds from when it came until its own next boundary (its `nextOpen`
 * while closed or paused, its `nextClose` while open; with none given, until the next reading):
 * - when it disagrees with the calendar (the cross-check's `calendarAgrees: false`), and also
 * - when it says the market is paused for an unscheduled reason (`market_paused`) even at an
 *   instant the calendar has a pause of its own: a halt running across the 15:59-16:01 gap
 *   agrees with the calendar for those two minutes, yet the post-market does not open at 16:01.
 * Past that boundary the calendar speaks again until the next reading, so a scheduled change
 * the service confirmed (it said "paused, opens 09:31") fires at its minute, as before.
 * A reading that agrees with the calendar changes nothing: the calendar then keeps its minutes.
 */

/** The session running at an instant, and whether that is the service's word against the calendar's. */
export interface LiveSession {
  live: SessionName | null
  byService: boolean
}

const UNSCHEDULED_PAUSE = 'market_paused'

/** When a held reading stops holding (null: only a newer reading ends it). */
function boundaryOf(reading: MarketReading): number | null {
  return reading.isOpen ? reading.nextClose : reading.nextOpen
}

/** Whether the service's reading, not the calendar, says what runs now. */
function readingHolds(reading: MarketReading | null, at: number): reading is MarketReading {
  if (reading === null || reading.source !== 'service') return false
  const unscheduledPause = !reading.isOpen && reading.reason === UNSCHEDULED_PAUSE
  if (reading.calendarAgrees !== false && !unscheduledPause) return false
  const boundary = boundaryOf(reading)
  return boundary === null || at < boundary
}

/**
 * The calendar's session at an instant: off-hours while the conventional market is closed, none in a pause.
 */
export function calendarLiveSession(at: number): SessionName | null {
  return liveSessionOf(sessionStateAt(at).phase)
}

export function liveSessionAt(reading: MarketReading | null, at: number): LiveSession {
  return readingHolds(reading, at)
    ? { live: serviceLiveSession(reading), byService: true }
    : { live: calendarLiveSession(at), byService: false }
}

/** When a held reading ends (the session alerts' timer looks then), or null. */
export function heldReadingEndsAt(reading: MarketReading | null, now: number): number | null {
  if (!readingHolds(reading, now)) return null
  return boundaryOf(reading)
}
