'use strict'
/**
 * `app`: paths, ready, quit and exit in Electron's order, login items as Linux has them (a no-op),
 * and the single-instance lock as Chromium builds it on Linux: a `SingletonLock` symlink naming
 * host and pid in the user data folder, and a socket the winner listens on. A user data folder
 * that cannot be created or written loses the lock, as in Electron (requestSingleInstanceLock
 * returns false; electron/electron#33547 is the missing-folder case).
 */

const { EventEmitter } = require('node:events')
const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')
const { emitEvent, onCommand } = require('./control.cjs')
const { strict } = require('./strict.cjs')
const { preventableEvent, register, registered } = require('./registry.cjs')

/** Members Electron defines only on macOS or Windows: undefined on Linux, as there. */
const NOT_ON_LINUX = [
  'dock',
  'setAppUserModelId',
  'setUserTasks',
  'setJumpList',
  'setActivationPolicy',
  'isHidden',
  'setAboutPanelOptions',
]

function findAppDir(mainScript) {
  let dir = path.dirname(path.resolve(mainScript))
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`stand-in electron: no package.json above ${mainScript}`)
    dir = parent
  }
  return dir
}

class App extends EventEmitter {
  constructor() {
    super()
    this.appDir = findAppDir(process.argv[1])
    const pkg = JSON.parse(fs.readFileSync(path.join(this.appDir, 'package.json'), 'utf8'))
    this.name = pkg.productName ?? pkg.name
    this.version = pkg.version
    // A packaged app (TOKENWATCH_STANDIN_PACKAGED=1): isPackaged and the resources folder as an
    // installed app has them, the repo's resources standing in for the package's. Electron
    // decides it from the executable's name, true unless it is electron(.exe)
    // (lib/browser/api/app.ts, `isPackaged`; docs/api/app.md; process.resourcesPath in
    // docs/api/process.md).
    this.isPackaged = process.env.TOKENWATCH_STANDIN_PACKAGED === '1'
    if (this.isPackaged) process.resourcesPath = path.join(this.appDir, 'resources')
    this.commandLine = strict(
      { appendSwitch: () => {}, appendArgument: () => {}, hasSwitch: () => false, getSwitchValue: () => '' },
      'app.commandLine',
    )
    const configHome =
      process.env.XDG_CONFIG_HOME && path.isAbsolute(process.env.XDG_CONFIG_HOME)
        ? process.env.XDG_CONFIG_HOME
        : path.join(os.homedir(), '.config')
    this.paths = {
      home: os.homedir(),
      appData: configHome,
      userData: path.join(configHome, this.name),
      sessionData: path.join(configHome, this.name),
      temp: os.tmpdir(),
      exe: process.execPath,
      module: process.execPath,
      desktop: path.join(os.homedir(), 'Desktop'),
      documents: path.join(os.homedir(), 'Documents'),
      downloads: path.join(os.homedir(), 'Downloads'),
      logs: path.join(configHome, this.name, 'logs'),
    }
    this.ready = false
    this.quitting = false
    this.loginItem = { openAtLogin: false, openAsHidden: false }
    this.lock = null
    this.pendingNotices = []
    this.readyPromise = new Promise((resolve) => {
      setImmediate(() => {
        this.emit('will-finish-launching')
        this.ready = true
        this.emit('ready', preventableEvent(), {})
        emitEvent('ready')
        resolve()
      })
    })
  }

  getName() {
    return this.name
  }
  getVersion() {
    return this.version
  }
  getAppPath() {
    return this.appDir
  }
  getLocale() {
    return 'en-US'
  }
  getPath(name) {
    if (!(name in this.paths)) throw new Error(`Failed to get '${name}' path`)
    return this.paths[name]
  }
  setPath(name, value) {
    if (!path.isAbsolute(value)) throw new Error(`Path must be absolute: ${value}`)
    this.paths[name] = value
  }
  isReady() {
    return this.ready
  }
  whenReady() {
    return this.readyPromise
  }
  focus() {
    emitEvent('app-focus')
  }

  /** Electron on Linux accepts and ignores these (the reason for the XDG autostart file). */
  setLoginItemSettings(settings) {
    emitEvent('login-item-settings', { settings })
  }
  getLoginItemSettings() {
    return { ...this.loginItem, wasOpenedAtLogin: false, wasOpenedAsHidden: false, restoreState: false }
  }

  requestSingleInstanceLock(additionalData) {
    if (this.lock) return true
    const userData = this.getPath('userData')
    try {
      fs.mkdirSync(userData, { recursive: true })
    } catch {
      return false
    }
    const lockPath = path.join(userData, 'SingletonLock')
    const socketLink = path.join(userData, 'SingletonSocket')
    const owner = `${os.hostname()}-${process.pid}`
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.symlinkSync(owner, lockPath)
      } catch (error) {
        if (error.code !== 'EEXIST') return false
        const holder = Number(readLink(lockPath)?.split('-').pop())
        if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
          this.notifyFirstInstance(socketLink, additionalData)
          return false
        }
        // A lock left by a process that is gone: Chromium takes it over.
        fs.rmSync(lockPath, { force: true })
        fs.rmSync(socketLink, { force: true })
        continue
      }
      this.lock = { lockPath, socketLink, ...this.listenForSecondInstances(socketLink) }
      return true
    }
    return false
  }

  hasSingleInstanceLock() {
    return this.lock !== null
  }

  releaseSingleInstanceLock() {
    if (!this.lock) return
    this.lock.server.close()
    fs.rmSync(this.lock.lockPath, { force: true })
    fs.rmSync(this.lock.socketLink, { force: true })
    fs.rmSync(this.lock.socketDir, { recursive: true, force: true })
    this.lock = null
  }

  listenForSecondInstances(socketLink) {
    // The socket itself lives in a short temp folder (socket paths are limited to ~107 bytes).
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'standin-singleton-'))
    const socketPath = path.join(socketDir, 'SingletonSocket')
    const server = net.createServer((socket) => {
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk) => (text += chunk))
      socket.on('end', () => {
        const notice = JSON.parse(text)
        socket.end()
        this.emit('second-instance', preventableEvent(), notice.argv, notice.cwd, notice.additionalData)
        emitEvent('second-instance', { argv: notice.argv })
      })
    })
    server.listen(socketPath)
    server.unref()
    fs.symlinkSync(socketPath, socketLink)
    // However the process ends short of SIGKILL, the temp folder goes with it.
    process.once('exit', () => fs.rmSync(socketDir, { recursive: true, force: true }))
    return { server, socketDir }
  }

  notifyFirstInstance(socketLink, additionalData) {
    const notice = JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData })
    this.pendingNotices.push(
      new Promise((resolve) => {
        const socket = net.connect(socketLink, () => socket.end(notice))
        socket.on('close', resolve)
        socket.on('error', resolve)
        socket.setTimeout(5_000, () => socket.destroy())
      }),
    )
  }

  /**
   * Electron's order (Browser::Quit, OnWindowCloseCancelled, OnWindowAllClosed and
   * NotifyAndShutdown in shell/browser/browser.cc): before-quit (may prevent), then every window
   * is asked to close; a window whose 'close' is prevented cancels the quit, even one prevented
   * by a handler further up the stack that called quit() itself (electron/electron#33643). Once
   * the last window is destroyed (after a posted task), will-quit (may prevent), quit, exit 0.
   */
  quit() {
    if (this.quitting) return
    const beforeQuit = preventableEvent()
    this.emit('before-quit', beforeQuit)
    if (beforeQuit.defaultPrevented) return
    this.quitting = true
    const windows = registered('BrowserWindow').getAllWindows()
    if (windows.length === 0) this.notifyAndShutdown()
    else for (const window of windows) window.close()
  }

  /** A window's 'close' was prevented: a quit under way is cancelled. */
  windowCloseCancelled() {
    this.quitting = false
  }

  /** The last window was destroyed. */
  allWindowsClosed() {
    if (this.quitting) this.notifyAndShutdown()
    // With no listener of its own the app quits (lib/browser/init.ts adds that default).
    else if (this.listenerCount('window-all-closed') === 0) this.quit()
    else this.emit('window-all-closed', preventableEvent())
  }

  notifyAndShutdown() {
    const willQuit = preventableEvent()
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) {
      this.quitting = false
      return
    }
    this.emit('quit', preventableEvent(), 0)
    this.exit(0)
  }

  /** Electron starts the new instance once this one exits; here it is only reported. */
  relaunch(options = {}) {
    emitEvent('relaunch', { args: options.args ?? process.argv.slice(1) })
  }

  /** Exits at once with `code` (no events), once a second instance's notice has been delivered. */
  exit(code = 0) {
    emitEvent('exit', { code })
    void Promise.all(this.pendingNotices).finally(() => {
      if (this.lock) this.releaseSingleInstanceLock()
      process.exit(code)
    })
  }
}

function readLink(file) {
  try {
    return fs.readlinkSync(file)
  } catch {
    return null
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * Windows only (docs/api/app.md): the AppUserModelID toasts are headed with. Defined only when
 * the stand-in plays Windows (TOKENWATCH_STANDIN_PLATFORM), absent elsewhere as in Electron.
 */
if (process.platform === 'win32')
  App.prototype.setAppUserModelId = function setAppUserModelId(id) {
    this.appUserModelId = String(id)
  }

const app = strict(
  new App(),
  'app',
  NOT_ON_LINUX.filter((member) => !(member in App.prototype)),
)

onCommand('appState', () => ({ ready: app.isReady(), hasLock: app.hasSingleInstanceLock() }))
/** What the OS tells the app and the stand-in has no other way to cause (macOS 'activate': a Dock click). */
const OS_EVENTS = new Set(['activate'])
onCommand('osEvent', (command) => {
  if (command.name === 'session-end') return endSession()
  if (!OS_EVENTS.has(command.name)) throw new Error(`the stand-in does not send "${command.name}"`)
  app.emit(command.name, preventableEvent(), false)
})

/** How long Windows lets a process live once its windows were told the session ends. */
const SESSION_END_GRACE_MS = 5_000

/**
 * Windows shutdown or log-off, as Electron passes it on: no before-quit or will-quit; each
 * window gets 'query-session-end' (WM_QUERYENDSESSION) and then 'session-end' (WM_ENDSESSION),
 * and the OS ends the process soon after (docs/api/browser-window.md; NativeWindowViews'
 * message handling in shell/browser/native_window_views_win.cc). The end is exit code 1 here.
 */
function endSession() {
  const BrowserWindow = registered('BrowserWindow')
  const reasons = { reasons: ['shutdown'] }
  for (const name of ['query-session-end', 'session-end'])
    for (const window of BrowserWindow.getAllWindows())
      window.emit(name, Object.assign(preventableEvent(), reasons))
  setTimeout(() => {
    emitEvent('session-ended-by-os')
    process.exit(1)
  }, SESSION_END_GRACE_MS)
}

module.exports = { app: register('app', app) }
