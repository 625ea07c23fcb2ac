import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { TokenwatchApi } from '../shared/ipc-contract'
import { CHANNEL_PREFIX, type EventName, eventChannels, invokeChannels } from '../shared/ipc-channels'

/**
 * The renderer's only door to main: one typed object built from the contract's channel table.
 * The renderer never names a channel, never sees ipcRenderer, and never receives the IPC event
 * object (it carries `sender`, which would hand the page a way back into IPC).
 */

function invoker(channel: string) {
  if (!channel.startsWith(CHANNEL_PREFIX)) throw new Error(`refusing channel outside ${CHANNEL_PREFIX}`)
  return (args?: unknown) => ipcRenderer.invoke(channel, args)
}

export function buildApi(): TokenwatchApi {
  const commands = Object.fromEntries(
    Object.entries(invokeChannels).map(([name, channel]) => [name, invoker(channel)]),
  ) as Omit<TokenwatchApi, 'on'>
  return {
    ...commands,
    on(event, listener) {
      if (!Object.hasOwn(eventChannels, event)) throw new Error(`unknown event "${String(event)}"`)
      const channel = eventChannels[event as EventName]
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never)
      ipcRenderer.on(channel, forward)
      return () => {
        ipcRenderer.removeListener(channel, forward)
      }
    },
  } as TokenwatchApi
}

contextBridge.exposeInMainWorld('tokenwatch', buildApi())
