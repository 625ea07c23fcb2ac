// First: configures zod for the CSP before any module that builds schemas is evaluated.
import './zod-csp'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles/theme.css'
import './styles/app.css'
import './styles/watchlist.css'
import './styles/ticker.css'
import './styles/panels.css'
import './styles/alerts.css'
import { connect } from './api'
import { App } from './components/App'
import './instrument'
import { startClock } from './store/clock-store'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

startClock()
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
void connect()
