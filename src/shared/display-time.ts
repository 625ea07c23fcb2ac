/**
 * The time zone every time on screen is told in, as chosen in Settings ("Show times in"): market
 * time, New York's, by default (the header's clock and the service's session hours speak it, so
 * in London Friday's post-market is still "Fri 16:00", never "Sat"), or this computer's own.
 * Each time carries its zone's short name where it could be read as the other: "ET" for market
 * time, the computer's own abbreviation ("GMT", "GMT+9", "EST") for its time.
 */

export const TIME_ZONE_CHOICES = ['market', 'computer'] as const
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number]

/** The market's zone: NYSE hours, the session clock's zone. */
export const MARKET_TIME_ZONE = 'America/New_York'
const MARKET_ZONE_NAME = 'ET'

export interface DisplayZone {
  /** The IANA zone times are formatted in; undefined is this computer's own. */
  timeZone: string | undefined
  /** The zone's short name at an instant ("ET", "GMT", "BST"), said beside a time. */
  nameAt(ms: number): string
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>()

function shortZoneName(ms: number, timeZone: string | undefined): string {
  const key = timeZone ?? ''
  let format = zoneNameFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    zoneNameFormats.set(key, format)
  }
  return format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'local'
}

/**
 * The zone for a choice. `computerZone` stands for this computer's zone in tests of main's code
 * (a browser page is given its zone by its context instead); the app leaves it undefined.
 */
export function displayZone(choice: TimeZoneChoice, computerZone?: string): DisplayZone {
  if (choice === 'market') return { timeZone: MARKET_TIME_ZONE, nameAt: () => MARKET_ZONE_NAME }
  return { timeZone: computerZone, nameAt: (ms) => shortZoneName(ms, computerZone) }
}

const fullTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The one way a full time is said on screen, by the window and by main's texts alike (ISO stays
 * in files and --json): "Nov 17, 11:32:14 ET", in the zone Settings chose and with its name; with
 * `year` for records that span years (a ledger's trades): "Nov 17, 2026, 11:32:14 ET".
 */
export function formatFullTime(ms: number, zone: DisplayZone, options: { year?: boolean } = {}): string {
  const key = `${zone.timeZone ?? ''}:${options.year === true}`
  let format = fullTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      ...(options.year === true ? { year: 'numeric' } : {}),
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: zone.timeZone,
    })
    fullTimeFormats.set(key, format)
  }
  return `${format.format(ms)} ${zone.nameAt(ms)}`
}
