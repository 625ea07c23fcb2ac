import { Suspense, useEffect, type KeyboardEvent } from 'react'
import { afterNextPaint } from '../after-paint'
import { loadHistories, updatePreference } from '../api'
import { useKeyboardShortcuts } from '../keyboard'
import { useFrameHeight, useFrameLayout } from '../layout'
import { TICKER_EXIT_ID } from '../element-ids'
import { keepFocusOnPage } from '../detail/panel-focus'
import { markFirstFramePainted, useWatch } from '../store/watch-store'
import { AlertsPanel } from '../alerts/AlertsPanel'
import { Announcer } from './Announcer'
import { Banners } from './Banners'
import { DetailPanel, loadPriceChart } from '../detail/DetailPanel'
import { Header } from './Header'
import { IconButton } from '../ui/IconButton'
import { preloadable } from '../ui/preloadable'
import { ListTabs } from '../lists/ListTabs'
import { RemoveSymbolDialog } from '../lists/RemoveSymbolDialog'
import { RowMenu } from '../watchlist/RowMenu'
import { PhaseTag } from './SessionClock'
import { ShortcutsDialog } from './ShortcutsDialog'
import { StatusBar } from './StatusBar'
import { PortfolioLine } from '../holdings/PortfolioLine'
import { WalletReconciliation } from '../wallets/WalletReconciliation'
import { PortfolioHistory } from '../holdings/PortfolioHistory'
import { StatusPill } from './StatusPill'
import { Ticker } from './Ticker'
import { Toasts } from './Toasts'
import { Watchlist } from '../watchlist/Watchlist'

/**
 * The form dialogs load when the first rows are on screen, not before: two of them check input
 * with the shared zod schemas, and building those costs the first paint tens of milliseconds.
 */
const settingsDialog = preloadable(() => import('../settings/SettingsDialog').then((m) => m.SettingsDialog))
const alertEditorDialog = preloadable(() =>
  import('../alerts/AlertEditorDialog').then((m) => m.AlertEditorDialog),
)
const importDialog = preloadable(() => import('../lists/ImportDialog').then((m) => m.ImportDialog))
const ledgerDialog = preloadable(() => import('../ledger/LedgerDialog').then((m) => m.LedgerDialog))
const SettingsDialog = settingsDialog.Component
const AlertEditorDialog = alertEditorDialog.Component
const ImportDialog = importDialog.Component
const LedgerDialog = ledgerDialog.Component

/**
 * Once the watchlist has data, the dialogs and the detail chart (lightweight-charts, the largest
 * part of the bundle) load while the page is idle, so each opens at once.
 */
function usePreloadedChunks() {
  const loaded = useWatch((state) => state.loaded)
  useEffect(() => {
    if (!loaded) return
    const handle = requestIdleCallback(() => {
      void Promise.all([
        settingsDialog.preload(),
        alertEditorDialog.preload(),
        importDialog.preload(),
        ledgerDialog.preload(),
        loadPriceChart(),
      ])
    })
    return () => cancelIdleCallback(handle)
  }, [loaded])
}

/** Marks the store once the first frame with the rows (or the empty watchlist) is painted. */
function useFirstFrameMark() {
  const loaded = useWatch((state) => state.loaded)
  const painted = useWatch((state) => state.firstFramePainted)
  useEffect(() => {
    if (loaded && !painted) return afterNextPaint(markFirstFramePainted)
  }, [loaded, painted])
}

/** The first snapshot leaves the histories out; they are asked for once the first rows are painted. */
function useHistoriesAfterFirstPaint() {
  const painted = useWatch((state) => state.firstFramePainted)
  const pending = useWatch((state) => state.historyPending)
  useEffect(() => {
    if (painted && pending) void loadHistories()
  }, [painted, pending])
}

/** Theme and density live on <html>, so the CSS variables switch for everything at once. */
function useDocumentAppearance() {
  const theme = useWatch((state) => state.settings?.theme ?? 'dark')
  const density = useWatch((state) => state.settings?.density ?? 'comfortable')
  useEffect(() => {
    document.documentElement.dataset.theme = theme
    document.documentElement.dataset.density = density
  }, [theme, density])
}

/**
 * The ticker-only view has two stops, the strip and its way back: Tab past either end comes round
 * to the other, as in a dialog, instead of leaving focus on the page with nothing to act on.
 */
function wrapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('[tabindex="0"], button')]
  const [first, last] = [stops[0], stops.at(-1)]
  const [leaving, next] = event.shiftKey ? [first, last] : [last, first]
  if (event.target !== leaving || !next) return
  event.preventDefault()
  next.focus()
}

function TickerOnly() {
  return (
    // The window's one view now: its main landmark and its heading, as the full window has.
    <main className="ticker-only" onKeyDown={wrapTab}>
      <h1 className="visually-hidden">Tokenwatch ticker</h1>
      <div className="ticker-only-session">
        <PhaseTag />
      </div>
      <div className="ticker-only-state">
        <StatusPill />
      </div>
      <Ticker compact />
      <IconButton
        label="Show the full window"
        id={TICKER_EXIT_ID}
        className="ticker-exit"
        onClick={() => void updatePreference({ tickerOnly: false }).then(() => keepFocusOnPage())}
      >
        ⤢
      </IconButton>
      <Announcer />
    </main>
  )
}

export function App() {
  useDocumentAppearance()
  useKeyboardShortcuts()
  useFirstFrameMark()
  usePreloadedChunks()
  useHistoriesAfterFirstPaint()
  const tickerOnly = useWatch((state) => state.settings?.tickerOnly ?? false)
  const dialog = useWatch((state) => state.dialog)
  const layout = useFrameLayout()
  const height = useFrameHeight()
  if (tickerOnly) return <TickerOnly />
  return (
    <div className="app" data-layout={layout} data-height={height}>
      <Header layout={layout} />
      <Banners />
      <Ticker />
      <ListTabs />
      <main className="main">
        <Watchlist />
        <DetailPanel />
        <AlertsPanel />
      </main>
      <PortfolioHistory />
      <WalletReconciliation />
      <PortfolioLine />
      <StatusBar />
      <RowMenu />
      <Toasts />
      {dialog === 'shortcuts' && <ShortcutsDialog />}
      {dialog === 'remove-symbol' && <RemoveSymbolDialog />}
      <Suspense fallback={null}>
        {dialog === 'settings' && <SettingsDialog />}
        {dialog === 'alert-editor' && <AlertEditorDialog />}
        {dialog === 'import' && <ImportDialog />}
        {dialog === 'ledger' && <LedgerDialog />}
      </Suspense>
      <Announcer />
    </div>
  )
}
