import { isDecimalString } from './decimal'
import type { HistoryPoint } from './history'

/**
 * A token's history as CSV: the detail chart's export and the CLI's `history --csv` write the same
 * table, one row per token bucket, every price the exact string received (never through a number).
 * RFC 4180 with CRLF line ends, as the watchlist export. Every cell is a decimal, an integer time,
 * a boolean or empty, so none can start a spreadsheet formula.
 */

export const HISTORY_CSV_COLUMNS = [
  't',
  'open',
  'high',
  'low',
  'close',
  'underlyingClose',
  'underlyingCarried',
  'multiplier',
  'premium',
] as const

/** A decimal as sent; anything else (which the parsers never let through) as an empty cell. */
function decimalCell(value: string | null): string {
  return isDecimalString(value) ? value : ''
}

function historyRow(point: HistoryPoint): string {
  return [
    String(point.t),
    decimalCell(point.open),
    decimalCell(point.high),
    decimalCell(point.low),
    decimalCell(point.close),
    decimalCell(point.underlyingClose),
    point.underlyingCarried ? 'true' : 'false',
    decimalCell(point.multiplier),
    decimalCell(point.premium),
  ].join(',')
}

export function historyCsv(points: readonly HistoryPoint[]): string {
  return `${[HISTORY_CSV_COLUMNS.join(','), ...points.map(historyRow)].join('\r\n')}\r\n`
}

/** decimal.ts's plain decimal. */
const DECIMAL = String.raw`-?\d{1,40}(?:\.\d{1,40})?`
/** t, open, high, low, close and underlyingClose, underlyingCarried, multiplier and premium. */
const ROW = new RegExp(String.raw`^\d{1,16}(?:,(?:${DECIMAL})?){5},(?:true|false)(?:,(?:${DECIMAL})?){2}$`)

/** Ten years of hourly rows at their longest, with room: a bound on what main is asked to save. */
export const MAX_HISTORY_CSV_CHARS = 32_000_000

/**
 * Whether a text is such a table and nothing else: the header, then rows of only the cells above.
 * Main checks an export the window hands it before saving it (the window is not trusted).
 */
export function isHistoryCsv(text: string): boolean {
  if (text.length > MAX_HISTORY_CSV_CHARS) return false
  if (!text.endsWith('\r\n')) return false
  const lines = text.slice(0, -2).split('\r\n')
  if (lines[0] !== HISTORY_CSV_COLUMNS.join(',')) return false
  return lines.slice(1).every((line) => ROW.test(line))
}
