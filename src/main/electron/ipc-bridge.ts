import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { eventChannels, invokeChannels, invokeNames, eventNames } from '../../shared/ipc-channels'
import type { IpcResult } from '../../shared/ipc-contract'
import type { AppCore } from '../core/app/app-core'
import { withoutKey } from '../core/api/key-scrub'

/**
 * Wires the contract's channels to AppCore. Handlers answer only our own window's main frame
 * (checked by identity and by URL); AppCore validates every argument. Every answer and event has
 * the key in use withheld on its way out, whatever road brought it there (defence in depth: the
 * parser already scrubs what the service sends).
 */

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean

const REFUSED: IpcResult<never> = {
  ok: false,
  error: { code: 'invalid-argument', message: 'unknown sender' },
}

/**
 * `onPageLive`: the page said it is live (`pageLive`, its arguments checked by the core like any
 * command's), so the messages held for it may go (page-messages.ts).
 */
export function registerIpcHandlers(
  ipcMain: IpcMain,
  core: Pick<AppCore, 'invoke' | 'keyToWithhold'>,
  isTrustedSender: SenderCheck,
  onPageLive: () => void = () => {},
): () => void {
  for (const name of invokeNames) {
    ipcMain.handle(invokeChannels[name], async (event, args: unknown) => {
      if (!isTrustedSender(event)) return REFUSED
      const result = await core.invoke(name, args)
      if (name === 'pageLive' && result.ok) onPageLive()
      return withoutKey(result, core.keyToWithhold())
    })
  }
  return () => {
    for (const name of invokeNames) ipcMain.removeHandler(invokeChannels[name])
  }
}

/** Pushes the core's events to the window, if it is there and alive. */
export function forwardEvents(
  core: Pick<AppCore, 'on' | 'keyToWithhold'>,
  target: () => WebContents | null,
): () => void {
  const unsubscribes = eventNames.map((name) =>
    core.on(name, (payload) => {
      const contents = target()
      if (contents && !contents.isDestroyed())
        contents.send(eventChannels[name], withoutKey(payload, core.keyToWithhold()))
    }),
  )
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
}

/** A sender is trusted when it is our window's main frame showing our own page. */
export function trustedSenderCheck(
  window: () => WebContents | null,
  isOwnPage: (url: string) => boolean,
): SenderCheck {
  return (event) => {
    const contents = window()
    const frame = event.senderFrame
    return (
      contents !== null &&
      event.sender === contents &&
      frame !== null &&
      frame === contents.mainFrame &&
      isOwnPage(frame.url)
    )
  }
}
