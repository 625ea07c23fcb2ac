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
import type { Settings } from '../../shared/settings'
import { AppCore } from '../core/app/app-core'
import { KeytarSecretStore } from '../core/secrets/secret-store'
import { WorkerPollFeed } from '../core/feed/worker/worker-poll-feed'
import { PortfolioThread } from '../core/portfolio/portfolio-thread'
import { APP_SCHEME, appProtocolHandler } from './app-protocol'
import { appMenuTemplate } from './app-menu'
import { setStartAtLogin } from './autostart'
import { trayNotice, trayNoticeOnce } from './close-to-tray'
import { firstFramePage } from './first-frame-page'
import { forwardEvents, registerIpcHandlers, trustedSenderCheck } from './ipc-bridge'
import { boundsToSave, createMainWindow, fitToTickerMode } from './main-window'
import { setUpNotifications, showAlertNotification, showNotification } from './notifications'
import { PageMessages } from './page-messages'
import { hardenSession } from './security'
import { runStartup } from './startup'
import { AppTray } from './tray'
import { trayIconFiles } from './tray-icons'
import { PIN_UNAVAILABLE_ON_WAYLAND } from './window-system'

export interface ShellOptions {
  userDataDir: string
  /** Native Wayland: the window can be neither pinned nor placed. */
  pinUnavailable: boolean
  /** electron-vite's dev server, in development only. */
  devServerUrl: string | undefined
  /** Where the tray images are (resources/ beside the build, or the package's resources). */
  resourcesDir: string
  /** The build's out/ folder: the renderer's files are in its renderer/. */
  outDir: string
  /** The poll worker's built script. */
  pollWorkerScript: string
  /** The portfolio thread's built script. */
  portfolioWorkerScript: string
}

/**
 * The Electron shell of the one running instance: the window, the tray, the menu, IPC and the OS's
 * events, wired to the AppCore it makes. Everything else is AppCore's. One window at most: it may
 * be closed (macOS keeps running) and made again on demand.
 */
export class Shell {
  private readonly core: AppCore
  private window: BrowserWindow | null = null
  /** The one-off messages to the current window's page, held until it says it is live. */
  private pageMessages: PageMessages | null = null
  private tray: AppTray | null = null
  /** Set once every startup step ran: before, nothing may bring up a window. */
  private started = false
  /** Set by a quit in progress: a close is then a close, not a move to the tray. */
  private quitting = false
  /** The start-at-login state last asked of the OS; null when unknown (not yet, or it failed). */
  private startAtLogin: boolean | null = null
  private finalSaving: Promise<void> | null = null
  private readonly firstCloseToTray: () => Promise<boolean>

  constructor(private readonly options: ShellOptions) {
    this.firstCloseToTray = trayNoticeOnce(options.userDataDir)
    this.core = new AppCore({
      userDataDir: options.userDataDir,
      ...(options.pinUnavailable ? { pinUnavailable: PIN_UNAVAILABLE_ON_WAYLAND } : {}),
      keychain: new KeytarSecretStore(),
      // Electron's app version is package.json's: the core never reads the package itself.
      userAgent: `tokenwatch/${app.getVersion()}`,
      // Demo mode (no key stored) runs on the built-in simulator, handed in so the core never imports it;
      // loaded when demo mode starts, so that a window on a real service never loads a simulator.
      demo: {
        start: async (apiKey) => (await import('../sim/server/demo-market')).simDemoMarket().start(apiKey),
      },
      pollFeed: (events) => new WorkerPollFeed(events, { script: options.pollWorkerScript }),
      portfolio: new PortfolioThread({ script: options.portfolioWorkerScript }),
      saveExport: (fileName, content) => this.saveExport(fileName, content),
    })
  }

  /** Listens to the app's events and runs the startup steps once Electron is ready. */
  start(): void {
    app.on('second-instance', this.showWindow)
    // macOS: a click on the Dock icon, or opening the app again, while its window is hidden or closed.
    app.on('activate', this.showWindow)
    app.on('web-contents-created', (_event, contents) =>
      contents.setWindowOpenHandler(() => ({ action: 'deny' })),
    )
    app.on('before-quit', () => {
      this.quitting = true
    })
    app.on('window-all-closed', () => {
      // Lives in the tray: a window closed by the OS does not quit (Quit does, or close with the
      // tray setting off).
    })
    app.on('will-quit', (event) => {
      if (!this.quitting) return
      event.preventDefault()
      this.quitting = false
      void this.finalSave().finally(() => app.exit(0))
    })
    void app.whenReady().then(() =>
      runStartup(
        [
          { what: 'setting up the window session', run: () => this.setUpSession() },
          { what: 'loading your settings and starting price updates', run: () => this.core.start() },
          { what: 'opening the window', run: () => this.createWindow() },
          { what: 'adding the tray icon', run: () => this.createTray() },
          { what: 'connecting the window, tray and notifications', run: () => this.connect() },
        ],
        this.options.userDataDir,
        {
          showErrorBox: (title, content) => dialog.showErrorBox(title, content),
          exit: (code) => app.exit(code),
        },
      ),
    )
  }

  private async saveExport(fileName: string, content: string): Promise<string | null> {
    const options = { title: 'Export watchlist', defaultPath: join(app.getPath('documents'), fileName) }
    const choice = this.window
      ? await dialog.showSaveDialog(this.window, options)
      : await dialog.showSaveDialog(options)
    if (choice.canceled || !choice.filePath) return null
    await writeFileAtomic(choice.filePath, content)
    return choice.filePath
  }

  /** Stops polling and saves prices and settings, once, however the app is ending. */
  private finalSave(): Promise<void> {
    if (!this.finalSaving) {
      this.tray?.destroy()
      this.tray = null
      this.finalSaving = this.core.stop()
    }
    return this.finalSaving
  }

  /** Brings the window up, making a new one if it was closed (macOS keeps running without one). */
  private readonly showWindow = (): void => {
    if (!this.started) return
    if (!this.window) this.createWindow()
    const window = this.window
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  private refreshTray(): void {
    const settings = this.core.currentSettings()
    this.tray?.setState({
      windowVisible: this.window?.isVisible() ?? false,
      pinned: settings.pinned,
      pinUnavailable: this.options.pinUnavailable,
      paused: this.core.status().paused,
      lists: settings.lists,
      activeListId: settings.activeListId,
      hideAmounts: settings.hideAmounts,
      timeZone: settings.timeZone,
    })
  }

  /** The tray's and the menu's switch: saved, then the window told (the shell asked, not the window). */
  private readonly toggleHideAmounts = (): void =>
    void this.core
      .invoke('updateSettings', { hideAmounts: !this.core.currentSettings().hideAmounts })
      .then((result) => {
        if (result.ok) this.pageMessages?.send('settings', result.value)
      })

  private applyStartAtLogin(enabled: boolean): void {
    if (enabled === this.startAtLogin) return
    this.startAtLogin = enabled
    const context = {
      platform: process.platform,
      execPath: process.execPath,
      isPackaged: app.isPackaged,
      appPath: app.getAppPath(),
      env: process.env,
    }
    setStartAtLogin(enabled, context, app).catch((error: unknown) => {
      this.startAtLogin = null
      console.error(`Start at login could not be ${enabled ? 'turned on' : 'turned off'}:`, error)
    })
  }

  private applyWindowSettings(settings: Settings): void {
    this.applyStartAtLogin(settings.startAtLogin)
    if (!this.window) return
    this.window.setAlwaysOnTop(settings.pinned, 'floating')
    fitToTickerMode(this.window, settings)
    this.refreshTray()
  }

  /** Close: to the tray (saying so the first time) or, with that setting off, quit. */
  private onClose(event: Electron.Event, closing: BrowserWindow): void {
    if (this.quitting) return
    event.preventDefault()
    const settings = this.core.currentSettings()
    // Native Wayland reads every position as 0,0: the one saved before stays.
    const bounds = boundsToSave(
      closing,
      this.options.pinUnavailable
        ? { x: settings.windowBounds?.x ?? 0, y: settings.windowBounds?.y ?? 0 }
        : undefined,
    )
    if (!settings.tickerOnly && bounds) void this.core.invoke('updateSettings', { windowBounds: bounds })
    if (!settings.closeToTray) {
      // After this handler: a quit started inside it would be cancelled by the very close it
      // prevents (Electron's OnWindowCloseCancelled), leaving a windowless app polling in the tray.
      setImmediate(() => app.quit())
      return
    }
    closing.hide()
    void this.firstCloseToTray().then((first) => {
      if (first) showNotification(trayNotice(process.platform), this.showWindow)
    })
  }

  private setUpSession(): void {
    const { devServerUrl, outDir } = this.options
    hardenSession(session.defaultSession, { devServerUrl })
    protocol.handle(
      APP_SCHEME,
      appProtocolHandler({
        rendererDir: join(outDir, 'renderer'),
        page: (template) => firstFramePage(template, this.core, this.window),
      }),
    )
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        appMenuTemplate({
          platform: process.platform,
          isPackaged: app.isPackaged,
          toggleHideAmounts: this.toggleHideAmounts,
        }),
      ),
    )
  }

  private createWindow(): void {
    const core = this.core
    const created = createMainWindow({
      outDir: this.options.outDir,
      settings: core.currentSettings(),
      devServerUrl: this.options.devServerUrl,
      isPackaged: app.isPackaged,
      workAreas: screen.getAllDisplays().map((display) => display.workArea),
    })
    const current = created.window
    this.window = current
    const contents = current.webContents
    const messages = new PageMessages(contents)
    this.pageMessages = messages
    const unregisterIpc = registerIpcHandlers(
      ipcMain,
      core,
      trustedSenderCheck(() => (current.isDestroyed() ? null : contents), created.isOwnPage),
      () => messages.pageLive(),
    )
    const stopForwarding = forwardEvents(core, () => (current.isDestroyed() ? null : contents))
    // A window that is gone takes its channels with it, so a new window can register them again.
    current.once('closed', () => {
      unregisterIpc()
      stopForwarding()
      if (this.window === current) this.window = null
      if (this.pageMessages === messages) this.pageMessages = null
    })
    for (const [event, visible] of [
      ['show', true],
      ['restore', true],
      ['hide', false],
      ['minimize', false],
    ] as const) {
      current.on(event as 'show', () => {
        core.setWindowVisible(visible)
        this.refreshTray()
      })
    }
    current.on('close', (event) => this.onClose(event, current))
    // Windows shutdown or log-off skips before-quit and will-quit: the save starts when Windows
    // asks whether the session may end (not refused) and the app exits once it is done, before
    // the OS ends the process. The window's events are the documented hook (Windows only).
    for (const event of ['query-session-end', 'session-end'] as const)
      current.on(event as 'session-end', () => void this.finalSave().finally(() => app.exit(0)))
  }

  private createTray(): void {
    const core = this.core
    const files = trayIconFiles(this.options.resourcesDir, process.platform)
    const trayIcons = {
      normal: nativeImage.createFromPath(files.normal),
      unread: nativeImage.createFromPath(files.unread),
    }
    this.tray = new AppTray(trayIcons, {
      toggleWindow: () => (this.window?.isVisible() ? this.window.hide() : this.showWindow()),
      togglePinned: () => void core.invoke('togglePin', undefined),
      togglePaused: () =>
        void core.invoke('setPaused', { paused: !core.status().paused }).then(() => this.refreshTray()),
      refresh: () => void core.invoke('refreshNow', undefined),
      quit: () => app.quit(),
      showList: (listId) => void core.invoke('setActiveList', { listId }),
      toggleHideAmounts: this.toggleHideAmounts,
    })
    this.tray.setUnread(core.status().unreadAlerts > 0)
  }

  /** The core's events to the tray, the notifications and the window; the OS's power events to the core. */
  private connect(): void {
    const core = this.core
    setUpNotifications({
      platform: process.platform,
      inWindow: (notice, symbol) =>
        this.pageMessages?.send('notice', { ...notice, ...(symbol ? { symbol } : {}) }),
      showApp: this.showWindow,
    })
    const trayData = () => ({ snapshot: core.currentSnapshot(), status: core.status() })
    core.on('delta', () => this.tray?.showData(trayData))
    core.on('portfolio', (update) => this.tray?.showPortfolio(update))
    this.tray?.showPortfolio(core.positions.current())
    core.on('status', (status) => {
      this.tray?.showData(trayData)
      this.tray?.setUnread(status.unreadAlerts > 0)
    })
    core.on('alert', ({ entry, unreadAlerts }) => {
      this.tray?.setUnread(unreadAlerts > 0)
      showAlertNotification(entry, (symbol) => {
        this.showWindow()
        // A window made just now is still loading: the message waits until its page is live.
        this.pageMessages?.send('focusSymbol', { symbol })
      })
    })
    core.onSettingsChange((settings) => this.applyWindowSettings(settings))
    this.applyWindowSettings(core.currentSettings())
    powerMonitor.on('suspend', () => core.setSuspended(true))
    powerMonitor.on('resume', () => core.setSuspended(false))
    this.started = true
  }
}
