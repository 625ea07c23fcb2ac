import * as grpc from '@grpc/grpc-js'
import type { StreamDrops, StreamStatus } from '../../../../shared/stream-status'
import type { WirePriceRecord } from '../../api/wire/wire'
import type { Clock } from '../../clock'
import { Deadline } from '../deadline'
import type { StreamTarget } from './stream-address'
import { STREAM_RETRY, backendClient, openSymbolsStream, retryDelayMs } from './stream-calls'
import type { PriceUpdateMessage, UpdatesFrame } from './stream-proto'
import { StreamedPrices } from './streamed-prices'

/**
 * The price stream of the shown symbols (StreamPriceUpdates), in the poll worker. It says which
 * symbols the stream carries now (`streamed()`): only those of a stream that has proved alive by a
 * frame, so the polls stop for them only then, and start again at once when the stream ends, fails
 * or falls silent. A failed stream is retried with capped exponential backoff and full jitter.
 *
 * The key goes in the `x-api-key` metadata to the streaming host only; the service's error text is
 * never kept or shown (it could echo what was sent): a failure is said in our own words by status.
 */

export interface PriceStreamOptions {
  clock: Clock
  random?: () => number
  /** Records taken from a frame (newest per symbol), with the instant they arrived. */
  onPrices: (records: WirePriceRecord[], receivedAt: number) => void
  /** The state or the streamed symbols changed. */
  onChange: () => void
}

/** A resubscription waits at least this long after the one before (the shown set can change fast). */
export const RESUBSCRIBE_GAP_MS = 1_000
/** RESOURCE_EXHAUSTED is the stream's 429: its first retry waits as long as a rate limit's would. */
export const EXHAUSTED_BASE_MS = 30_000
/** Before the usual gap between frames is known, a stream silent this long is silent. */
export const FIRST_FRAME_WITHIN_MS = 10_000
/** Never call a stream silent sooner than this (a stream at 10 frames a second still gets 2 s). */
const MIN_SILENCE_MS = 2_000
const GAPS_KEPT = 16

interface OpenCall {
  call: grpc.ClientReadableStream<UpdatesFrame<PriceUpdateMessage>>
  symbols: readonly string[]
  framed: boolean
}

/**
 * grpc-js's own words when a frame is over the client's receive limit: it cancels the call itself
 * with RESOURCE_EXHAUSTED, which is then no request of the service's to wait.
 */
const FRAME_TOO_LARGE = /^Received message larger than max/

/**
 * What a status means, in the words the freshness line says. `details` is only matched against
 * grpc-js's own text, never repeated: the service's could echo what was sent.
 */
export function reasonOf(code: grpc.status, host: string, details = ''): string {
  switch (code) {
    case grpc.status.UNIMPLEMENTED:
      return 'the service has no streams'
    case grpc.status.UNAUTHENTICATED:
    case grpc.status.PERMISSION_DENIED:
      return 'this key may not stream'
    case grpc.status.RESOURCE_EXHAUSTED:
      return FRAME_TOO_LARGE.test(details)
        ? 'a frame came larger than the app reads'
        : 'the service asked to wait'
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
      return `cannot reach ${host}`
    default:
      return 'the stream failed'
  }
}

export class PriceStream {
  private readonly random: () => number
  private target: StreamTarget | null = null
  private apiKey: string | null = null
  private client: grpc.Client | null = null
  private calls: OpenCall[] = []
  private symbols: string[] = []
  /** The symbols of the newest stream that has sent a frame: the ones it carries. */
  private liveSymbols: readonly string[] = []
  private readonly prices = new StreamedPrices()
  private current: StreamStatus
  private failures = 0
  private lastSubscribedAt = Number.NEGATIVE_INFINITY
  private subscribeTimer: unknown = null
  private retryTimer: unknown = null
  private readonly silence: Deadline
  private lastFrameAt: number | null = null
  /** The latest gaps between frames, oldest first, at most GAPS_KEPT. */
  private gaps: number[] = []

  constructor(private readonly options: PriceStreamOptions) {
    this.random = options.random ?? Math.random
    this.silence = new Deadline(options.clock, () => this.fail('the stream fell silent', null))
    this.current = { state: 'polling', since: options.clock.now(), reason: 'not connected', retryAt: null }
  }

  /** Points the stream at a host (null: none, `reason` says why) with a key; closes any before. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.close()
    this.target = target
    this.apiKey = apiKey
    this.failures = 0
    if (!target) return this.become({ state: 'polling', reason, retryAt: null })
    if (apiKey === null) return this.become({ state: 'polling', reason: 'no API key', retryAt: null })
    this.client = backendClient(target)
    this.subscribe()
  }

  /** The shown symbols: resubscribed at most once a second, the new stream open before the old closes. */
  setSymbols(symbols: readonly string[]): void {
    const next = [...new Set(symbols)]
    if (next.length === this.symbols.length && next.every((symbol, i) => symbol === this.symbols[i])) return
    this.symbols = next
    if (!this.client || this.retryTimer !== null || this.subscribeTimer !== null) return
    const wait = this.lastSubscribedAt + RESUBSCRIBE_GAP_MS - this.options.clock.now()
    if (wait <= 0) return this.subscribe()
    this.subscribeTimer = this.options.clock.setTimeout(() => {
      this.subscribeTimer = null
      this.subscribe()
    }, wait)
  }

  /** The symbols whose prices the stream carries now: none unless it is live. */
  streamed(): ReadonlySet<string> {
    return this.current.state === 'streaming' ? new Set(this.liveSymbols) : new Set()
  }

  status(): StreamStatus {
    return this.current
  }

  drops(): Readonly<StreamDrops> {
    return this.prices.drops
  }

  /** Updates paused: the stream closes so no price moves, and the status says paused, not streaming. */
  pause(): void {
    this.close()
    if (this.current.state !== 'paused') this.become({ state: 'paused' })
  }

  close(): void {
    for (const timer of [this.subscribeTimer, this.retryTimer])
      if (timer !== null) this.options.clock.clearTimeout(timer)
    this.subscribeTimer = this.retryTimer = null
    this.silence.clear()
    const calls = this.calls
    this.calls = []
    for (const open of calls) open.call.cancel()
    this.client?.close()
    this.client = null
    this.lastFrameAt = null
    this.gaps = []
    if (this.current.state !== 'polling')
      this.become({ state: 'polling', reason: 'not connected', retryAt: null })
  }

  private subscribe(): void {
    const client = this.client
    if (!client || this.apiKey === null) return
    this.lastSubscribedAt = this.options.clock.now()
    this.prices.setSymbols(this.symbols)
    if (this.symbols.length === 0) {
      // Nothing shown: nothing to stream (an empty request would mean every asset).
      for (const open of this.calls.splice(0)) open.call.cancel()
      this.liveSymbols = []
      return this.become({ state: 'streaming' })
    }
    const symbols = this.symbols
    const call = openSymbolsStream<PriceUpdateMessage>(client, 'StreamPriceUpdates', symbols, this.apiKey)
    const open: OpenCall = { call, symbols, framed: false }
    this.calls.push(open)
    if (this.current.state !== 'streaming') this.become({ state: 'connecting' })
    this.armSilence()
    open.call.on('data', (frame: UpdatesFrame<PriceUpdateMessage>) => this.frame(open, frame))
    open.call.on('error', (error: grpc.ServiceError) => this.ended(open, error.code, error.details))
    open.call.on('end', () => this.ended(open, grpc.status.OK, ''))
  }

  private frame(open: OpenCall, frame: UpdatesFrame<PriceUpdateMessage>): void {
    if (!this.calls.includes(open)) return
    const now = this.options.clock.now()
    if (this.lastFrameAt !== null) {
      this.gaps.push(now - this.lastFrameAt)
      if (this.gaps.length > GAPS_KEPT) this.gaps.shift()
    }
    this.lastFrameAt = now
    if (!open.framed) {
      open.framed = true
      // The new stream is alive: the streams it replaces close now, none of their updates lost.
      for (const older of this.calls.filter(
        (other) => other !== open && this.calls.indexOf(other) < this.calls.indexOf(open),
      )) {
        older.call.cancel()
        this.calls.splice(this.calls.indexOf(older), 1)
      }
      this.failures = 0
      this.liveSymbols = open.symbols
      if (this.current.state === 'streaming') this.options.onChange()
    }
    const records = this.prices.read(frame.updates, now)
    if (this.current.state !== 'streaming') this.become({ state: 'streaming' })
    if (records.length > 0) this.options.onPrices(records, now)
    this.armSilence()
  }

  private ended(open: OpenCall, code: grpc.status, details: string): void {
    if (!this.calls.includes(open)) return
    this.calls.splice(this.calls.indexOf(open), 1)
    // A replaced stream's end is no failure while a newer one stands.
    if (this.calls.length > 0) return
    const reason =
      code === grpc.status.OK ? 'the stream ended' : reasonOf(code, this.target?.host ?? '', details)
    this.fail(reason, code)
  }

  /** Hands the symbols back to polling at once and tries again after a backoff. */
  private fail(reason: string, code: grpc.status | null): void {
    for (const open of this.calls.splice(0)) open.call.cancel()
    this.silence.clear()
    this.lastFrameAt = null
    this.gaps = []
    this.failures++
    const base = code === grpc.status.RESOURCE_EXHAUSTED ? EXHAUSTED_BASE_MS : STREAM_RETRY.baseMs
    const delay = retryDelayMs(this.failures, this.random, base)
    const retryAt = this.options.clock.now() + delay
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = null
      this.subscribe()
    }, delay)
    this.become({ state: 'polling', reason, retryAt })
  }

  /** Silence: no frame for twice the usual gap between frames (the longest of the recent ones). */
  private armSilence(): void {
    const limit =
      this.gaps.length < 2 ? FIRST_FRAME_WITHIN_MS : Math.max(MIN_SILENCE_MS, 2 * Math.max(...this.gaps))
    this.silence.set(this.options.clock.now() + limit)
  }

  /** Moves to `next`; `since` stays while the source does (polling for another reason is still polling). */
  private become(next: DistributiveOmit<StreamStatus, 'since'>): void {
    const since = next.state === this.current.state ? this.current.since : this.options.clock.now()
    this.current = { ...next, since } as StreamStatus
    this.options.onChange()
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
