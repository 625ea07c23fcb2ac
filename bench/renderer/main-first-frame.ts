import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { FirstFrameState, MainState } from '../../src/shared/first-frame'
import { RENDERER_DIR } from '../../test/e2e/static-server'
import { marketNow } from './market-time'

/**
 * Main's side of the cold load: the app's page rendered with its first frame, by the first-frame
 * renderer main runs (out/main/first-frame.js, built with React's production server renderer),
 * at each request, so each load pays its render as the app's window does. Its times are kept:
 * main's thread is busy for as long.
 */

const FIRST_FRAME_BUNDLE = join(__dirname, '..', '..', 'out', 'main', 'first-frame.js')

type RenderFirstFramePage = (template: string, state: FirstFrameState) => string

export interface MainFirstFrame {
  /** The app's page for one request, rendered now. */
  page(): string
  /** Loading the renderer's bundle, then its first render: what main pays once per start. */
  coldMs: number
  /** Every render since, in ms. */
  renders: number[]
}

export function loadMainFirstFrame(
  state: MainState,
  windowSize: FirstFrameState['windowSize'],
): MainFirstFrame {
  const template = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8')
  const loadStart = performance.now()
  const { renderFirstFramePage } = createRequire(__filename)(FIRST_FRAME_BUNDLE) as {
    renderFirstFramePage: RenderFirstFramePage
  }
  const render = () => renderFirstFramePage(template, { ...state, renderedAt: marketNow(), windowSize })
  render()
  const renders: number[] = []
  return {
    coldMs: performance.now() - loadStart,
    renders,
    page() {
      const start = performance.now()
      const page = render()
      renders.push(performance.now() - start)
      return page
    },
  }
}
