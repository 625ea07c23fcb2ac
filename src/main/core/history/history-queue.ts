import type { Clock } from '../clock'
import { ApiError } from '../api/api-errors'

/**
 * The history requests' own line, apart from the price polls: one request at a time, at least
 * `minGapMs` apart (history's share of the service's rate), and a 429 that backs off history
 * alone, for the Retry-After it gave or, without one, a doubling wait; while it lasts, a request
 * fails at once with a rate-limited error rather than waiting. The price polls run on
 * their own schedulers (in the poll worker, on their own connections) and never wait here.
 */

export interface HistoryQueueOptions {
  clock: Clock
  /** Default 500 ms: at most two history requests a second. */
  minGapMs?: number
  /** The first wait after a 429 without Retry-After, doubled each time; default 2 s, at most a minute. */
  firstBackoffMs?: number
}

const MAX_BACKOFF_MS = 60_000

export class HistoryQueue {
  private readonly clock: Clock
  private readonly minGapMs: number
  private readonly firstBackoffMs: number
  private tail: Promise<unknown> = Promise.resolve()
  private nextStartAt = 0
  private backoffMs = 0

  constructor(options: HistoryQueueOptions) {
    this.clock = options.clock
    this.minGapMs = options.minGapMs ?? 500
    this.firstBackoffMs = options.firstBackoffMs ?? 2_000
  }

  /** When history may ask again (Unix ms): after a 429, later than now. */
  get readyAt(): number {
    return this.nextStartAt
  }

  /** Runs `request` in its turn; a 429 it meets pushes every later history request back. */
  run<T>(request: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(
      () => this.inTurn(request),
      () => this.inTurn(request),
    )
    this.tail = turn.catch(() => undefined)
    return turn
  }

  private async inTurn<T>(request: () => Promise<T>): Promise<T> {
    const wait = this.nextStartAt - this.clock.now()
    // Backing off: answer at once (the caller shows what it has), never hold a person's click a minute.
    if (this.backoffMs > 0 && wait > this.minGapMs)
      throw new ApiError({
        kind: 'rate-limited',
        message: `The service asked for fewer requests; history asks again in ${Math.ceil(wait / 1000)} s.`,
        retryAfterMs: wait,
      })
    if (wait > 0) await new Promise<void>((resolve) => this.clock.setTimeout(resolve, wait))
    this.nextStartAt = this.clock.now() + this.minGapMs
    try {
      const value = await request()
      this.backoffMs = 0
      return value
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'rate-limited') {
        this.backoffMs = Math.min(
          MAX_BACKOFF_MS,
          this.backoffMs === 0 ? this.firstBackoffMs : this.backoffMs * 2,
        )
        this.nextStartAt = this.clock.now() + Math.max(error.retryAfterMs ?? this.backoffMs, this.minGapMs)
      }
      throw error
    }
  }
}
