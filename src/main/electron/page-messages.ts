import type { WebContents } from 'electron'

/** At most this many messages wait for a page that has not started listening (oldest dropped). */
export const MAX_WAITING_MESSAGES = 20

/**
 * Main's one-off messages to its window's page (a setting changed from the tray, a notice, "show
 * this symbol"), delivered once the page listens. Electron delivers `webContents.send` to the
 * document there at that moment, and a page without listeners loses it. The page subscribes to
 * every event before its first command (renderer/api.ts, connect), and loads its app only after
 * main's first frame is painted (renderer/main.tsx), so a loaded page is not yet a listening one:
 * a page that has sent a command since it last started loading listens. Until then the messages
 * wait, in order.
 */
export class PageMessages {
  private listening = false
  private readonly waiting: { channel: string; payload: unknown }[] = []

  constructor(private readonly contents: Pick<WebContents, 'isDestroyed' | 'send' | 'on'>) {
    // A reload starts a new document, whose listeners are not there yet.
    contents.on('did-start-loading', () => {
      this.listening = false
    })
  }

  /** The page sent a command: it has subscribed to every event; what waited is delivered. */
  pageAsked(): void {
    if (this.listening) return
    this.listening = true
    for (const message of this.waiting.splice(0)) this.deliver(message.channel, message.payload)
  }

  send(channel: string, payload: unknown): void {
    if (this.listening) return this.deliver(channel, payload)
    this.waiting.push({ channel, payload })
    if (this.waiting.length > MAX_WAITING_MESSAGES) this.waiting.shift()
  }

  private deliver(channel: string, payload: unknown): void {
    if (!this.contents.isDestroyed()) this.contents.send(channel, payload)
  }
}
