import { Notification } from 'electron'
import type { AlertLogEntry } from '../../shared/alerts'

/**
 * Desktop notifications, as each platform's Electron delivers them:
 * - everywhere, a notification is held until clicked or closed: Electron lets an unreferenced
 *   Notification be garbage-collected, and its click then never arrives;
 * - Windows also emits 'close' when a toast times out into the Action Center, where it can still
 *   be clicked: clicks come through Notification.handleActivation, which works whether or not the
 *   object is still held (docs/api/notification.md);
 * - macOS (Electron 42+) emits 'failed' for an unsigned app's notifications, which never show; any
 *   failed notification is logged and shown in the window instead (`inWindow`);
 * - Linux notification servers may read the body as markup (the Desktop Notifications
 *   Specification's body-markup), and an alert's note is the person's own text: it is escaped.
 */

export interface Notice {
  title: string
  body: string
}

export interface NotificationSetup {
  platform: NodeJS.Platform
  /** Shows a notice the OS would not (a failed notification) in the window, e.g. as a toast. */
  inWindow(notice: Notice, symbol?: string): void
  /** A Windows activation of a notification this run no longer knows: bring the app up. */
  showApp(): void
}

const onScreen = new Set<Notification>()
/** Windows: each recent notification's id (its toast Tag) and what its click does, oldest first. */
const activations = new Map<string, () => void>()
/** Enough for every toast the Action Center keeps; older ones only bring the app up. */
const KEPT_ACTIVATIONS = 50
let setup: NotificationSetup = { platform: process.platform, inWindow: () => {}, showApp: () => {} }
let nextId = 1

/** Once, when the app is ready: the platform, the window's fallback and, on Windows, activations. */
export function setUpNotifications(options: NotificationSetup): void {
  setup = options
  if (options.platform === 'win32') Notification.handleActivation((details) => activate(details.arguments))
}

/** How many notifications are held for their click (for tests). */
export function notificationsOnScreen(): number {
  return onScreen.size
}

/** Runs the click of the notification whose id the activation names, or brings the app up. */
function activate(activationArguments: string): void {
  const id = [...activations.keys()].reverse().find((known) => activationArguments.includes(known))
  const onClick = id === undefined ? undefined : activations.get(id)
  if (onClick) onClick()
  else setup.showApp()
}

/** Text for a server that reads markup: the characters the specification's markup gives meaning. */
export function escapeNotificationMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** Shows a notification; `onClick` runs if the person clicks it. `symbol` is the one it is about. */
export function showNotification(notice: Notice, onClick?: () => void, symbol?: string): void {
  const showInWindow = (why: string) => {
    console.error(`A desktop notification could not be shown (${why}); showing it in the window.`)
    setup.inWindow(notice, symbol)
  }
  if (!Notification.isSupported()) return showInWindow('not supported here')
  const { platform } = setup
  const id = `tokenwatch-${nextId++}`
  // Always silent: the one sound an alert makes is the renderer's chime, played when the alert
  // asks for a sound. A notification sound as well would make two.
  const notification = new Notification({
    title: notice.title,
    body: platform === 'linux' ? escapeNotificationMarkup(notice.body) : notice.body,
    silent: true,
    ...(platform === 'win32' ? { id } : {}),
  })
  const release = () => onScreen.delete(notification)
  if (platform === 'win32') {
    // handleActivation delivers every click, this object's too: a 'click' handler would run twice.
    activations.set(id, onClick ?? setup.showApp)
    if (activations.size > KEPT_ACTIVATIONS) activations.delete(activations.keys().next().value!)
  } else {
    notification.on('click', () => {
      release()
      onClick?.()
    })
  }
  notification.on('close', release)
  notification.on('failed', (_event, error) => {
    release()
    showInWindow(error)
  })
  onScreen.add(notification)
  notification.show()
}

/** A desktop notification for a fired alert; a click brings the app up on that symbol. */
export function showAlertNotification(entry: AlertLogEntry, onClick: (symbol: string) => void): void {
  showNotification(
    {
      title: `Tokenwatch · ${entry.symbol}`,
      body: entry.note ? `${entry.message}\n${entry.note}` : entry.message,
    },
    () => onClick(entry.symbol),
    entry.symbol,
  )
}
