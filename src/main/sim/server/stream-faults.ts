import type { PriceUpdateMessage } from '../../core/feed/stream/stream-proto'

/**
 * What can go wrong with the simulator's gRPC streams (real-service-notes.md, "Streaming": a stream
 * may end or fail at any time). Switches, not probabilities: a test or the sim's command line sets
 * the fault it means to show, and every stream opened from then on has it.
 */
export interface StreamFaultPlan {
  /** Every call fails at once with UNAVAILABLE, as a host that refuses would. */
  refuse?: boolean
  /** Every call fails at once with UNAUTHENTICATED (a key the streams do not accept). */
  unauthenticated?: boolean
  /** Every call fails at once with RESOURCE_EXHAUSTED (too many streams, the stream's 429). */
  resourceExhausted?: boolean
  /** Each stream ends (status OK) after this many frames. */
  endAfterFrames?: number
  /** Streams, those open included, are sent no frame from now on (the connection stays). */
  silent?: boolean
  /** Each frame also carries, per symbol, its previous update again (older) and the new one twice. */
  outOfOrder?: boolean
  /** Each frame also carries three broken records: a bad decimal, an empty symbol, timestamp 0. */
  malformed?: boolean
}

/** The status a plan refuses every call with, or null when calls are taken. */
export function refusalOf(
  plan: StreamFaultPlan,
): 'UNAVAILABLE' | 'UNAUTHENTICATED' | 'RESOURCE_EXHAUSTED' | null {
  if (plan.refuse) return 'UNAVAILABLE'
  if (plan.unauthenticated) return 'UNAUTHENTICATED'
  if (plan.resourceExhausted) return 'RESOURCE_EXHAUSTED'
  return null
}

/**
 * A price frame as the plan bends it: `previous` holds, per symbol, the update sent before this
 * frame's (the out-of-order copy repeats it after the new one).
 */
export function bentPriceFrame(
  updates: readonly PriceUpdateMessage<string>[],
  previous: ReadonlyMap<string, PriceUpdateMessage<string>>,
  plan: StreamFaultPlan,
): PriceUpdateMessage<string>[] {
  const frame = [...updates]
  if (plan.outOfOrder)
    for (const update of updates) {
      const older = previous.get(update.symbol)
      frame.push(update)
      if (older) frame.push(older)
    }
  const first = updates[0]
  if (plan.malformed && first)
    frame.push({ ...first, token_price: '12.3.4' }, { ...first, symbol: '' }, { ...first, timestamp: '0' })
  return frame
}
