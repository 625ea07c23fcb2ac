import { describe, expect, it, vi } from 'vitest'
import { eventChannels, invokeChannels, invokeNames } from '../../src/shared/ipc-channels'

const ipc = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as Array<[string, unknown]>,
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
}))

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => ipc.exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (channel: string, args: unknown) => (
      ipc.invoked.push([channel, args]),
      { ok: true, value: channel }
    ),
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      const set = ipc.listeners.get(channel) ?? new Set()
      set.add(listener)
      ipc.listeners.set(channel, set)
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      ipc.listeners.get(channel)?.delete(listener),
  },
}))

await import('../../src/preload/index')
const api = ipc.exposed.get('tokenwatch') as Record<string, (...args: unknown[]) => unknown>

describe('preload', () => {
  it('exposes exactly one object: the contract commands and `on`, nothing else', () => {
    expect([...ipc.exposed.keys()]).toEqual(['tokenwatch'])
    expect(Object.keys(api).sort()).toEqual([...invokeNames, 'on'].sort())
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true)
  })

  it('sends each command on its own contract channel', async () => {
    await api.addSymbol!({ symbol: 'AAPLon' })
    await api.refreshNow!()
    expect(ipc.invoked).toEqual([
      [invokeChannels.addSymbol, { symbol: 'AAPLon' }],
      [invokeChannels.refreshNow, undefined],
    ])
  })

  it('delivers pushed events without the IPC event object, and unsubscribes cleanly', () => {
    const received: unknown[][] = []
    const off = api.on!('delta', (...args: unknown[]) => received.push(args)) as () => void
    const listener = [...ipc.listeners.get(eventChannels.delta)!][0]!
    listener({ sender: 'the ipc event, which must not reach the page' }, { changed: [] })
    expect(received).toEqual([[{ changed: [] }]])
    off()
    expect(ipc.listeners.get(eventChannels.delta)?.size).toBe(0)
  })

  it('refuses events outside the contract', () => {
    expect(() => api.on!('tw:anything', () => {})).toThrow(/unknown event/)
    expect(() => api.on!('constructor', () => {})).toThrow(/unknown event/)
  })
})
