import { readFileSync } from 'node:fs'
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { invokeChannels, invokeNames, eventChannels } from '../../src/shared/ipc-channels'

/**
 * The Electron shell cannot run here (no Electron binary), so its wiring is tested against a
 * mocked `electron` module: every security setting, the CSP, denied navigation, windows and
 * permissions, the IPC sender check and the tray's throttling.
 */

const electron = vi.hoisted(() => {
  const trays: Array<{ tooltip: string[]; images: number; menus: unknown[] }> = []
  const windows: Array<{ options: Record<string, unknown>; loaded: string[] }> = []
  const notifications: Array<{ options: Record<string, unknown>; emit: (event: string) => void }> = []
  return { trays, windows, notifications }
})

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

const { CONTENT_SECURITY_POLICY, hardenSession, hardenWebContents, secureWebPreferences } =
  await import('../../src/main/electron/security')
const { forwardEvents, registerIpcHandlers, trustedSenderCheck } =
  await import('../../src/main/electron/ipc-bridge')
const { createMainWindow, rendererLocation } = await import('../../src/main/electron/main-window')
const { AppTray, TOOLTIP_INTERVAL_MS, tooltipText } = await import('../../src/main/electron/tray')
const { DEFAULT_SETTINGS } = await import('../../src/shared/settings')
const { showAlertNotification } = await import('../../src/main/electron/notifications')

describe('alert notifications', () => {
  it('shows the alert in plain words, silent unless asked, and a click focuses the symbol', () => {
    const clicked: string[] = []
    const entry = {
      alertId: 'a1',
      symbol: 'AAPLon',
      kind: 'price-above',
      message: 'AAPLon crossed above 200.00 at 200.13',
      value: '200.13',
      at: 1,
      sound: false,
      read: false,
    } as const
    showAlertNotification(entry, (symbol) => clicked.push(symbol))
    showAlertNotification({ ...entry, sound: true, note: 'take profit' }, (symbol) => clicked.push(symbol))
    const [quiet, loud] = electron.notifications
    expect(quiet?.options).toEqual({ title: 'Tokenwatch · AAPLon', body: entry.message, silent: true })
    expect(loud?.options).toEqual({
      title: 'Tokenwatch · AAPLon',
      body: `${entry.message}\ntake profit`,
      silent: false,
    })
    quiet?.emit('click')
    expect(clicked).toEqual(['AAPLon'])
  })
})

describe('window security', () => {
  it('turns on every webPreferences protection', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toEqual({
      preload: '/app/out/preload/index.cjs',
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

  it('has a strict CSP: nothing remote, no eval, no inline script or style', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/)
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
    const own = 'file:///app/out/renderer/index.html'
    hardenWebContents(contents as never, (url) => url === own)
    const navigate = (event: string, url: string) => {
      const e = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true
        },
      }
      contents.emit(event, e, url)
      return e.defaultPrevented
    }
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-redirect', 'https://evil.example/')).toBe(true)
    expect(navigate('will-navigate', own)).toBe(false)
    expect(navigate('will-attach-webview', own)).toBe(true)
    expect(openHandler!()).toEqual({ action: 'deny' })
  })

  it('refuses every permission and adds the CSP header to served pages', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {}
    const fakeSession = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      webRequest: { onHeadersReceived: (h: never) => (handlers.headers = h) },
    }
    hardenSession(fakeSession as never)
    const decisions: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      (handlers.request as (c: unknown, p: string, cb: (ok: boolean) => void) => void)(
        null,
        permission,
        (ok) => decisions.push(ok),
      )
    expect(decisions).toEqual([false, false, false, false, false])
    expect((handlers.check as () => boolean)()).toBe(false)
    let headers: Record<string, string[]> = {}
    ;(
      handlers.headers as (d: unknown, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void
    )({ responseHeaders: { 'x-other': ['1'] } }, (result) => (headers = result.responseHeaders))
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY])
    expect(headers['x-other']).toEqual(['1'])
  })

  it('creates the window with those settings, hidden until ready, loading only our page', () => {
    electron.windows.length = 0
    const { isOwnPage } = createMainWindow('/app/out', { ...DEFAULT_SETTINGS, pinned: true }, undefined)
    const created = electron.windows[0]!
    expect(created.options.webPreferences).toEqual(secureWebPreferences('/app/out/preload/index.cjs'))
    expect(created.options.show).toBe(false)
    expect(created.options.alwaysOnTop).toBe(true)
    expect(created.loaded).toEqual(['file:///app/out/renderer/index.html'])
    expect(isOwnPage('file:///app/out/renderer/index.html#detail')).toBe(true)
    expect(isOwnPage('file:///app/out/renderer/other.html')).toBe(false)
    const dev = rendererLocation('/app/out', 'http://localhost:5173/')
    expect(dev.isOwnPage('http://localhost:5173/index.html')).toBe(true)
    expect(dev.isOwnPage('http://localhost:5174/')).toBe(false)
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
    const mainFrame = { url: 'file:///app/out/renderer/index.html' }
    const contents = { mainFrame }
    const check = trustedSenderCheck(
      () => contents as never,
      (url) => url === mainFrame.url,
    )
    expect(check({ sender: contents, senderFrame: mainFrame } as never)).toBe(true)
    expect(check({ sender: {}, senderFrame: mainFrame } as never)).toBe(false) // another webContents
    expect(check({ sender: contents, senderFrame: { url: mainFrame.url } } as never)).toBe(false) // a subframe
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
})

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
      { symbol: 'AAPLon', price },
      { symbol: 'NVDAon', price: null },
      { symbol: 'Fon', price: '11.02' },
    ],
  })

  it('shows the first prices as exact strings', () => {
    expect(tooltipText(snapshot('190.250000000000000001') as never)).toBe(
      'Tokenwatch (demo)\nAAPLon 190.250000000000000001  ·  Fon 11.02',
    )
  })

  it('updates the tooltip at most every 5 s and never sets the image on a tick', () => {
    electron.trays.length = 0
    const tray = new AppTray(
      {} as never,
      { toggleWindow() {}, togglePinned() {}, togglePaused() {}, refresh() {}, quit() {} },
      () => Date.now(),
    )
    const record = electron.trays[0]!
    vi.setSystemTime(10_000)
    for (let i = 0; i < 50; i++) {
      tray.showPrices(snapshot(`190.${i}`) as never)
      vi.advanceTimersByTime(200) // 50 ticks over 10 s
    }
    vi.advanceTimersByTime(TOOLTIP_INTERVAL_MS)
    // The initial text, then at most one update per 5 s over ~15 s, the last showing the last price.
    expect(record.tooltip.length).toBeLessThanOrEqual(1 + 4)
    expect(record.tooltip.at(-1)).toContain('AAPLon 190.49')
    expect(record.images).toBe(0)
    tray.setState({ windowVisible: true, pinned: true, paused: false })
    const menu = record.menus.at(-1) as { template: Array<{ label?: string; checked?: boolean }> }
    expect(menu.template.map((item) => item.label).filter(Boolean)).toEqual([
      'Hide Tokenwatch',
      'Pin on top',
      'Pause updates',
      'Refresh now',
      'Quit Tokenwatch',
    ])
    expect(menu.template[1]?.checked).toBe(true)
    // The unread dot: an image change only when the state flips.
    tray.setUnread(true)
    tray.setUnread(true)
    tray.setUnread(false)
    tray.setUnread(false)
    expect(record.images).toBe(2)
    tray.destroy()
  })
})
