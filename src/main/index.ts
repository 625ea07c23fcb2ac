import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import {
  type BrowserWindow,
  Menu,
  app,
  dialog,
  ipcMain,
  nativeImage,
  powerMonitor,
  protocol,
  screen,
  session,
} from 'electron'
import { eventChannels } from '../shared/ipc-channels'
import type { Settings } from '../shared/settings'
import { AppCore } from './core/app/app-core'
import { USER_DATA_ENV } from './core/storage/paths'
import { KeytarSecretStore } from './core/secrets/secret-store'
import { WorkerPollFeed } from './core/feed/worker/worker-poll-feed'
import { applyAppIdentity, keepUserDataFolder } from './electron/app-identity'
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler } from './electron/app-protocol'
import { appMenuTemplate } from './electron/app-menu'
import { setStartAtLogin } from './electron/autostart'
import { trayNotice, trayNoticeOnce } from './electron/close-to-tray'
import { firstFramePage } from './electron/first-frame-page'
import { forwardEvents, registerIpcHandlers, trustedSenderCheck } from './electron/ipc-bridge'
import { boundsToSave, createMainWindow, fitToTickerMode } from './electron/main-window'
import { setUpNotifications, showAlertNotification, showNotification } from './electron/notifications'
import { sendWhenLoaded } from './electron/page-messages'
import { hardenSession } from './electron/security'
import { reportStartupFailure, runStartup, userDataFolderProblem } from './electron/startup'
import { AppTray } from './electron/tray'
import { trayIconFiles } from './electron/tray-icons'
import { PIN_UNAVAILABLE_ON_WAYLAND, XWAYLAND_SWITCH, windowSystem } from './electron/window-system'
import { simDemoMarket } from './sim/server/demo-market'

/**
 * The Electron shell: window, tray, IPC and OS events. Everything else is AppCore's; this file
 * only wires the two together.
 */

// The same override the CLI honours (src/main/core/storage/paths.ts), so tests and portable setups can
// point the app at another folder.
const userDataOverride = process.env[USER_DATA_ENV]
if (userDataOverride) app.setPath('userData', userDataOverride)
else keepUserDataFolder(app)
applyAppIdentity(app, process.platform)
// Before 'ready', as Electron requires: the scheme the built page is served on.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

// electron-vite's dev server, in development only: a packaged app never loads a URL from its environment.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL || undefined
const resourcesDir = app.isPackaged ? process.resourcesPath : join(__dirname, '../../resources')
const outDir = join(__dirname, '..')

const userDataProblem = userDataFolderProblem(app.getPath('userData'))
const onWindowSystem = windowSystem(process.platform, process.env, process.argv)
if (onWindowSystem === 'relaunch-on-xwayland') {
  // Native Wayland cannot pin or place a window: the same command again, on XWayland.
  app.relaunch({ args: [...process.argv.slice(1), XWAYLAND_SWITCH] })
  app.exit(0)
} else if (userDataProblem) {
  // Said once ready: on Linux an error box before 'ready' only reaches stderr.
  void app.whenReady().then(() =>
    reportStartupFailure('opening the folder for your settings', userDataProblem, app.getPath('userData'), {
      showErrorBox: (title, content) => dialog.showErrorBox(title, content),
      exit: (code) => app.exit(code),
    }),
  )
} else if (!app.requestSingleInstanceLock()) {
  // A second start focuses the first instead of opening another copy polling the same API.
  app.quit()
} else {
  const userDataDir = app.getPath('userData')
  let window: BrowserWindow | null = null
  let tray: AppTray | null = null
  let started = false
  let quitting = false
  let startAtLogin: boolean | null = null
  const firstCloseToTray = trayNoticeOnce(userDataDir)
  const pinUnavailable = onWindowSystem === 'native-wayland'
  const core = new AppCore({
    userDataDir,
    ...(pinUnavailable ? { pinUnavailable: PIN_UNAVAILABLE_ON_WAYLAND } : {}),
    keychain: new KeytarSecretStore(),
    // Demo mode (no key stored) runs on the built-in simulator, handed in so the core never imports it.
    demo: simDemoMarket(),
    pollFeed: (events) => new WorkerPollFeed(events, { script: join(__dirname, 'poll-worker.js') }),
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

  let finalSaving: Promise<void> | null = null
  /** Stops polling and saves prices and settings, once, however the app is ending. */
  const finalSave = () => {
    if (!finalSaving) {
      tray?.destroy()
      tray = null
      finalSaving = core.stop()
    }
    return finalSaving
  }

  /** Brings the window up, making a new one if it was closed (macOS keeps running without one). */
  const showWindow = () => {
    if (!started) return
    if (!window) createWindow()
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  const refreshTray = () => {
    const settings = core.currentSettings()
    tray?.setState({
      windowVisible: window?.isVisible() ?? false,
      pinned: settings.pinned,
      pinUnavailable,
      paused: core.status().paused,
      lists: settings.lists,
      activeListId: settings.activeListId,
      hideAmounts: settings.hideAmounts,
      timeZone: settings.timeZone,
    })
  }

  /** The tray's and the menu's switch: saved, then the window told (the shell asked, not the window). */
  const toggleHideAmounts = () =>
    void core
      .invoke('updateSettings', { hideAmounts: !core.currentSettings().hideAmounts })
      .then((result) => {
        if (result.ok && window) sendWhenLoaded(window.webContents, eventChannels.settings, result.value)
      })

  const applyStartAtLogin = (enabled: boolean) => {
    if (enabled === startAtLogin) return
    startAtLogin = enabled
    const context = {
      platform: process.platform,
      execPath: process.execPath,
      isPackaged: app.isPackaged,
      appPath: app.getAppPath(),
      env: process.env,
    }
    setStartAtLogin(enabled, context, app).catch((error: unknown) => {
      startAtLogin = null
      console.error(`Start at login could not be ${enabled ? 'turned on' : 'turned off'}:`, error)
    })
  }

  const applyWindowSettings = (settings: Settings) => {
    applyStartAtLogin(settings.startAtLogin)
    if (!window) return
    window.setAlwaysOnTop(settings.pinned, 'floating')
    fitToTickerMode(window, settings)
    refreshTray()
  }

  /** Close: to the tray (saying so the first time) or, with that setting off, quit. */
  const onClose = (event: Electron.Event, closing: BrowserWindow) => {
    if (quitting) return
    event.preventDefault()
    const settings = core.currentSettings()
    // Native Wayland reads every position as 0,0: the one saved before stays.
    const bounds = boundsToSave(
      closing,
      pinUnavailable ? { x: settings.windowBounds?.x ?? 0, y: settings.windowBounds?.y ?? 0 } : undefined,
    )
    if (!settings.tickerOnly && bounds) void core.invoke('updateSettings', { windowBounds: bounds })
    if (!settings.closeToTray) {
      // After this handler: a quit started inside it would be cancelled by the very close it
      // prevents (Electron's OnWindowCloseCancelled), leaving a windowless app polling in the tray.
      setImmediate(() => app.quit())
      return
    }
    closing.hide()
    void firstCloseToTray().then((first) => {
      if (first) showNotification(trayNotice(process.platform), showWindow)
    })
  }

  function createWindow() {
    const created = createMainWindow({
      outDir,
      settings: core.currentSettings(),
      devServerUrl,
      isPackaged: app.isPackaged,
      workAreas: screen.getAllDisplays().map((display) => display.workArea),
    })
    const current = created.window
    window = current
    const contents = current.webContents
    const unregisterIpc = registerIpcHandlers(
      ipcMain,
      core,
      trustedSenderCheck(() => (current.isDestroyed() ? null : contents), created.isOwnPage),
    )
    const stopForwarding = forwardEvents(core, () => (current.isDestroyed() ? null : contents))
    // A window that is gone takes its channels with it, so a new window can register them again.
    current.once('closed', () => {
      unregisterIpc()
      stopForwarding()
      if (window === current) window = null
    })
    for (const [event, visible] of [
      ['show', true],
      ['restore', true],
      ['hide', false],
      ['minimize', false],
    ] as const) {
      current.on(event as 'show', () => {
        core.setWindowVisible(visible)
        refreshTray()
      })
    }
    current.on('close', (event) => onClose(event, current))
    // Windows shutdown or log-off skips before-quit and will-quit: the save starts when Windows
    // asks whether the session may end (not refused) and the app exits once it is done, before
    // the OS ends the process. The window's events are the documented hook (Windows only).
    for (const event of ['query-session-end', 'session-end'] as const)
      current.on(event as 'session-end', () => void finalSave().finally(() => app.exit(0)))
  }

  const createTray = () => {
    const files = trayIconFiles(resourcesDir, process.platform)
    const trayIcons = {
      normal: nativeImage.createFromPath(files.normal),
      unread: nativeImage.createFromPath(files.unread),
    }
    tray = new AppTray(trayIcons, {
      toggleWindow: () => (window?.isVisible() ? window.hide() : showWindow()),
      togglePinned: () => void core.invoke('togglePin', undefined),
      togglePaused: () => void core.invoke('setPaused', { paused: !core.status().paused }).then(refreshTray),
      refresh: () => void core.invoke('refreshNow', undefined),
      quit: () => app.quit(),
      showList: (listId) => void core.invoke('setActiveList', { listId }),
      toggleHideAmounts,
    })
    tray.setUnread(core.status().unreadAlerts > 0)
  }

  app.on('second-instance', showWindow)
  // macOS: a click on the Dock icon, or opening the app again, while its window is hidden or closed.
  app.on('activate', showWindow)
  app.on('web-contents-created', (_event, contents) =>
    contents.setWindowOpenHandler(() => ({ action: 'deny' })),
  )
  app.on('before-quit', () => {
    quitting = true
  })
  app.on('window-all-closed', () => {
    // Lives in the tray: a window closed by the OS does not quit (Quit does, or close with the
    // tray setting off).
  })

  void app.whenReady().then(() =>
    runStartup(
      [
        {
          what: 'setting up the window session',
          run: () => {
            hardenSession(session.defaultSession, { devServerUrl })
            protocol.handle(
              APP_SCHEME,
              appProtocolHandler({
                rendererDir: join(outDir, 'renderer'),
                page: (template) => firstFramePage(template, core, window),
              }),
            )
            Menu.setApplicationMenu(
              Menu.buildFromTemplate(
                appMenuTemplate({
                  platform: process.platform,
                  isPackaged: app.isPackaged,
                  toggleHideAmounts,
                }),
              ),
            )
          },
        },
        { what: 'loading your settings and starting price updates', run: () => core.start() },
        { what: 'opening the window', run: createWindow },
        { what: 'adding the tray icon', run: createTray },
        {
          what: 'connecting the window, tray and notifications',
          run: () => {
            setUpNotifications({
              platform: process.platform,
              inWindow: (notice, symbol) => {
                if (window)
                  sendWhenLoaded(window.webContents, eventChannels.notice, {
                    ...notice,
                    ...(symbol ? { symbol } : {}),
                  })
              },
              showApp: showWindow,
            })
            core.on('delta', () => tray?.showData(core.currentSnapshot(), core.status()))
            core.on('portfolio', (update) => tray?.showPortfolio(update))
            tray?.showPortfolio(core.positions.current())
            core.on('status', (status) => {
              tray?.showData(core.currentSnapshot(), status)
              tray?.setUnread(status.unreadAlerts > 0)
            })
            core.on('alert', ({ entry, unreadAlerts }) => {
              tray?.setUnread(unreadAlerts > 0)
              showAlertNotification(entry, (symbol) => {
                showWindow()
                // A window made just now is still loading: the message waits for its page.
                if (window) sendWhenLoaded(window.webContents, eventChannels.focusSymbol, { symbol })
              })
            })
            core.onSettingsChange(applyWindowSettings)
            applyWindowSettings(core.currentSettings())
            powerMonitor.on('suspend', () => core.setSuspended(true))
            powerMonitor.on('resume', () => core.setSuspended(false))
            started = true
          },
        },
      ],
      userDataDir,
      {
        showErrorBox: (title, content) => dialog.showErrorBox(title, content),
        exit: (code) => app.exit(code),
      },
    ),
  )

  app.on('will-quit', (event) => {
    if (!quitting) return
    event.preventDefault()
    quitting = false
    void finalSave().finally(() => app.exit(0))
  })
}
