import * as grpc from '@grpc/grpc-js'
import type { Clock } from '../../clock'
import { reasonOf } from './price-stream'
import type { StreamTarget } from './stream-address'
import { backendClient, openSymbolsStream, retryDelayMs } from './stream-calls'
import type { UpdatesFrame } from './stream-proto'

/**
 * One server stream for a set of symbols, kept open: the lifecycle the 1D chart's minute stream
 * (candle-stream.ts) and the depth streams (depth-call.ts) share. A service that answers
 * UNIMPLEMENTED has no such stream: said once (`unavailable`), never asked again until the
 * connection changes. Any other failure or end is retried with the price stream's capped backoff
 * and full jitter. The key goes in `x-api-key` to the streaming host only, and the service's error
 * text is never kept: a failure is said in our own words by its status.
 */

export type KeptCallState = 'off' | 'unavailable' | 'connecting' | 'retrying'

export interface KeptCallOptions<M> {
  clock: Clock
  random?: () => number
  method: 'StreamOHLC' | 'StreamSoftQuoteDepth'
  /** What `unavailable` says: the service answered UNIMPLEMENTED. */
  unimplemented: string
  clientOptions?: grpc.ClientOptions
  /** A call opened (the first or a retry), before it is said to be connecting. */
  onOpened?: () => void
  /** The updates of one frame of the open call. */
  onUpdates: (updates: readonly M[]) => void
  onState: (state: KeptCallState, reason: string | null) => void
}

export class KeptCall<M> {
  private readonly random: () => number
  private target: StreamTarget | null = null
  private apiKey: string | null = null
  private offReason = 'not connected'
  private client: grpc.Client | null = null
  private call: grpc.ClientReadableStream<UpdatesFrame<M>> | null = null
  /** What is streamed; none: no call is open. */
  private symbols: readonly string[] = []
  private unavailable = false
  private failures = 0
  private retryTimer: unknown = null

  constructor(private readonly options: KeptCallOptions<M>) {
    this.random = options.random ?? Math.random
  }

  /** Points the call at a host (null: none, `reason` says why) with a key, for the same symbols. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.closeCall()
    this.client?.close()
    this.client = null
    this.target = target
    this.apiKey = apiKey
    this.offReason = target === null ? reason : apiKey === null ? 'no API key' : ''
    this.unavailable = false
    this.failures = 0
    if (target !== null && apiKey !== null) this.client = backendClient(target, this.options.clientOptions)
    this.open()
  }

  /** Opens a new call for `symbols` (none: the call closes), the backoff started over. */
  stream(symbols: readonly string[]): void {
    this.symbols = symbols
    this.failures = 0
    this.open()
  }

  /** A frame brought what its owner asked for: the call works, the next failure waits least. */
  alive(): void {
    this.failures = 0
  }

  close(): void {
    this.closeCall()
    this.client?.close()
    this.client = null
    this.symbols = []
  }

  private open(): void {
    this.closeCall()
    if (this.symbols.length === 0) return
    const { options } = this
    if (this.client === null || this.apiKey === null) return options.onState('off', this.offReason)
    if (this.unavailable) return options.onState('unavailable', options.unimplemented)
    const call = openSymbolsStream<M>(this.client, options.method, [...this.symbols], this.apiKey)
    this.call = call
    options.onOpened?.()
    options.onState('connecting', null)
    call.on('data', (frame: UpdatesFrame<M>) => {
      if (call === this.call) options.onUpdates(frame.updates)
    })
    call.on('error', (error: grpc.ServiceError) => this.ended(call, error.code, error.details))
    call.on('end', () => this.ended(call, grpc.status.OK, ''))
  }

  private ended(call: grpc.ClientReadableStream<unknown>, code: grpc.status, details: string): void {
    if (call !== this.call) return
    this.call = null
    if (code === grpc.status.UNIMPLEMENTED) {
      this.unavailable = true
      return this.options.onState('unavailable', this.options.unimplemented)
    }
    this.failures++
    this.retryTimer = this.options.clock.setTimeout(
      () => {
        this.retryTimer = null
        this.open()
      },
      retryDelayMs(this.failures, this.random),
    )
    const reason =
      code === grpc.status.OK ? 'the stream ended' : reasonOf(code, this.target?.host ?? '', details)
    this.options.onState('retrying', reason)
  }

  private closeCall(): void {
    if (this.retryTimer !== null) this.options.clock.clearTimeout(this.retryTimer)
    this.retryTimer = null
    const call = this.call
    this.call = null
    call?.cancel()
  }
}
