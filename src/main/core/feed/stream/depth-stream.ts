import type { DepthView } from '../../../../shared/depth'
import type { Clock } from '../../clock'
import { DepthCall } from './depth-call'
import { PacedPush } from './paced-push'
import type { StreamTarget } from './stream-address'

/**
 * The depth ladder of the one symbol the detail panel shows (StreamSoftQuoteDepth), beside the
 * price stream in the poll worker. One call (depth-call.ts), for that symbol only, cancelled when
 * the panel closes or shows another. What it pushes is coalesced to at most one view per
 * PAINT_GAP_MS (the window paints it at most 4 times a second): a burst of frames sends only the
 * newest ladder; a change of symbol or state is pushed at once.
 */

export const PAINT_GAP_MS = 250

export interface DepthStreamOptions {
  clock: Clock
  random?: () => number
  onView: (view: DepthView) => void
}

export class DepthStream {
  private readonly call: DepthCall
  private symbol: string | null = null
  private view: DepthView | null = null
  private readonly paint: PacedPush

  constructor(options: DepthStreamOptions) {
    this.paint = new PacedPush(options.clock, PAINT_GAP_MS, () => {
      if (this.view) options.onView(this.view)
    })
    this.call = new DepthCall({
      clock: options.clock,
      random: options.random,
      onLadders: (ladders, receivedAt) => {
        const symbol = this.symbol
        const ladder = ladders.findLast((each) => each.symbol === symbol)
        if (symbol !== null && ladder)
          this.show({ symbol, state: 'streaming', reason: null, ladder, receivedAt })
      },
      onState: (state, reason) => {
        const symbol = this.symbol
        if (symbol === null) return
        const kept = state === 'connecting' || state === 'retrying'
        this.show({
          symbol,
          state,
          reason,
          ...(kept ? this.lastLadderOf(symbol) : { ladder: null, receivedAt: null }),
        })
      },
    })
  }

  /** Points the stream at a host (null: none, `reason` says why) with a key; the open symbol follows. */
  connect(target: StreamTarget | null, apiKey: string | null, reason: string): void {
    this.call.connect(target, apiKey, reason)
  }

  /** The detail panel's symbol (null: closed): its ladder alone is streamed. */
  setSymbol(symbol: string | null): void {
    if (symbol === this.symbol) return
    this.symbol = symbol
    this.call.setSymbols(symbol === null ? [] : [symbol])
  }

  /** Hidden: the call closes (the panel cannot show it); shown again: it reopens for the same symbol. */
  setHidden(hidden: boolean): void {
    this.call.setIdle(hidden)
  }

  close(): void {
    this.call.close()
    this.paint.cancel()
    this.symbol = null
  }

  /** The last ladder of `symbol`, kept through a retry and a reconnection: its receivedAt dates it. */
  private lastLadderOf(symbol: string): Pick<DepthView, 'ladder' | 'receivedAt'> {
    const view = this.view
    return view?.symbol === symbol
      ? { ladder: view.ladder, receivedAt: view.receivedAt }
      : { ladder: null, receivedAt: null }
  }

  /** Pushes `view` now, or once PAINT_GAP_MS has passed since the last push (the newest wins). */
  private show(view: DepthView): void {
    const state = this.view
    this.view = view
    // A change of symbol or state is said at once; only a new ladder of the same stream waits its turn.
    const urgent = state === null || state.symbol !== view.symbol || state.state !== view.state
    if (urgent) this.paint.now()
    else this.paint.soon()
  }
}
