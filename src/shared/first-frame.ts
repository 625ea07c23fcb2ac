import type { Snapshot } from './domain'
import type { AppStatus, KeyStatus } from './status'
import type { Settings } from './settings'

/**
 * Main renders the page's first frame into the HTML it serves (src/renderer/first-frame), so the
 * rows are on screen before any of the page's scripts has run; the page then renders over it with
 * what it asks main for (see BENCHMARKS.md, cold load).
 */

/** What the page asks main for at start (connect()): all its first frame shows. */
export interface MainState {
  /** Without histories: the rows need prices; the sparklines come after the first paint. */
  snapshot: Snapshot
  status: AppStatus
  settings: Settings
  keyStatus: KeyStatus
}

export interface FirstFrameState extends MainState {
  /** The wall-clock time the frame shows (ages, countdowns, the session). */
  renderedAt: number
  /** The page's size in CSS pixels: the layout tier and the rows that fit depend on it. */
  windowSize: { width: number; height: number }
}
