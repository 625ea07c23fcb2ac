import type { AssetPauseReading } from '../../src/shared/service-status'

/** A scheduled pause of `symbol` as the service lists it, between `start` and `end`, the rest given. */
export function scheduledPause(
  symbol: string,
  start: number,
  end: number,
  fields: Partial<AssetPauseReading> = {},
): AssetPauseReading {
  return {
    symbol,
    status: 'upcoming',
    type: 'scheduled',
    code: 'ASSET_PAUSED',
    reason: null,
    start,
    end,
    updateSharesMultiplier: false,
    ...fields,
  }
}
