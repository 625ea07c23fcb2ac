import type { Clock } from '../../src/main/core/clock'

/**
 * A clock for chaos runs: an hour of polling in seconds, with real HTTP underneath.
 *
 * Virtual time stands still while a request is in flight (the caller brackets each one with
 * `begin`/`end`) and jumps straight to the next timer once none is, so a 5 s cadence costs no real
 * waiting and a request takes no virtual time, however long a busy machine makes it really take.
 * What the run measures in virtual time (cadences, backoff, Retry-After, staleness, recovery) is
 * then the scheduler's doing alone, not the machine's speed. A request that meets the client's
 * deadline is the one exception, and its caller says so: it sleeps the deadline in virtual time
 * (ObservedClient), as the app would have waited it out.
 *
 * Timers fire exactly at their due time, in order, one per turn of the event loop.
 */

interface VirtualTimer {
  id: number
  due: number
  callback: () => void
}

export class WarpClock implements Clock {
  private virtualAt: number
  private inFlight = 0
  private nextId = 1
  private readonly timers = new Map<number, VirtualTimer>()
  private driver: NodeJS.Immediate | null = null
  private stopped = false

  constructor(startMs: number) {
    this.virtualAt = startMs
  }

  now(): number {
    return this.virtualAt
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { id, due: this.now() + Math.max(0, Math.ceil(ms)), callback })
    this.wake()
    return id
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number' && this.timers.delete(handle)) this.wake()
  }

  /** A request (or any other real work virtual time must wait for) has started. */
  begin(): void {
    this.inFlight += 1
  }

  end(): void {
    this.inFlight -= 1
    this.wake()
  }

  /** Runs real async work (a server restart) as if it were a request. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.begin()
    try {
      return await work()
    } finally {
      this.end()
    }
  }

  /** Resolves when virtual time reaches `ms` from now. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms))
  }

  /** Drops every timer and stops driving; nothing fires afterwards. */
  stop(): void {
    this.stopped = true
    this.timers.clear()
    if (this.driver) clearImmediate(this.driver)
    this.driver = null
  }

  private earliest(): VirtualTimer | undefined {
    let first: VirtualTimer | undefined
    for (const timer of this.timers.values()) {
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) first = timer
    }
    return first
  }

  /** Plans the next firing after anything changed (a timer set or cleared, a request done). */
  private wake(): void {
    if (this.stopped || this.driver) return
    this.driver = setImmediate(() => this.pump())
  }

  /**
   * Fires the next timer, time jumping to it, once nothing is in flight (a request's end wakes the
   * clock again). One timer per turn of the event loop, so whatever its callback starts (a
   * request, a promise chain) is under way before the next decision.
   */
  private pump(): void {
    this.driver = null
    if (this.stopped || this.inFlight > 0) return
    const next = this.earliest()
    if (!next) return
    this.virtualAt = Math.max(this.virtualAt, next.due)
    this.timers.delete(next.id)
    next.callback()
    this.wake()
  }
}
