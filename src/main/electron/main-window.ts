import { join } from 'node:path'
import { BrowserWindow } from 'electron'
import type { Settings } from '../../shared/settings'
import { APP_PAGE_URL } from './app-protocol'
import { hardenWebContents, secureWebPreferences } from './security'
import { type Rect, clampToWorkAreas } from './window-bounds'

/**
 * Where the renderer lives: electron-vite's dev server in development, the built page served by
 * main (app-protocol.ts) otherwise. A packaged app never takes a URL from its environment: a
 * remote page would get the preload and be trusted with IPC.
 */
export function rendererLocation(
  devServerUrl: string | undefined,
  isPackaged: boolean,
): { url: string; isOwnPage: (url: string) => boolean } {
  if (devServerUrl && !isPackaged) {
    const origin = new URL(devServerUrl).origin
    return { url: devServerUrl, isOwnPage: (url) => safeOrigin(url) === origin }
  }
  return { url: APP_PAGE_URL, isOwnPage: (url) => url.split('#')[0] === APP_PAGE_URL }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/** The ticker strip's height: the page's own, so every size here is a content size, not the frame's. */
export const TICKER_STRIP_HEIGHT = 44
const DEFAULT_SIZE = { width: 1180, height: 720 }

export interface MainWindowOptions {
  outDir: string
  settings: Settings
  /** ELECTRON_RENDERER_URL, set by electron-vite's dev server. */
  devServerUrl: string | undefined
  isPackaged: boolean
  /** The displays' work areas now (`screen.getAllDisplays()`), to put saved bounds back on one. */
  workAreas: readonly Rect[]
}

export function createMainWindow(options: MainWindowOptions): {
  window: BrowserWindow
  isOwnPage: (url: string) => boolean
} {
  const { outDir, settings } = options
  const location = rendererLocation(options.devServerUrl, options.isPackaged)
  const saved = settings.windowBounds ? clampToWorkAreas(settings.windowBounds, options.workAreas) : null
  const window = new BrowserWindow({
    // Sizes are the page's (content) sizes: the 44 px strip is 44 px of strip, not 44 px of frame.
    useContentSize: true,
    width: saved?.width ?? DEFAULT_SIZE.width,
    height: settings.tickerOnly ? TICKER_STRIP_HEIGHT : (saved?.height ?? DEFAULT_SIZE.height),
    ...(saved ? { x: saved.x, y: saved.y } : {}),
    minWidth: 360,
    minHeight: TICKER_STRIP_HEIGHT,
    show: false,
    title: 'Tokenwatch',
    backgroundColor: settings.theme === 'light' ? '#f6f7f9' : '#0d1117',
    alwaysOnTop: settings.pinned,
    autoHideMenuBar: true,
    webPreferences: {
      ...secureWebPreferences(join(outDir, 'preload', 'index.cjs'), { devTools: !options.isPackaged }),
      // Repeated here, literally, for electronegativity: it reads this object and cannot see
      // through the call above (which sets the same values, asserted by test/electron).
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    },
  })
  hardenWebContents(window.webContents, location.isOwnPage)
  window.once('ready-to-show', () => window.show())
  void window.loadURL(location.url)
  return { window, isOwnPage: location.isOwnPage }
}

type SizedWindow = Pick<BrowserWindow, 'getContentSize' | 'setContentSize'>

/** Shrinks the window's page to the ticker strip, or gives the full window its height back. */
export function fitToTickerMode(window: SizedWindow, settings: Settings): void {
  const [width = DEFAULT_SIZE.width, height] = window.getContentSize()
  if (settings.tickerOnly) {
    if (height !== TICKER_STRIP_HEIGHT) window.setContentSize(width, TICKER_STRIP_HEIGHT)
  } else if (height === TICKER_STRIP_HEIGHT) {
    window.setContentSize(width, settings.windowBounds?.height ?? DEFAULT_SIZE.height)
  }
}

/**
 * The bounds to save: the frame's position and the page's size, as createMainWindow reads them.
 * With `savedPosition` (native Wayland, where getPosition() always reads [0, 0]) the position
 * saved before is kept and only the size is taken from the window.
 */
export function boundsToSave(
  window: Pick<BrowserWindow, 'getPosition' | 'getContentSize'>,
  savedPosition?: { x: number; y: number },
): Rect | null {
  const [x, y] = savedPosition ? [savedPosition.x, savedPosition.y] : window.getPosition()
  const [width, height] = window.getContentSize()
  if (x === undefined || y === undefined || !width || !height) return null
  return { x, y, width, height }
}
