import type { EndpointName, EndpointStatus, StatusError } from '../../../shared/status'
import { type Clock, realClock } from '../clock'

/**
 * Polls each endpoint on its own cadence with chained timers (never setInterval): the next poll
 * of an endpoint is scheduled only when the previous one has finished, so two requests for one
 * endpoint are never in flight. Failures back off exponentially with full jitter, capped, and a
 * server's Retry-After is honoured.
 */

/**
 * The scheduler is generic in its job names: the market feed's are the spec's endpoints
 * (EndpointName); the service-status feed polls its own two with a scheduler of its own, so its
 * backoff can never delay a price poll.
 */
export interface PollJob<Name extends string = EndpointName> {
  name: Name
  /** Runs one poll. Throws a PollFailure-like error on failure. */
  run(signal: AbortSignal): Promise<void>
}

/** What a failed poll tells the scheduler. */
export interface PollFailureInfo {
  error: StatusError
  /** The server asked us to wait this long (Retry-After), if it did. */
  retryAfterMs: number | null
}

export const BACKOFF = {
  /** First retry waits up to this long (full jitter: anywhere between the floor and it). */
  baseMs: 1_000,
  /** No wait is ever longer, however many failures in a row. */
  capMs: 120_000,
  /** Never retry sooner than this, so a fast-failing server is not hammered. */
  floorMs: 250,
}

/** While the window is hidden, prices are polled no more often than this. */
export const HIDDEN_PRICES_CADENCE_MS = 15_000

export interface SchedulerOptions<Name extends string = EndpointName> {
  cadenceMs: (endpoint: Name) => number
  describeFailure: (error: unknown) => PollFailureInfo
  onChange: () => void
  clock?: Clock
  random?: () => number
  /** The longest backoff after this failure of this endpoint (Retry-After aside); default BACKOFF.capMs. */
  maxBackoffMs?: (endpoint: Name, failure: PollFailureInfo) => number
  /**
   * After a pause began or ended, or the window was hidden or shown: the scheduler owns both, and
   * what runs beside the polls (the feed's streams) follows it rather than being told apart.
   */
  onActivity?: (change: ActivityChange) => void
}

/** Which of the scheduler's two states changed, and both as they now are. */
export interface ActivityChange {
  changed: 'paused' | 'hidden'
  paused: boolean
  hidden: boolean
}

interface EndpointState<Name extends string> {
  job: PollJob<Name>
  timer: unknown
  nextPollAt: number | null
  inFlight: AbortController | null
  failures: number
  lastSuccessAt: number | null
  lastError: StatusError | null
  /** Set when refreshNow() arrives mid-poll: poll again as soon as this one ends. */
  pollAgain: boolean
  /** The server's Retry-After ends here: no poll starts before, whatever asks for one. */
  notBefore: number | null
}

export type PauseReason = 'user' | 'suspend' | 'offline'

export class PollScheduler<Name extends string = EndpointName> {
  private readonly endpoints = new Map<Name, EndpointState<Name>>()
  private readonly clock: Clock
  private readonly random: () => number
  private readonly pauses = new Set<PauseReason>()
  private running = false
  private hidden = false

  constructor(
    jobs: readonly PollJob<Name>[],
    private readonly options: SchedulerOptions<Name>,
  ) {
    this.clock = options.clock ?? realClock
    this.random = options.random ?? Math.random
    for (const job of jobs) {
      this.endpoints.set(job.name, {
        job,
        timer: null,
        nextPollAt: null,
        inFlight: null,
        failures: 0,
        lastSuccessAt: null,
        lastError: null,
        pollAgain: false,
        notBefore: null,
      })
    }
  }

  /** Starts every endpoint now, or (started while paused) when the pause ends. */
  start(): void {
    this.running = true
    // A restarted poll worker is told the pause before it starts; planning polls then would show
    // a next poll that will not come (the resume plans them).
    if (this.isPaused()) return
    for (const state of this.endpoints.values()) this.schedule(state, 0)
  }

  stop(): void {
    this.running = false
    for (const state of this.endpoints.values()) {
      this.cancelTimer(state)
      state.inFlight?.abort()
    }
  }

  /**
   * Polls every endpoint at once, or only `endpoint` (a poll already in flight is followed by another
   * right after).
   */
  refreshNow(endpoint?: Name): void {
    if (!this.running) return
    if (this.isPaused()) return this.refreshOnceWhilePaused()
    for (const state of this.endpoints.values()) {
      if (endpoint !== undefined && state.job.name !== endpoint) continue
      if (state.inFlight) state.pollAgain = true
      else this.schedule(state, 0)
    }
  }

  /**
   * "Refresh now" while the person paused updates: one poll of each endpoint, and still paused
   * after. Not while suspended or offline (nothing would answer), nor before a Retry-After ends.
   */
  private refreshOnceWhilePaused(): void {
    if (this.pauses.size !== 1 || !this.pauses.has('user')) return
    for (const state of this.endpoints.values())
      if ((state.notBefore ?? 0) <= this.clock.now()) void this.poll(state, true) // skips one in flight
  }

  /** Forgets failures (for example after the key changed) and polls at once. */
  reset(): void {
    for (const state of this.endpoints.values()) {
      state.failures = 0
      state.lastError = null
      state.lastSuccessAt = null
      state.notBefore = null // a new key or service: the old one's Retry-After is not ours to keep
      state.inFlight?.abort()
    }
    this.refreshNow()
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return
    this.hidden = hidden
    this.options.onActivity?.({ changed: 'hidden', paused: this.isPaused(), hidden })
    // The prices cadence just changed: move the pending prices poll to match it.
    // Only the market feed has a 'prices' job; for any other scheduler this finds nothing.
    const prices = this.endpoints.get('prices' as Name)
    if (!prices || prices.inFlight || prices.failures > 0 || !this.running || this.isPaused()) return
    const due = (prices.lastSuccessAt ?? 0) + this.effectiveCadenceMs(prices.job.name)
    this.schedule(prices, Math.max(0, due - this.clock.now()))
  }

  /** Pauses for a reason (user, suspend, offline); polling resumes when no reason is left. */
  setPaused(reason: PauseReason, paused: boolean): void {
    const wasPaused = this.isPaused()
    if (paused) this.pauses.add(reason)
    else this.pauses.delete(reason)
    if (!wasPaused && this.isPaused()) {
      for (const state of this.endpoints.values()) {
        this.cancelTimer(state)
        // A suspended machine or a dropped network will not answer: do not wait for the timeout.
        if (reason !== 'user') state.inFlight?.abort()
      }
      this.options.onChange()
    } else if (wasPaused && !this.isPaused() && this.running) {
      for (const state of this.endpoints.values()) if (!state.inFlight) this.schedule(state, 0)
      this.options.onChange()
    }
    if (wasPaused !== this.isPaused())
      this.options.onActivity?.({ changed: 'paused', paused: this.isPaused(), hidden: this.hidden })
  }

  isPaused(): boolean {
    return this.pauses.size > 0
  }

  pauseReasons(): PauseReason[] {
    return [...this.pauses]
  }

  /** The cadence in force for an endpoint now (slower for prices while hidden). */
  effectiveCadenceMs(endpoint: Name): number {
    const cadence = this.options.cadenceMs(endpoint)
    return endpoint === 'prices' && this.hidden ? Math.max(cadence, HIDDEN_PRICES_CADENCE_MS) : cadence
  }

  status(endpoint: Name): EndpointStatus {
    const state = this.endpoints.get(endpoint)
    return {
      cadenceMs: this.effectiveCadenceMs(endpoint),
      lastSuccessAt: state?.lastSuccessAt ?? null,
      lastError: state?.lastError ?? null,
      nextPollAt: state?.nextPollAt ?? null,
      inFlight: state?.inFlight !== null && state?.inFlight !== undefined,
    }
  }

  /** The backoff before retry number `failures` (1 = first retry), without Retry-After. */
  backoffMs(failures: number, capMs: number = BACKOFF.capMs): number {
    const ceiling = Math.min(capMs, BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.max(0, failures - 1))
    return Math.max(BACKOFF.floorMs, Math.floor(this.random() * ceiling))
  }

  private schedule(state: EndpointState<Name>, requestedDelayMs: number): void {
    this.cancelTimer(state)
    // refreshNow, a resume or a watchlist change may ask for a poll now; Retry-After still holds.
    const delayMs = Math.max(requestedDelayMs, (state.notBefore ?? 0) - this.clock.now())
    state.nextPollAt = this.clock.now() + delayMs
    state.timer = this.clock.setTimeout(() => {
      state.timer = null
      void this.poll(state)
    }, delayMs)
  }

  private cancelTimer(state: EndpointState<Name>): void {
    if (state.timer !== null) this.clock.clearTimeout(state.timer)
    state.timer = null
    state.nextPollAt = null
  }

  /** `once`: the one poll a refresh asks for while paused; nothing is scheduled after it. */
  private async poll(state: EndpointState<Name>, once = false): Promise<void> {
    if (!this.running || (this.isPaused() && !once) || state.inFlight) return
    const controller = new AbortController()
    state.inFlight = controller
    state.nextPollAt = null
    let delayMs: number
    try {
      await state.job.run(controller.signal)
      state.failures = 0
      state.lastError = null
      state.lastSuccessAt = this.clock.now()
      delayMs = this.effectiveCadenceMs(state.job.name)
    } catch (error) {
      // An abort is ours (stop, pause, reset), not the server's failure: nothing to record.
      if (controller.signal.aborted) delayMs = 0
      else {
        const failure = this.options.describeFailure(error)
        state.failures += 1
        const capMs = this.options.maxBackoffMs?.(state.job.name, failure) ?? BACKOFF.capMs
        delayMs = Math.max(failure.retryAfterMs ?? 0, this.backoffMs(state.failures, capMs))
        if (failure.retryAfterMs !== null) state.notBefore = this.clock.now() + failure.retryAfterMs
        state.lastError = { ...failure.error, retryAt: this.clock.now() + delayMs }
      }
    } finally {
      state.inFlight = null
    }
    if (!this.running || this.isPaused() || controller.signal.aborted) {
      // Stopped or paused while in flight: the resume or start schedules what comes next. Aborted
      // and already running again (a reset, a pause taken back before this poll settled, which
      // found it in flight and so could not schedule it): poll again now.
      if (this.running && !this.isPaused()) this.schedule(state, 0)
      state.pollAgain = false
      this.options.onChange()
      return
    }
    if (state.pollAgain && state.failures === 0) delayMs = 0
    state.pollAgain = false
    this.schedule(state, delayMs)
    this.options.onChange()
  }
}
