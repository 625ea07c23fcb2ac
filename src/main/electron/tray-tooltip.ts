import type { Snapshot } from '../../shared/domain'
import type { AppStatus } from '../../shared/status'
import type { PortfolioUpdate } from '../../shared/holdings'
import { portfolioSummary } from '../../shared/portfolio-text'
import { lastDataAt } from '../../shared/data-status'
import { sessionStateAt } from '../../shared/session-clock'
import { offhoursTokenCount, sessionHeadline } from '../../shared/session-text'

/**
 * The tray tooltip's text. The tray is a view of the data like the window, so it says what the
 * window's status pill says (online, offline, paused...), the session as the header says it, when
 * data last arrived, and which of the prices it lists are stale: a glance at the tray never shows
 * frozen prices as live.
 */

export const TOOLTIP_SYMBOLS = 4

/**
 * The longest tooltip the platform shows whole: Windows copies it into NOTIFYICONDATA's
 * 128-character szTip (shell/browser/ui/win/notify_icon.cc), so anything past 127 is cut off,
 * and with it a quote's "(stale)". Elsewhere there is no such limit.
 */
export function trayTooltipLimit(platform: NodeJS.Platform): number {
  return platform === 'win32' ? 127 : Number.POSITIVE_INFINITY
}

const CONNECTION_WORD: Record<AppStatus['connection'], string> = {
  connecting: 'Connecting',
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Offline',
  paused: 'Paused',
}

/**
 * "Tokenwatch (demo) · Offline", the session at `now` ("Closed, off-hours for 2 tokens"), "Last
 * data 14:03:12", then "AAPLon 190.25 (stale) · …" with the prices as the exact strings main
 * holds. `timeZone` is for tests; the app uses the local zone. Within `maxLength` characters
 * (see trayTooltipLimit) it lists fewer quotes rather than cut one, so a stale mark is never lost.
 */
export function trayTooltip(
  snapshot: Snapshot | null,
  status: AppStatus | null,
  now: number,
  timeZone?: string,
  maxLength = Number.POSITIVE_INFINITY,
  /** The positions main pushed last, and whether amounts are hidden; null before any push. */
  portfolio: { update: PortfolioUpdate; hidden: boolean } | null = null,
): string {
  const demo = status ? status.mode === 'demo' : (snapshot?.source.demo ?? false)
  const name = demo ? 'Tokenwatch (demo)' : 'Tokenwatch'
  const assets = snapshot?.assets ?? []
  const lines = [
    status ? `${name} · ${CONNECTION_WORD[status.connection]}` : name,
    sessionHeadline(sessionStateAt(now).phase, offhoursTokenCount(assets)),
  ]
  if (status) {
    const at = lastDataAt(status)
    lines.push(at === null ? 'No data yet' : `Last data ${clockTime(at, timeZone)}`)
  }
  // Before the quotes, which give way first; then the 24 h change, and the total stays.
  const total = portfolio && portfolioSummary(portfolio.update, portfolio.hidden)
  if (total) {
    const withTotal = [...lines, total].join('\n')
    lines.push(
      withTotal.length <= maxLength
        ? total
        : (portfolioSummary(portfolio.update, portfolio.hidden, false) ?? ''),
    )
  }
  const quotes = assets
    .filter((asset) => asset.price !== null)
    .slice(0, TOOLTIP_SYMBOLS)
    .map((asset) => `${asset.symbol} ${asset.price}${asset.stale ? ' (stale)' : ''}`)
  const head = lines.join('\n')
  for (let count = quotes.length; count > 0; count--) {
    const text = `${head}\n${quotes.slice(0, count).join('  ·  ')}`
    if (text.length <= maxLength) return text
  }
  return head
}

function clockTime(ms: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(ms)
}
