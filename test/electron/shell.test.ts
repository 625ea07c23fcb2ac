import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load as loadYaml } from 'js-yaml'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { calendarOnlyState } from '../../src/main/core/service-status/market-cross-check'
import { invokeChannels, invokeNames, eventChannels } from '../../src/shared/ipc-channels'
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium'

/**
 * The Electron shell cannot run here (no Electron binary), so its wiring is tested against a
 * mocked `electron` module: every security setting, the CSP, denied navigation, windows and
 * permissions, the IPC sender check and the tray's throttling.
 */

const electron = vi.hoisted(() => {
  const trays: Array<{ tooltip: string[]; images: number; menus: unknown[] }> = []
  const windows: Array<{ options: Record<string, unknown>; loaded: string[] }> = []
  const notifications: Array<{
    options: Record<string, unknown>
    emit: (event: string, ...args: unknown[]) => void
  }> = []
  return {
    trays,
    windows,
    notifications,
    SizedWindow: null as unknown as new (w: number, h: number) => SizedWindowLike,
  }
})

interface SizedWindowLike {
  content: [number, number]
  getContentSize(): number[]
  setContentSize(width: number, height: number): void
  getSize(): number[]
  getPosition(): number[]
}

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  class FakeWebContents extends EventEmitter {
    windowOpenHandler: ((details: unknown) => unknown) | null = null
    setWindowOpenHandler(handler: (details: unknown) => unknown) {
      this.windowOpenHandler = handler
    }
  }
  class BrowserWindow extends EventEmitter {
    webContents = new FakeWebContents()
    record: { options: Record<string, unknown>; loaded: string[] }
    constructor(options: Record<string, unknown>) {
      super()
      this.record = { options, loaded: [] }
      electron.windows.push(this.record)
    }
    loadURL(url: string) {
      this.record.loaded.push(url)
      return Promise.resolve()
    }
    show() {}
  }
  /** Enough of a window for the sizing helpers: a page size and a frame 30 px taller. */
  class SizedWindow {
    content: [number, number]
    constructor(width: number, height: number) {
      this.content = [width, height]
    }
    getContentSize() {
      return [...this.content]
    }
    setContentSize(width: number, height: number) {
      this.content = [width, height]
    }
    getSize() {
      return [this.content[0], this.content[1] + 30]
    }
    getPosition() {
      return [40, 60]
    }
  }
  electron.SizedWindow = SizedWindow
  class Tray extends EventEmitter {
    record = { tooltip: [] as string[], images: 0, menus: [] as unknown[] }
    constructor() {
      super()
      electron.trays.push(this.record)
    }
    setToolTip(text: string) {
      this.record.tooltip.push(text)
    }
    setImage() {
      this.record.images += 1
    }
    setContextMenu(menu: unknown) {
      this.record.menus.push(menu)
    }
    destroy() {}
  }
  class Notification extends EventEmitter {
    static isSupported = () => true
    static activationHandler: ((details: { type: string; arguments: string }) => void) | null = null
    static handleActivation(handler: (details: { type: string; arguments: string }) => void) {
      Notification.activationHandler = handler
    }
    constructor(readonly options: Record<string, unknown>) {
      super()
    }
    show() {
      electron.notifications.push(this)
    }
  }
  return {
    BrowserWindow,
    Tray,
    Notification,
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
  }
})

const {
  CONTENT_SECURITY_POLICY,
  DEV_SERVER_CONTENT_SECURITY_POLICY,
  hardenSession,
  hardenWebContents,
  relaxCspForDevServer,
  secureWebPreferences,
} = await import('../../src/main/electron/security')
const { forwardEvents, registerIpcHandlers, trustedSenderCheck } =
  await import('../../src/main/electron/ipc-bridge')
const { TICKER_STRIP_HEIGHT, boundsToSave, createMainWindow, fitToTickerMode, rendererLocation } =
  await import('../../src/main/electron/main-window')
const { AppTray, TOOLTIP_INTERVAL_MS } = await import('../../src/main/electron/tray')
const { trayTooltip, trayTooltipLimit } = await import('../../src/main/electron/tray-tooltip')
const { DEFAULT_SETTINGS } = await import('../../src/shared/settings')
const { clampToWorkAreas } = await import('../../src/main/electron/window-bounds')
const { AUTOSTART_FILE_NAME, autostartFile, quoteExecArgument, setStartAtLogin } =
  await import('../../src/main/electron/autostart')
const { runStartup } = await import('../../src/main/electron/startup')
const { appMenuTemplate } = await import('../../src/main/electron/app-menu')
const { APP_ID, applyAppIdentity, keepUserDataFolder } = await import('../../src/main/electron/app-identity')
const { defaultUserDataDir } = await import('../../src/main/core/storage/paths')
const { trayNotice, trayNoticeOnce } = await import('../../src/main/electron/close-to-tray')
const { trayIconFiles } = await import('../../src/main/electron/tray-icons')
const { XWAYLAND_SWITCH, windowSystem } = await import('../../src/main/electron/window-system')
const { notificationsOnScreen, setUpNotifications, showAlertNotification, showNotification } =
  await import('../../src/main/electron/notifications')
const { Notification: MockNotification } = (await import('electron')) as unknown as {
  Notification: { activationHandler: ((details: { type: string; arguments: string }) => void) | null }
}

/** The key the fake cores say is in use. */
const KEY_IN_USE = 'tw-live-7Qm4c9Xk2pLr'
/** A packaged app's window on one 1920x1050 work area. */
const windowOptions = {
  outDir: '/app/out',
  settings: DEFAULT_SETTINGS,
  devServerUrl: undefined,
  isPackaged: true,
  workAreas: [{ x: 0, y: 0, width: 1920, height: 1050 }],
}

/** An alert as it fires: what the notifications show. */
const firedAlert = {
  alertId: 'a1',
  symbol: 'AAPLon',
  kind: 'price-above',
  message: 'AAPLon crossed above 200.00 at 200.13',
  value: '200.13',
  at: 1,
  sound: false,
  read: false,
} as const

describe('alert notifications', () => {
  it(
    'shows the alert in plain words, always silent (the chime is ' +
      'the one sound), and a click focuses the symbol',
    () => {
      electron.notifications.length = 0
      const clicked: string[] = []
      const entry = firedAlert
      showAlertNotification(entry, (symbol) => clicked.push(symbol))
      showAlertNotification({ ...entry, sound: true, note: 'take profit' }, (symbol) => clicked.push(symbol))
      const [quiet, loud] = electron.notifications
      expect(quiet?.options).toEqual({ title: 'Tokenwatch · AAPLon', body: entry.message, silent: true })
      // An alert with a sound: the renderer plays its chime for it, so the notification stays quiet.
      expect(loud?.options).toEqual({
        title: 'Tokenwatch · AAPLon',
        body: `${entry.message}\ntake profit`,
        silent: true,
      })
      quiet?.emit('click')
      expect(clicked).toEqual(['AAPLon'])
      loud?.emit('close')
    },
  )

  it('keeps each notification referenced until it is clicked, closed or fails', () => {
    electron.notifications.length = 0
    const before = notificationsOnScreen()
    let clicks = 0
    for (let i = 0; i < 3; i++) showNotification({ title: 't', body: `b${i}` }, () => (clicks += 1))
    expect(notificationsOnScreen()).toBe(before + 3)
    const [first, second, third] = electron.notifications
    first?.emit('click')
    second?.emit('close')
    expect(notificationsOnScreen()).toBe(before + 1)
    third?.emit('failed')
    expect(notificationsOnScreen()).toBe(before)
    expect(clicks).toBe(1)
  })
})

describe('notifications on each platform', () => {
  const entry = firedAlert
  const inWindow: Array<{ notice: { title: string; body: string }; symbol?: string }> = []
  let shownApp = 0
  function onPlatform(platform: NodeJS.Platform) {
    electron.notifications.length = 0
    inWindow.length = 0
    shownApp = 0
    setUpNotifications({
      platform,
      inWindow: (notice, symbol) => inWindow.push({ notice, symbol }),
      showApp: () => (shownApp += 1),
    })
  }
  afterEach(() => onPlatform('linux'))

  it('Windows: a toast that timed out into the Action Center still focuses its symbol when clicked', () => {
    onPlatform('win32')
    const clicked: string[] = []
    showAlertNotification(entry, (symbol) => clicked.push(symbol))
    showAlertNotification({ ...entry, symbol: 'Fon' }, (symbol) => clicked.push(symbol))
    const [first, second] = electron.notifications
    // Windows emits 'close' on the timeout; the app lets go of both objects.
    first?.emit('close', {})
    second?.emit('close', {})
    expect(MockNotification.activationHandler).not.toBeNull()
    const firstId = String(first?.options.id)
    MockNotification.activationHandler!({ type: 'click', arguments: `launch ${firstId}` })
    expect(clicked).toEqual(['AAPLon'])
    // An activation this run does not know (an earlier run's toast) brings the app up.
    MockNotification.activationHandler!({ type: 'click', arguments: '' })
    expect(shownApp).toBe(1)
  })

  it('macOS: a notification that failed (an unsigned app) is logged and shown in the window', () => {
    onPlatform('darwin')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    showAlertNotification({ ...entry, note: 'take profit' }, () => {})
    electron.notifications[0]?.emit('failed', {}, 'Notifications are not allowed for this application')
    expect(inWindow).toEqual([
      {
        notice: { title: 'Tokenwatch · AAPLon', body: `${entry.message}\ntake profit` },
        symbol: 'AAPLon',
      },
    ])
    expect(String(logged.mock.calls[0]?.[0])).toContain('Notifications are not allowed')
    logged.mockRestore()
  })

  it("Linux: the person's note reaches the notification server as text, not markup", () => {
    onPlatform('linux')
    showAlertNotification({ ...entry, note: '<b>sell</b> half & <a href="x">read</a>' }, () => {})
    expect(electron.notifications[0]?.options.body).toBe(
      `${entry.message}\n&lt;b&gt;sell&lt;/b&gt; half &amp; &lt;a href="x"&gt;read&lt;/a&gt;`,
    )
    // Elsewhere the body is plain text already.
    onPlatform('darwin')
    showAlertNotification({ ...entry, note: 'a & b' }, () => {})
    expect(electron.notifications[0]?.options.body).toBe(`${entry.message}\na & b`)
  })
})

describe('window security', () => {
  it('turns on every webPreferences protection', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs', { devTools: false })).toEqual({
      preload: '/app/out/preload/index.cjs',
      devTools: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
    })
  })

  it('has a strict CSP: nothing remote, no eval, no inline script or style element', () => {
    const directives = CONTENT_SECURITY_POLICY.split('; ')
    expect(directives).toContain("default-src 'none'")
    expect(directives).toContain("script-src 'self'")
    expect(directives).toContain("style-src 'self'")
    expect(directives).toContain("connect-src 'none'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/)
    // Inline styles only as attributes (main's first frame carries the rows' positions in markup).
    expect(directives.filter((directive) => directive.includes("'unsafe-inline'"))).toEqual([
      "style-src-attr 'unsafe-inline'",
    ])
  })

  it('ships the same CSP in the page itself', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8')
    const meta = /<meta[^>]+http-equiv="Content-Security-Policy"[^>]+content="([^"]+)"/i.exec(html)
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY)
  })

  it('denies navigation away, new windows and webviews', () => {
    const contents = new EventEmitter() as EventEmitter & { setWindowOpenHandler: (h: () => unknown) => void }
    let openHandler: (() => unknown) | null = null
    contents.setWindowOpenHandler = (handler) => {
      openHandler = handler
    }
    const own = 'app://tokenwatch/index.html'
    hardenWebContents(contents as never, (url) => url === own)
    // Electron's details carry the URL; the positional argument is deprecated, and here it
    // names our own page, so a handler still reading it would let every navigation through.
    const navigate = (event: string, url: string) => {
      const e = {
        url,
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true
        },
      }
      contents.emit(event, e, own)
      return e.defaultPrevented
    }
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-redirect', 'https://evil.example/')).toBe(true)
    expect(navigate('will-navigate', own)).toBe(false)
    expect(navigate('will-attach-webview', own)).toBe(true)
    expect(openHandler!()).toEqual({ action: 'deny' })
  })

  /** A session that records its handlers; onHeadersReceived keeps its URL filter. */
  function recordingSession() {
    const handlers: Record<string, (...args: never[]) => unknown> = {}
    const filters: unknown[] = []
    const fakeSession = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      webRequest: {
        onHeadersReceived: (filter: unknown, h: never) => {
          filters.push(filter)
          handlers.headers = h
        },
      },
    }
    return { fakeSession, handlers, filters }
  }

  it('refuses every permission, and leaves the built page its own CSP header (no session rewrite)', () => {
    const { fakeSession, handlers, filters } = recordingSession()
    hardenSession(fakeSession as never, { devServerUrl: undefined })
    const decisions: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      (handlers.request as (c: unknown, p: string, cb: (ok: boolean) => void) => void)(
        null,
        permission,
        (ok) => decisions.push(ok),
      )
    expect(decisions).toEqual([false, false, false, false, false])
    expect((handlers.check as () => boolean)()).toBe(false)
    // Electron 42+ runs webRequest handlers for protocol.handle responses too: none is registered.
    expect(filters).toEqual([])
  })

  it('relaxes the CSP for the dev server only, on its pages only, and only as far as Vite needs', () => {
    const { fakeSession, handlers, filters } = recordingSession()
    hardenSession(fakeSession as never, { devServerUrl: 'http://localhost:5173/' })
    expect(filters).toEqual([{ urls: ['http://localhost:5173/*'] }])
    let headers: Record<string, string[]> = {}
    ;(
      handlers.headers as (d: unknown, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void
    )({ responseHeaders: { 'x-other': ['1'] } }, (result) => (headers = result.responseHeaders))
    expect(headers['Content-Security-Policy']).toEqual([DEV_SERVER_CONTENT_SECURITY_POLICY])
    expect(headers['x-other']).toEqual(['1'])
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'unsafe-inline'")
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'")
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    expect(DEV_SERVER_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|ws:\/\/\*|\s\*/)
    const page = readFileSync('src/renderer/index.html', 'utf8')
    expect(relaxCspForDevServer(page)).toContain(`content="${DEV_SERVER_CONTENT_SECURITY_POLICY}"`)
    expect(() => relaxCspForDevServer(page.replace("connect-src 'none'", "connect-src 'self'"))).toThrow()
  })

  it('creates the window with those settings, hidden until ready, loading only our page', () => {
    electron.windows.length = 0
    const { isOwnPage } = createMainWindow({
      ...windowOptions,
      settings: { ...DEFAULT_SETTINGS, pinned: true },
    })
    const created = electron.windows[0]!
    expect(created.options.webPreferences).toEqual(
      secureWebPreferences('/app/out/preload/index.cjs', { devTools: false }),
    )
    expect(created.options.show).toBe(false)
    expect(created.options.alwaysOnTop).toBe(true)
    expect(created.loaded).toEqual(['app://tokenwatch/index.html'])
    expect(isOwnPage('app://tokenwatch/index.html#detail')).toBe(true)
    expect(isOwnPage('app://tokenwatch/other.html')).toBe(false)
    expect(isOwnPage('app://elsewhere/index.html')).toBe(false)
    expect(isOwnPage('file:///app/out/renderer/index.html')).toBe(false)
    const dev = rendererLocation('http://localhost:5173/', false)
    expect(dev.isOwnPage('http://localhost:5173/index.html')).toBe(true)
    expect(dev.isOwnPage('http://localhost:5174/')).toBe(false)
  })

  it(
    'ignores ELECTRON_RENDERER_URL in a packaged app, and has developer ' + 'tools only when not packaged',
    () => {
      electron.windows.length = 0
      const { isOwnPage } = createMainWindow({ ...windowOptions, devServerUrl: 'https://evil.example/' })
      expect(electron.windows[0]!.loaded).toEqual(['app://tokenwatch/index.html'])
      expect(isOwnPage('https://evil.example/')).toBe(false)
      expect(rendererLocation('https://evil.example/', true).url).toBe('app://tokenwatch/index.html')
      createMainWindow({ ...windowOptions, devServerUrl: 'http://localhost:5173/', isPackaged: false })
      const dev = electron.windows[1]!
      expect(dev.loaded).toEqual(['http://localhost:5173/'])
      expect((dev.options.webPreferences as { devTools: boolean }).devTools).toBe(true)
    },
  )
})

describe('window size and place', () => {
  it('sizes the page, not the frame: the ticker strip is 44 px of content', () => {
    electron.windows.length = 0
    createMainWindow({ ...windowOptions, settings: { ...DEFAULT_SETTINGS, tickerOnly: true } })
    expect(electron.windows[0]!.options).toMatchObject({ useContentSize: true, height: TICKER_STRIP_HEIGHT })
    const window = new electron.SizedWindow(1180, 720)
    fitToTickerMode(window as never, { ...DEFAULT_SETTINGS, tickerOnly: true })
    expect(window.getContentSize()).toEqual([1180, TICKER_STRIP_HEIGHT])
    fitToTickerMode(window as never, { ...DEFAULT_SETTINGS, tickerOnly: true })
    expect(window.getContentSize()).toEqual([1180, TICKER_STRIP_HEIGHT])
    const saved = { x: 10, y: 20, width: 1000, height: 600 }
    fitToTickerMode(window as never, { ...DEFAULT_SETTINGS, windowBounds: saved })
    expect(window.getContentSize()).toEqual([1180, 600])
    // Saved bounds are the page's size too, so they come back the same size they were saved.
    expect(boundsToSave(window as never)).toEqual({ x: 40, y: 60, width: 1180, height: 600 })
  })

  it('puts saved bounds back on a display that is still there', () => {
    electron.windows.length = 0
    const gone = { x: 2200, y: 100, width: 900, height: 700 } // on a second monitor, since unplugged
    createMainWindow({ ...windowOptions, settings: { ...DEFAULT_SETTINGS, windowBounds: gone } })
    const options = electron.windows[0]!.options
    expect(options).toMatchObject({ width: 900, height: 700 })
    const x = options.x as number
    const y = options.y as number
    expect(x >= 0 && x + 900 <= 1920 && y >= 0 && y + 700 <= 1050).toBe(true)
  })
})

describe('IPC bridge', () => {
  function fakeIpcMain() {
    const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>()
    return {
      handlers,
      handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
        handlers.set(channel, handler),
      removeHandler: (channel: string) => handlers.delete(channel),
    }
  }

  it('registers one handler per contract channel and answers only trusted senders', async () => {
    const ipcMain = fakeIpcMain()
    const calls: Array<[string, unknown]> = []
    const core = {
      invoke: async (name: string, args: unknown) => (calls.push([name, args]), { ok: true, value: 'done' }),
      keyToWithhold: () => KEY_IN_USE,
    }
    let trusted = false
    const dispose = registerIpcHandlers(ipcMain as never, core as never, () => trusted)
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(invokeChannels).sort())
    const addSymbol = ipcMain.handlers.get(invokeChannels.addSymbol)!
    expect(await addSymbol({}, { symbol: 'AAPLon' })).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: 'unknown sender' },
    })
    expect(calls).toEqual([])
    trusted = true
    expect(await addSymbol({}, { symbol: 'AAPLon' })).toEqual({ ok: true, value: 'done' })
    expect(calls).toEqual([['addSymbol', { symbol: 'AAPLon' }]])
    dispose()
    expect(ipcMain.handlers.size).toBe(0)
    expect(invokeNames.length).toBe(Object.keys(invokeChannels).length)
  })

  it('trusts only our window main frame showing our page', () => {
    const mainFrame = { url: 'app://tokenwatch/index.html' }
    const contents = { mainFrame }
    const check = trustedSenderCheck(
      () => contents as never,
      (url) => url === mainFrame.url,
    )
    expect(check({ sender: contents, senderFrame: mainFrame } as never)).toBe(true)
    expect(check({ sender: {}, senderFrame: mainFrame } as never)).toBe(false) // another webContents
    // a subframe
    expect(check({ sender: contents, senderFrame: { url: mainFrame.url } } as never)).toBe(false)
    expect(check({ sender: contents, senderFrame: null } as never)).toBe(false)
    const navigated = { url: 'https://evil.example/' }
    const moved = trustedSenderCheck(
      () => ({ mainFrame: navigated }) as never,
      (url) => url === mainFrame.url,
    )
    expect(moved({ sender: undefined, senderFrame: navigated } as never)).toBe(false)
    const noWindow = trustedSenderCheck(
      () => null,
      () => true,
    )
    expect(noWindow({ sender: contents, senderFrame: mainFrame } as never)).toBe(false)
  })

  it('forwards core events to a live window only, on the contract channels', () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const core = {
      on: (name: string, listener: (payload: unknown) => void) => (
        listeners.set(name, listener),
        () => listeners.delete(name)
      ),
      keyToWithhold: () => KEY_IN_USE,
    }
    const sent: Array<[string, unknown]> = []
    let destroyed = false
    const contents = {
      isDestroyed: () => destroyed,
      send: (channel: string, payload: unknown) => sent.push([channel, payload]),
    }
    const stop = forwardEvents(core as never, () => contents as never)
    listeners.get('delta')!({ changed: [] })
    destroyed = true
    listeners.get('status')!({ mode: 'demo' })
    expect(sent).toEqual([[eventChannels.delta, { changed: [] }]])
    stop()
    expect(listeners.size).toBe(0)
  })

  // Defence in depth: values carrying the key that never went through the parser's scrub.
  it('withholds the key in use from every answer, in strings and property names', async () => {
    const ipcMain = fakeIpcMain()
    const core = {
      invoke: async () => ({
        ok: false,
        error: { code: 'unavailable', message: `refused for key ${KEY_IN_USE}` },
        detail: { [`x-${KEY_IN_USE}`]: [`echo ${KEY_IN_USE}${KEY_IN_USE}`, 100.1] },
      }),
      keyToWithhold: () => KEY_IN_USE,
    }
    registerIpcHandlers(ipcMain as never, core as never, () => true)
    const answer = await ipcMain.handlers.get(invokeChannels.refreshNow)!({}, undefined)
    expect(JSON.stringify(answer)).not.toContain(KEY_IN_USE)
    expect(answer).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'refused for key [key]' },
      detail: { 'x-[key]': ['echo [key][key]', 100.1] },
    })
  })

  it('withholds the key in use from every event pushed to the window', () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const core = {
      on: (name: string, listener: (payload: unknown) => void) => (
        listeners.set(name, listener),
        () => undefined
      ),
      keyToWithhold: () => KEY_IN_USE,
    }
    const sent: unknown[] = []
    forwardEvents(
      core as never,
      () => ({ isDestroyed: () => false, send: (_: string, p: unknown) => sent.push(p) }) as never,
    )
    const kept = { changed: [{ symbol: 'AAPLon', fields: { price: '120.20' } }] }
    listeners.get('delta')!(kept)
    listeners.get('status')!({ service: { problem: `Service said: bad key ${KEY_IN_USE}` } })
    expect(sent[0]).toBe(kept) // nothing to withhold: passed on as it is
    expect(sent[1]).toEqual({ service: { problem: 'Service said: bad key [key]' } })
  })
})

/** A portfolio of one position worth `value`, its 24 h change `day`. */
function portfolioOf(value: string, day: string) {
  const totals = {
    cost: '1',
    realized: '0',
    value,
    unrealized: '0',
    dayChange: day,
    valueAtFairValue: value,
    premiumExposure: '0',
  }
  return {
    method: 'average' as const,
    asOf: '2026-11-21T17:00:00.000Z',
    positions: [{ symbol: 'AAPLon', quantity: '1', stale: false } as never],
    totals,
    problem: null,
    quantitySource: 'ledger' as const,
    quantityFallback: null,
    walletsUnavailable: null,
  }
}

/** Tray actions for tests that only look at what the tray shows. */
const NO_TRAY_ACTIONS = {
  toggleWindow() {},
  togglePinned() {},
  togglePaused() {},
  refresh() {},
  quit() {},
  showList() {},
  toggleHideAmounts() {},
}

describe('tray', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const snapshot = (price: string) => ({
    asOf: 0,
    source: { baseUrl: 'http://127.0.0.1:1', demo: true },
    errors: [],
    assets: [
      { symbol: 'AAPLon', price, tradableSessions: ['regular'], limits: null },
      { symbol: 'NVDAon', price: null, tradableSessions: ['regular', 'offhours'], limits: null },
      { symbol: 'Fon', price: '11.02', tradableSessions: ['regular'], limits: null },
    ],
  })

  it('shows the session and the first prices as exact strings', () => {
    const tuesdayMorning = Date.parse('2026-11-17T11:00:00-05:00')
    expect(trayTooltip(snapshot('190.250000000000000001') as never, null, tuesdayMorning)).toBe(
      'Tokenwatch (demo)\nRegular\nAAPLon 190.250000000000000001  ·  Fon 11.02',
    )
    // On a weekend the tokens that trade off-hours are still in session: the tooltip says so.
    const saturdayNoon = Date.parse('2026-11-21T12:00:00-05:00')
    expect(trayTooltip(snapshot('190.25') as never, null, saturdayNoon).split('\n')[1]).toBe(
      'Closed, off-hours for 1 token',
    )
  })

  it('updates the tooltip at most every 5 s and never sets the image on a tick', () => {
    electron.trays.length = 0
    const tray = new AppTray(
      {} as never,
      {
        toggleWindow() {},
        togglePinned() {},
        togglePaused() {},
        refresh() {},
        quit() {},
        showList: (listId) => shownLists.push(listId),
        toggleHideAmounts() {},
      },
      () => Date.now(),
    )
    const shownLists: string[] = []
    const record = electron.trays[0]!
    vi.setSystemTime(10_000)
    let reads = 0
    for (let i = 0; i < 50; i++) {
      tray.showData(() => {
        reads++
        return { snapshot: snapshot(`190.${i}`) as never, status: null }
      })
      vi.advanceTimersByTime(200) // 50 ticks over 10 s
    }
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    // The initial text, then at most one update per 5 s over ~15 s, the last showing the last price.
    expect(record.tooltip.length).toBeLessThanOrEqual(1 + 4)
    // Main's snapshot and status are read for each tooltip shown, not at each of the 50 deltas.
    expect(reads).toBe(record.tooltip.length - 1)
    expect(record.tooltip.at(-1)).toContain('AAPLon 190.49')
    expect(record.images).toBe(0)
    tray.setState({
      windowVisible: true,
      pinned: true,
      pinUnavailable: false,
      paused: false,
      lists: [
        { id: 'l1', name: 'Watchlist' },
        { id: 'l2', name: 'Tech' },
      ],
      activeListId: 'l2',
      hideAmounts: false,
      timeZone: 'market',
    })
    type Item = { label?: string; checked?: boolean; click?: () => void; submenu?: Item[] }
    const menu = record.menus.at(-1) as { template: Item[] }
    expect(menu.template.map((item) => item.label).filter(Boolean)).toEqual([
      'Hide Tokenwatch',
      'Pin on top',
      'Pause updates',
      'Refresh now',
      'Hide amounts',
      'Watchlist',
      'Quit Tokenwatch',
    ])
    expect(menu.template[1]?.checked).toBe(true)
    // The list switcher: every list, the shown one checked; picking one shows it.
    const switcher = menu.template.find((item) => item.label === 'Watchlist')?.submenu ?? []
    expect(switcher.map((item) => [item.label, item.checked])).toEqual([
      ['Watchlist', false],
      ['Tech', true],
    ])
    switcher[0]?.click?.()
    expect(shownLists).toEqual(['l1'])
    // The unread dot: an image change only when the state flips.
    tray.setUnread(true)
    tray.setUnread(true)
    tray.setUnread(false)
    tray.setUnread(false)
    expect(record.images).toBe(2)
    tray.destroy()
  })

  it('says pinning is not available on native Wayland instead of a checkbox that would lie', () => {
    electron.trays.length = 0
    const tray = new AppTray({} as never, NO_TRAY_ACTIONS, () => Date.now())
    const lists = [{ id: 'l1', name: 'Watchlist' }]
    tray.setState({
      windowVisible: true,
      pinned: true,
      pinUnavailable: true,
      paused: false,
      lists,
      activeListId: 'l1',
      hideAmounts: false,
      timeZone: 'market',
    })
    type Item = { label?: string; type?: string; enabled?: boolean; checked?: boolean }
    const menu = electron.trays[0]!.menus.at(-1) as { template: Item[] }
    expect(menu.template[1]).toEqual({ label: 'Pin on top: not available on Wayland', enabled: false })
    tray.destroy()
  })

  it('starts again on XWayland in a Wayland session that has it, and knows when there is none', () => {
    const wayland = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' }
    expect(windowSystem('linux', { ...wayland, DISPLAY: ':0' }, ['tokenwatch'])).toBe('relaunch-on-xwayland')
    // Started on XWayland already: no second relaunch.
    expect(windowSystem('linux', { ...wayland, DISPLAY: ':0' }, ['tokenwatch', XWAYLAND_SWITCH])).toBe(
      'other',
    )
    expect(windowSystem('linux', wayland, ['tokenwatch'])).toBe('native-wayland')
    expect(
      windowSystem('linux', { ...wayland, DISPLAY: ':0' }, ['tokenwatch', '--ozone-platform=wayland']),
    ).toBe('native-wayland')
    expect(windowSystem('linux', { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' }, ['tokenwatch'])).toBe('other')
    expect(windowSystem('win32', wayland, ['tokenwatch'])).toBe('other')
    // The installed menu entry starts it on X11 too.
    const builder = loadYaml(readFileSync('electron-builder.yml', 'utf8')) as {
      linux: { executableArgs?: string[] }
    }
    expect(builder.linux.executableArgs).toEqual([XWAYLAND_SWITCH])
  })

  it('shows the holdings total in the tooltip and the menu, as dots while amounts are hidden', () => {
    electron.trays.length = 0
    let hidden = false
    const tray = new AppTray(
      {} as never,
      { ...NO_TRAY_ACTIONS, toggleHideAmounts: () => (hidden = !hidden) },
      () => Date.now(),
    )
    const record = electron.trays[0]!
    const state = { windowVisible: true, pinned: false, pinUnavailable: false, paused: false }
    const lists = {
      lists: [{ id: 'l1', name: 'Watchlist' }],
      activeListId: 'l1',
      timeZone: 'market' as const,
    }
    tray.setState({ ...state, ...lists, hideAmounts: false })
    vi.setSystemTime(10_000)
    tray.showPortfolio(portfolioOf('12345.675', '-20.5'))
    type Item = { label?: string; click?: () => void }
    const labels = () => (record.menus.at(-1) as { template: Item[] }).template.map((item) => item.label)
    expect(record.tooltip.at(-1)).toContain('Holdings 12,345.68 · 24h -20.50')
    expect(labels()[0]).toBe('Holdings 12,345.68 · 24h -20.50')
    ;(record.menus.at(-1) as { template: Item[] }).template
      .find((item) => item.label === 'Hide amounts')
      ?.click?.()
    expect(hidden).toBe(true)
    tray.setState({ ...state, ...lists, hideAmounts: true })
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    tray.showPortfolio(portfolioOf('12345.675', '-20.5'))
    expect(labels()[0]).toBe('Holdings •••••')
    expect(record.tooltip.at(-1)).toContain('Holdings •••••')
    expect(record.tooltip.at(-1)).not.toMatch(/12,345|12345/)
    tray.destroy()
  })

  it('heads its menu with what is old while prices are live, and drops the line once all is fresh', () => {
    electron.trays.length = 0
    const tray = new AppTray({} as never, NO_TRAY_ACTIONS, () => Date.now())
    tray.setState({
      windowVisible: true,
      pinned: false,
      pinUnavailable: false,
      paused: false,
      lists: [{ id: 'l1', name: 'Watchlist' }],
      activeListId: 'l1',
      hideAmounts: false,
      timeZone: 'market',
    })
    vi.setSystemTime(Date.parse('2026-11-17T11:00:00-05:00'))
    const now = Date.now()
    // Prices answered 2 s ago, whenever asked.
    const status = (marketAt: number) => {
      const endpoint = {
        cadenceMs: 5_000,
        lastSuccessAt: Date.now() - 2_000,
        lastError: null,
        nextPollAt: null,
        inFlight: false,
      }
      return {
        mode: 'live',
        connection: 'degraded',
        endpoints: {
          prices: endpoint,
          market: { ...endpoint, cadenceMs: 60_000, lastSuccessAt: marketAt },
          limits: endpoint,
        },
        // What the service says of the market: nothing yet, so the calendar's session.
        service: calendarOnlyState(Date.now()),
      }
    }
    type Item = { label?: string; type?: string; enabled?: boolean }
    const firstItems = () =>
      (electron.trays[0]!.menus.at(-1) as { template: Item[] }).template
        .slice(0, 2)
        .map((item) => item.label ?? item.type)

    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    tray.showData(() => ({
      snapshot: snapshot('190.25') as never,
      status: status(now - 10 * 60_000) as never,
    }))
    expect(firstItems()).toEqual(['Market data 10m old; prices live.', 'separator'])
    expect((electron.trays[0]!.menus.at(-1) as { template: Item[] }).template[0]?.enabled).toBe(false)
    const menusBefore = electron.trays[0]!.menus.length

    // The same sentence on the next tooltip: the menu is not built again.
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    tray.showData(() => ({
      snapshot: snapshot('190.26') as never,
      status: status(now - 10 * 60_000) as never,
    }))
    expect(electron.trays[0]!.menus.length).toBe(menusBefore)

    // Market data answers again: the line goes.
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    tray.showData(() => ({ snapshot: snapshot('190.27') as never, status: status(Date.now()) as never }))
    expect(firstItems()).toEqual(['Hide Tokenwatch', 'Pin on top'])
    tray.destroy()
  })

  it("keeps the tooltip within Windows' 127 characters when told the platform's limit", () => {
    electron.trays.length = 0
    const long = `190.${'1'.repeat(40)}`
    const onWindows = new AppTray({} as never, NO_TRAY_ACTIONS, () => Date.now(), trayTooltipLimit('win32'))
    onWindows.showData(() => ({
      snapshot: { ...snapshot(long), assets: [...snapshot(long).assets, ...snapshot(long).assets] } as never,
      status: null,
    }))
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    expect(electron.trays[0]!.tooltip.at(-1)!.length).toBeLessThanOrEqual(127)
    expect(electron.trays[0]!.tooltip.at(-1)).toContain('AAPLon')
    onWindows.destroy()
  })
})

describe('saved window bounds', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 870 }
  const monitor = { x: 1440, y: 0, width: 2560, height: 1400 }

  it('keeps bounds that are on a display as they are', () => {
    const bounds = { x: 1600, y: 100, width: 1180, height: 720 }
    expect(clampToWorkAreas(bounds, [laptop, monitor])).toEqual(bounds)
  })

  it('centres the window on the primary display when its display is gone', () => {
    expect(clampToWorkAreas({ x: 1600, y: 100, width: 1180, height: 720 }, [laptop])).toEqual({
      x: 130,
      y: 75,
      width: 1180,
      height: 720,
    })
  })

  it('pulls a window hanging off the edge back inside, and shrinks one larger than the work area', () => {
    expect(clampToWorkAreas({ x: 1300, y: 800, width: 1000, height: 600 }, [laptop])).toEqual({
      x: 440,
      y: 270,
      width: 1000,
      height: 600,
    })
    expect(clampToWorkAreas({ x: 0, y: 0, width: 3000, height: 2000 }, [laptop])).toEqual(laptop)
  })

  it('does not keep a window of which only a sliver is on a display', () => {
    const sliver = { x: 1420, y: 100, width: 1180, height: 720 } // 20 px on the laptop, monitor gone
    const placed = clampToWorkAreas(sliver, [laptop])
    expect(placed.x).toBe(130)
  })
})

describe('start at login', () => {
  const tempHome = () => mkdtempSync(join(tmpdir(), 'tokenwatch-autostart-'))
  const packagedLinux = {
    platform: 'linux' as const,
    execPath: '/opt/Tokenwatch/tokenwatch',
    isPackaged: true,
    appPath: '/opt/Tokenwatch/resources/app.asar',
    env: {},
  }
  const noLoginItems = {
    setLoginItemSettings: () => {
      throw new Error('setLoginItemSettings does nothing on Linux and must not be relied on')
    },
  }

  it('writes an XDG autostart entry on Linux, under XDG_CONFIG_HOME, and removes it', async () => {
    const home = tempHome()
    const env = { XDG_CONFIG_HOME: join(home, 'config') }
    await setStartAtLogin(true, { ...packagedLinux, env }, noLoginItems, home)
    const file = join(home, 'config', 'autostart', 'tokenwatch.desktop')
    const entry = readFileSync(file, 'utf8')
    expect(entry).toMatch(/^\[Desktop Entry\]\n/)
    expect(entry).toContain('\nType=Application\n')
    expect(entry).toContain('\nExec=/opt/Tokenwatch/tokenwatch --ozone-platform=x11\n')
    await setStartAtLogin(false, { ...packagedLinux, env }, noLoginItems, home)
    expect(existsSync(file)).toBe(false)
    // Turning off what is already off is fine.
    await setStartAtLogin(false, { ...packagedLinux, env }, noLoginItems, home)
    rmSync(home, { recursive: true, force: true })
  })

  it('starts the AppImage file itself, and a dev checkout through Electron with the app folder', async () => {
    const home = tempHome()
    await setStartAtLogin(
      true,
      { ...packagedLinux, env: { APPIMAGE: '/home/ann/Apps/Tokenwatch 0.1.0.AppImage' } },
      noLoginItems,
      home,
    )
    const file = join(home, '.config', 'autostart', 'tokenwatch.desktop')
    expect(readFileSync(file, 'utf8')).toContain(
      '\nExec="/home/ann/Apps/Tokenwatch 0.1.0.AppImage" --ozone-platform=x11\n',
    )
    const checkout = {
      platform: 'linux' as const,
      execPath: '/src/tw/node_modules/electron/dist/electron',
      isPackaged: false,
      appPath: '/src/tw',
      env: {},
    }
    await setStartAtLogin(true, checkout, noLoginItems, home)
    expect(readFileSync(file, 'utf8')).toContain(
      '\nExec=/src/tw/node_modules/electron/dist/electron /src/tw --ozone-platform=x11\n',
    )
    rmSync(home, { recursive: true, force: true })
  })

  it('quotes Exec arguments as the Desktop Entry Specification asks', () => {
    expect(quoteExecArgument('/opt/app')).toBe('/opt/app')
    expect(quoteExecArgument('/a b/$x"`\\')).toBe('"/a b/\\$x\\"\\`\\\\"')
    expect(quoteExecArgument('/100%/app')).toBe('/100%%/app')
    expect(autostartFile({ XDG_CONFIG_HOME: 'relative' }, '/home/ann')).toBe(
      '/home/ann/.config/autostart/tokenwatch.desktop',
    )
  })

  it("uses Electron's login items on Windows (with the checkout's arguments) and macOS", async () => {
    const calls: unknown[] = []
    const loginItems = { setLoginItemSettings: (settings: unknown) => calls.push(settings) }
    const windows = {
      platform: 'win32' as const,
      execPath: 'C:\\src\\tw\\node_modules\\electron\\dist\\electron.exe',
      isPackaged: false,
      appPath: 'C:\\src\\tw',
      env: {},
    }
    await setStartAtLogin(true, windows, loginItems)
    await setStartAtLogin(
      false,
      { ...windows, isPackaged: true, execPath: 'C:\\Tokenwatch\\Tokenwatch.exe' },
      loginItems,
    )
    await setStartAtLogin(true, { ...windows, platform: 'darwin', isPackaged: true }, loginItems)
    expect(calls).toEqual([
      { openAtLogin: true, path: windows.execPath, args: ['C:\\src\\tw'] },
      { openAtLogin: false, path: 'C:\\Tokenwatch\\Tokenwatch.exe', args: [] },
      { openAtLogin: true },
    ])
  })
})

describe('start-up failure', () => {
  it('names what failed and where the files are, then exits non-zero', async () => {
    const shown: Array<[string, string]> = []
    const exits: number[] = []
    const ran: string[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ok = await runStartup(
      [
        { what: 'loading your settings', run: async () => void ran.push('core') },
        {
          what: 'opening the window',
          run: () => {
            throw new Error('EACCES: permission denied, open /home/ann/.config/Tokenwatch/settings.json')
          },
        },
        { what: 'adding the tray icon', run: () => void ran.push('tray') },
      ],
      '/home/ann/.config/Tokenwatch',
      { showErrorBox: (title, content) => shown.push([title, content]), exit: (code) => exits.push(code) },
    )
    errors.mockRestore()
    expect(ok).toBe(false)
    expect(ran).toEqual(['core'])
    expect(exits).toEqual([1])
    expect(shown).toHaveLength(1)
    const [title, content] = shown[0]!
    expect(title).toBe('Tokenwatch could not start')
    expect(content).toContain('while opening the window')
    expect(content).toContain('EACCES: permission denied')
    expect(content).toContain('/home/ann/.config/Tokenwatch')
  })

  it('exits non-zero even when the dialog itself cannot be shown', async () => {
    const exits: number[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(
      runStartup(
        [{ what: 'loading your settings', run: () => Promise.reject(new Error('disk full')) }],
        '/data',
        {
          showErrorBox: () => {
            throw new Error('no display')
          },
          exit: (code) => exits.push(code),
        },
      ),
    ).rejects.toThrow('no display')
    errors.mockRestore()
    expect(exits).toEqual([1])
  })

  it('runs every step and exits nothing when all goes well', async () => {
    const exits: number[] = []
    const ran: number[] = []
    const ok = await runStartup(
      [1, 2, 3].map((n) => ({ what: `step ${n}`, run: () => void ran.push(n) })),
      '/data',
      { showErrorBox: () => {}, exit: (code) => exits.push(code) },
    )
    expect([ok, ran, exits]).toEqual([true, [1, 2, 3], []])
  })
})

describe('application menu', () => {
  const roles = (template: Array<{ role?: string; submenu?: unknown }>): string[] =>
    template.flatMap((item) => [
      ...(item.role ? [item.role] : []),
      ...(Array.isArray(item.submenu) ? roles(item.submenu as never) : []),
    ])

  it('has no reload or developer tools in a packaged app, on any platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const found = roles(appMenuTemplate({ platform, isPackaged: true }) as never)
      expect(found).toEqual(expect.arrayContaining(['editMenu', 'zoomIn', 'zoomOut', 'resetZoom']))
      expect(found).not.toContain('toggleDevTools')
      expect(found).not.toContain('reload')
      expect(found).not.toContain('forceReload')
    }
  })

  it('has the macOS app and window menus on macOS, a File menu with Quit elsewhere', () => {
    const mac = roles(appMenuTemplate({ platform: 'darwin', isPackaged: true }) as never)
    expect(mac.slice(0, 1)).toEqual(['appMenu'])
    expect(mac).toContain('windowMenu')
    const linux = roles(appMenuTemplate({ platform: 'linux', isPackaged: true }) as never)
    expect(linux).toEqual(expect.arrayContaining(['close', 'quit']))
    expect(linux).not.toContain('appMenu')
  })

  it('offers reload and developer tools when run from a checkout', () => {
    expect(roles(appMenuTemplate({ platform: 'linux', isPackaged: false }) as never)).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    )
  })
})

describe('app identity', () => {
  it("sets Windows' AppUserModelID to the builder's appId, and only on Windows", () => {
    const appId = /^appId:\s*(\S+)\s*$/m.exec(readFileSync('electron-builder.yml', 'utf8'))?.[1]
    expect(appId).toBe(APP_ID)
    const set: string[] = []
    for (const platform of ['win32', 'darwin', 'linux'] as const)
      applyAppIdentity({ setAppUserModelId: (id) => set.push(`${platform}:${id}`) }, platform)
    expect(set).toEqual([`win32:${APP_ID}`])
  })
})

describe('closing to the tray', () => {
  it('says where the app went and how to quit, once per user data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenwatch-notice-'))
    const firstRun = trayNoticeOnce(dir)
    expect(await firstRun()).toBe(true)
    expect(await firstRun()).toBe(false)
    expect(await trayNoticeOnce(dir)()).toBe(false) // the next start
    rmSync(dir, { recursive: true, force: true })
    const linux = trayNotice('linux')
    expect(linux.body).toMatch(/tray/)
    expect(linux.body).toMatch(/Quit/)
    expect(linux.body).toMatch(/start Tokenwatch again/)
    expect(trayNotice('darwin').body).toMatch(/menu bar.*Cmd\+Q/)
    expect(trayNotice('win32').body).toMatch(/notification area/)
  })
})

describe('packaging configuration', () => {
  const builder = loadYaml(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>

  it('flips the Electron fuses that close the binary to other uses', () => {
    expect(builder.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // Nothing is served from file:// (the page is on app://).
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it("names the app Tokenwatch for the OS, as the builder does, and keeps the CLI's user data folder", () => {
    expect(pkg.productName).toBe('Tokenwatch')
    expect(pkg.productName).toBe(builder.productName)
    const set: string[] = []
    keepUserDataFolder({ getPath: () => '/home/ada/.config', setPath: (_name, path) => set.push(path) })
    expect(set).toEqual([defaultUserDataDir({}, 'linux', '/home/ada')])
  })

  it('gives the builder the metadata it needs: homepage, repository, author with email, desktop name', () => {
    expect(pkg.homepage).toMatch(/^https:\/\//)
    expect((pkg.repository as { url: string }).url).toMatch(/^https:\/\//)
    expect((pkg.author as { email: string }).email).toMatch(/@/)
    // The autostart entry and the installed entry share one name.
    expect(pkg.desktopName).toBe(AUTOSTART_FILE_NAME)
    const linux = builder.linux as { category: string; syncDesktopName: boolean }
    expect(linux.category.split(';')).toEqual(['Office', 'Finance'])
    expect(linux.syncDesktopName).toBe(true)
    expect((builder.deb as { depends: string[] }).depends).toContain('libsecret-1-0')
  })

  it('has no install-time keytar rebuild: its module is N-API and loads under any Electron', () => {
    const scripts = pkg.scripts as Record<string, string>
    expect(scripts.postinstall).toBeUndefined()
    const keytar = JSON.parse(readFileSync('node_modules/keytar/package.json', 'utf8')) as {
      binary?: { napi_versions?: number[] }
    }
    expect(keytar.binary?.napi_versions?.length).toBeGreaterThan(0)
    // An N-API module registers through napi_register_module_v1, not the ABI-bound node_register_module_vNNN.
    const native = readFileSync('node_modules/keytar/build/Release/keytar.node').toString('latin1')
    expect(native).toContain('napi_register_module_v1')
    expect(native).not.toMatch(/node_register_module_v\d+/)
  })
})

describe('npm start without the Electron binary', () => {
  const scriptPath = join(process.cwd(), 'scripts', 'check-electron.mjs')
  /** Electron 42+'s index.js downloads the binary when required; this one leaves a mark instead. */
  const TRAP_INDEX = "require('fs').writeFileSync(require('path').join(__dirname, 'REQUIRED'), '')"

  /** A project whose electron package has no binary; its install.js "downloads" one or fails. */
  function fakeProject(options: { withBinary: boolean; downloadWorks?: boolean }): string {
    const project = mkdtempSync(join(tmpdir(), 'tokenwatch-start-'))
    const electronDir = join(project, 'node_modules', 'electron')
    mkdirSync(electronDir, { recursive: true })
    writeFileSync(join(project, 'package.json'), '{"name":"p"}')
    writeFileSync(join(electronDir, 'package.json'), '{"name":"electron","version":"45.4.1"}')
    writeFileSync(join(electronDir, 'index.js'), TRAP_INDEX)
    writeFileSync(
      join(electronDir, 'install.js'),
      options.downloadWorks
        ? `const fs = require('fs'), p = require('path')
fs.mkdirSync(p.join(__dirname, 'dist')); fs.writeFileSync(p.join(__dirname, 'dist', 'electron'), '')
fs.writeFileSync(p.join(__dirname, 'path.txt'), 'electron')`
        : "console.error('getaddrinfo ENOTFOUND github.com'); process.exit(1)",
    )
    if (options.withBinary) {
      writeFileSync(join(electronDir, 'path.txt'), 'electron')
      mkdirSync(join(electronDir, 'dist'))
      writeFileSync(join(electronDir, 'dist', 'electron'), '')
    }
    return project
  }

  function check(project: string) {
    const result = spawnSync(process.execPath, [scriptPath], {
      cwd: project,
      encoding: 'utf8',
      timeout: 10_000,
    })
    const required = existsSync(join(project, 'node_modules', 'electron', 'REQUIRED'))
    rmSync(project, { recursive: true, force: true })
    return { ...result, required }
  }

  it('downloads the binary at the first start, as Electron 42+ expects, without requiring electron', () => {
    const result = check(fakeProject({ withBinary: false, downloadWorks: true }))
    expect([result.status, result.required]).toEqual([0, false])
    expect(result.stderr).toContain("Downloading Electron's binary")
  })

  it('says what is missing and how to get it when the download fails, and exits non-zero', () => {
    const result = check(fakeProject({ withBinary: false, downloadWorks: false }))
    expect(result.status).toBe(1)
    expect(result.stderr).toContain("Electron's binary is not installed")
    expect(result.stderr).toContain('not during `npm install`')
    expect(result.stderr).toContain('node node_modules/electron/install.js')
    expect(result.stderr).toContain('ELECTRON_MIRROR=')
    expect(result.stderr).toMatch(/proxy/i)
    expect(result.required).toBe(false)
  })

  it('lets npm start go on when the binary is there', () => {
    const result = check(fakeProject({ withBinary: true }))
    expect([result.status, result.stderr, result.required]).toEqual([0, '', false])
  })

  it('finds the binary for the smoke test by looking only, never by requiring electron', async () => {
    const { findElectronBinary } = await import('../../scripts/electron-binary.mjs')
    for (const withBinary of [false, true]) {
      const project = fakeProject({ withBinary })
      const found = findElectronBinary(project, {})
      const required = existsSync(join(project, 'node_modules', 'electron', 'REQUIRED'))
      rmSync(project, { recursive: true, force: true })
      expect([found.ok, required]).toEqual([withBinary, false])
    }
    const smokeTest = readFileSync('test/electron/electron-app.smoke.test.ts', 'utf8')
    expect(smokeTest).toContain('findElectronBinary(')
    expect(smokeTest).not.toMatch(/require\(['"]electron['"]\)/)
  })

  it('runs before electron-vite in npm start and npm run dev', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts
    expect(scripts.start).toBe('node scripts/check-electron.mjs && electron-vite preview')
    expect(scripts.dev).toBe('node scripts/check-electron.mjs && electron-vite dev')
  })
})

describe('tray icons', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
  }, 60_000)
  afterAll(() => browser?.close())

  /** A PNG's pixels, decoded by Chromium (RGBA rows). */
  async function pixels(file: string): Promise<{ width: number; height: number; data: number[] }> {
    const page = await browser.newPage()
    try {
      const url = `data:image/png;base64,${readFileSync(file).toString('base64')}`
      return await page.evaluate(async (src) => {
        const image = new Image()
        image.src = src
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        const data = Array.from(context.getImageData(0, 0, image.width, image.height).data)
        return { width: image.width, height: image.height, data }
      }, url)
    } finally {
      await page.close()
    }
  }

  const luminance = ([r, g, b]: number[]) => {
    const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!)
  }
  const contrast = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (hi! + 0.05) / (lo! + 0.05)
  }

  /** The share of the icon's square that stands out (3:1, WCAG's figure for graphics) from a panel. */
  function legibleShare(image: { data: number[] }, panel: number[]): number {
    let legible = 0
    for (let i = 0; i < image.data.length; i += 4) {
      const alpha = image.data[i + 3]! / 255
      const seen = [0, 1, 2].map((c) => image.data[i + c]! * alpha + panel[c]! * (1 - alpha))
      if (contrast(seen, panel) >= 3) legible += 1
    }
    return legible / (image.data.length / 4)
  }

  it('picks template images on macOS, ICO on Windows, PNG badges on Linux, all shipped', () => {
    const shipped = (
      loadYaml(readFileSync('electron-builder.yml', 'utf8')) as {
        extraResources: Array<{ filter: string[] }>
      }
    ).extraResources[0]!.filter
    const matches = (name: string) =>
      shipped.some((glob) => new RegExp(`^${glob.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`).test(name))
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const files = trayIconFiles('resources', platform)
      for (const file of [files.normal, files.unread]) {
        expect(existsSync(file), file).toBe(true)
        expect(matches(file.replace('resources/', '')), `${file} is in extraResources`).toBe(true)
      }
    }
    expect(trayIconFiles('resources', 'darwin').normal).toMatch(/Template\.png$/)
    expect(existsSync('resources/trayTemplate@2x.png')).toBe(true)
  })

  it('makes the Linux icons legible on light and dark panels', async () => {
    for (const file of ['resources/tray.png', 'resources/tray-unread.png']) {
      const image = await pixels(file)
      for (const panel of [
        [242, 242, 242], // a light GNOME / KDE panel
        [43, 43, 43], // a dark one
      ])
        expect(legibleShare(image, panel), `${file} on rgb(${panel.join(',')})`).toBeGreaterThan(0.15)
    }
  }, 30_000)

  it('makes the macOS template images black and transparency only', async () => {
    for (const file of [
      'resources/trayTemplate.png',
      'resources/trayTemplate@2x.png',
      'resources/tray-unreadTemplate.png',
    ]) {
      const image = await pixels(file)
      let drawn = 0
      for (let i = 0; i < image.data.length; i += 4) {
        if (image.data[i + 3]! === 0) continue
        drawn += 1
        expect(Math.max(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!), file).toBeLessThanOrEqual(8)
      }
      expect(drawn).toBeGreaterThan(0)
    }
  }, 30_000)

  it('packs several sizes of PNG into the Windows ICO files', () => {
    for (const file of ['resources/tray.ico', 'resources/tray-unread.ico']) {
      const ico = readFileSync(file)
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
      const count = ico.readUInt16LE(4)
      const sizes: number[] = []
      for (let n = 0; n < count; n++) {
        const entry = 6 + 16 * n
        sizes.push(ico.readUInt8(entry))
        const offset = ico.readUInt32LE(entry + 12)
        expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a') // a PNG
      }
      expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48]))
    }
  })
})
