import { toggleAlerts } from '../alerts/alerts-api'
import { refreshNow, setPaused, togglePin, updatePreference } from '../api'
import { useAlerts } from '../alerts/alert-store'
import { openDialog, useWatch } from '../store/watch-store'
import { SEARCH_INPUT_ID, TICKER_EXIT_ID } from '../element-ids'
import { keepFocusOnPage } from '../detail/panel-focus'
import type { FrameLayout } from '../layout'
import { exportWatchlistAs } from '../lists/watchlist-files'
import { IconButton } from '../ui/IconButton'
import { BellIcon, FileTransferIcon } from '../ui/icons'
import { MenuButton, type MenuItem } from '../ui/Menu'
import { ServiceMarketMark } from '../service-status/ServiceMarket'
import { SessionClock } from './SessionClock'
import { StatusPill } from './StatusPill'
import { SymbolSearch } from '../watchlist/SymbolSearch'

/** The bell: lit while the alerts are shown, with the count of fired alerts not yet seen. */
function AlertsButton() {
  const unread = useAlerts((state) => state.unread)
  const open = useWatch((state) => state.alertsOpen)
  return (
    <IconButton
      label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'}
      pressed={open}
      className="bell-button"
      onClick={toggleAlerts}
    >
      <BellIcon />
      {unread > 0 && (
        <span className="unread-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </IconButton>
  )
}

const FILE_MENU: readonly MenuItem[] = [
  { label: 'Export CSV', onSelect: () => void exportWatchlistAs('csv') },
  { label: 'Export JSON', onSelect: () => void exportWatchlistAs('json') },
  // A wallet's address is personal data: in an export only when asked for by name.
  { label: 'Export JSON with wallets', onSelect: () => void exportWatchlistAs('json', true) },
  { label: 'Import…', onSelect: () => openDialog('import') },
]

function focusSearch(): void {
  document.getElementById(SEARCH_INPUT_ID)?.focus()
}

/** A header action: a button while the window is wide enough for it, else an item of the menu. */
interface HeaderAction {
  label: string
  glyph: string
  onSelect(): void
  /** A toggle's state: drawn pressed as a button, ticked in the menu. */
  pressed?: boolean
  /** The layouts that show it as a button. */
  inline: readonly FrameLayout[]
  /** The key that does the same, shown beside it in the menu. */
  shortcut?: string
}

function useHeaderActions(): HeaderAction[] {
  const paused = useWatch((state) => state.status?.paused ?? false)
  const pinned = useWatch((state) => state.status?.pinned ?? false)
  return [
    { label: 'Refresh now', glyph: '⟳', onSelect: () => void refreshNow(), inline: ['wide', 'medium'] },
    {
      label: 'Pause updates',
      glyph: '❚❚',
      pressed: paused,
      onSelect: () => void setPaused(!paused),
      inline: ['wide', 'medium'],
    },
    {
      label: 'Keep on top',
      glyph: '⇱',
      pressed: pinned,
      onSelect: () => void togglePin(),
      inline: ['wide'],
    },
    {
      label: 'Ticker only',
      glyph: '▭',
      // Its button goes with the full window: focus goes to the one that brings it back.
      onSelect: () =>
        void updatePreference({ tickerOnly: true }).then(() =>
          keepFocusOnPage(() => document.getElementById(TICKER_EXIT_ID)),
        ),
      inline: ['wide'],
    },
    {
      label: 'Transactions',
      glyph: '⇄',
      onSelect: () => openDialog('ledger'),
      inline: ['wide'],
      shortcut: 'T',
    },
    { label: 'Keyboard shortcuts', glyph: '?', onSelect: () => openDialog('shortcuts'), inline: ['wide'] },
    { label: 'Settings', glyph: '⚙', onSelect: () => openDialog('settings'), inline: ['wide', 'medium'] },
  ]
}

/**
 * The header: brand, search, session clock, connection, actions. As the window narrows (see
 * layout.ts) it keeps what a trader glances at (the session and its countdown, the connection,
 * the alerts) and folds the rest into one menu, in the order the buttons stood.
 */
export function Header({ layout }: { layout: FrameLayout }) {
  const actions = useHeaderActions()
  const inline = actions.filter((action) => action.inline.includes(layout))
  const folded = actions.filter((action) => !action.inline.includes(layout))
  const fileInline = layout === 'wide'
  const compact = layout !== 'wide' && layout !== 'medium'
  const menu: MenuItem[] = [
    // The tiniest header has no room for the search's icon: the menu (and `/`) opens it.
    ...(layout === 'tiny' ? [{ label: 'Add symbol…', shortcut: '/', onSelect: focusSearch }] : []),
    ...(fileInline ? [] : FILE_MENU),
    ...folded.map(({ label, onSelect, pressed, shortcut }) => ({
      label,
      onSelect,
      checked: pressed,
      shortcut,
    })),
  ]
  return (
    <header className="app-header">
      <h1 className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Tokenwatch</span>
      </h1>
      <SymbolSearch collapsed={compact} />
      <div className="header-spacer" />
      <SessionClock compact={compact} />
      {layout === 'wide' && <ServiceMarketMark />}
      <StatusPill />
      <nav className="header-actions" aria-label="App">
        <AlertsButton />
        {fileInline && (
          <MenuButton label="Export or import the watchlist" items={FILE_MENU}>
            <FileTransferIcon />
          </MenuButton>
        )}
        {inline.map((action) => (
          <IconButton
            key={action.label}
            label={action.label}
            pressed={action.pressed}
            onClick={action.onSelect}
          >
            {action.glyph}
          </IconButton>
        ))}
        {menu.length > 0 && (
          <MenuButton label="More actions" items={menu}>
            ⋯
          </MenuButton>
        )}
      </nav>
    </header>
  )
}
