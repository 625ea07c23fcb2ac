import { STALE_AFTER_CADENCES } from './domain'
import type { AppStatus, EndpointName, EndpointStatus } from './status'

/**
 * Freshness per source. Each figure on screen comes from one endpoint: the token price from
 * prices, the 24 h change, sparkline, volume, 52-week range, market cap, holders and multiplier
 * (and the fair value and premium built on them) from market data, the per-session limits from
 * limits. When one endpoint fails while the others answer, only its figures are old, so each
 * source says its own age and the live ones are called live: never "the last good prices" while
 * the prices are the fresh part. Shared, because the window (banner, rows, ticker strip) and the
 * tray follow the one rule.
 */

/** What an endpoint's age is judged from: its cadence and when it last answered. */
export type PriceFeed = Pick<EndpointStatus, 'cadenceMs' | 'lastSuccessAt'>

/**
 * How old an endpoint's data is (ms since it last answered) once it has been silent for longer
 * than the stale threshold; null while it is fresh, or before its first answer (nothing to age).
 * The same rule holds for every endpoint: prices, market data and limits each age on their own.
 */
export function silentFor(nowMs: number, feed: PriceFeed | null): number | null {
  if (feed === null || feed.lastSuccessAt === null) return null
  const age = nowMs - feed.lastSuccessAt
  return age > STALE_AFTER_CADENCES * feed.cadenceMs ? age : null
}

/** An age, in its largest unit: "42s", "12m", "3h", "2d". Never negative (a clock may run behind). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours}h`
  return `${Math.floor(hours / 24)}d`
}

const SOURCE_WORDS: Record<EndpointName, string> = {
  prices: 'prices',
  market: 'market data',
  limits: 'limits',
}

/** How old a source's data is, "10m", once it is silent past the stale threshold; null while fresh. */
export function staleAge(feed: PriceFeed, nowMs: number): string | null {
  const age = silentFor(nowMs, feed)
  return age === null ? null : formatAge(age)
}

/** "Market data 10m old": a source and its age, for a cell's tooltip. */
export function sourceAgeLabel(source: EndpointName, age: string): string {
  return `${capitalised(SOURCE_WORDS[source])} ${age} old`
}

/** The prices endpoint answered last time and within its stale threshold. */
function pricesLive(status: AppStatus, nowMs: number): boolean {
  const prices = status.endpoints.prices
  return prices.lastSuccessAt !== null && prices.lastError === null && silentFor(nowMs, prices) === null
}

/**
 * While prices are live and another source fails or is silent: what is old and what is live,
 * "Market data 10m old; prices live." Null when prices are not live (then the prices are the old
 * part and the banner says so its own way) or when every source is fresh.
 */
export function freshnessSentence(status: AppStatus, nowMs: number): string | null {
  if (!pricesLive(status, nowMs)) return null
  const old: string[] = []
  for (const source of ['market', 'limits'] as const) {
    const endpoint = status.endpoints[source]
    if (endpoint.lastError === null && silentFor(nowMs, endpoint) === null) continue
    old.push(
      endpoint.lastSuccessAt === null
        ? `no ${SOURCE_WORDS[source]} yet`
        : `${SOURCE_WORDS[source]} ${formatAge(nowMs - endpoint.lastSuccessAt)} old`,
    )
  }
  if (old.length === 0) return null
  return `${capitalised(old.join(', '))}; prices live.`
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
