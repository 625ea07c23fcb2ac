import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles/theme.css'
import './styles/app.css'
import './styles/watchlist.css'
import './styles/ticker.css'
import './styles/panels.css'
import './styles/alerts.css'
import './styles/lists.css'
import './styles/layout.css'
import { connect } from './api'
import { App } from './components/App'
import './instrument'
import { startClock } from './store/clock-store'

/**
 * How long the first render waits for main's first answer (snapshot, settings, status). Main
 * shows the window once its first frame is painted: a first frame that already holds the rows
 * costs one render, one layout and one paint, where skeleton rows first would cost two of each
 * and flash for a moment. A main process slower than this gets the skeleton meanwhile.
 */
const FIRST_RENDER_WAIT_MS = 200

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

startClock()
const root = createRoot(container)
let rendered = false
const renderOnce = () => {
  if (rendered) return
  rendered = true
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
setTimeout(renderOnce, FIRST_RENDER_WAIT_MS)
void connect().finally(renderOnce)
