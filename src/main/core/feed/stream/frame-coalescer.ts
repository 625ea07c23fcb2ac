import type { WirePriceRecord } from '../../api/wire/wire'
import type { Clock } from '../../clock'

/**
 * Streamed prices folded into the feed at most once a display frame: a stream of 10,000 updates a
 * second would otherwise make as many deltas, each crossing the worker, main and IPC to the window,
 * faster than either can take them (their queues would grow without bound). The first frame after
 * a quiet spell goes through at once (no added latency); frames that follow within FRAME_MS wait
 * and go together at its end. What waits is the newest record per symbol, so it is bounded by the
 * streamed symbols however many updates come; a record replaced while waiting was older (the
 * stream's reader keeps only newer ones), so nothing shown is lost but the superseded.
 */

/** One display frame at 60 Hz: the window cannot show prices faster. */
export const FRAME_MS = 16

export class FrameCoalescer {
  private readonly waiting = new Map<string, WirePriceRecord>()
  /**
   * When the oldest waiting record arrived: the batch is stamped with it, so its age is never understated.
   */
  private waitingSince: number | null = null
  private lastFlushAt = Number.NEGATIVE_INFINITY
  private timer: unknown = null

  constructor(
    private readonly clock: Clock,
    private readonly apply: (records: WirePriceRecord[], receivedAt: number) => void,
  ) {}

  push(records: readonly WirePriceRecord[], receivedAt: number): void {
    for (const record of records) this.waiting.set(record.primaryMarket.symbol, record)
    this.waitingSince ??= receivedAt
    if (this.timer !== null) return
    const wait = this.lastFlushAt + FRAME_MS - this.clock.now()
    if (wait <= 0) return this.flush()
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      this.flush()
    }, wait)
  }

  /** How many records wait for the next frame (at most one per streamed symbol). */
  pending(): number {
    return this.waiting.size
  }

  /** Forgets what waits (the stream paused or closed: nothing more is shown from it). */
  clear(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.waiting.clear()
    this.waitingSince = null
  }

  private flush(): void {
    const records = [...this.waiting.values()]
    const receivedAt = this.waitingSince ?? this.clock.now()
    this.waiting.clear()
    this.waitingSince = null
    this.lastFlushAt = this.clock.now()
    if (records.length > 0) this.apply(records, receivedAt)
  }
}
