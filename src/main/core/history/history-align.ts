import type { HistoryPoint, MultiplierChange } from '../../../shared/history'
import { type FairValue, type ScaledDecimal, exactPremium, fairValue, scaled } from './exact-premium'
import type { Candle, MultiplierStep } from '../api/wire/wire-history'

/**
 * Token candles, stock candles and the multiplier history joined into one point per token bucket
 * (pure; decimal.js for the premium). The stock's close is put on the token's scale with the
 * multiplier in force, so a steady premium shows as two lines together:
 *
 *   premium = token close / (stock close x multiplier) - 1
 *
 * The multiplier is the value of the latest change at or before the instant the close was made
 * (the bucket's end, or `asOf` for the bucket still open): a daily candle of a split day closes
 * after the split, on the new multiplier, and reading it at the bucket's start would show a 4:1
 * split as a 300 % premium. Where the stock has no candle for a token bucket (an off-hours
 * weekend, a holiday) its last close is carried and the point says so. The premium is exact
 * decimal arithmetic written to 16 significant digits (exact-premium.ts).
 */

export interface AlignInput {
  token: readonly Candle[]
  stock: readonly Candle[]
  /** Oldest first. */
  multiplier: readonly MultiplierStep[]
  /** Bucket width in ms (0 for raw points: the close is made at `t`). */
  intervalMs: number
  /** Now: the last bucket's close is made no later than this. */
  asOf: number
}

export function alignHistory(input: AlignInput): HistoryPoint[] {
  const { token, stock, multiplier, intervalMs, asOf } = input
  const points: HistoryPoint[] = new Array(token.length)
  let s = 0
  let m = 0
  let underlying: string | null = null
  let inForce: string | null = null
  // The multiplier read once a change, not once a point: its 19 digits need BigInt's parser.
  let inForceScaled: ScaledDecimal | null = null
  let fair: FairValue | null = null
  for (let i = 0; i < token.length; i++) {
    const candle = token[i] as Candle
    const closedAt = intervalMs > 0 ? Math.min(candle.t + intervalMs - 1, asOf) : candle.t
    // The stock's latest candle at or before this bucket; equal start means it traded in it.
    while (s < stock.length && (stock[s] as Candle).t <= candle.t) {
      const next = stock[s] as Candle
      if (underlying !== next.close) fair = null
      underlying = next.close
      s++
    }
    const sameBucket = s > 0 && (stock[s - 1] as Candle).t === candle.t
    while (m < multiplier.length && (multiplier[m] as MultiplierStep).t <= closedAt) {
      const step = multiplier[m] as MultiplierStep
      if (inForce !== step.value) {
        fair = null
        inForce = step.value
        inForceScaled = scaled(step.value)
      }
      m++
    }
    points[i] = {
      t: candle.t,
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      underlyingClose: underlying,
      underlyingCarried: underlying !== null && !sameBucket,
      multiplier: inForce,
      premium:
        underlying !== null && inForceScaled !== null
          ? exactPremium(candle.close, (fair ??= fairValue(underlying, inForceScaled)))
          : null,
    }
  }
  return points
}

/** The multiplier's changes as the chart marks them: each step with the value before it. */
export function multiplierChanges(steps: readonly MultiplierStep[], from: number): MultiplierChange[] {
  const changes: MultiplierChange[] = []
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i] as MultiplierStep
    const before = steps[i - 1] as MultiplierStep
    if (step.t >= from && step.value !== before.value)
      changes.push({ t: step.t, from: before.value, to: step.value })
  }
  return changes
}
