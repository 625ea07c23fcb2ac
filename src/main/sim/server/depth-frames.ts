import type { SoftQuoteDepthMessage } from '../../core/depth/depth-message'
import type { SimMarket } from '../market/market'
import { DEFAULT_READINGS } from '../market/service-bodies'
import type { StreamFaultPlan } from './stream-faults'

/**
 * What one StreamSoftQuoteDepth call sends at each look at the market: each subscribed symbol's
 * ladder (depth-ladder.ts) when it is of a newer second than the one last sent, all in one frame.
 * The fault plan bends it as it bends the price frames: `outOfOrder` sends each bid side worst
 * first, `malformed` adds to each ask side a level whose price is no decimal and one of quantity 0.
 */
export function depthFrames(
  market: SimMarket,
  symbols: readonly string[],
  faults: () => StreamFaultPlan,
): () => SoftQuoteDepthMessage<string>[] {
  const sentAt = new Map<string, string>()
  return () => {
    const plan = faults()
    const fresh: SoftQuoteDepthMessage<string>[] = []
    for (const symbol of symbols) {
      // The unscheduled market pause is a reading of the REST handler; the stream reads the calendar.
      const depth = market.softQuoteDepth(symbol, DEFAULT_READINGS)
      if (!depth || sentAt.get(symbol) === depth.timestamp) continue
      sentAt.set(symbol, depth.timestamp)
      fresh.push(bent(depth, plan))
    }
    return fresh
  }
}

function bent(depth: SoftQuoteDepthMessage<string>, plan: StreamFaultPlan): SoftQuoteDepthMessage<string> {
  if (!plan.outOfOrder && !plan.malformed) return depth
  const best = depth.asks[0]
  return {
    ...depth,
    bids: plan.outOfOrder ? [...depth.bids].reverse() : depth.bids,
    asks:
      plan.malformed && best
        ? [...depth.asks, { price: '12.3.4', quantity: best.quantity }, { price: best.price, quantity: '0' }]
        : depth.asks,
  }
}
