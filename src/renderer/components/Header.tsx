import { toggleAlerts } from '../alerts-api'
import { refreshNow, setPaused, togglePin, updatePreference } from '../api'
import { useAlerts } from '../store/alert-store'
import { openDialog, useWatch } from '../store/watch-store'
import { exportWatchlistAs } from '../watchlist-files'
import { IconButton } from './IconButton'
import { BellIcon, FileTransferIcon } from './icons'
import { MenuButton } from './Menu'
import { SessionClock } from './SessionClock'
import { StatusPill } from './StatusPill'
import { SymbolSearch } from './SymbolSearch'

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

const FILE_MENU = [
  { label: 'Export CSV', onSelect: () => void exportWatchlistAs('csv') },
  { label: 'Export JSON', onSelect: () => void exportWatchlistAs('json') },
  { label: 'Import…', onSelect: () => openDialog('import') },
]

export function Header() {
  const paused = useWatch((state) => state.status?.paused ?? false)
  const pinned = useWatch((state) => state.status?.pinned ?? false)
  return (
    <header className="app-header">
      <h1 className="brand">
        <span className="brand-mark" aria-hidden="true" />
        Tokenwatch
      </h1>
      <SymbolSearch />
      <div className="header-spacer" />
      <SessionClock />
      <StatusPill />
      <nav className="header-actions" aria-label="App">
        <AlertsButton />
        <MenuButton label="Export or import the watchlist" items={FILE_MENU}>
          <FileTransferIcon />
        </MenuButton>
        <IconButton label="Refresh now" onClick={() => void refreshNow()}>
          ⟳
        </IconButton>
        <IconButton label="Pause updates" pressed={paused} onClick={() => void setPaused(!paused)}>
          ❚❚
        </IconButton>
        <IconButton label="Keep on top" pressed={pinned} onClick={() => void togglePin()}>
          ⇱
        </IconButton>
        <IconButton label="Ticker only" onClick={() => void updatePreference({ tickerOnly: true })}>
          ▭
        </IconButton>
        <IconButton label="Keyboard shortcuts" onClick={() => openDialog('shortcuts')}>
          ?
        </IconButton>
        <IconButton label="Settings" onClick={() => openDialog('settings')}>
          ⚙
        </IconButton>
      </nav>
    </header>
  )
}
