import type { Alert } from '../../../shared/alerts'
import type { Settings } from '../../../shared/settings'
import { activeList } from '../../../shared/watchlists'
import type { PollFeed } from '../feed/poll-feed'

/**
 * The symbols to poll: those of the list on show (the window, the ticker strip and the tray all
 * show the active list), in its order, then every symbol an enabled alert watches that the list
 * lacks. An alert is evaluated in main whatever list is shown, so its symbol is fetched even when
 * it is in another list or in none: an alert never sits "Watching" a symbol nothing polls.
 * Last, every symbol still held in the ledger, so that every position has a value to show.
 * The per-symbol or all-assets choice (chooseEndpointMode) is made on this whole set.
 */
export function polledSymbols(
  settings: Settings,
  alerts: readonly Alert[],
  held: readonly string[] = [],
): string[] {
  const shown = activeList(settings).symbols
  const polled = new Set(shown)
  for (const alert of alerts) if (alert.enabled) polled.add(alert.symbol)
  for (const symbol of held) polled.add(symbol)
  return [...polled]
}

/** Tells the feed what to poll after the lists or the alerts changed; a no-op when the set is the same. */
export function pollWhatIsWatched(
  feed: PollFeed,
  settings: Settings,
  alerts: readonly Alert[],
  held: readonly string[] = [],
): void {
  const next = polledSymbols(settings, alerts, held)
  if (next.join() !== feed.status().plan.symbols.join()) feed.setInterest({ watchlist: next })
}
