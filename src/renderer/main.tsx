import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
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
import { connect } from './api'
import { App } from './components/App'
import './instrument'
import { startClock } from './store/clock-store'

/**
 * How long the first render waits for main's first answer (snapshot, settings, status), when the
 * page came without main's first frame (electron-vite's dev server). Main shows the window once
 * its first frame is painted: a first frame that already holds the rows costs one render, one
 * layout and one paint, where skeleton rows first would cost two of each and flash for a moment.
 * A main process slower than this gets the skeleton meanwhile.
 */
const FIRST_RENDER_WAIT_MS = 200

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
/**
 * Main renders the first frame into the page's HTML (first-frame/server.tsx): the rows are on
 * screen already, and stay until React renders over them with main's answer, not skeleton rows.
 * A main that has not answered within a second gets the page's own frame all the same: main's
 * would otherwise stand there with its ages and countdowns stopped, saying nothing.
 */
const MAIN_FRAME_WAIT_MS = 1_000
const framedByMain = container.hasAttribute('inert')

startClock()
const root = createRoot(container)
let rendered = false
const renderOnce = () => {
  if (rendered) return
  rendered = true
  // Committed at once, so that main's frame gives way to the live app in one step.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  container.removeAttribute('inert')
}
setTimeout(renderOnce, framedByMain ? MAIN_FRAME_WAIT_MS : FIRST_RENDER_WAIT_MS)
void connect().finally(renderOnce)
