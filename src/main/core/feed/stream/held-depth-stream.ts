import type { DepthLadder } from '../../../../shared/depth'
import type { Clock } from '../../clock'
import { DepthCall, type DepthCallState } from './depth-call'
import { PacedPush } from './paced-push'
import type { StreamTarget } from './stream-address'

/**
 * The depth ladders of every held symbol (and every symbol a depth alert watches), on one
 * StreamSoftQuoteDepth call beside the price stream in the poll worker: what main values the
 * holdings at (their bids) and judges the spread and liquidity alerts on. Frames are gathered, the
 * newest ladder per symbol kept, and pushed at most once per REPAINT_GAP_MS: fifty symbols streaming
 * many frames a second cost main one message a second. A change of the call's state is pushed at once.
 */

export const REPAINT_GAP_MS = 1_000

export interface HeldLadder {
  ladder: DepthLadder
  /** Unix ms the frame carrying it came. */
  receivedAt: number
}

export interface HeldDepthUpdate {
  state: DepthCallState
  /** Why it is not streaming, in words; null while it streams. */
  reason: string | null
  /** The ladders that came since the last push, the newest of each symbol. */
  ladders: HeldLadder[]
}

export interface HeldDepthStreamOptions {
  clock: Clock
  random?: () => number
  onUpdate: (update: HeldDepthUpdate) => void
}

export class HeldDepthStream {
  private readonly call: DepthCall
  private state: DepthCallState = 'off'
  private reason: string | null = 'not connected'
  private pending = new Map<string, HeldLadder>()
  private readonly paced: PacedPush

  constructor(private readonly options: HeldDepthStreamOptions) {
    this.paced = new PacedPush(options.clock, REPAINT_GAP_MS, () => this.push())
    this.call = new DepthCall({
      clock: options.clock,
      random: options.random,
      onLadders: (ladders, receivedAt) => {
        for (const ladder of ladders) this.pending.set(ladder.symbol, { ladder, receivedAt })
        if (this.state === 'streaming') return this.paced.soon()
        this.state = 'streaming'
        this.reason = null
        this.paced.now()
      },
      onState: (state, reason) => {
        if (state === this.state && reason === this.reason) return
        this.state = state
        this.reason = reason
        this.paced.now()
      },
    })
  }

  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.call.connect(target, apiKey, reason)
  }

  /** The symbols to stream, in a stable order (a new set opens a new call). */
  setSymbols(symbols: readonly string[]): void {
    this.call.setSymbols([...new Set(symbols)].sort())
  }

  /** Paused: nothing of the market is asked; resumed, the call reopens. */
  setPaused(paused: boolean): void {
    this.call.setIdle(paused)
  }

  close(): void {
    this.call.close()
    this.paced.cancel()
    this.pending.clear()
  }

  private push(): void {
    const ladders = [...this.pending.values()]
    this.pending.clear()
    this.options.onUpdate({ state: this.state, reason: this.reason, ladders })
  }
}
