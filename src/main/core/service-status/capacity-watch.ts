import type { CapacityView } from '../../../shared/service-status'
import type { ApiClient } from '../api/api-client'
import { type Clock, realClock } from '../clock'
import { BACKOFF, type PauseReason } from '../feed/poll-scheduler'
import { describeFailure } from '../feed/status-errors'

/**
 * Trading capacity now (`/v1/limits/trading`, never cached by the service) for the one symbol
 * whose detail panel is open and visible: asked when the panel opens, then once a minute while it
 * stays open, and never sooner than 15 s after the last ask for that symbol, whatever asks
 * (reopening the panel, switching back to the symbol, a refresh). Nothing is asked for a symbol
 * whose detail is closed or while the window is hidden. A failure (a 429 among them) backs off
 * this ask alone; the price polls run on their own scheduler and never wait for it.
 */

/** At the default cadence: one buy and sell pair a minute while the detail is open. */
export const CAPACITY_REFRESH_MS = 60_000
/** The shortest time between two asks for one symbol, for any reason. */
export const CAPACITY_MIN_INTERVAL_MS = 15_000
/** Answers kept for symbols opened before, so switching back shows the last one with its age. */
const REMEMBERED_SYMBOLS = 20

export interface CapacityWatchOptions {
  onChange: (view: CapacityView) => void
  clock?: Clock
}

export class CapacityWatch {
  private readonly clock: Clock
  private client: ApiClient | null = null
  private symbol: string | null = null
  private visible = true
  private running = false
  private readonly pauses = new Set<PauseReason>()
  private readonly views = new Map<string, CapacityView>()
  /** When each symbol was last asked (answered or not), for the 15 s floor. */
  private readonly askedAt = new Map<string, number>()
  private failures = 0
  /** A Retry-After from the service: nothing is asked before it ends. */
  private notBefore = 0
  private timer: unknown = null
  private inFlight: AbortController | null = null
  /** A refresh was asked: the next ask comes at the 15 s floor rather than the minute. */
  private refreshAsked = false

  constructor(private readonly options: CapacityWatchOptions) {
    this.clock = options.clock ?? realClock
  }

  setClient(client: ApiClient): void {
    this.client = client
    this.views.clear()
    this.askedAt.clear()
    this.failures = 0
    this.notBefore = 0
    // Let go of the old client's ask at once, as open() does: left set, it kept plan() from asking
    // the new client, and the aborted ask ends without planning again.
    this.inFlight?.abort()
    this.inFlight = null
    this.plan()
  }

  start(): void {
    this.running = true
    this.plan()
  }

  stop(): void {
    this.running = false
    this.plan()
  }

  /** The symbol whose detail is open and shown, or null: its last answer, if any. */
  open(symbol: string | null): CapacityView | null {
    if (symbol !== this.symbol) {
      this.symbol = symbol
      this.failures = 0
      this.refreshAsked = false
      this.inFlight?.abort()
      this.inFlight = null
      this.plan()
    }
    return symbol === null ? null : (this.views.get(symbol) ?? null)
  }

  /** Ask again now, or as soon as the 15 s floor allows. */
  refresh(): void {
    this.refreshAsked = true
    this.plan()
  }

  setVisible(visible: boolean): void {
    this.visible = visible
    this.plan()
  }

  setPaused(reason: PauseReason, paused: boolean): void {
    if (paused) this.pauses.add(reason)
    else this.pauses.delete(reason)
    this.plan()
  }

  /** Whether an ask is planned now (for tests and the bench). */
  isAsking(): boolean {
    return this.timer !== null || this.inFlight !== null
  }

  private active(): boolean {
    return (
      this.running && this.client !== null && this.symbol !== null && this.visible && this.pauses.size === 0
    )
  }

  /** Aims the one timer at the next ask for the open symbol, or cancels it when nothing may be asked. */
  private plan(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    if (!this.active()) {
      this.inFlight?.abort()
      return
    }
    const symbol = this.symbol as string
    if (this.inFlight || this.views.get(symbol)?.buy?.available === false) return
    const now = this.clock.now()
    const last = this.askedAt.get(symbol)
    const backoff = Math.min(BACKOFF.capMs, CAPACITY_REFRESH_MS * 2 ** (this.failures - 1))
    const wait = this.refreshAsked ? 0 : this.failures === 0 ? CAPACITY_REFRESH_MS : backoff
    const due = last === undefined ? now : last + Math.max(CAPACITY_MIN_INTERVAL_MS, wait)
    const delay = Math.max(0, due - now, this.notBefore - now)
    this.timer = this.clock.setTimeout(() => {
      this.timer = null
      void this.ask(symbol)
    }, delay)
  }

  private async ask(symbol: string): Promise<void> {
    const client = this.client
    if (!client || !this.active() || this.symbol !== symbol) return
    const controller = new AbortController()
    this.inFlight = controller
    this.refreshAsked = false
    this.askedAt.set(symbol, this.clock.now())
    let view: CapacityView
    try {
      // One after the other: a service without the endpoint is then asked once, not twice.
      const buy = await client.tradingCapacity(symbol, 'buy', controller.signal)
      const sell = await client.tradingCapacity(symbol, 'sell', controller.signal)
      this.failures = 0
      view = { symbol, buy, sell, at: this.clock.now(), problem: null }
    } catch (error) {
      if (controller.signal.aborted) return
      const failure = describeFailure(error, this.clock.now())
      this.failures += 1
      if (failure.retryAfterMs !== null) this.notBefore = this.clock.now() + failure.retryAfterMs
      const before = this.views.get(symbol)
      view = {
        symbol,
        buy: before?.buy ?? null,
        sell: before?.sell ?? null,
        at: before?.at ?? null,
        problem: failure.error.message,
      }
    } finally {
      if (this.inFlight === controller) this.inFlight = null
    }
    if (client !== this.client) return
    this.remember(view)
    this.options.onChange(view)
    this.plan()
  }

  private remember(view: CapacityView): void {
    this.views.delete(view.symbol)
    this.views.set(view.symbol, view)
    for (const old of this.views.keys()) {
      if (this.views.size <= REMEMBERED_SYMBOLS) break
      this.views.delete(old)
      this.askedAt.delete(old)
    }
  }
}
