import type { DepthLadder, DepthView } from '../../../../shared/depth'
import type { SoftQuoteDepthMessage } from '../../depth/depth-message'
import { readDepth } from '../../depth/depth-reading'
import type { Clock } from '../../clock'
import { MAX_DEPTH_FRAME_BYTES } from './first-depth'
import { KeptCall } from './kept-call'
import type { StreamTarget } from './stream-address'

/**
 * One StreamSoftQuoteDepth call for a set of symbols, kept open (kept-call.ts: UNIMPLEMENTED said
 * once, backoff, the key to the streaming host only): the transport both depth streams share (the
 * detail panel's one symbol, depth-stream.ts; the held symbols, held-depth-stream.ts). Only the
 * ladders of the symbols asked are read; nothing is streamed while nothing needs them (`idle`).
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
  private readonly call: KeptCall<SoftQuoteDepthMessage>
  private symbols: readonly string[] = []
  private asked: ReadonlySet<string> = new Set()
  /** Nothing needs the ladders now (window hidden, app paused): no call is open. */
  private idle = false

  constructor(options: DepthCallOptions) {
    this.call = new KeptCall({
      clock: options.clock,
      random: options.random,
      method: 'StreamSoftQuoteDepth',
      unimplemented: NO_DEPTH,
      clientOptions: { 'grpc.max_receive_message_length': MAX_DEPTH_FRAME_BYTES },
      onUpdates: (updates) => {
        const mine = updates.filter((update) => this.asked.has(update?.symbol))
        if (mine.length === 0) return
        this.call.alive()
        options.onLadders(mine.map(readDepth), options.clock.now())
      },
      onState: options.onState,
    })
  }

  /** Points the call at a host (null: none, `reason` says why) with a key; the symbols follow. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.call.connect(target, apiKey, reason)
  }

  /** The symbols streamed (none: the call closes). A different set opens a new call. */
  setSymbols(symbols: readonly string[]): void {
    if (symbols.length === this.symbols.length && symbols.every((symbol, i) => symbol === this.symbols[i]))
      return
    this.symbols = [...symbols]
    this.asked = new Set(symbols)
    this.streamAsNeeded()
  }

  /** Idle: the call closes; active again: it reopens for the same symbols. */
  setIdle(idle: boolean): void {
    if (idle === this.idle) return
    this.idle = idle
    this.streamAsNeeded()
  }

  close(): void {
    this.call.close()
    this.symbols = []
  }

  private streamAsNeeded(): void {
    this.call.stream(this.idle ? [] : this.symbols)
  }
}
