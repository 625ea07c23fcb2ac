import './styles/theme.css'
import './styles/app.css'
import './styles/watchlist.css'
import './styles/ticker.css'
import './styles/panels.css'
import './styles/alerts.css'
import './styles/lists.css'
import './styles/ledger.css'
import './styles/service-status.css'
import './styles/depth.css'
import './styles/layout.css'
import { afterNextPaint } from './after-paint'
import { holdKeysUntilLive } from './keys-before-live'

/**
 * The page's entry: its stylesheets (built into the one stylesheet the page's HTML links), then
 * the app (start-app.tsx), loaded once main's first frame is on screen. Main renders the rows into
 * the page (first-frame/server.tsx); loaded at once, the app's third of a megabyte of script was
 * fetched and compiled while the browser laid out and painted those rows, on the same two cores
 * (BENCHMARKS.md, "Cold load"). Until the app is live, keys pressed are held for it
 * (keys-before-live.ts) and main holds its one-off messages (main's page-messages.ts). Without
 * main's frame (the dev server) there is nothing to paint first.
 */

/** A page that is not being painted (a window kept hidden) runs no frame callback: start anyway. */
const UNPAINTED_START_MS = 500

holdKeysUntilLive()
const framedByMain = document.getElementById('root')?.hasAttribute('inert') ?? false
let started = false
const startApp = () => {
  if (started) return
  started = true
  void import('./start-app')
}
if (framedByMain) {
  afterNextPaint(startApp)
  setTimeout(startApp, UNPAINTED_START_MS)
} else startApp()
