import type { Clock } from '../../clock'

/**
 * Pushes at most once per `gapMs`: `soon()` pushes now when the gap has passed since the last push,
 * else once it has (however many times it was asked meanwhile); `now()` pushes at once. What is
 * pushed is read at push time, so a burst sends only the newest.
 */
export class PacedPush {
  private timer: unknown = null
  private lastAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly clock: Clock,
    private readonly gapMs: number,
    private readonly push: () => void,
  ) {}

  soon(): void {
    const wait = this.lastAt + this.gapMs - this.clock.now()
    if (wait <= 0) return this.now()
    this.timer ??= this.clock.setTimeout(() => {
      this.timer = null
      this.now()
    }, wait)
  }

  now(): void {
    this.cancel()
    this.lastAt = this.clock.now()
    this.push()
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
  }
}
