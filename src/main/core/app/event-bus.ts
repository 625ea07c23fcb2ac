import type { EventName, EventPayload } from '../../../shared/ipc-contract'

type Listener<N extends EventName> = (payload: EventPayload<N>) => void

/** The core's pushed events (the contract's event table), to any number of listeners. */
export class EventBus {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>()

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
