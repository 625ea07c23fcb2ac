import { Menu, Tray, type NativeImage } from 'electron'
import type { Snapshot } from '../../shared/domain'
import { sessionStateAt } from '../../shared/session-clock'
import { offhoursTokenCount, sessionHeadline } from '../../shared/session-text'

/**
 * The tray icon and its menu. The tooltip shows the first watchlist prices and is updated at most
 * every TOOLTIP_INTERVAL_MS; the image is never set on a tick (on Linux each setImage costs a
 * redraw of the whole indicator, which is what makes some tray apps burn CPU).
 */

export const TOOLTIP_INTERVAL_MS = 5_000
export const TOOLTIP_SYMBOLS = 4

export interface TrayActions {
  toggleWindow(): void
  togglePinned(): void
  togglePaused(): void
  refresh(): void
  quit(): void
}

export interface TrayState {
  windowVisible: boolean
  pinned: boolean
  paused: boolean
}

/**
 * "Tokenwatch", the session at `now` as the header says it ("Closed, off-hours for 2 tokens"),
 * then "AAPLon 190.25 · NVDAon 120.10 …", prices as the exact strings main holds.
 */
export function tooltipText(snapshot: Snapshot | null, now: number): string {
  const assets = snapshot?.assets ?? []
  const quotes = assets
    .filter((asset) => asset.price !== null)
    .slice(0, TOOLTIP_SYMBOLS)
    .map((asset) => `${asset.symbol} ${asset.price}`)
  const mode = snapshot?.source.demo ? 'Tokenwatch (demo)' : 'Tokenwatch'
  const session = sessionHeadline(sessionStateAt(now).phase, offhoursTokenCount(assets))
  return [mode, session, ...(quotes.length > 0 ? [quotes.join('  ·  ')] : [])].join('\n')
}

export interface TrayIcons {
  normal: NativeImage
  /** The same with a dot, while unread alerts exist. */
  unread: NativeImage
}

export class AppTray {
  private readonly tray: Tray
  private unread = false
  private lastTooltipAt = 0
  private pendingSnapshot: Snapshot | null = null
  private tooltipTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly icons: TrayIcons,
    private readonly actions: TrayActions,
    private readonly now: () => number = Date.now,
  ) {
    this.tray = new Tray(icons.normal)
    this.tray.setToolTip(tooltipText(null, now()))
    this.tray.on('click', () => actions.toggleWindow())
  }

  /** Rebuilds the menu; call when a state it shows changed (not on price ticks). */
  setState(state: TrayState): void {
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        {
          label: state.windowVisible ? 'Hide Tokenwatch' : 'Show Tokenwatch',
          click: () => this.actions.toggleWindow(),
        },
        {
          label: 'Pin on top',
          type: 'checkbox',
          checked: state.pinned,
          click: () => this.actions.togglePinned(),
        },
        {
          label: state.paused ? 'Resume updates' : 'Pause updates',
          click: () => this.actions.togglePaused(),
        },
        { label: 'Refresh now', click: () => this.actions.refresh() },
        { type: 'separator' },
        { label: 'Quit Tokenwatch', click: () => this.actions.quit() },
      ]),
    )
  }

  /** Called on every snapshot change; the tooltip follows at most every TOOLTIP_INTERVAL_MS. */
  showPrices(snapshot: Snapshot): void {
    this.pendingSnapshot = snapshot
    const wait = this.lastTooltipAt + TOOLTIP_INTERVAL_MS - this.now()
    if (wait <= 0) this.flushTooltip()
    else this.tooltipTimer ??= setTimeout(() => this.flushTooltip(), wait)
  }

  /** Shows or hides the unread dot; the image is set only when that state changes. */
  setUnread(unread: boolean): void {
    if (unread === this.unread) return
    this.unread = unread
    this.tray.setImage(unread ? this.icons.unread : this.icons.normal)
  }

  destroy(): void {
    if (this.tooltipTimer) clearTimeout(this.tooltipTimer)
    this.tray.destroy()
  }

  private flushTooltip(): void {
    this.tooltipTimer = null
    this.lastTooltipAt = this.now()
    this.tray.setToolTip(tooltipText(this.pendingSnapshot, this.now()))
  }
}
