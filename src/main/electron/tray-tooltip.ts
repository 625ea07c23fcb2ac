import type { Snapshot } from '../../shared/domain'
import type { AppStatus } from '../../shared/status'
import type { PortfolioUpdate } from '../../shared/holdings'
import { portfolioSummary } from './portfolio-text'
import { lastDataAt } from '../../shared/data-status'
import { type DisplayZone, displayZone } from '../../shared/display-time'
import { freshnessSentence } from '../../shared/source-freshness'
import { sessionStateAt } from '../../shared/session-clock'
import { marketHeadline, offhoursTokenCount, sessionHeadline } from '../../shared/session-text'
import { liveSourceText } from '../../shared/stream-status'

/**
 * The tray tooltip's text. The tray is a view of the data like the window, so it says what the
 * window's status pill says (online, offline, paused...), the session as the header says it (the
 * service's market state where it publishes one, marked so), when
 * data last arrived (in the zone the window's times are in, with its name), and which of the
 * prices it lists are stale: a glance at the tray never shows frozen prices as live. Freshness is
 * per source, as in the window's banner: while prices are live and market data or limits are
 * old, it says which ("Market data 10m old; prices live.") and marks no price stale.
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

export interface TrayTooltipOptions {
  /** The zone "Last data" is told in; market time by default, as in the window. */
  zone?: DisplayZone
  /** See trayTooltipLimit. */
  maxLength?: number
  /** The positions main pushed last, and whether amounts are hidden; null before any push. */
  portfolio?: { update: PortfolioUpdate; hidden: boolean } | null
}

/**
 * "Tokenwatch (demo) · Offline", what is old while prices are live ("Market data 10m old; prices
 * live."), where prices come from ("Live: streaming since 14:02:55 ET"), the session at `now`
 * ("Closed, off-hours for 2 tokens"), "Last data 14:03:12 ET", then
 * "Holdings 12,345.68 · 24h -20.50" once something is held, then "AAPLon 190.25 (stale) · …" with
 * the prices as the exact strings main holds. Within `maxLength` characters it lists fewer quotes
 * rather than cut one, so a stale mark is never lost; the holdings total gives way before a stale
 * quote; if the lines alone are too long, the session, the time and then the source give way,
 * before the last quote and never for what is stale.
 */
export function trayTooltip(
  snapshot: Snapshot | null,
  status: AppStatus | null,
  now: number,
  {
    zone = displayZone('market'),
    maxLength = Number.POSITIVE_INFINITY,
    portfolio = null,
  }: TrayTooltipOptions = {},
): string {
  const demo = status ? status.mode === 'demo' : (snapshot?.source.demo ?? false)
  const name = demo ? 'Tokenwatch (demo)' : 'Tokenwatch'
  const assets = snapshot?.assets ?? []
  const first = status ? `${name} · ${CONNECTION_WORD[status.connection]}` : name
  const freshness = status ? freshnessSentence(status, now) : null
  // The service's market state where it answers (a halt our calendar cannot know), else the calendar's.
  const session =
    status?.service.market.source === 'service'
      ? marketHeadline(status.service.market, offhoursTokenCount(assets))
      : sessionHeadline(sessionStateAt(now).phase, offhoursTokenCount(assets))
  const at = status ? lastDataAt(status) : null
  const lastData = !status
    ? null
    : at === null
      ? 'No data yet'
      : `Last data ${clockTime(at, zone.timeZone)} ${zone.nameAt(at)}`
  // Where prices come from, as the window's freshness line says it (once the feed has said).
  const source = status?.stream
    ? liveSourceText(
        status.stream,
        status.endpoints.prices.cadenceMs,
        (ms) => `${clockTime(ms, zone.timeZone)} ${zone.nameAt(ms)}`,
      )
    : null
  const quotes = assets
    .filter((asset) => asset.price !== null)
    .slice(0, TOOLTIP_SYMBOLS)
    .map((asset) => `${asset.symbol} ${asset.price}${asset.stale ? ' (stale)' : ''}`)
  // Longest first; each later one drops what matters least: quotes, then the session, the time.
  const heads = [
    [first, freshness, source, session, lastData],
    [first, freshness, source, lastData],
    [first, freshness, source],
    [first, freshness],
  ].map((lines) => lines.filter((line) => line !== null).join('\n'))
  // The total, then without its 24 h change: it goes before any quote marked stale, and before the
  // lines of the head; quotes that are live give way to it.
  const totals = portfolio
    ? [
        portfolioSummary(portfolio.update, portfolio.hidden),
        portfolioSummary(portfolio.update, portfolio.hidden, false),
      ].filter((total) => total !== null)
    : []
  const staleShown = quotes.findLastIndex((quote) => quote.endsWith(' (stale)')) + 1
  const fit = (head: string, fewest: number) => {
    for (let count = quotes.length; count >= fewest; count--) {
      const text = count === 0 ? head : `${head}\n${quotes.slice(0, count).join('  ·  ')}`
      if (text.length <= maxLength) return text
    }
    return null
  }
  // Without holdings, a tooltip that names no price is the last resort: the session and the time
  // give way first, so one quote at least stays in view (it is what a glance at the tray is for).
  const leastQuotes = Math.min(1, quotes.length)
  for (const fewest of [leastQuotes, 0]) {
    for (const head of heads) {
      for (const total of totals) {
        const text = fit(`${head}\n${total}`, staleShown)
        if (text !== null) return text
      }
      const text = fit(head, fewest)
      if (text !== null) return text
    }
  }
  return heads[heads.length - 1] as string
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
