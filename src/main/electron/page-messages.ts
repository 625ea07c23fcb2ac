import type { WebContents } from 'electron'

/**
 * Electron delivers `webContents.send` to the document that is there at that moment; while a new
 * window's page loads, its listeners do not exist yet and the message is lost. A message that
 * must arrive (show this symbol, a notice) is held until the page has loaded: by then its module
 * script has run and subscribed (src/renderer/main.tsx calls connect() first thing).
 */
export function sendWhenLoaded(
  contents: Pick<WebContents, 'isLoading' | 'isDestroyed' | 'once' | 'send'>,
  channel: string,
  payload: unknown,
): void {
  if (!contents.isLoading()) return contents.send(channel, payload)
  contents.once('did-finish-load', () => {
    if (!contents.isDestroyed()) contents.send(channel, payload)
  })
}
