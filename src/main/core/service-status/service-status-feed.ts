import type { AssetPauseReading, MarketReading } from '../../../shared/service-status'
import { pauseReading } from '../api/wire/status-readings'
import type { EndpointStatus } from '../../../shared/status'
import type { ApiClient } from '../api/api-client'
import { type Clock, realClock } from '../clock'
import { AssetPauses } from './asset-pauses'
import {
  type CrossCheckedMarket,
  DisagreementNotice,
  calendarOnlyReading,
  crossCheckMarket,
} from './market-cross-check'
import { BACKOFF, PollScheduler } from '../feed/poll-scheduler'
import { describeFailure } from '../feed/status-errors'

/**
 * Polls what the service says of the market now: `/v1/status/market` and `/v1/status/assets`, at
 * their cache lifetime (a minute; slower while the window is hidden). Its own scheduler, with its
 * own backoff: a 429 or an outage here never delays a price poll. A service that answered 404 is
 * not asked again (the client remembers); the market then reads from our calendar, as it does
 * when the service's reading is too old to trust.
 */

export type StatusJob = 'marketStatus' | 'assetPauses'
const STATUS_JOBS: readonly StatusJob[] = ['marketStatus', 'assetPauses']

/** The service caches both answers a minute: asking more often gets the same answer. */
export const STATUS_CADENCE_MS = 60_000
/** While the window is hidden, nobody reads the header: every five minutes is enough for alerts. */
export const HIDDEN_STATUS_CADENCE_MS = 5 * 60_000
/** A market reading older than this many cadences is no longer trusted over the calendar. */
const TRUSTED_FOR_CADENCES = 3

export interface ServiceStatusView {
  market: MarketReading
  /** null: not known (the service does not publish them, or has not answered yet). */
  pauses: AssetPauses | null
  /** Whether the service publishes each; null until it has answered once. */
  publishes: Record<StatusJob, boolean | null>
}

/** Asks `/v1/status/assets` and parses it; null: the service does not publish it. */
export type PauseReader = (
  client: ApiClient,
  signal: AbortSignal,
) => Promise<readonly AssetPauseReading[] | null>

/** On the calling thread, through the feed's client (the command line, tests). */
async function readPausesHere(client: ApiClient, signal: AbortSignal): Promise<AssetPauseReading[] | null> {
  const answer = await client.assetPauses(signal)
  return answer.available ? answer.value.records.map(pauseReading) : null
}

export interface ServiceStatusFeedOptions {
  onChange: () => void
  /** Where a disagreement between the service and the calendar is said, once. */
  log: (text: string) => void
  clock?: Clock
  random?: () => number
  /** Where the pauses are read and parsed (the app: the poll worker, see PollFeed.assetPauses). */
  readPauses?: PauseReader
}

export class ServiceStatusFeed {
  /** Owns the pause reasons: ServiceStatusLink pauses it directly (architecture.md, "Suspend and resume"). */
  readonly scheduler: PollScheduler<StatusJob>
  private readonly clock: Clock
  private readonly notice = new DisagreementNotice()
  private client: ApiClient | null = null
  private hidden = false
  private market: { checked: CrossCheckedMarket; receivedAt: number } | null = null
  private pauses: AssetPauses | null = null
  private readonly publishes: Record<StatusJob, boolean | null> = { marketStatus: null, assetPauses: null }

  constructor(private readonly options: ServiceStatusFeedOptions) {
    this.clock = options.clock ?? realClock
    this.scheduler = new PollScheduler<StatusJob>(
      STATUS_JOBS.map((name) => ({ name, run: (signal) => this.poll(name, signal) })),
      {
        cadenceMs: () => (this.hidden ? HIDDEN_STATUS_CADENCE_MS : STATUS_CADENCE_MS),
        describeFailure: (error) => describeFailure(error, this.clock.now()),
        onChange: options.onChange,
        clock: this.clock,
        random: options.random,
        maxBackoffMs: () => BACKOFF.capMs,
      },
    )
  }

  setClient(client: ApiClient): void {
    this.client = client
    this.market = null
    this.pauses = null
    this.publishes.marketStatus = null
    this.publishes.assetPauses = null
    this.scheduler.reset()
  }

  start(): void {
    this.scheduler.start()
  }

  stop(): void {
    this.scheduler.stop()
  }

  /**
   * Hidden: every five minutes. Shown again: a reading older than the minute is asked for at once
   * rather than at the end of the hidden wait (never more often than the service's cache lifetime).
   */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return
    this.hidden = hidden
    if (hidden) return
    const now = this.clock.now()
    const outdated = STATUS_JOBS.some(
      (job) => now - (this.scheduler.status(job).lastSuccessAt ?? 0) >= STATUS_CADENCE_MS,
    )
    if (outdated) this.scheduler.refreshNow()
  }

  endpointStatus(job: StatusJob): EndpointStatus {
    return this.scheduler.status(job)
  }

  /** Why the last poll of either failed, in words, or null. */
  problem(): string | null {
    return STATUS_JOBS.map((job) => this.scheduler.status(job).lastError?.message).find(Boolean) ?? null
  }

  /** The market as the service says it where it is known and fresh, else as our calendar does. */
  view(): ServiceStatusView {
    const now = this.clock.now()
    const trustedMs = TRUSTED_FOR_CADENCES * this.scheduler.effectiveCadenceMs('marketStatus')
    const fresh = this.market !== null && now - this.market.receivedAt <= trustedMs
    return {
      market: fresh && this.market ? this.market.checked.reading : calendarOnlyReading(now),
      pauses: this.pauses,
      publishes: { ...this.publishes },
    }
  }

  private async poll(job: StatusJob, signal: AbortSignal): Promise<void> {
    const client = this.client
    if (!client) return
    if (job === 'marketStatus') {
      const answer = await client.marketStatus(signal)
      if (client !== this.client) return
      this.publishes.marketStatus = answer.available
      if (answer.available) {
        const checked = crossCheckMarket(answer.value)
        this.market = { checked, receivedAt: this.clock.now() }
        const news = this.notice.noteOnce(checked)
        if (news !== null) this.options.log(news)
      }
    } else {
      const readings = await (this.options.readPauses ?? readPausesHere)(client, signal)
      if (client !== this.client) return
      this.publishes.assetPauses = readings !== null
      this.pauses = readings === null ? null : new AssetPauses(readings)
    }
    // Told by the scheduler: its onChange follows every job, answered or failed.
  }
}
