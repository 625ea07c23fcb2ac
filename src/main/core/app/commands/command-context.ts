import type { Settings } from '../../../../shared/settings'
import type { AppStatus } from '../../../../shared/status'
import type { AlertCenter } from '../../alerts/alert-center'
import type { Clock } from '../../clock'
import type { PollFeed } from '../../feed/poll-feed'
import type { KeyVault } from '../../secrets/key-vault'
import type { HoldingsFile } from '../../holdings/holdings-file'
import type { PositionsTracker } from '../../holdings/positions-tracker'
import type { SettingsFile } from '../../storage/settings-file'
import type { ServiceStatusLink } from '../../service-status/service-status-link'
import type { HistoryService } from '../../history/history-service'

/**
 * What a command module may use: the core's parts, and the few things that must happen the same
 * way after any change (AppCore implements them once, so no module tells the shell, the window or
 * the feed in its own way).
 */
export interface CommandContext {
  settings: SettingsFile
  holdings: HoldingsFile
  /** The positions valued at the latest quotes, as last pushed to the window. */
  positions: PositionsTracker
  vault: KeyVault
  alerts: AlertCenter
  feed: PollFeed
  /** The service's market state, pauses, capacity and dividends, beside the price polls. */
  service: ServiceStatusLink
  /** History beyond 24 hours: the service's candles joined with what was recorded. */
  history: HistoryService
  clock: Clock
  status(): AppStatus
  /** The status changed: push it to the window. */
  statusChanged(): void
  /** Settings the window asked for were saved: tell the shell (pin, ticker strip, start at login). */
  tellShell(settings: Settings): void
  /** The lists changed: poll what is now watched, tell the shell and the window. */
  listsChanged(settings: Settings): Settings
  /** The alerts changed: poll their symbols too, and let the engine see them. */
  alertsChanged<T>(result: T): T
  /** The ledger changed: poll the symbols now held too. */
  holdingsChanged<T>(result: T): T
  /** The key or the base URL changed: connect again and poll afresh. */
  reconnect(): Promise<void>
  /** The shell's save dialog: resolves to the saved path, or null when cancelled. */
  saveExport?: (fileName: string, content: string) => Promise<string | null>
  /** Why the window cannot be kept on top here (native Wayland), or undefined where it can. */
  pinUnavailable?: string
}
