'use strict'
/**
 * BrowserWindow and its webContents, each window a page in Debian's Chromium through
 * playwright-core. The window's sizes follow Electron's meaning: `width`/`height`, setSize and
 * getSize are OUTER sizes (a Linux title bar of TITLE_BAR_HEIGHT included) unless
 * `useContentSize`; the page's viewport is the content size. Hidden windows keep their page.
 *
 * The browser: the test's (TOKENWATCH_STANDIN_BROWSER_WS, one per test file), else one launched
 * here, found where the tests find theirs. With TOKENWATCH_STANDIN_MARKET_TIME the page's clock
 * starts where main's does.
 */

const { EventEmitter } = require('node:events')
const { emitEvent, onCommand } = require('./control.cjs')
const { ipcMain } = require('./ipc-main.cjs')
const { pageShimScript, BINDING, DELIVER } = require('./page-shim.cjs')
const { strict } = require('./strict.cjs')
const { preventableEvent, refuseBeforeReady, register, registered } = require('./registry.cjs')
const { fromPageUrl, toPageUrl } = require('./protocol.cjs')

/** A window manager's title bar; its height varies by desktop, what matters is that it is not 0. */
const TITLE_BAR_HEIGHT = 32
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Electron loads file:// pages with module scripts; plain Chromium needs this to allow them.
  '--allow-file-access-from-files',
]

let browser = null
function getBrowser() {
  const { chromium } = require('playwright-core')
  const endpoint = process.env.TOKENWATCH_STANDIN_BROWSER_WS
  browser ??= endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  return browser
}

/** The tests' own finder (an ES module, which Node 24 requires synchronously). */
function chromiumPath() {
  const { findChromium } = require('../../../scripts/find-chromium.mjs')
  const { path } = findChromium()
  if (!path) throw new Error('No Chromium or Chrome found: `node scripts/preflight.mjs` says how to get one')
  return path
}

const windows = []
let nextId = 1

/** webFrameMain: what an IPC event names as its sender frame; `url` is the frame's real URL now. */
function frameOf(playwrightFrame, id) {
  return strict(
    {
      get url() {
        return fromPageUrl(playwrightFrame()?.url() ?? '')
      },
      name: '',
      routingId: id,
      frameTreeNodeId: id,
      processId: 1,
    },
    'webFrameMain',
  )
}

/**
 * Electron 38+ on Linux runs natively on Wayland when WAYLAND_DISPLAY is set (ozone's platform
 * hint defaults to auto) unless started with --ozone-platform=x11. There `setAlwaysOnTop`,
 * `setPosition` and the `x`/`y` options are "not supported on Wayland" and do nothing, and
 * `getPosition()` reads [0, 0] (docs/api/browser-window.md, docs/breaking-changes.md for 38).
 */
const NATIVE_WAYLAND =
  process.platform === 'linux' &&
  Boolean(process.env.WAYLAND_DISPLAY) &&
  !process.argv.includes('--ozone-platform=x11')

class WebContents extends EventEmitter {
  constructor(owner, id) {
    super()
    this.owner = owner
    this.id = id
    this.destroyed = false
    this.windowOpenHandler = null
    this.devToolsOpened = false
    this.mainFrame = frameOf(() => owner.page?.mainFrame(), id)
    this.proxy = strict(this, 'webContents')
  }

  /**
   * Delivered to the preload's ipcRenderer listeners of the document that is there now. While a
   * page loads there is none that listens yet, and Electron delivers to the current frame only
   * (docs/api/web-contents.md, `contents.send`; the message goes to the main frame's
   * RenderFrameHost, which navigation replaces): a send made then is lost, as here.
   */
  send(channel, ...args) {
    if (this.destroyed) throw new Error('Object has been destroyed')
    if (!this.owner.loaded) {
      emitEvent('send-lost', { windowId: this.owner.id, channel })
      return
    }
    this.owner.whenLoaded((page) =>
      page.evaluate(([deliver, c, a]) => globalThis[deliver]?.(c, a), [DELIVER, channel, args]),
    )
  }
  getURL() {
    return this.mainFrame.url
  }
  /** Zoom (the menu's View items) is not modelled: pages stay at 100 %. */
  getZoomFactor() {
    return 1
  }
  isDestroyed() {
    return this.destroyed
  }
  isLoading() {
    return !this.owner.loaded
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler
  }
  openDevTools() {
    this.devToolsOpened = true
    emitEvent('devtools-opened', { windowId: this.id })
  }
  closeDevTools() {
    this.devToolsOpened = false
  }
  isDevToolsOpened() {
    return this.devToolsOpened
  }
  focus() {
    this.owner.focus()
  }
}

class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return windows.filter((window) => !window.destroyed).map((window) => window.proxy)
  }
  static getFocusedWindow() {
    return windows.find((window) => !window.destroyed && window.focused)?.proxy ?? null
  }
  static fromWebContents(contents) {
    return windows.find((window) => window.webContents === contents)?.proxy ?? null
  }
  static fromId(id) {
    return windows.find((window) => window.id === id)?.proxy ?? null
  }

  constructor(options = {}) {
    super()
    refuseBeforeReady('BrowserWindow')
    this.id = nextId++
    this.options = options
    this.useContentSize = options.useContentSize === true
    this.titleBar = options.frame === false ? 0 : TITLE_BAR_HEIGHT
    this.min = { width: options.minWidth ?? 0, height: options.minHeight ?? 0 }
    this.position = NATIVE_WAYLAND ? { x: 0, y: 0 } : { x: options.x ?? 0, y: options.y ?? 0 }
    this.content = { width: 800, height: 600 - this.titleBar }
    this.applySize(options.width ?? 800, options.height ?? 600, this.useContentSize)
    this.visible = false
    this.focused = false
    this.minimized = false
    this.destroyed = false
    /** Closed and waiting for its posted destruction. */
    this.closing = false
    this.alwaysOnTop = !NATIVE_WAYLAND && options.alwaysOnTop === true
    this.title = options.title ?? ''
    this.loaded = false
    this.pageErrors = []
    this.expectedNavigation = null
    this.preload = options.webPreferences?.preload ?? null
    this.contents = new WebContents(this, this.id)
    this.webContents = this.contents.proxy
    this.page = null
    this.opened = this.openPage()
    this.queue = this.opened
    this.proxy = strict(this, 'BrowserWindow')
    windows.push(this)
    const app = registered('app')
    app.emit('browser-window-created', preventableEvent(), this.proxy)
    app.emit('web-contents-created', preventableEvent(), this.webContents)
    emitEvent('window-created', { windowId: this.id, options: describeOptions(options) })
    if (options.show !== false) this.show()
    return this.proxy
  }

  async openPage() {
    const connected = await getBrowser()
    const context = await connected.newContext({
      viewport: { ...this.content },
      deviceScaleFactor: 1,
      locale: 'en-US',
      timezoneId: process.env.TZ || 'America/New_York',
    })
    this.context = context
    const page = await context.newPage()
    page.on('pageerror', (error) => this.recordError(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') this.recordError(message.text())
    })
    page.on('crash', () =>
      this.contents.emit('render-process-gone', preventableEvent(), { reason: 'crashed' }),
    )
    if (process.env.TOKENWATCH_STANDIN_MARKET_TIME) await page.clock.install({ time: Date.now() })
    await context.exposeBinding(BINDING, (source, message) => this.fromRenderer(source.frame, message))
    if (this.preload) await context.addInitScript({ content: pageShimScript(this.preload) })
    await context.route(/^https?:/, (route) => this.guardNavigation(route))
    context.on('page', (popup) => void this.guardPopup(popup))
    this.page = page
    return page
  }

  recordError(message) {
    this.pageErrors.push(message)
    emitEvent('page-error', { windowId: this.id, message })
  }

  /** An invoke or send from a frame of this page, with the frame it came from. */
  async fromRenderer(frame, message) {
    const senderFrame =
      frame === this.page?.mainFrame() ? this.contents.mainFrame : frameOf(() => frame, this.id * 1000 + 1)
    const event = {
      sender: this.webContents,
      senderFrame,
      frameId: senderFrame.frameTreeNodeId,
      processId: 1,
      preventDefault() {},
    }
    if (message.kind === 'invoke') return ipcMain.answerInvoke(message.channel, event, message.args)
    ipcMain.emit(message.channel, event, ...message.args)
    return null
  }

  /** Navigations the page starts (links, location) ask will-navigate, as in Electron (http(s) only here). */
  async guardNavigation(route) {
    const request = route.request()
    const pageUrl = request.url()
    if (!request.isNavigationRequest() || request.frame() !== this.page?.mainFrame()) return route.continue()
    if (this.expectedNavigation === pageUrl) {
      this.expectedNavigation = null
      return route.continue()
    }
    const url = fromPageUrl(pageUrl)
    const event = preventableEvent()
    event.url = url
    event.isMainFrame = true
    this.contents.emit('will-navigate', event, url)
    emitEvent('will-navigate', { windowId: this.id, url, prevented: event.defaultPrevented })
    return event.defaultPrevented ? route.abort('aborted') : route.continue()
  }

  async guardPopup(popup) {
    if (popup === this.page) return
    const url = fromPageUrl(popup.url())
    const decision = this.contents.windowOpenHandler?.({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
    })
    const denied = decision?.action === 'deny'
    emitEvent('window-open', { windowId: this.id, url, denied })
    if (denied) await popup.close()
  }

  /** Runs `step` on the page after everything queued before it; failures are recorded, not thrown. */
  enqueue(step) {
    const run = this.queue.then(step)
    this.queue = run.catch((error) => {
      if (!this.destroyed) this.recordError(`stand-in: ${error.message}`)
    })
    return run
  }

  whenLoaded(step) {
    return this.enqueue(async (page) => {
      await this.loading
      if (!this.destroyed) await step(page)
      return page
    })
  }

  loadURL(url) {
    this.loading = this.enqueue(async (page) => {
      const pageUrl = await toPageUrl(url)
      this.expectedNavigation = pageUrl
      await page.goto(pageUrl)
      this.loaded = true
      this.contents.emit('dom-ready', preventableEvent())
      this.contents.emit('did-finish-load', preventableEvent())
      if (!this.readyShown) {
        this.readyShown = true
        this.emit('ready-to-show', preventableEvent())
      }
      emitEvent('page-loaded', { windowId: this.id, url })
      return page
    })
    return this.loading.then(() => undefined)
  }

  loadFile(file) {
    return this.loadURL(require('node:url').pathToFileURL(file).href)
  }

  // --- visibility and focus -------------------------------------------------------------

  show() {
    const wasVisible = this.visible
    this.visible = true
    this.minimized = false
    if (!wasVisible) this.emit('show', preventableEvent())
    this.focus()
  }
  showInactive() {
    const wasVisible = this.visible
    this.visible = true
    if (!wasVisible) this.emit('show', preventableEvent())
  }
  hide() {
    if (!this.visible) return
    this.visible = false
    this.blur()
    this.emit('hide', preventableEvent())
  }
  focus() {
    if (!this.visible) return
    const wasFocused = this.focused
    for (const other of windows) if (other !== this) other.blur()
    this.focused = true
    if (!wasFocused) this.emit('focus', preventableEvent())
    emitEvent('window-focused', { windowId: this.id })
  }
  blur() {
    if (!this.focused) return
    this.focused = false
    this.emit('blur', preventableEvent())
  }
  minimize() {
    this.minimized = true
    this.blur()
    this.emit('minimize', preventableEvent())
  }
  restore() {
    if (!this.minimized) return
    this.minimized = false
    this.emit('restore', preventableEvent())
  }
  isVisible() {
    return this.visible && !this.minimized
  }
  isFocused() {
    return this.focused
  }
  isMinimized() {
    return this.minimized
  }
  moveTop() {}
  flashFrame() {}

  // --- sizes (outer = content + title bar) -------------------------------------------------

  applySize(width, height, isContentSize) {
    const min = this.min
    const minContent = this.useContentSize
      ? min
      : { width: min.width, height: Math.max(0, min.height - this.titleBar) }
    const content = isContentSize ? { width, height } : { width, height: height - this.titleBar }
    this.content = {
      width: Math.max(Math.round(content.width), minContent.width, 1),
      height: Math.max(Math.round(content.height), minContent.height, 1),
    }
  }
  resizePage() {
    const size = { ...this.content }
    void this.enqueue((page) => page.setViewportSize(size).then(() => page))
    this.emit('resize', preventableEvent())
  }
  getSize() {
    return [this.content.width, this.content.height + this.titleBar]
  }
  setSize(width, height) {
    this.applySize(width, height, false)
    this.resizePage()
  }
  getContentSize() {
    return [this.content.width, this.content.height]
  }
  setContentSize(width, height) {
    this.applySize(width, height, true)
    this.resizePage()
  }
  getPosition() {
    return [this.position.x, this.position.y]
  }
  setPosition(x, y) {
    if (NATIVE_WAYLAND) return
    this.position = { x: Math.round(x), y: Math.round(y) }
  }
  getBounds() {
    const [width, height] = this.getSize()
    return { ...this.position, width, height }
  }
  setBounds(bounds) {
    const current = this.getBounds()
    const next = { ...current, ...bounds }
    this.setPosition(next.x, next.y)
    this.setSize(next.width, next.height)
  }
  getContentBounds() {
    return { x: this.position.x, y: this.position.y + this.titleBar, ...this.content }
  }
  setContentBounds(bounds) {
    this.setPosition(bounds.x, bounds.y - this.titleBar)
    this.setContentSize(bounds.width, bounds.height)
  }
  setMinimumSize(width, height) {
    this.min = { width, height }
  }
  getMinimumSize() {
    return [this.min.width, this.min.height]
  }

  // --- the rest of the window's state ----------------------------------------------------

  setAlwaysOnTop(flag, level) {
    if (NATIVE_WAYLAND) return
    const changed = this.alwaysOnTop !== flag
    this.alwaysOnTop = flag === true
    this.alwaysOnTopLevel = level ?? 'floating'
    if (changed) this.emit('always-on-top-changed', preventableEvent(), this.alwaysOnTop)
  }
  isAlwaysOnTop() {
    return this.alwaysOnTop
  }
  setTitle(title) {
    this.title = title
  }
  getTitle() {
    return this.title
  }
  setMenuBarVisibility() {}
  setAutoHideMenuBar() {}
  removeMenu() {}
  setMenu() {}
  setSkipTaskbar() {}
  setIcon() {}
  setBackgroundColor() {}
  isDestroyed() {
    return this.destroyed
  }

  /**
   * Closing, by the user or by app.quit(), in Electron's order: 'close' may prevent it, and a
   * prevented close tells the app, which cancels a quit under way (Browser::OnWindowCloseCancelled
   * in shell/browser/browser.cc). Otherwise the window is destroyed in a task posted after this
   * one (the widget closes asynchronously: shell/browser/native_window_views.cc), so whatever the
   * 'close' handler does after returning runs first.
   */
  close() {
    if (this.destroyed || this.closing) return
    const event = preventableEvent()
    this.emit('close', event)
    const app = registered('app')
    if (event.defaultPrevented) {
      app.windowCloseCancelled()
      return
    }
    this.closing = true
    setImmediate(() => this.destroy())
  }

  destroy() {
    if (this.destroyed) return
    this.visible = false
    this.focused = false
    this.destroyed = true
    this.contents.destroyed = true
    this.emit('closed')
    this.contents.emit('destroyed')
    void this.opened.then(() => this.context?.close()).catch(() => {})
    emitEvent('window-closed', { windowId: this.id })
    // The window list is empty: the app quits if a quit is under way, else 'window-all-closed'
    // (Browser::OnWindowAllClosed in shell/browser/browser.cc).
    if (BrowserWindow.getAllWindows().length === 0) registered('app').allWindowsClosed()
  }

  describe() {
    return {
      id: this.id,
      visible: this.isVisible(),
      focused: this.focused,
      minimized: this.minimized,
      alwaysOnTop: this.alwaysOnTop,
      destroyed: this.destroyed,
      size: this.getSize(),
      contentSize: this.getContentSize(),
      position: this.getPosition(),
      url: this.destroyed ? '' : this.contents.getURL(),
      loaded: this.loaded,
      devToolsOpened: this.contents.devToolsOpened,
      pageErrors: [...this.pageErrors],
    }
  }
}

/** The options, without the preload's full path (a test asserts on the rest). */
function describeOptions(options) {
  return JSON.parse(JSON.stringify(options))
}

function windowFor(command) {
  const window = command.windowId
    ? windows.find((candidate) => candidate.id === command.windowId)
    : windows.find((candidate) => !candidate.destroyed)
  if (!window || window.destroyed) throw new Error('no open window')
  return window
}

onCommand('windows', () => windows.map((window) => window.describe()))
onCommand('closeWindow', (command) => {
  windowFor(command).close()
})
/** The window gone without a 'close' (its OS window destroyed): the app makes a new one when asked. */
onCommand('destroyWindow', (command) => {
  windowFor(command).destroy()
})
onCommand('minimizeWindow', (command) => {
  windowFor(command).minimize()
})

module.exports = {
  BrowserWindow: register('BrowserWindow', strict(BrowserWindow, 'BrowserWindow')),
  windowFor,
  windows,
}
