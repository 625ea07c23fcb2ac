import { type DisplayZone, displayZone, formatFullTime, type TimeZoneChoice } from '../../shared/display-time'

/**
 * The zone main's texts tell their times in (a ledger's refusal, "recording it since", a pause
 * alert, the market cross-check, the command line's status): the one Settings chose ("Show times
 * in"), as the window's own times follow it, so one screen never says a time in two zones. Held
 * here, not handed down each room's call chain, because the choice is one for the whole app and
 * the texts are words made deep inside pure functions; AppCore and the command line set it from
 * the settings they read, and every change of the setting sets it again.
 */
let current: DisplayZone = displayZone('market')

/** Follow the setting: market time, or this computer's zone (its TZ). */
export function followTimeZoneSetting(choice: TimeZoneChoice): void {
  current = displayZone(choice)
}

/** The zone main's texts speak now. */
export function screenZone(): DisplayZone {
  return current
}

/**
 * "Nov 17, 11:32:14 ET" (or "Nov 18, 01:32:14 GMT+9" in this computer's zone): an instant as the
 * window says a full time, in the zone Settings chose; `year` for a ledger's trades.
 */
export function screenTimeText(ms: number, options: { year?: boolean } = {}): string {
  return formatFullTime(ms, current, options)
}
