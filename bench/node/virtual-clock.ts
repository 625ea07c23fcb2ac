import type { Clock } from '../../src/main/core/clock'

/**
 * A Clock on virtual time, for running the core's poll loop hours ahead in seconds: a
 * timer fires only when the benchmark calls `fireNext()`, which moves the time to it. It also
 * keeps count of what fired (as totals, not a list, so that a long run's heap does not grow with
 * its own bookkeeping).
 */

interface Timer {
  at: number
  delayMs: number
  callback: () => void
}

export interface TimerStats {
  fired: number
  /** Timers that fired less than `shorterThanMs` after they were set. */
  firedSooner: number
  /** The shortest delay among the timers that fired, or null when none did. */
  minDelayMs: number | null
  /** Virtual time covered since the stats were reset. */
  elapsedMs: number
}

export class VirtualClock implements Clock {
  private time: number
  private nextId = 1
  private readonly timers = new Map<number, Timer>()
  private stats: TimerStats = { fired: 0, firedSooner: 0, minDelayMs: null, elapsedMs: 0 }
  private statsSince: number

  constructor(
    startAt: number,
    /** Firings sooner than this after being set are counted apart (the shortest cadence). */
    private readonly shorterThanMs: number,
  ) {
    this.time = startAt
    this.statsSince = startAt
  }

  now(): number {
    return this.time
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { at: this.time + Math.max(0, ms), delayMs: ms, callback })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Moves time to the earliest pending timer and runs it; false when none is pending. */
  fireNext(): boolean {
    let nextId: number | null = null
    let next: Timer | null = null
    for (const [id, timer] of this.timers) {
      if (!next || timer.at < next.at) {
        next = timer
        nextId = id
      }
    }
    if (!next || nextId === null) return false
    this.timers.delete(nextId)
    this.time = Math.max(this.time, next.at)
    this.stats.fired += 1
    if (next.delayMs < this.shorterThanMs) this.stats.firedSooner += 1
    this.stats.minDelayMs = Math.min(this.stats.minDelayMs ?? next.delayMs, next.delayMs)
    next.callback()
    return true
  }

  resetStats(): void {
    this.stats = { fired: 0, firedSooner: 0, minDelayMs: null, elapsedMs: 0 }
    this.statsSince = this.time
  }

  timerStats(): TimerStats {
    return { ...this.stats, elapsedMs: this.time - this.statsSince }
  }
}
