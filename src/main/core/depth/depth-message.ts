/**
 * The depth stream's messages as @grpc/proto-loader reads them (grpcapi.proto, StreamSoftQuoteDepth;
 * real-service-notes.md, "Streaming"): every field present (defaults), the uint64 timestamp of Unix
 * nanoseconds a Uint64 (`Time`: its decimal text where the simulator writes one). Beside the price
 * stream's message types, in this room, so the depth needs no change to the price stream's files.
 */
import type { Uint64 } from '../uint64'

export interface SoftQuoteDepthLevelMessage {
  /** The marginal price of this level, a decimal string. */
  price: string
  /** Tokens at this level, a decimal string. */
  quantity: string
}

export interface SoftQuoteDepthMessage<Time = Uint64> {
  symbol: string
  ticker: string
  /** `premarket regular postmarket overnight offhours`, or a word we do not know. */
  session_type: string
  /** Set when the asset is paused, the market closed or the price stale: then no levels. */
  error: string
  timestamp: Time
  /** The sell side, best (highest) first. */
  bids: SoftQuoteDepthLevelMessage[]
  /** The buy side, best (lowest) first. */
  asks: SoftQuoteDepthLevelMessage[]
}
