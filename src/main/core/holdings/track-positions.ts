import type { AssetQuote, Delta } from '../../../shared/domain'
import type { PortfolioUpdate } from '../../../shared/holdings'
import type { Clock } from '../clock'
import type { PollFeed } from '../feed/poll-feed'
import type { HoldingsFile } from './holdings-file'
import { PositionsTracker } from './positions-tracker'
import type { WalletQuantities } from './quantity-source'
import type { SettingsFile } from '../storage/settings-file'

/** The core's parts the positions are computed from; updates go out as the `portfolio` event. */
export interface PositionsParts {
  holdings: HoldingsFile
  settings: SettingsFile
  feed: PollFeed
  clock: Clock
  /** The watched wallets' last reading as quantities, or why there is none (app/ reads the wallets). */
  walletQuantities(): WalletQuantities
  /** The app's event bus, as far as the positions use it (no room imports app/). */
  events: {
    emit(event: 'portfolio', update: PortfolioUpdate): void
    onShellSettings(listener: () => void): unknown
  }
}

/**
 * The positions tracker wired to the ledger file, the cost method and quantity source in the
 * settings (saved settings reach the shell's listeners, so a new choice is heard there), the
 * wallets' quantities and the feed's latest quotes.
 */
export function trackPositions(parts: PositionsParts): PositionsTracker {
  const tracker = new PositionsTracker(
    {
      transactions: () => parts.holdings.transactions(),
      method: () => parts.settings.get().costMethod,
      quantitySource: () => parts.settings.get().quantitySource,
      walletQuantities: () => parts.walletQuantities(),
      quotes: () =>
        new Map<string, AssetQuote>(parts.feed.snapshot().assets.map((asset) => [asset.symbol, asset])),
      now: () => parts.clock.now(),
    },
    (update) => parts.events.emit('portfolio', update),
  )
  parts.events.onShellSettings(() => tracker.methodMaybeChanged())
  return tracker
}

/** The symbols a delta touched (a held one among them is valued again); without one, all held. */
export function quotesTouched(tracker: PositionsTracker, delta?: Delta): Iterable<string> {
  if (!delta) return [...tracker.symbols()]
  return [
    ...delta.changed.map((change) => change.symbol),
    ...delta.added.map((asset) => asset.symbol),
    ...delta.removed,
  ]
}
