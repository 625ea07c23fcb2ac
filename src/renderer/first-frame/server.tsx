import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import type { FirstFrameState } from '../../shared/first-frame'
import { applyMainState } from '../api'
import { App } from '../shell/App'
import { holdFirstFrameSize, releaseFirstFrameSize } from '../layout'
import { setClock } from '../store/clock-store'

/**
 * Main's side of the page's first frame: the built index.html with the app rendered into its root
 * by React's server renderer, from main's state, so the page shows its rows as soon as its HTML is
 * parsed, before any of its scripts has run. The page's own render (start-app.tsx), once main has
 * answered it, replaces this frame with an equal or newer one; until then the frame is inert.
 * (Not hydrated: the page renders from main's answer, which may be newer than this frame.)
 *
 * Built as an entry of the main bundle (out/main/first-frame.js), which the benchmark loads too.
 * The stores it fills are main's own copies of the renderer's modules; nothing else uses them.
 */

const EMPTY_ROOT = '<div id="root"></div>'
const HTML_TAG = /<html[^>]*>/

function renderApp(state: FirstFrameState): string {
  holdFirstFrameSize(state.windowSize)
  try {
    setClock(state.renderedAt)
    applyMainState(state)
    return renderToString(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  } finally {
    releaseFirstFrameSize()
  }
}

export function renderFirstFramePage(template: string, state: FirstFrameState): string {
  if (!template.includes(EMPTY_ROOT) || !HTML_TAG.test(template))
    throw new Error(`index.html has no <html> tag or no ${EMPTY_ROOT}`)
  const frame = renderApp(state)
  // Theme and density on <html>, as App's effect sets them: the first paint has the right colours.
  const { theme, density } = state.settings
  return (
    template
      .replace(HTML_TAG, `<html lang="en" data-theme="${theme}" data-density="${density}">`)
      // Inert until the page renders over it (start-app.tsx): a click would be lost with this
      // markup, so none is taken; keys pressed meanwhile are held for the live page
      // (keys-before-live.ts).
      .replace(EMPTY_ROOT, `<div id="root" inert>${frame}</div>`)
  )
}
