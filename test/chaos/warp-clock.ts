import { performance } from 'node:perf_hooks'
import type { SchedulerClock } from '../../src/main/core/poll-scheduler'

/**
 * A clock for chaos runs: an hour of polling in seconds, with real HTTP underneath.
 *
 * Virtual time stands still while nothing is in flight and jumps straight to the next timer, so
 * a 5 s cadence costs no real waiting. While a request is in flight (the caller brackets each one
 * with `begin`/`end`) it runs at the real pace, so a request lasts as long in virtual time as it
 * really took, and one that hangs lasts until the client's (real) deadline.
 *
 * Timers fire exactly at their due time: virtual time never passes a pending timer, it waits for
 * it. So cadences, backoff, Retry-After and staleness are measured in virtual ms without the
 * lateness of real timers. (A clock running N times faster than real time would multiply that
 * lateness, and every request's duration, by N: a 40 ms answer would look like a second.)
 */

interface VirtualTimer {
  id: number
  due: number
  callback: () => void
}

export class WarpClock implements SchedulerClock {
  /** Virtual time at the anchor, and the real time (performance.now) the anchor was taken. */
  private virtualAt: number
  private realAt = performance.now()
  private inFlight = 0
  private nextId = 1
  private readonly timers = new Map<number, VirtualTimer>()
  private driver:
    { kind: 'immediate'; handle: NodeJS.Immediate } | { kind: 'timeout'; handle: NodeJS.Timeout } | null =
    null
  private stopped = false

  constructor(startMs: number) {
    this.virtualAt = startMs
  }

  now(): number {
    const running = this.inFlight > 0 ? this.virtualAt + (performance.now() - this.realAt) : this.virtualAt
    const due = this.earliest()?.due
    return Math.floor(due === undefined ? running : Math.min(running, due))
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
    this.reanchor()
    this.inFlight += 1
  }

  end(): void {
    this.reanchor()
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
    this.cancelDriver()
  }

  private reanchor(): void {
    this.virtualAt = this.now()
    this.realAt = performance.now()
  }

  private earliest(): VirtualTimer | undefined {
    let first: VirtualTimer | undefined
    for (const timer of this.timers.values()) {
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) first = timer
    }
    return first
  }

  /** Re-plans the next firing after anything changed (a timer set or cleared, a request done). */
  private wake(): void {
    if (this.stopped || this.driver?.kind === 'immediate') return
    this.cancelDriver()
    this.driver = { kind: 'immediate', handle: setImmediate(() => this.pump()) }
  }

  private cancelDriver(): void {
    if (this.driver?.kind === 'immediate') clearImmediate(this.driver.handle)
    if (this.driver?.kind === 'timeout') clearTimeout(this.driver.handle)
    this.driver = null
  }

  /**
   * Fires the next timer when it is due: at once when nothing is in flight (time jumps to it),
   * else when virtual time reaches it. One timer per turn of the event loop, so whatever its
   * callback starts (a request, a promise chain) is under way before the next decision.
   */
  private pump(): void {
    this.driver = null
    if (this.stopped) return
    const next = this.earliest()
    if (!next) return
    const waitRealMs = this.inFlight > 0 ? next.due - this.now() : 0
    if (waitRealMs > 0) {
      this.driver = { kind: 'timeout', handle: setTimeout(() => this.pump(), Math.ceil(waitRealMs)) }
      return
    }
    this.virtualAt = Math.max(this.virtualAt, next.due)
    this.realAt = performance.now()
    this.timers.delete(next.id)
    next.callback()
    this.wake()
  }
}
