import type { BrowserWindow } from 'electron'
import type { FirstFrameState, MainState } from '../../shared/first-frame'
import { renderFirstFramePage } from '../../renderer/first-frame/server'
import type { AppCore } from '../core/app/app-core'

/**
 * The page main serves its window: the built index.html with the first frame rendered in, from
 * what the page would ask for at start. Without it, or should rendering fail, the page gets the
 * plain index.html and renders its first frame itself (as on electron-vite's dev server).
 */

/** What connect() asks for, through the same commands; null if any of them fails. */
async function mainState(core: Pick<AppCore, 'invoke'>): Promise<MainState | null> {
  const [snapshot, status, settings, keyStatus] = await Promise.all([
    core.invoke('getSnapshot', { history: false }),
    core.invoke('getStatus', undefined),
    core.invoke('getSettings', undefined),
    core.invoke('getKeyStatus', undefined),
  ])
  if (!snapshot.ok || !status.ok || !settings.ok || !keyStatus.ok) return null
  return {
    snapshot: snapshot.value,
    status: status.value,
    settings: settings.value,
    keyStatus: keyStatus.value,
  }
}

/** The page's size in CSS pixels, as `window.innerWidth`/`innerHeight` will read it (zoom divides). */
export function pageSize(
  window: Pick<BrowserWindow, 'getContentSize' | 'webContents'>,
): FirstFrameState['windowSize'] {
  const [width = 0, height = 0] = window.getContentSize()
  const zoom = window.webContents.getZoomFactor()
  return { width: Math.round(width / zoom), height: Math.round(height / zoom) }
}

export async function firstFramePage(
  template: string,
  core: Pick<AppCore, 'invoke'>,
  window: Pick<BrowserWindow, 'getContentSize' | 'webContents'> | null,
  now: () => number = Date.now,
): Promise<string> {
  const state = window ? await mainState(core) : null
  if (!state || !window) return template
  try {
    return renderFirstFramePage(template, { ...state, renderedAt: now(), windowSize: pageSize(window) })
  } catch (error) {
    console.error('The first frame could not be rendered in main; the page renders it itself:', error)
    return template
  }
}
