import { useEffect } from 'react'
import { updatePreference } from '../api'
import { useKeyboardShortcuts } from '../keyboard'
import { useWatch } from '../store/watch-store'
import { AlertEditorDialog } from './AlertEditorDialog'
import { AlertsPanel } from './AlertsPanel'
import { Announcer } from './Announcer'
import { Banners } from './Banners'
import { DetailPanel } from './DetailPanel'
import { Header } from './Header'
import { IconButton } from './IconButton'
import { ImportDialog } from './ImportDialog'
import { RowMenu } from './RowMenu'
import { PhaseTag } from './SessionClock'
import { SettingsDialog } from './SettingsDialog'
import { ShortcutsDialog } from './ShortcutsDialog'
import { StatusBar } from './StatusBar'
import { Ticker } from './Ticker'
import { Toasts } from './Toasts'
import { Watchlist } from './Watchlist'

/** Theme and density live on <html>, so the CSS variables switch for everything at once. */
function useDocumentAppearance() {
  const theme = useWatch((state) => state.settings?.theme ?? 'dark')
  const density = useWatch((state) => state.settings?.density ?? 'comfortable')
  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.dataset.density = density
  }, [theme, density])
}

function TickerOnly() {
  return (
    <div className="ticker-only">
      <div className="ticker-only-session">
        <PhaseTag />
      </div>
      <Ticker compact />
      <IconButton
        label="Show the full window"
        className="ticker-exit"
        onClick={() => void updatePreference({ tickerOnly: false })}
      >
        ⤢
      </IconButton>
      <Announcer />
    </div>
  )
}

export function App() {
  useDocumentAppearance()
  useKeyboardShortcuts()
  const tickerOnly = useWatch((state) => state.settings?.tickerOnly ?? false)
  const dialog = useWatch((state) => state.dialog)
  if (tickerOnly) return <TickerOnly />
  return (
    <div className="app">
      <Header />
      <Banners />
      <Ticker />
      <main className="main">
        <Watchlist />
        <DetailPanel />
        <AlertsPanel />
      </main>
      <StatusBar />
      <RowMenu />
      <Toasts />
      {dialog === 'settings' && <SettingsDialog />}
      {dialog === 'shortcuts' && <ShortcutsDialog />}
      {dialog === 'alert-editor' && <AlertEditorDialog />}
      {dialog === 'import' && <ImportDialog />}
      <Announcer />
    </div>
  )
}
