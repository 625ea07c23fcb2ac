import type { TradeSide } from '../../../../shared/holdings'
import { type AssetPauseReading, type CapacityReading, serviceWord } from '../../../../shared/service-status'
import type { WireAssetPause, WireTradingCapacity } from './wire-status'

/**
 * The service's status records read into the app's own terms (src/shared/service-status.ts):
 * main-only, since only main sees the wire.
 */

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
