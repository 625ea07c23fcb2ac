import type { AssetQuote } from '../shared/domain'
import { formatAge, type PriceFeed, silentFor } from '../shared/source-freshness'

/**
 * A row is stale when its newest data is older than twice the price cadence. Main marks `stale`
 * on each quote (from when it last received fresh data for that asset); but main's word arrives
 * only with its next push, and when the feed goes quiet there may be no next push. So the renderer
 * also checks, on its own clock, when the prices endpoint last answered: silence for longer than
 * twice its cadence makes every row stale. (The price's own timestamp is not the test: a market
 * data record is stamped to the minute, so a fresh one can look a minute old.) The age shown is
 * that of the price on screen.
 */

/** True when the prices endpoint has been silent for longer than the stale threshold. */
export function isFeedSilent(nowMs: number, prices: PriceFeed | null): boolean {
  return silentFor(nowMs, prices) !== null
}

/**
 * The marker beside a quote: "stale 42s" while main marked it stale or the prices feed is silent
 * (isFeedSilent, read once per tick for the whole page by store/freshness.ts), else null.
 */
export function staleLabel(
  quote: Pick<AssetQuote, 'stale' | 'priceTimestamp'>,
  nowMs: number,
  pricesSilent: boolean,
): string | null {
  if (!quote.stale && !pricesSilent) return null
  return quote.priceTimestamp === null ? 'stale' : `stale ${formatAge(nowMs - quote.priceTimestamp)}`
}
