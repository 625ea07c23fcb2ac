import type { Clock } from '../clock'

/**
 * A deadline that moves often and nearly always later: a stream's silence limit pushed back by
 * every frame, the watchlist's next stale row by every price. Clearing and setting a timer at each
 * move was a measured share of the streaming core's CPU (two of each a frame), so a later deadline
 * touches no timer: the one armed fires early, finds the deadline not reached and arms itself for
 * the rest. Only an earlier deadline, or none armed, sets a timer at once. `onDue` runs once, at
 * or after the deadline, never before it by this clock.
 */
export class Deadline {
  private dueAt: number | null = null
  private timer: unknown = null
  /** When the armed timer fires (Infinity: none armed). */
  private timerAt = Number.POSITIVE_INFINITY

  constructor(
    private readonly clock: Clock,
    private readonly onDue: () => void,
  ) {}

  /** Due at `dueAt` (a time on the clock), whatever was due before. */
  set(dueAt: number): void {
    this.dueAt = dueAt
    if (this.timerAt > dueAt) this.arm(dueAt)
  }

  /** Nothing due: the timer, if any, is cleared. */
  clear(): void {
    this.dueAt = null
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.timerAt = Number.POSITIVE_INFINITY
  }

  private arm(at: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timerAt = at
    this.timer = this.clock.setTimeout(() => this.fired(), Math.max(0, at - this.clock.now()))
  }

  private fired(): void {
    this.timer = null
    this.timerAt = Number.POSITIVE_INFINITY
    const dueAt = this.dueAt
    if (dueAt === null) return
    if (this.clock.now() < dueAt) return this.arm(dueAt)
    this.dueAt = null
    this.onDue()
  }
}
