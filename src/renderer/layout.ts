import { useSyncExternalStore } from 'react'

/**
 * How the window's frame adapts to its size, in CSS pixels (so a zoomed window, whose CSS width
 * is its width divided by the zoom factor, gets the layout of a narrower one). One place decides;
 * the header reads the tier to choose what shows and what goes into its overflow menu, and the
 * stylesheets select on the `data-layout` and `data-height` attributes App puts on the frame.
 */

/**
 * - wide: everything in the header, the search box at full width.
 * - medium: the less frequent buttons (file, pin, ticker only, shortcuts) go into the menu.
 * - compact: search behind an icon (or `/`), the session as one badge with its countdown and the
 *   Eastern time, only the alerts bell beside the menu.
 * - narrow: no brand, the session badge without the time.
 * - tiny: the connection as its dot (the word in its tooltip and accessible name); a 360 px window
 *   zoomed to 150 % is 240 CSS px wide.
 */
export type FrameLayout = 'wide' | 'medium' | 'compact' | 'narrow' | 'tiny'

/** The least width (CSS px) of each tier; below the last, tiny. */
const LAYOUT_FLOORS: readonly [FrameLayout, number][] = [
  ['wide', 1080],
  ['medium', 800],
  ['compact', 520],
  ['narrow', 330],
]

export function frameLayout(width: number): FrameLayout {
  return LAYOUT_FLOORS.find(([, floor]) => width >= floor)?.[0] ?? 'tiny'
}

/** Below this height (CSS px) the ticker strip gives its line to the rows. */
const SHORT_WINDOW_HEIGHT = 360

export function frameHeight(height: number): 'short' | 'normal' {
  return height < SHORT_WINDOW_HEIGHT ? 'short' : 'normal'
}

export interface WindowSize {
  width: number
  height: number
}

/**
 * The page's size while main renders its first frame (first-frame/server.tsx): main has no
 * window object to read, so it says the size its window's page has.
 */
let firstFrameSize: WindowSize | null = null

export function holdFirstFrameSize(size: WindowSize): void {
  firstFrameSize = size
}

export function releaseFirstFrameSize(): void {
  firstFrameSize = null
}

/** The page's CSS size: the window's own in the page, the held one in main's render. */
export function windowSize(): WindowSize {
  return firstFrameSize ?? { width: window.innerWidth, height: window.innerHeight }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

/** The window's layout tier, re-rendering only when the tier changes, not on every resize step. */
export function useFrameLayout(): FrameLayout {
  // The same reading serves main's render of the first frame (React's "server snapshot").
  const layout = () => frameLayout(windowSize().width)
  return useSyncExternalStore(subscribe, layout, layout)
}

export function useFrameHeight(): 'short' | 'normal' {
  const height = () => frameHeight(windowSize().height)
  return useSyncExternalStore(subscribe, height, height)
}
