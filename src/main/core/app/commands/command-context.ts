import type { Settings } from '../../../../shared/settings'
import type { AlertCommandContext } from '../../alerts/commands'
import type { FeedCommandContext } from '../../feed/commands'
import type { PollFeed } from '../../feed/poll-feed'
import type { HistoryCommandContext } from '../../history/commands'
import type { HoldingsCommandContext } from '../../holdings/commands'
import type { AtBidsCommandContext } from '../../holdings/at-bids'
import type { ListCommandContext } from '../../lists/commands'
import type { PortfolioCommandContext } from '../../portfolio/commands'
import type { KeyVault } from '../../secrets/key-vault'
import type { ServiceStatusCommandContext } from '../../service-status/commands'
import type { SettingsFile } from '../../storage/settings-file'
import type { WalletsCommandContext } from '../../wallets/commands'

/**
 * What the command modules may use: each capability's own context (declared beside its commands,
 * so that no room imports app/), and the few things that must happen the same way after any
 * change (AppCore implements them once, so no module tells the shell, the window or the feed in
 * its own way).
 */
export interface CommandContext
  extends
    FeedCommandContext,
    AlertCommandContext,
    HistoryCommandContext,
    HoldingsCommandContext,
    AtBidsCommandContext,
    ListCommandContext,
    ServiceStatusCommandContext,
    WalletsCommandContext,
    PortfolioCommandContext {
  settings: SettingsFile
  feed: PollFeed
  vault: KeyVault
  /** The status changed: push it to the window. */
  statusChanged(): void
  /** Settings the window asked for were saved: tell the shell (pin, ticker strip, start at login). */
  tellShell(settings: Settings): void
  /** The key or the base URL changed: connect again and poll afresh. */
  reconnect(): Promise<void>
  /** Why the window cannot be kept on top here (native Wayland), or undefined where it can. */
  pinUnavailable?: string
}
