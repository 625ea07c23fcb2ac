import { Notification } from 'electron'
import type { AlertLogEntry } from '../../shared/alerts'

/**
 * Notifications on screen, held until clicked or closed: Electron lets an unreferenced
 * Notification be garbage-collected, and its click then never arrives.
 */
const onScreen = new Set<Notification>()

/** How many notifications are held for their click (for tests). */
export function notificationsOnScreen(): number {
  return onScreen.size
}

/** Shows a notification; `onClick` runs if the person clicks it. */
export function showNotification(options: { title: string; body: string }, onClick?: () => void): void {
  if (!Notification.isSupported()) return
  // Always silent: the one sound an alert makes is the renderer's chime, played when the alert
  // asks for a sound. A notification sound as well would make two.
  const notification = new Notification({ ...options, silent: true })
  const release = () => onScreen.delete(notification)
  notification.on('click', () => {
    release()
    onClick?.()
  })
  notification.on('close', release)
  notification.on('failed', release)
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
  )
}
