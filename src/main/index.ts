import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { type BrowserWindow, app, dialog, ipcMain, nativeImage, powerMonitor, session } from 'electron'
import { eventChannels } from '../shared/ipc-channels'
import type { Settings } from '../shared/settings'
import { AppCore } from './core/app-core'
import { USER_DATA_ENV } from './core/paths'
import { KeytarSecretStore } from './core/secret-store'
import { forwardEvents, registerIpcHandlers, trustedSenderCheck } from './electron/ipc-bridge'
import { TICKER_STRIP_HEIGHT, createMainWindow } from './electron/main-window'
import { showAlertNotification } from './electron/notifications'
import { hardenSession } from './electron/security'
import { AppTray } from './electron/tray'

/**
 * The Electron shell: window, tray, IPC and OS events. Everything else is AppCore's; this file
 * only wires the two together.
 */

// The same override the CLI honours (src/main/core/paths.ts), so tests and portable setups can
// point the app at another folder.
const userDataOverride = process.env[USER_DATA_ENV]
if (userDataOverride) app.setPath('userData', userDataOverride)

const resourcesDir = app.isPackaged ? process.resourcesPath : join(__dirname, '../../resources')
const outDir = join(__dirname, '..')

if (!app.requestSingleInstanceLock()) {
  // A second start focuses the first instead of opening another copy polling the same API.
  app.quit()
} else {
  let window: BrowserWindow | null = null
  let tray: AppTray | null = null
  let quitting = false
  const core = new AppCore({
    userDataDir: app.getPath('userData'),
    keychain: new KeytarSecretStore(),
    saveExport: async (fileName, content) => {
      const options = { title: 'Export watchlist', defaultPath: join(app.getPath('documents'), fileName) }
      const choice = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options)
      if (choice.canceled || !choice.filePath) return null
      await writeFileAtomic(choice.filePath, content)
      return choice.filePath
    },
  })

  const showWindow = () => {
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  const refreshTray = () => {
    const settings = core.settings.get()
    tray?.setState({
      windowVisible: window?.isVisible() ?? false,
      pinned: settings.pinned,
      paused: core.status().paused,
    })
  }

  const applyWindowSettings = (settings: Settings) => {
    if (!window) return
    window.setAlwaysOnTop(settings.pinned, 'floating')
    const [width] = window.getSize()
    if (settings.tickerOnly) window.setSize(width ?? 1180, TICKER_STRIP_HEIGHT)
    else if (window.getSize()[1] === TICKER_STRIP_HEIGHT)
      window.setSize(width ?? 1180, settings.windowBounds?.height ?? 720)
    app.setLoginItemSettings({ openAtLogin: settings.startAtLogin })
    refreshTray()
  }

  const createWindow = () => {
    const created = createMainWindow(outDir, core.settings.get(), process.env.ELECTRON_RENDERER_URL)
    window = created.window
    const contents = window.webContents
    registerIpcHandlers(
      ipcMain,
      core,
      trustedSenderCheck(() => (window && !window.isDestroyed() ? contents : null), created.isOwnPage),
    )
    forwardEvents(core, () => (window && !window.isDestroyed() ? window.webContents : null))
    for (const [event, visible] of [
      ['show', true],
      ['restore', true],
      ['hide', false],
      ['minimize', false],
    ] as const) {
      window.on(event as 'show', () => {
        core.setWindowVisible(visible)
        refreshTray()
      })
    }
    // Close goes to the tray; Quit (tray menu, Cmd+Q) really quits.
    window.on('close', (event) => {
      if (quitting || !window) return
      event.preventDefault()
      const [x, y] = window.getPosition()
      const [width, height] = window.getSize()
      if (!core.settings.get().tickerOnly && x !== undefined && y !== undefined && width && height)
        void core.invoke('updateSettings', { windowBounds: { x, y, width, height } })
      window.hide()
    })
  }

  app.on('second-instance', showWindow)
  app.on('web-contents-created', (_event, contents) =>
    contents.setWindowOpenHandler(() => ({ action: 'deny' })),
  )
  app.on('before-quit', () => {
    quitting = true
  })
  app.on('window-all-closed', () => {
    // Lives in the tray: closing the window does not quit.
  })

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession)
    await core.start()
    createWindow()
    const trayIcons = {
      normal: nativeImage.createFromPath(join(resourcesDir, 'tray.png')),
      unread: nativeImage.createFromPath(join(resourcesDir, 'tray-unread.png')),
    }
    tray = new AppTray(trayIcons, {
      toggleWindow: () => (window?.isVisible() ? window.hide() : showWindow()),
      togglePinned: () => void core.invoke('togglePin', undefined),
      togglePaused: () => void core.invoke('setPaused', { paused: !core.status().paused }).then(refreshTray),
      refresh: () => void core.invoke('refreshNow', undefined),
      quit: () => app.quit(),
    })
    core.on('delta', () => tray?.showPrices(core.currentSnapshot()))
    core.on('status', (status) => tray?.setUnread(status.unreadAlerts > 0))
    core.on('alert', ({ entry, unreadAlerts }) => {
      tray?.setUnread(unreadAlerts > 0)
      showAlertNotification(entry, (symbol) => {
        showWindow()
        window?.webContents.send(eventChannels.focusSymbol, { symbol })
      })
    })
    tray.setUnread(core.status().unreadAlerts > 0)
    core.onSettingsChange(applyWindowSettings)
    applyWindowSettings(core.settings.get())
    powerMonitor.on('suspend', () => core.setSuspended(true))
    powerMonitor.on('resume', () => core.setSuspended(false))
  })

  app.on('will-quit', (event) => {
    if (!quitting) return
    event.preventDefault()
    quitting = false
    tray?.destroy()
    void core.stop().finally(() => app.exit(0))
  })
}
