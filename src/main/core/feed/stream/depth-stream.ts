import * as grpc from '@grpc/grpc-js'
import type { DepthView } from '../../../../shared/depth'
import type { SoftQuoteDepthMessage } from '../../depth/depth-message'
import { readDepth } from '../../depth/depth-reading'
import type { Clock } from '../../clock'
import { MAX_DEPTH_FRAME_BYTES } from './first-depth'
import { STREAM_RETRY, reasonOf } from './price-stream'
import type { StreamTarget } from './stream-address'
import { type UpdatesFrame, backendClientConstructor } from './stream-proto'

/**
 * The depth ladder of the one symbol the detail panel shows (StreamSoftQuoteDepth), beside the
 * price stream in the poll worker. One call, for that symbol only, cancelled when the panel closes
 * or shows another. What it pushes is coalesced to at most one view per PAINT_GAP_MS (the window
 * paints it at most 4 times a second): a burst of frames sends only the newest ladder.
 *
 * A service that answers UNIMPLEMENTED publishes no depth: said once (`unavailable`), never asked
 * again until the connection changes. Any other failure or end is retried with the price stream's
 * capped backoff and full jitter. The key goes in `x-api-key` to the streaming host only, and the
 * service's error text is never kept: a failure is said in our own words by its status.
 */

export const PAINT_GAP_MS = 250

export interface DepthStreamOptions {
  clock: Clock
  random?: () => number
  onView: (view: DepthView) => void
}

type DepthMethod = (
  this: grpc.Client,
  request: { symbols: string[] },
  metadata: grpc.Metadata,
) => grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>>

export class DepthStream {
  private readonly random: () => number
  private target: StreamTarget | null = null
  private apiKey: string | null = null
  private offReason = 'not connected'
  private client: grpc.Client | null = null
  private call: grpc.ClientReadableStream<UpdatesFrame<SoftQuoteDepthMessage>> | null = null
  private symbol: string | null = null
  private unavailable = false
  /** The window is hidden: nothing paints the ladder, so none is streamed. */
  private hidden = false
  private failures = 0
  private retryTimer: unknown = null
  private paintTimer: unknown = null
  private lastPaintAt = Number.NEGATIVE_INFINITY
  private view: DepthView | null = null

  constructor(private readonly options: DepthStreamOptions) {
    this.random = options.random ?? Math.random
  }

  /** Points the stream at a host (null: none, `reason` says why) with a key; the open symbol follows. */
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
      this.client = new (backendClientConstructor())(
        target.address,
        target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure(),
        { 'grpc.max_receive_message_length': MAX_DEPTH_FRAME_BYTES },
      )
    this.open()
  }

  /** The detail panel's symbol (null: closed): its ladder alone is streamed. */
  setSymbol(symbol: string | null): void {
    if (symbol === this.symbol) return
    this.symbol = symbol
    this.failures = 0
    this.open()
  }

  /** Hidden: the call closes (the panel cannot show it); shown again: it reopens for the same symbol. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return
    this.hidden = hidden
    this.failures = 0
    this.open()
  }

  close(): void {
    this.closeCall()
    if (this.paintTimer !== null) this.options.clock.clearTimeout(this.paintTimer)
    this.paintTimer = null
    this.client?.close()
    this.client = null
    this.symbol = null
  }

  private open(): void {
    this.closeCall()
    const symbol = this.symbol
    if (symbol === null || this.hidden) return
    if (this.client === null || this.apiKey === null)
      return this.show({ symbol, state: 'off', reason: this.offReason, ladder: null, receivedAt: null })
    if (this.unavailable)
      return this.show({
        symbol,
        state: 'unavailable',
        reason: 'this service publishes no depth',
        ladder: null,
        receivedAt: null,
      })
    const metadata = new grpc.Metadata()
    metadata.set('x-api-key', this.apiKey)
    const method = (this.client as unknown as Record<string, DepthMethod>)[
      'StreamSoftQuoteDepth'
    ] as DepthMethod
    const call = method.call(this.client, { symbols: [symbol] }, metadata)
    this.call = call
    this.show({ symbol, state: 'connecting', reason: null, ...this.lastLadderOf(symbol) })
    call.on('data', (frame: UpdatesFrame<SoftQuoteDepthMessage>) => {
      if (call !== this.call) return
      const mine = (frame.updates ?? []).findLast((update) => update?.symbol === symbol)
      if (!mine) return
      this.failures = 0
      this.show({
        symbol,
        state: 'streaming',
        reason: null,
        ladder: readDepth(mine),
        receivedAt: this.options.clock.now(),
      })
    })
    call.on('error', (error: grpc.ServiceError) => this.ended(call, error.code))
    call.on('end', () => this.ended(call, grpc.status.OK))
  }

  private ended(call: grpc.ClientReadableStream<unknown>, code: grpc.status): void {
    if (call !== this.call || this.symbol === null) return
    this.call = null
    const symbol = this.symbol
    if (code === grpc.status.UNIMPLEMENTED) {
      this.unavailable = true
      return this.show({
        symbol,
        state: 'unavailable',
        reason: 'this service publishes no depth',
        ladder: null,
        receivedAt: null,
      })
    }
    this.failures++
    const ceiling = Math.min(STREAM_RETRY.capMs, STREAM_RETRY.baseMs * 2 ** (this.failures - 1))
    const delay = Math.max(STREAM_RETRY.floorMs, Math.floor(this.random() * ceiling))
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = null
      this.open()
    }, delay)
    const reason = code === grpc.status.OK ? 'the stream ended' : reasonOf(code, this.target?.host ?? '')
    this.show({ symbol, state: 'retrying', reason, ...this.lastLadderOf(symbol) })
  }

  /** The last ladder of `symbol`, kept through a retry and a reconnection: its receivedAt dates it. */
  private lastLadderOf(symbol: string): Pick<DepthView, 'ladder' | 'receivedAt'> {
    const view = this.view
    return view?.symbol === symbol
      ? { ladder: view.ladder, receivedAt: view.receivedAt }
      : { ladder: null, receivedAt: null }
  }

  private closeCall(): void {
    if (this.retryTimer !== null) this.options.clock.clearTimeout(this.retryTimer)
    this.retryTimer = null
    const call = this.call
    this.call = null
    call?.cancel()
  }

  /** Pushes `view` now, or once PAINT_GAP_MS has passed since the last push (the newest wins). */
  private show(view: DepthView): void {
    const state = this.view
    this.view = view
    // A change of symbol or state is said at once; only a new ladder of the same stream waits its turn.
    const urgent = state === null || state.symbol !== view.symbol || state.state !== view.state
    const wait = this.lastPaintAt + PAINT_GAP_MS - this.options.clock.now()
    if (urgent || wait <= 0) return this.paint()
    if (this.paintTimer === null)
      this.paintTimer = this.options.clock.setTimeout(() => {
        this.paintTimer = null
        this.paint()
      }, wait)
  }

  private paint(): void {
    if (this.paintTimer !== null) this.options.clock.clearTimeout(this.paintTimer)
    this.paintTimer = null
    this.lastPaintAt = this.options.clock.now()
    if (this.view) this.options.onView(this.view)
  }
}
