import { Menu, Tray, type NativeImage } from 'electron'
import type { Snapshot } from '../../shared/domain'
import { displayZone, type TimeZoneChoice } from '../../shared/display-time'
import { freshnessSentence } from '../../shared/source-freshness'
import type { AppStatus } from '../../shared/status'
import type { PortfolioUpdate } from '../../shared/holdings'
import { portfolioSummary } from './portfolio-text'
import { trayTooltip, trayTooltipLimit } from './tray-tooltip'

/**
 * The tray icon and its menu. The tooltip shows the data's state and the first watchlist prices
 * (see trayTooltip) and is updated at most every TOOLTIP_INTERVAL_MS; the image is never set on a
 * tick (on Linux each setImage costs a redraw of the whole indicator, which is what makes some
 * tray apps burn CPU). While prices are live and market data or limits are old, the menu's first
 * line says so too, as the tooltip does: Linux tray hosts (AppIndicator) show no tooltip, only
 * the menu. It is rebuilt when that sentence changes, not on every tick.
 */

export const TOOLTIP_INTERVAL_MS = 5_000

export interface TrayActions {
  toggleWindow(): void
  togglePinned(): void
  togglePaused(): void
  refresh(): void
  quit(): void
  /** The tray's list switcher: show this watchlist. */
  showList(listId: string): void
  /** Every quantity, value and P&L as dots, in the window and here (for sharing the screen). */
  toggleHideAmounts(): void
}

export interface TrayState {
  windowVisible: boolean
  pinned: boolean
  /** No pinning here (native Wayland): the item says so instead of a checkbox that would lie. */
  pinUnavailable: boolean
  paused: boolean
  /** The watchlists, in their order, and the one shown (the window, the strip and the tooltip follow it). */
  lists: readonly { id: string; name: string }[]
  activeListId: string
  hideAmounts: boolean
  /** The zone the window's times are in: the tooltip's "Last data" follows it. */
  timeZone: TimeZoneChoice
}

/** What the tooltip shows of the data: read when the tooltip is due, not at every delta. */
export interface TrayData {
  snapshot: Snapshot
  status: AppStatus | null
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
  /** How to read the data once the tooltip is due; null until the first delta. */
  private readData: (() => TrayData) | null = null
  private portfolio: PortfolioUpdate | null = null
  private state: TrayState | null = null
  /** The portfolio line the menu was last built with: rebuilt when it changes, at the tooltip's pace. */
  private menuPortfolio: string | null = null
  private tooltipTimer: ReturnType<typeof setTimeout> | null = null
  private timeZone: TimeZoneChoice = 'market'
  /** What is old while prices are live, as the menu shows it; null when nothing is. */
  private freshness: string | null = null

  constructor(
    private readonly icons: TrayIcons,
    private readonly actions: TrayActions,
    private readonly now: () => number = Date.now,
    private readonly tooltipLimit = trayTooltipLimit(process.platform),
  ) {
    this.tray = new Tray(icons.normal)
    this.tray.setToolTip(trayTooltip(null, null, now()))
    this.tray.on('click', () => actions.toggleWindow())
  }

  /** Rebuilds the menu; call when a state it shows changed (not on price ticks). */
  setState(state: TrayState): void {
    const hidingChanged = this.state !== null && this.state.hideAmounts !== state.hideAmounts
    const zoneChanged = state.timeZone !== this.timeZone
    this.state = state
    this.timeZone = state.timeZone
    this.buildMenu(state)
    // Amounts hidden for a screen share are hidden now, not at the tooltip's next turn; a new zone too.
    if (hidingChanged || (zoneChanged && this.readData)) this.flushTooltip()
  }

  private buildMenu(state: TrayState): void {
    this.menuPortfolio = portfolioSummary(this.portfolio, state.hideAmounts)
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        ...(this.freshness
          ? [{ label: this.freshness, enabled: false }, { type: 'separator' as const }]
          : []),
        ...(this.menuPortfolio === null
          ? []
          : [{ label: this.menuPortfolio, enabled: false }, { type: 'separator' as const }]),
        {
          label: state.windowVisible ? 'Hide Tokenwatch' : 'Show Tokenwatch',
          click: () => this.actions.toggleWindow(),
        },
        state.pinUnavailable
          ? { label: 'Pin on top: not available on Wayland', enabled: false }
          : {
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
        {
          label: 'Hide amounts',
          type: 'checkbox',
          checked: state.hideAmounts,
          click: () => this.actions.toggleHideAmounts(),
        },
        {
          label: 'Watchlist',
          submenu: state.lists.map((list) => ({
            label: list.name,
            type: 'radio' as const,
            checked: list.id === state.activeListId,
            click: () => this.actions.showList(list.id),
          })),
        },
        { type: 'separator' },
        { label: 'Quit Tokenwatch', click: () => this.actions.quit() },
      ]),
    )
  }

  /** Called on every snapshot or status change; the tooltip follows at most every TOOLTIP_INTERVAL_MS. */
  showData(read: () => TrayData): void {
    this.readData = read
    this.tooltipDue()
  }

  /** Main pushed new positions: the tooltip and the menu's total follow at the tooltip's pace. */
  showPortfolio(update: PortfolioUpdate): void {
    this.portfolio = update
    this.tooltipDue()
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

  private tooltipDue(): void {
    const wait = this.lastTooltipAt + TOOLTIP_INTERVAL_MS - this.now()
    if (wait <= 0) this.flushTooltip()
    else this.tooltipTimer ??= setTimeout(() => this.flushTooltip(), wait)
  }

  private flushTooltip(): void {
    this.tooltipTimer = null
    this.lastTooltipAt = this.now()
    // Read here, at most once a TOOLTIP_INTERVAL_MS: main's snapshot is built from its mirror of
    // the rows when asked (delta-mirror.ts) and its status derived anew, neither worth a delta's time.
    const data = this.readData?.() ?? null
    const status = data?.status ?? null
    const freshness = status ? freshnessSentence(status, this.now()) : null
    const menuPortfolio = portfolioSummary(this.portfolio, this.state?.hideAmounts ?? false)
    if (freshness !== this.freshness || menuPortfolio !== this.menuPortfolio) {
      this.freshness = freshness
      if (this.state) this.buildMenu(this.state)
    }
    this.tray.setToolTip(
      trayTooltip(data?.snapshot ?? null, status, this.now(), {
        zone: displayZone(this.timeZone),
        maxLength: this.tooltipLimit,
        portfolio: this.portfolio && { update: this.portfolio, hidden: this.state?.hideAmounts ?? false },
      }),
    )
  }
}
