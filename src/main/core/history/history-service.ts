import type { HistoryPoint, HistoryRange, HistorySeries, HistorySource } from '../../../shared/history'
import { alignHistory, multiplierChanges } from './history-align'
import { type CandleRequest, HISTORY_PLANS, type HistoryPlan, rangeStart } from './history-plan'
import { recordedCandles } from './history-recorded'
import type { RecordedHistory, RecordedRow } from '../recording-port'
import type { CandlesAnswer, MultiplierAnswer } from '../api/wire/wire-history'
import type { ApiClient } from '../api/api-client'
import { ApiError, sanitizeServiceText } from '../api/api-errors'
import type { HistoryQueue } from './history-queue'
import { isAboutTheAsset } from '../api/optional-endpoints'
import type { Clock } from '../clock'
import { screenTimeText } from '../screen-time'
import type { HistoryCache } from './history-cache'

/**
 * One symbol's history for one range, put together on demand: the service's candles and
 * multiplier history (through history's own queue, cached for their lifetime) joined with what
 * the poll worker recorded, which fills the minutes since the service's last candle and all of
 * it for a service without history.
 */

export interface HistoryServiceOptions {
  /** History's own client for the current connection; null while there is none. */
  client: () => ApiClient | null
  queue: HistoryQueue
  cache: HistoryCache
  clock: Clock
  /**
   * What the poll worker recorded of `symbol` from `from` on; `daily`: a row a day is enough (the range has
   * daily points).
   */
  recorded: (symbol: string, from: number, daily: boolean) => Promise<RecordedHistory>
}

interface ServiceHistory {
  candles: CandlesAnswer
  multiplier: MultiplierAnswer
  interval: string
}

type ServiceReading =
  { kind: 'answer'; history: ServiceHistory } | { kind: 'none' } | { kind: 'failed'; message: string }

const DAY_MS = 86_400_000

export class HistoryService {
  constructor(private readonly options: HistoryServiceOptions) {}

  async history(symbol: string, range: HistoryRange): Promise<HistorySeries> {
    const plan = HISTORY_PLANS[range]
    const now = this.options.clock.now()
    const from = rangeStart(range, now)
    const [service, recorded] = await Promise.all([
      this.fromService(symbol, plan),
      this.options.recorded(symbol, from, plan.intervalMs >= DAY_MS),
    ])
    const servicePoints = service.kind === 'answer' ? this.aligned(service.history, plan, now, from) : []
    const lastServiceT = servicePoints.at(-1)?.t ?? Number.NEGATIVE_INFINITY
    const recordedPoints = this.recordedPoints(recorded.rows, plan, now, service).filter(
      (p) => p.t > lastServiceT && p.t >= from,
    )
    const source: HistorySource =
      servicePoints.length === 0 ? 'recorded' : recordedPoints.length === 0 ? 'service' : 'both'
    const steps =
      service.kind === 'answer'
        ? service.history.multiplier.steps
        : recordedCandles(recorded.rows, 0).multiplier
    return {
      symbol,
      range,
      interval: service.kind === 'answer' ? service.history.interval : plan.request.interval,
      source,
      note: this.note(service, recorded),
      points: [...servicePoints, ...recordedPoints],
      multiplierChanges: multiplierChanges(steps, from),
      rejectedCandles: service.kind === 'answer' ? service.history.candles.rejected.length : 0,
      asOf: now,
    }
  }

  private aligned(history: ServiceHistory, plan: HistoryPlan, now: number, from: number): HistoryPoint[] {
    const points = alignHistory({
      token: history.candles.token,
      stock: history.candles.stock,
      multiplier: history.multiplier.steps,
      intervalMs: plan.intervalMs,
      asOf: now,
    })
    const first = points.findIndex((point) => point.t >= from)
    return first <= 0 ? (first === 0 ? points : []) : points.slice(first)
  }

  /** Recorded rows on the service's multiplier history where there is one, else the recorded values. */
  private recordedPoints(
    rows: RecordedRow[],
    plan: HistoryPlan,
    now: number,
    service: ServiceReading,
  ): HistoryPoint[] {
    const candles = recordedCandles(rows, plan.intervalMs)
    const multiplier = service.kind === 'answer' ? service.history.multiplier.steps : candles.multiplier
    return alignHistory({ ...candles, multiplier, intervalMs: plan.intervalMs, asOf: now })
  }

  private note(service: ServiceReading, recorded: RecordedHistory): string | null {
    const since =
      recorded.since === null
        ? 'Tokenwatch has recorded nothing of it yet'
        : `Tokenwatch has been recording it since ${screenTimeText(recorded.since)}`
    if (service.kind === 'none') return `This service publishes no history; ${since}.`
    if (service.kind === 'failed')
      return (
        `The service's history could not be fetched (${service.message}` +
        `); shown: what Tokenwatch recorded.`
      )
    const { token, rejected } = service.history.candles
    if (token.length === 0 && rejected.length > 0)
      return (
        `Every candle the service sent was rejected (${rejected.length}` +
        `, the first: ${sanitizeServiceText(rejected[0]?.reason ?? '')}` +
        `); shown: what Tokenwatch recorded.`
      )
    return null
  }

  private async fromService(symbol: string, plan: HistoryPlan): Promise<ServiceReading> {
    const client = this.options.client()
    if (client === null || client.optional.isMissing('candles')) return { kind: 'none' }
    try {
      const candles = await this.candles(client, symbol, plan)
      if (candles === null) return { kind: 'none' }
      const multiplier = await this.cached(`${symbol}.multiplier.all`, () =>
        client.multiplierHistory(symbol, 'all'),
      )
      return {
        kind: 'answer',
        history: {
          candles: candles.answer,
          multiplier: multiplier ?? { steps: [], rejected: [] },
          interval: candles.request.interval,
        },
      }
    } catch (error) {
      // An unknown symbol is the asker's mistake, said as such; anything else degrades to what was recorded.
      if (isAboutTheAsset(error)) throw error
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
    }
  }

  /** The plan's candles, or its fallback's when the service refuses the pair with a 400. */
  private async candles(
    client: ApiClient,
    symbol: string,
    plan: HistoryPlan,
  ): Promise<{ answer: CandlesAnswer; request: CandleRequest } | null> {
    const ask = (request: CandleRequest) =>
      this.cached(`${symbol}.${request.interval}.${request.range}`, () =>
        client.candles(symbol, request.interval, request.range),
      )
    try {
      const answer = await ask(plan.request)
      return answer === undefined ? null : { answer, request: plan.request }
    } catch (error) {
      if (!(plan.fallback && error instanceof ApiError && error.status === 400)) throw error
      const answer = await ask(plan.fallback)
      return answer === undefined ? null : { answer, request: plan.fallback }
    }
  }

  /** A cached answer, or the service's through history's queue; undefined when the endpoint is missing. */
  private async cached<T>(
    key: string,
    ask: () => Promise<{ available: true; value: T } | { available: false }>,
  ): Promise<T | undefined> {
    const kept = await this.options.cache.get<T>(key)
    if (kept !== undefined) return kept
    const answer = await this.options.queue.run(ask)
    if (!answer.available) return undefined
    await this.options.cache.set(key, answer.value)
    return answer.value
  }
}
