import type { TradeSide, WireAssetPause, WireTradingCapacity } from './wire-status'

/**
 * What the service says about the market right now, in the app's own terms (zod-free, so the
 * renderer and the command line can name these types): the market's state and where it came
 * from, the asset pauses, the trading capacity now. Times are Unix ms or null; decimals stay
 * the strings the service sent; the service's words are kept as sent (reasons lower-cased).
 */

export interface MarketReading {
  /** 'service': /v1/status/market answered; 'calendar': our session calendar (the fallback). */
  source: 'service' | 'calendar'
  /** The service's word as sent (lower-cased), or the calendar's phase. */
  marketStatus: string
  isOpen: boolean
  offhoursOpen: boolean
  nextOpenSession: string | null
  nextOpen: number | null
  nextClose: number | null
  /** The service's reason word lower-cased (`market_paused`...), null when it gave none. */
  reason: string | null
  /** Whether our calendar says the same; null when there is no service reading to compare. */
  calendarAgrees: boolean | null
}

export interface AssetPauseReading {
  symbol: string
  /** `active`, `upcoming` or an unknown word, lower-cased. */
  status: string
  /** `scheduled`, `unscheduled` or an unknown word, lower-cased. */
  type: string
  /** `ASSET_PAUSED` (not tradable), `ASSET_LIMITED` (smaller requests), or an unknown code. */
  code: string | null
  /** The reason word (`stock_split`, `earnings`...), lower-cased; unknown words kept. */
  reason: string | null
  start: number | null
  end: number | null
  updateSharesMultiplier: boolean
}

export interface CapacityReading {
  symbol: string
  side: TradeSide
  /** false: the service has no /v1/limits/trading (a spec-only service). */
  available: boolean
  /** null when unavailable. */
  tradingOpen: boolean | null
  maxTokens: string | null
  /** US dollars. */
  maxNotionalValue: string | null
  remainingAttestations: string | null
  reasonCode: string | null
  /** The service's message, as sent. */
  reason: string | null
}

/** The service's word for display and comparison: lower-cased, nothing else changed. */
export function serviceWord(word: string | null | undefined): string | null {
  return word == null ? null : word.toLowerCase()
}

export function pauseReading(pause: WireAssetPause): AssetPauseReading {
  return {
    symbol: pause.symbol,
    status: pause.status.toLowerCase(),
    type: pause.type.toLowerCase(),
    code: pause.reason?.code ?? null,
    reason: serviceWord(pause.reason?.message),
    start: pause.start ?? null,
    end: pause.end ?? null,
    updateSharesMultiplier: pause.updateSharesMultiplier === true,
  }
}

export function capacityReading(capacity: WireTradingCapacity): CapacityReading {
  return {
    symbol: capacity.symbol,
    side: capacity.side,
    available: true,
    tradingOpen: capacity.isAssetTradingOpen,
    maxTokens: capacity.maxTokens,
    maxNotionalValue: capacity.maxNotionalValue,
    remainingAttestations: capacity.remainingAttestations,
    reasonCode: capacity.reason?.code ?? null,
    reason: capacity.reason?.message ?? null,
  }
}

/** The capacity asked of a service that does not publish it. */
export function capacityUnavailable(symbol: string, side: TradeSide): CapacityReading {
  return {
    symbol,
    side,
    available: false,
    tradingOpen: null,
    maxTokens: null,
    maxNotionalValue: null,
    remainingAttestations: null,
    reasonCode: null,
    reason: null,
  }
}
