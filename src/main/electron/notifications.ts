import { Notification } from 'electron'
import type { AlertLogEntry } from '../../shared/alerts'

/** A desktop notification for a fired alert; a click brings the app up on that symbol. */
export function showAlertNotification(entry: AlertLogEntry, onClick: (symbol: string) => void): void {
  if (!Notification.isSupported()) return
  const notification = new Notification({
    title: `Tokenwatch · ${entry.symbol}`,
    body: entry.note ? `${entry.message}\n${entry.note}` : entry.message,
    silent: !entry.sound,
  })
  notification.on('click', () => onClick(entry.symbol))
  notification.show()
}
