import type { WebContents } from 'electron'
import { eventChannels } from '../../shared/ipc-channels'

/** At most this many messages wait for a page that has not said it is live (the oldest dropped). */
export const MAX_WAITING_MESSAGES = 20

/**
 * The events main sends as one-off messages, each through PageMessages and no other way. Named
 * once here: the e2e harness's bridge holds the same ones until the page is live.
 */
export const HELD_UNTIL_LIVE = ['settings', 'notice', 'focusSymbol'] as const
export type HeldEvent = (typeof HELD_UNTIL_LIVE)[number]

/**
 * Main's one-off messages to its window's page (a setting changed from the tray or the menu, a
 * notice, "show this symbol" from a notification's click), delivered once the page is live.
 * Electron delivers `webContents.send` to the document there at that moment, and a document whose
 * app has not subscribed yet drops it. A loaded page is not a listening one: the page's app loads
 * after main's first frame is painted (src/renderer/main.tsx), and may ask main things before its
 * listeners are in place. So the page says when it is live (the `pageLive` command, sent after it
 * subscribed and rendered); until then, and again from the start of every reload, the messages
 * wait here in order.
 */
export class PageMessages {
  private live = false
  private readonly waiting: { channel: string; payload: unknown }[] = []

  constructor(private readonly contents: Pick<WebContents, 'isDestroyed' | 'send' | 'on'>) {
    // A reload starts a new document, whose listeners are not there yet.
    contents.on('did-start-loading', () => {
      this.live = false
    })
  }

  /** The page said it is live: what waited is delivered, in order, and the rest goes at once. */
  pageLive(): void {
    this.live = true
    for (const message of this.waiting.splice(0)) this.deliver(message.channel, message.payload)
  }

  send(event: HeldEvent, payload: unknown): void {
    const channel = eventChannels[event]
    if (this.live) return this.deliver(channel, payload)
    this.waiting.push({ channel, payload })
    if (this.waiting.length > MAX_WAITING_MESSAGES) this.waiting.shift()
  }

  private deliver(channel: string, payload: unknown): void {
    if (!this.contents.isDestroyed()) this.contents.send(channel, payload)
  }
}
