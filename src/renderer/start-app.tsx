import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { connect, sayPageLive } from './api'
import { App } from './shell/App'
import './instrument'
import { pressHeldKeys } from './keys-before-live'
import { startClock } from './store/clock-store'

/**
 * The app's start, loaded by the page's entry (main.tsx) once main's first frame is painted: the
 * clock, the connection to main, and the first render, which replaces main's frame. Then the page
 * is live: it tells main (which sends what it held for the page, page-messages.ts) and acts on the
 * keys pressed before (keys-before-live.ts).
 */

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
  // Committed at once, so that main's frame gives way to the live app in one step; a synchronous
  // commit runs its effects before it returns, so the keyboard's listener is in place below.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  container.removeAttribute('inert')
  // connect() subscribed to every event of main's before its first await, so before this.
  sayPageLive()
  pressHeldKeys()
}
setTimeout(renderOnce, framedByMain ? MAIN_FRAME_WAIT_MS : FIRST_RENDER_WAIT_MS)
void connect().finally(renderOnce)
