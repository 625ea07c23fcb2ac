import { Dec, toFixedString } from '../../../shared/decimal'
import type { AssetProfile, PriceSample } from './asset-profile'

/**
 * Stock splits in the simulated market. On an N-for-1 split of the underlying, each old share
 * becomes N: the underlying's price, its 52-week range and its share volumes are restated per new
 * share, and the token, which now stands for N times as many shares, has its `sharesMultiplier`
 * step up N times. The token's own price does not move (real-service-notes.md: the multiplier
 * "STEPS on stock splits").
 */

const MULTIPLIER_DIGITS = 18

const afterSplit = new WeakMap<AssetProfile, AssetProfile>()

/** The asset as the service describes it at `time`: restated after its split, unchanged before. */
export function profileAt(asset: AssetProfile, time: number): AssetProfile {
  const split = asset.split
  if (split === null || time < split.at) return asset
  let restated = afterSplit.get(asset)
  if (!restated) {
    restated = {
      ...asset,
      sharesMultiplier: toFixedString(new Dec(asset.sharesMultiplier).times(split.ratio), MULTIPLIER_DIGITS),
      sharesOutstanding: new Dec(asset.sharesOutstanding).times(split.ratio).toFixed(0),
      averageVolume: asset.averageVolume * split.ratio,
    }
    afterSplit.set(asset, restated)
  }
  return restated
}

/** The walk's sample at `time`, with the underlying restated per new share after a split. */
export function sampleAt(asset: AssetProfile, sample: PriceSample, time: number): PriceSample {
  const split = asset.split
  if (split === null || time < split.at) return sample
  return {
    underlying: sample.underlying / split.ratio,
    token: sample.token,
    high52w: sample.high52w / split.ratio,
    low52w: sample.low52w / split.ratio,
  }
}
