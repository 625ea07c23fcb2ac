import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BrowserWindow } from 'electron'
import type { Settings } from '../../shared/settings'
import { hardenWebContents, secureWebPreferences } from './security'

/** Where the renderer lives: electron-vite's dev server in development, the built file otherwise. */
export function rendererLocation(
  outDir: string,
  devServerUrl: string | undefined,
): { url: string; isOwnPage: (url: string) => boolean } {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin
    return { url: devServerUrl, isOwnPage: (url) => safeOrigin(url) === origin }
  }
  const fileUrl = pathToFileURL(join(outDir, 'renderer', 'index.html')).href
  return { url: fileUrl, isOwnPage: (url) => url.split('#')[0] === fileUrl }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export const TICKER_STRIP_HEIGHT = 44

export function createMainWindow(
  outDir: string,
  settings: Settings,
  devServerUrl: string | undefined,
): { window: BrowserWindow; isOwnPage: (url: string) => boolean } {
  const location = rendererLocation(outDir, devServerUrl)
  const bounds = settings.windowBounds
  const window = new BrowserWindow({
    width: bounds?.width ?? 1180,
    height: settings.tickerOnly ? TICKER_STRIP_HEIGHT : (bounds?.height ?? 720),
    ...(bounds ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: 360,
    minHeight: TICKER_STRIP_HEIGHT,
    show: false,
    title: 'Tokenwatch',
    backgroundColor: settings.theme === 'light' ? '#f6f7f9' : '#0d1117',
    alwaysOnTop: settings.pinned,
    autoHideMenuBar: true,
    webPreferences: {
      ...secureWebPreferences(join(outDir, 'preload', 'index.cjs')),
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
