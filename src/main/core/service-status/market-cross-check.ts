import { calendarMarketReading, easternTimeText } from '../market-calendar-reading'
import type { MarketReading, ServiceState } from '../../../shared/service-status'
import { serviceWord } from '../../../shared/service-status'
import type { WireMarketStatus } from '../api/wire/wire-status'

/**
 * The market's state to show: the service's where it answered, our calendar where it did not (a
 * spec-only service, an outage), and the calendar as a cross-check of the service. The service is
 * the one that knows of a halt, an unscheduled pause or a changed schedule, so when the two
 * disagree its state is shown, marked as the service's, and the disagreement is described.
 */

export interface CrossCheckedMarket {
  reading: MarketReading
  /** The calendar's phase at the service's instant (`closed` when off-hours may run). */
  calendarPhase: string
  /** Both readings in words when they disagree, else null. */
  disagreement: string | null
}

/** The calendar alone: what the app shows where the service publishes no market status. */
export function calendarOnlyReading(nowMs: number): MarketReading {
  const calendar = calendarMarketReading(nowMs)
  return {
    source: 'calendar',
    marketStatus: calendar.phase,
    isOpen: calendar.isOpen,
    offhoursOpen: calendar.offhours.isOpen,
    nextOpenSession: calendar.nextOpenSession,
    nextOpen: calendar.nextOpen,
    nextClose: calendar.nextClose,
    reason: null,
    calendarAgrees: null,
  }
}

/** The service's state before any answer, or from a service that publishes none: the calendar alone. */
export function calendarOnlyState(nowMs: number): ServiceState {
  return {
    market: calendarOnlyReading(nowMs),
    pauses: null,
    publishes: { marketStatus: null, assetPauses: null, tradingCapacity: null, dividends: null },
    problem: null,
  }
}

/**
 * The service's word for the conventional market: both documented readings of off-hours
 * (`marketStatus: "offhours"`, or `closed` with `offhours.isOpen: true`) are the calendar's
 * `closed` with off-hours running.
 */
function conventionalPhaseOf(marketStatus: string): string {
  return marketStatus === 'offhours' ? 'closed' : marketStatus
}

function offhoursOpenOf(status: WireMarketStatus, word: string): boolean {
  return word === 'offhours' || status.offhours?.isOpen === true
}

/**
 * The service's reading checked against the calendar at the instant the service read the market
 * (its `timestamp`, so a cached answer is not judged against a later minute).
 */
export function crossCheckMarket(status: WireMarketStatus): CrossCheckedMarket {
  const word = serviceWord(status.marketStatus) ?? ''
  const offhoursOpen = offhoursOpenOf(status, word)
  const calendar = calendarMarketReading(status.timestamp)
  const agrees = conventionalPhaseOf(word) === calendar.phase && offhoursOpen === calendar.offhours.isOpen
  const reason = serviceWord(status.reason?.code)
  const reading: MarketReading = {
    source: 'service',
    marketStatus: word,
    isOpen: status.isOpen,
    offhoursOpen,
    nextOpenSession: serviceWord(status.nextOpenSession),
    nextOpen: status.nextOpen ?? null,
    nextClose: status.nextClose ?? null,
    reason,
    calendarAgrees: agrees,
  }
  if (agrees) return { reading, calendarPhase: calendar.phase, disagreement: null }
  const said = `${word}${offhoursOpen ? ', off-hours open' : ''}${reason ? ` (${reason}${status.reason?.message ? `: ${status.reason.message}` : ''})` : ''}`
  const ours = `${calendar.phase}${calendar.offhours.isOpen ? ', off-hours open' : ''}`
  return {
    reading,
    calendarPhase: calendar.phase,
    disagreement:
      `At ${easternTimeText(status.timestamp)} the service says the ` +
      `market is ${said}; our calendar says ${ours}.`,
  }
}

/**
 * Says a disagreement once: the same pair of readings, polled again every minute, is not news.
 * A different disagreement, or a disagreement after an agreement, is said again.
 */
export class DisagreementNotice {
  private lastKey: string | null = null

  /** The text to log now, or null when there is nothing new to say. */
  noteOnce(checked: CrossCheckedMarket): string | null {
    if (checked.disagreement === null) {
      this.lastKey = null
      return null
    }
    const key =
      `${checked.reading.marketStatus}|${checked.reading.offhoursOpen}` +
      `|${checked.reading.reason}|${checked.calendarPhase}`
    if (key === this.lastKey) return null
    this.lastKey = key
    return checked.disagreement
  }
}
