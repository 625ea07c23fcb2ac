import type { EventName, EventPayload } from '../../../shared/ipc-contract'
import type { Settings } from '../../../shared/settings'

type Listener<N extends EventName> = (payload: EventPayload<N>) => void

/**
 * The core's pushed events (the contract's event table), to any number of listeners; and apart
 * from them, the settings the shell must apply (pin, ticker strip, start at login), told to the
 * shell even when the window asked for the change and so needs no 'settings' event.
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()
  private readonly shellListeners = new Set<(settings: Settings) => void>()

  onShellSettings(listener: (settings: Settings) => void): () => void {
    this.shellListeners.add(listener)
    return () => this.shellListeners.delete(listener)
  }

  tellShell(settings: Settings): void {
    this.shellListeners.forEach((listener) => listener(settings))
  }

  on<N extends EventName>(event: N, listener: Listener<N>): () => void {
    const set = this.listeners.get(event) ?? new Set()
    set.add(listener as Listener<EventName>)
    this.listeners.set(event, set)
    return () => set.delete(listener as Listener<EventName>)
  }

  emit<N extends EventName>(event: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload)
      } catch {
        // A listener's failure (a closed window) must not stop the others or the poll loop.
      }
    }
  }
}
