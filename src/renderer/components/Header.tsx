import { refreshNow, setPaused, togglePin, updatePreference } from '../api'
import { openDialog, useWatch } from '../store/watch-store'
import { IconButton } from './IconButton'
import { SessionClock } from './SessionClock'
import { StatusPill } from './StatusPill'
import { SymbolSearch } from './SymbolSearch'

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
