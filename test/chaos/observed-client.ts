import {
  API_CLIENT_DEFAULTS,
  ApiClient,
  type ApiClientOptions,
  type FetchResult,
} from '../../src/main/core/api/api-client'
import { ApiError } from '../../src/main/core/api/api-errors'
import type { EndpointName } from '../../src/shared/status'
import type { WireMarketRecord, WirePriceRecord } from '../../src/main/core/api/wire/wire'
import type { WarpClock } from './warp-clock'

/**
 * The real ApiClient, with every call bracketed for the chaos run: the warp clock learns that a
 * request is in flight, and a CallWatch counts requests and failures and checks that no request
 * starts while a Retry-After the client has already received is still running (per endpoint, as
 * the scheduler backs off).
 */

export interface CallRecord {
  endpoint: EndpointName
  startedAt: number
  endedAt: number | null
}

export class CallWatch {
  requests: Record<EndpointName, number> = { prices: 0, market: 0, limits: 0 }
  /** Answers that asked us to wait (429 or Retry-After), as the client received them. */
  askedToWait = 0
  /** Requests started before a Retry-After already received had run out. */
  violations = 0
  /** Failed requests by the kind of failure the client reported. */
  readonly failures: Record<string, number> = {}
  /** Per endpoint: how many requests failed, and when the last one did. */
  readonly failed: Record<EndpointName, { count: number; lastAt: number | null }> = {
    prices: { count: 0, lastAt: null },
    market: { count: 0, lastAt: null },
    limits: { count: 0, lastAt: null },
  }
  private readonly blockedUntil: Record<EndpointName, number> = { prices: 0, market: 0, limits: 0 }
  private readonly inFlight = new Set<CallRecord>()

  constructor(readonly clock: WarpClock) {}

  started(endpoint: EndpointName): CallRecord {
    this.clock.begin()
    const now = this.clock.now()
    this.requests[endpoint] += 1
    if (now < this.blockedUntil[endpoint]) this.violations += 1
    const call: CallRecord = { endpoint, startedAt: now, endedAt: null }
    this.inFlight.add(call)
    return call
  }

  failedWith(endpoint: EndpointName, error: unknown): void {
    const kind = error instanceof ApiError ? error.kind : 'other'
    this.failures[kind] = (this.failures[kind] ?? 0) + 1
    this.failed[endpoint] = { count: this.failed[endpoint].count + 1, lastAt: this.clock.now() }
    if (!(error instanceof ApiError)) return
    if (error.kind !== 'rate-limited' && error.retryAfterMs === null) return
    this.askedToWait += 1
    const until = this.clock.now() + (error.retryAfterMs ?? 0)
    this.blockedUntil[endpoint] = Math.max(this.blockedUntil[endpoint], until)
  }

  ended(call: CallRecord): void {
    call.endedAt = this.clock.now()
    this.inFlight.delete(call)
    this.clock.end()
  }

  /** The calls of an endpoint in flight now (their `endedAt` fills in when they end). */
  inFlightCalls(endpoint: EndpointName): CallRecord[] {
    return [...this.inFlight].filter((call) => call.endpoint === endpoint)
  }
}

export class ObservedClient extends ApiClient {
  /** The client's whole-request deadline: how long, in virtual time, a request that met it lasted. */
  private readonly deadlineMs: number

  constructor(
    options: ApiClientOptions,
    private readonly watch: CallWatch,
  ) {
    super(options)
    this.deadlineMs = options.timeoutMs ?? API_CLIENT_DEFAULTS.timeoutMs
  }

  override market(symbol: string, signal?: AbortSignal): Promise<FetchResult<WireMarketRecord>> {
    return this.observe('market', () => super.market(symbol, signal))
  }

  override allMarket(...args: Parameters<ApiClient['allMarket']>): ReturnType<ApiClient['allMarket']> {
    return this.observe('market', () => super.allMarket(...args))
  }

  override price(symbol: string, signal?: AbortSignal): Promise<FetchResult<WirePriceRecord>> {
    return this.observe('prices', () => super.price(symbol, signal))
  }

  override allPrices(...args: Parameters<ApiClient['allPrices']>): ReturnType<ApiClient['allPrices']> {
    return this.observe('prices', () => super.allPrices(...args))
  }

  override limits(...args: Parameters<ApiClient['limits']>): ReturnType<ApiClient['limits']> {
    return this.observe('limits', () => super.limits(...args))
  }

  private async observe<T>(endpoint: EndpointName, call: () => Promise<T>): Promise<T> {
    const record = this.watch.started(endpoint)
    let value: T
    try {
      value = await call()
    } catch (error) {
      this.watch.ended(record)
      // Virtual time stood still while it hung (warp-clock.ts); it lasted the deadline all the
      // same, and whatever was due meanwhile happens first.
      if (error instanceof ApiError && error.kind === 'timeout') {
        await this.watch.clock.sleep(this.deadlineMs)
        record.endedAt = this.watch.clock.now()
      }
      this.watch.failedWith(endpoint, error)
      throw error
    }
    this.watch.ended(record)
    return value
  }
}
