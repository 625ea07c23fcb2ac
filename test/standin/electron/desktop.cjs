'use strict'
/**
 * The desktop around the window: Tray, Menu, Notification, dialog, nativeImage, screen, shell,
 * powerMonitor and session. Nothing is drawn; each records what the app showed and reports it to
 * the test, and the test answers as a person would (clicks a tray item or a notification,
 * answers a dialog) through the control channel.
 */

const { EventEmitter } = require('node:events')
const fs = require('node:fs')
const { emitEvent, onCommand } = require('./control.cjs')
const { strict } = require('./strict.cjs')
const { preventableEvent, refuseBeforeReady, register, registered } = require('./registry.cjs')
const { BrowserWindow } = require('./browser-window.cjs')

/** The OS played: Linux unless a test chose another (TOKENWATCH_STANDIN_PLATFORM, register.cjs). */
const PLATFORM = process.platform

// --- nativeImage ------------------------------------------------------------------------

/** Width and height from a PNG's IHDR chunk; [0, 0] for anything else. */
function pngSize(bytes) {
  const isPng =
    bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('ascii', 12, 16) === 'IHDR'
  return isPng ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : { width: 0, height: 0 }
}

function imageFrom(path, bytes) {
  let template = false
  return strict(
    {
      path,
      isEmpty: () => bytes.length === 0,
      getSize: () => pngSize(bytes),
      toPNG: () => Buffer.from(bytes),
      setTemplateImage(value) {
        template = value === true
      },
      isTemplateImage: () => template,
    },
    'NativeImage',
  )
}

/** Like Electron: a path that cannot be read gives an empty image, not an error. */
const nativeImage = strict(
  {
    createFromPath(path) {
      let bytes = Buffer.alloc(0)
      try {
        bytes = fs.readFileSync(path)
      } catch {
        /* empty image */
      }
      return imageFrom(path, bytes)
    },
    createEmpty: () => imageFrom(null, Buffer.alloc(0)),
  },
  'nativeImage',
)

function describeImage(image) {
  return image ? { path: image.path, empty: image.isEmpty(), template: image.isTemplateImage() } : null
}

// --- Menu -------------------------------------------------------------------------------

let applicationMenu = null

class Menu {
  static buildFromTemplate(template) {
    const menu = new Menu()
    for (const item of template) menu.items.push(menuItem(item))
    return menu
  }
  static setApplicationMenu(menu) {
    applicationMenu = menu
    emitEvent('application-menu', { menu: menu ? describeMenu(menu) : null })
  }
  static getApplicationMenu() {
    return applicationMenu
  }
  constructor() {
    this.items = []
    return strict(this, 'Menu')
  }
  append(item) {
    this.items.push(menuItem(item))
  }
  popup() {}
  closePopup() {}
}

function menuItem(item) {
  const submenu = item.submenu
    ? Array.isArray(item.submenu)
      ? Menu.buildFromTemplate(item.submenu)
      : item.submenu
    : undefined
  return {
    ...item,
    type: item.type ?? (submenu ? 'submenu' : 'normal'),
    enabled: item.enabled ?? true,
    visible: item.visible ?? true,
    checked: item.checked ?? false,
    submenu,
  }
}

function describeMenu(menu) {
  return menu.items.map((item) => ({
    label: item.label ?? null,
    role: item.role ?? null,
    type: item.type,
    enabled: item.enabled,
    visible: item.visible,
    checked: item.checked,
    accelerator: item.accelerator ?? null,
    submenu: item.submenu ? describeMenu(item.submenu) : null,
  }))
}

/** Clicks as Electron does: a checkbox flips first, then click(menuItem, window, event). */
function clickItem(menu, label) {
  const item = menu?.items.find((candidate) => candidate.label === label)
  if (!item) throw new Error(`no menu item "${label}" (have: ${menu?.items.map((i) => i.label).join(', ')})`)
  if (!item.enabled || !item.visible) throw new Error(`menu item "${label}" cannot be clicked now`)
  if (item.type === 'checkbox') item.checked = !item.checked
  item.click?.(item, BrowserWindow.getFocusedWindow() ?? undefined, {
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
  })
}

// --- Tray -------------------------------------------------------------------------------

const trays = []
/** szTip holds 128 UTF-16 units, the last one the terminating NUL. */
const WINDOWS_TOOLTIP_CHARS = 127

class Tray extends EventEmitter {
  constructor(image) {
    super()
    refuseBeforeReady('Tray')
    this.image = image
    /** What the OS shows, and what the app asked for (more on Windows, which cuts it). */
    this.tooltip = ''
    this.tooltipSet = ''
    this.menu = null
    this.destroyed = false
    trays.push(this)
    emitEvent('tray-created', { image: describeImage(image) })
    return strict(this, 'Tray')
  }
  setImage(image) {
    this.image = image
    emitEvent('tray-image', { image: describeImage(image) })
  }
  /**
   * Windows copies the tooltip into NOTIFYICONDATA's 128-character szTip with truncation
   * (shell/browser/ui/win/notify_icon.cc, NotifyIcon::SetToolTip: wcsncpy_s(..., _TRUNCATE)):
   * 127 characters are kept and the rest is cut. Elsewhere the whole text is kept.
   */
  setToolTip(text) {
    this.tooltipSet = text
    this.tooltip = PLATFORM === 'win32' ? String(text).slice(0, WINDOWS_TOOLTIP_CHARS) : text
  }
  setTitle(title) {
    this.title = title
  }
  setContextMenu(menu) {
    this.menu = menu
    emitEvent('tray-menu', { menu: menu ? describeMenu(menu) : null })
  }
  destroy() {
    this.destroyed = true
    emitEvent('tray-destroyed')
  }
  isDestroyed() {
    return this.destroyed
  }
  describe() {
    return {
      tooltip: this.tooltip,
      tooltipSet: this.tooltipSet,
      image: describeImage(this.image),
      menu: this.menu ? describeMenu(this.menu) : null,
      destroyed: this.destroyed,
    }
  }
}

function liveTray() {
  const tray = trays.findLast((candidate) => !candidate.destroyed)
  if (!tray) throw new Error('no tray icon')
  return tray
}

onCommand('tray', () => trays.findLast((tray) => !tray.destroyed)?.describe() ?? null)
onCommand('clickTray', () => {
  liveTray().emit('click', preventableEvent(), { x: 0, y: 0, width: 0, height: 0 })
})
onCommand('clickTrayItem', (command) => {
  clickItem(liveTray().menu, command.label)
})
onCommand('applicationMenu', () => (applicationMenu ? describeMenu(applicationMenu) : null))

// --- Notification -----------------------------------------------------------------------

/**
 * Per-platform notifications, as Electron 45 delivers them (the platform is `process.platform`,
 * which a test chooses with TOKENWATCH_STANDIN_PLATFORM, see register.cjs):
 * - everywhere: Electron keeps no reference to a Notification; one the app drops is
 *   garbage-collected and its 'click' never runs (docs/api/notification.md, "Class: Notification").
 *   The stand-in holds each object weakly, and the test's `collectGarbage` runs a full collection, so a
 *   dropped notification is really gone;
 * - Windows: a toast that times out goes to the Action Center and Electron emits 'close' then
 *   (shell/browser/notifications/win/windows_toast_notification.cc, the Dismissed handler, which
 *   reports every dismissal reason, TimedOut included, as closed). A click there still activates the
 *   app: `Notification.handleActivation(callback)` receives every activation, whether or not the
 *   object still exists, and one that came before the callback was registered as soon as it is
 *   (docs/api/notification.md, docs/api/structures/activation-arguments.md); the object's own
 *   'click' runs as well if it is alive. Assumed, not checked against the toast XML: the
 *   activation `arguments` name the toast's `id`;
 * - macOS, Electron 42+: an app that is not code-signed cannot post notifications; 'failed' is
 *   emitted and nothing shows (docs/breaking-changes.md, 42.0, macOS notifications). The stand-in
 *   plays an unsigned app (a test build) unless TOKENWATCH_STANDIN_MAC_SIGNED=1;
 * - Linux: Electron's libnotify path sends no sound hint for `silent`, so the server plays its own
 *   sound anyway (shell/browser/notifications/linux/libnotify_notification.cc sets no
 *   "suppress-sound"), and servers with the "body-markup" capability read the body as markup
 *   (Desktop Notifications Specification, "Markup"): the stand-in's server has it, so the body
 *   shown (`shownBody`) has tags removed and entities read.
 */
const MAC_SIGNED = process.env.TOKENWATCH_STANDIN_MAC_SIGNED === '1'

/** What each notification was, by id (index + 1); the objects themselves only weakly. */
const notifications = []
const notificationObjects = new Map()
let activationHandler = null
const unhandledActivations = []

/** The body as a markup-reading Linux server shows it: tags dropped, the five entities read. */
function asMarkupServerShows(body) {
  const entities = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
  return body.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot|apos);/g, (_match, name) => entities[name])
}

class Notification extends EventEmitter {
  static isSupported() {
    return true
  }
  constructor(options = {}) {
    super()
    this.options = options
    this.id = notifications.length + 1
    const { title = '', body = '', silent = false, urgency = null } = options
    notifications.push({
      id: this.id,
      title,
      body,
      shownBody: PLATFORM === 'linux' ? asMarkupServerShows(body) : body,
      // What the OS honours: Linux's libnotify path drops it.
      silent: PLATFORM === 'linux' ? false : silent,
      urgency,
      toastId: options.id ?? null,
      shown: false,
      state: 'new',
    })
    const proxy = strict(this, 'Notification')
    notificationObjects.set(this.id, new WeakRef(proxy))
    return proxy
  }
  get title() {
    return this.options.title ?? ''
  }
  get body() {
    return this.options.body ?? ''
  }
  show() {
    const shown = notifications[this.id - 1]
    if (PLATFORM === 'darwin' && !MAC_SIGNED) {
      shown.state = 'failed'
      emitEvent('notification-failed', { id: this.id, title: shown.title })
      setImmediate(() => this.emit('failed', preventableEvent(), 'Notifications require a signed app'))
      return
    }
    shown.shown = true
    shown.state = 'on-screen'
    emitEvent('notification', { ...shown })
    this.emit('show', preventableEvent())
  }
  close() {
    notifications[this.id - 1].state = 'closed'
    this.emit('close', preventableEvent())
  }
}

if (PLATFORM === 'win32')
  Notification.handleActivation = function handleActivation(callback) {
    activationHandler = callback
    for (const details of unhandledActivations.splice(0)) callback(details)
  }

/** The Notification object for `id`, or null once the app let it go and it was collected. */
function liveNotification(id) {
  return notificationObjects.get(id)?.deref() ?? null
}

onCommand('notifications', () =>
  notifications.map((shown) => ({ ...shown, collected: !liveNotification(shown.id) })),
)
onCommand('clickNotification', (command) => {
  const shown = notifications[command.notificationId - 1]
  if (!shown?.shown || shown.state === 'closed')
    throw new Error(`notification ${command.notificationId} is not on screen or in the Action Center`)
  if (PLATFORM === 'win32') {
    const details = { type: 'click', arguments: shown.toastId ?? '' }
    if (activationHandler) activationHandler(details)
    else unhandledActivations.push(details)
  }
  const notification = liveNotification(shown.id)
  emitEvent('notification-clicked', { id: shown.id, collected: !notification })
  notification?.emit('click', preventableEvent())
})
onCommand('timeOutNotification', (command) => {
  if (PLATFORM !== 'win32') throw new Error('only the Windows stand-in times toasts out')
  const shown = notifications[command.notificationId - 1]
  if (shown?.state !== 'on-screen') throw new Error(`notification ${command.notificationId} is not on screen`)
  shown.state = 'action-center'
  liveNotification(shown.id)?.emit('close', preventableEvent())
})
/** A full garbage collection, as V8 would run one sooner or later; returns how many objects went. */
onCommand('collectGarbage', () => {
  require('node:v8').setFlagsFromString('--expose-gc')
  require('node:vm').runInNewContext('gc')()
  return notifications.filter((shown) => !liveNotification(shown.id)).length
})

// --- dialog -----------------------------------------------------------------------------

const dialogs = []
/** Answers the test queued for the next message/save/open dialogs, in order. */
const answers = []

function record(kind, details) {
  const shown = { kind, ...details }
  dialogs.push(shown)
  emitEvent('dialog', shown)
}

/** Electron's dialog functions take an optional parent window first. */
function withoutWindow(args) {
  return args.length > 1 || (args[0] && typeof args[0].isDestroyed === 'function') ? args.slice(1) : args
}

function nextAnswer(kind, fallback) {
  const index = answers.findIndex((answer) => answer.kind === kind)
  return index < 0 ? fallback : answers.splice(index, 1)[0].answer
}

const dialog = strict(
  {
    /** Electron's documented Linux behaviour: before 'ready' the message goes to stderr, no dialog. */
    showErrorBox(title, content) {
      if (!registered('app').isReady()) {
        process.stderr.write(`${title}\n${content}\n`)
        emitEvent('error-box-on-stderr', { title: String(title), content: String(content) })
        return
      }
      record('error', { title: String(title), content: String(content) })
    },
    async showMessageBox(...args) {
      return { response: dialog.showMessageBoxSync(...args), checkboxChecked: false }
    },
    showMessageBoxSync(...args) {
      const [options] = withoutWindow(args)
      record('message', {
        type: options.type ?? 'none',
        title: options.title ?? '',
        message: options.message,
        detail: options.detail ?? '',
        buttons: options.buttons ?? [],
      })
      return nextAnswer('message', options.defaultId ?? 0)
    },
    async showSaveDialog(...args) {
      const [options] = withoutWindow(args)
      record('save', { title: options.title ?? '', defaultPath: options.defaultPath ?? '' })
      const filePath = nextAnswer('save', null)
      return filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' }
    },
    async showOpenDialog(...args) {
      const [options] = withoutWindow(args)
      record('open', { title: options.title ?? '' })
      const filePaths = nextAnswer('open', [])
      return { canceled: filePaths.length === 0, filePaths }
    },
  },
  'dialog',
)

onCommand('dialogs', () => dialogs)
onCommand('answerDialog', (command) => {
  answers.push({ kind: command.kind, answer: command.answer })
})

// --- screen, shell, powerMonitor, session ---------------------------------------------------

const displays = [
  {
    id: 1,
    label: 'stand-in display',
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 32, width: 1920, height: 1048 },
    size: { width: 1920, height: 1080 },
    workAreaSize: { width: 1920, height: 1048 },
    scaleFactor: 1,
    rotation: 0,
    internal: false,
  },
]

const screen = strict(
  Object.assign(new EventEmitter(), {
    getAllDisplays: () => {
      if (!registered('app').isReady())
        throw new Error("The 'screen' module can't be used before the app 'ready' event")
      return displays
    },
    getPrimaryDisplay: () => displays[0],
    getDisplayMatching: () => displays[0],
    getDisplayNearestPoint: () => displays[0],
    getCursorScreenPoint: () => ({ x: 0, y: 0 }),
  }),
  'screen',
)

const shell = strict(
  {
    async openExternal(url) {
      emitEvent('open-external', { url })
    },
    async openPath(path) {
      emitEvent('open-path', { path })
      return ''
    },
    showItemInFolder(path) {
      emitEvent('show-item-in-folder', { path })
    },
    beep() {},
  },
  'shell',
)

const powerMonitor = strict(new EventEmitter(), 'powerMonitor')
onCommand('powerMonitor', (command) => {
  powerMonitor.emit(command.event, preventableEvent())
})

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const defaultSession = strict(
  {
    setPermissionRequestHandler(handler) {
      this.permissionRequestHandler = handler
    },
    setPermissionCheckHandler(handler) {
      this.permissionCheckHandler = handler
    },
    webRequest: strict(
      {
        /**
         * `onHeadersReceived([filter, ]listener)`: a filter's `urls` are match patterns
         * (docs/api/web-request.md); only `*` wildcards are modelled. One listener, as in Electron.
         */
        onHeadersReceived(filterOrListener, maybeListener) {
          const filter = maybeListener === undefined ? null : filterOrListener
          const listener = maybeListener === undefined ? filterOrListener : maybeListener
          this.headers = listener ? { urls: filter?.urls ?? ['<all_urls>'], listener } : null
        },
        /** The onHeadersReceived listener that applies to `url`, or null. */
        headersListener(url) {
          if (!this.headers) return null
          const matches = this.headers.urls.some(
            (pattern) =>
              pattern === '<all_urls>' ||
              new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`).test(url),
          )
          return matches ? this.headers.listener : null
        },
        onBeforeRequest(handler) {
          this.beforeRequestHandler = handler
        },
      },
      'session.webRequest',
    ),
  },
  'session',
)
const session = strict({ defaultSession }, 'session')

module.exports = {
  Tray: strict(Tray, 'Tray'),
  Menu: strict(Menu, 'Menu'),
  Notification: strict(Notification, 'Notification', ['handleActivation']),
  dialog,
  nativeImage,
  screen,
  shell,
  powerMonitor,
  session: register('session', session),
}
