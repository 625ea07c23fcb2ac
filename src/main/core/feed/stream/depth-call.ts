import * as grpc from '@grpc/grpc-js'
import type { DepthLadder, DepthView } from '../../../../shared/depth'
import type { SoftQuoteDepthMessage } from '../../depth/depth-message'
import { readDepth } from '../../depth/depth-reading'
import type { Clock } from '../../clock'
import { MAX_DEPTH_FRAME_BYTES } from './first-depth'
import { reasonOf } from './price-stream'
import type { StreamTarget } from './stream-address'
import { backendClient, openSymbolsStream, retryDelayMs } from './stream-calls'
import type { UpdatesFrame } from './stream-proto'

/**
 * One StreamSoftQuoteDepth call for a set of symbols, kept open: the transport both depth streams
 * share (the detail panel's one symbol, depth-stream.ts; the held symbols, held-depth-stream.ts).
 * A service that answers UNIMPLEMENTED publishes no depth: said once (`unavailable`), never asked
 * again until the connection changes. Any other failure or end is retried with the price stream's
 * capped backoff and full jitter. The key goes in `x-api-key` to the streaming host only, and the
 * service's error text is never kept: a failure is said in our own words by its status.
 */

export type DepthCallState = DepthView['state']

export interface DepthCallOptions {
  clock: Clock
  random?: () => number
  /** The ladders of a frame (of the symbols asked only), read, with when the frame came. */
  onLadders: (ladders: DepthLadder[], receivedAt: number) => void
  /** The call's state changed, or it was opened again (`reason`: why it is not streaming). */
  onState: (state: DepthCallState, reason: string | null) => void
}

const NO_DEPTH = 'this service publishes no depth'

export class DepthCall {
  private readonly random: () => number
  private target: StreamTarget | null = null
  private apiKey: string | null = null
  private offReason = 'not connected'
  private client: grpc.Client | null = null
  private call: grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>> | null = null
  private symbols: readonly string[] = []
  private unavailable = false
  /** Nothing needs the ladders now (window hidden, app paused): no call is open. */
  private idle = false
  private failures = 0
  private retryTimer: unknown = null

  constructor(private readonly options: DepthCallOptions) {
    this.random = options.random ?? Math.random
  }

  /** Points the call at a host (null: none, `reason` says why) with a key; the symbols follow. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.closeCall()
    this.client?.close()
    this.client = null
    this.target = target
    this.apiKey = apiKey
    this.offReason = target === null ? reason : apiKey === null ? 'no API key' : ''
    this.unavailable = false
    this.failures = 0
    if (target !== null && apiKey !== null)
      this.client = backendClient(target, { 'grpc.max_receive_message_length': MAX_DEPTH_FRAME_BYTES })
    this.open()
  }

  /** The symbols streamed (none: the call closes). A different set opens a new call. */
  setSymbols(symbols: readonly string[]): void {
    if (symbols.length === this.symbols.length && symbols.every((symbol, i) => symbol === this.symbols[i]))
      return
    this.symbols = [...symbols]
    this.failures = 0
    this.open()
  }

  /** Idle: the call closes; active again: it reopens for the same symbols. */
  setIdle(idle: boolean): void {
    if (idle === this.idle) return
    this.idle = idle
    this.failures = 0
    this.open()
  }

  close(): void {
    this.closeCall()
    this.client?.close()
    this.client = null
    this.symbols = []
  }

  private open(): void {
    this.closeCall()
    const symbols = this.symbols
    if (symbols.length === 0 || this.idle) return
    if (this.client === null || this.apiKey === null) return this.options.onState('off', this.offReason)
    if (this.unavailable) return this.options.onState('unavailable', NO_DEPTH)
    const asked = new Set(symbols)
    const call = openSymbolsStream<SoftQuoteDepthMessage>(
      this.client,
      'StreamSoftQuoteDepth',
      [...symbols],
      this.apiKey,
    )
    this.call = call
    this.options.onState('connecting', null)
    call.on('data', (frame: UpdatesFrame<SoftQuoteDepthMessage>) => {
      if (call !== this.call) return
      const mine = (frame.updates ?? []).filter((update) => asked.has(update?.symbol))
      if (mine.length === 0) return
      this.failures = 0
      this.options.onLadders(mine.map(readDepth), this.options.clock.now())
    })
    call.on('error', (error: grpc.ServiceError) => this.ended(call, error.code))
    call.on('end', () => this.ended(call, grpc.status.OK))
  }

  private ended(call: grpc.ClientReadableStream<unknown>, code: grpc.status): void {
    if (call !== this.call) return
    this.call = null
    if (code === grpc.status.UNIMPLEMENTED) {
      this.unavailable = true
      return this.options.onState('unavailable', NO_DEPTH)
    }
    this.failures++
    this.retryTimer = this.options.clock.setTimeout(
      () => {
        this.retryTimer = null
        this.open()
      },
      retryDelayMs(this.failures, this.random),
    )
    const reason = code === grpc.status.OK ? 'the stream ended' : reasonOf(code, this.target?.host ?? '')
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
