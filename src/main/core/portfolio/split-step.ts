import { Dec } from '../../../shared/decimal'
import { BigDecimal } from './big-decimal'

/**
 * Whether a step of the shares multiplier is a stock split, and its ratio. The service steps the
 * multiplier by the split's ratio (10:1 takes 1 to 10) and raises it a little for each dividend
 * reinvested (up to 1 % a day, real-service-notes.md); it does not say which a step is. A split is
 * read where the step is within 1 % of a ratio n:d with both at most 50, the smaller at most 4
 * (2:1, 3:2, 5:4, 10:1, 1:20...) and its larger term at least a quarter above its smaller (5:4 up,
 * 4:5 down alike: a step down is never a dividend); what is left beyond that ratio is a dividend
 * reinvested in the same step. Anything else is a dividend step (ratio 1).
 */

const TOLERANCE = new Dec('0.01')
const LEAST_SPLIT = new Dec('0.25')
const LARGEST_TERM = 50
const SMALLER_TERM = 4

/** The split's ratio in the step from `from` to `to` (new multiplier over old), or null for none. */
export function splitRatio(from: Dec, to: Dec): Dec | null {
  if (from.isZero() || to.isZero() || from.equals(to)) return null
  const ratio = to.dividedBy(from)
  for (let small = 1; small <= SMALLER_TERM; small++) {
    // ratio ~ large / small (a split) or small / large (a reverse split).
    const up = ratio.times(small).toDecimalPlaces(0).toNumber()
    const down = new Dec(small).dividedBy(ratio).toDecimalPlaces(0).toNumber()
    for (const [n, d] of [
      [up, small],
      [small, down],
    ] as const) {
      if (n < 1 || d < 1 || n > LARGEST_TERM || d > LARGEST_TERM || n === d) continue
      const split = new Dec(n).dividedBy(d)
      // The larger term over the smaller: 5:4 and 4:5 are both 1.25, as far from no split.
      if (new Dec(Math.max(n, d)).dividedBy(Math.min(n, d)).minus(1).lessThan(LEAST_SPLIT)) continue
      if (ratio.dividedBy(split).minus(1).abs().lessThanOrEqualTo(TOLERANCE)) return split
    }
  }
  return null
}

/** A multiplier step's split, read once (null: no split); `from` and `to` as the history sends them. */
export type SplitReader = (from: string | null, to: string | null) => BigDecimal | null

/**
 * One reader for a whole computation: every position's walk and the benchmark ask about the same
 * few steps (the service steps every token's multiplier on the same dividend days), and each
 * reading is some twenty 80-digit decimal.js divisions.
 */
export function splitReader(): SplitReader {
  const read = new Map<string, BigDecimal | null>()
  return (from, to) => {
    if (from === to || from === null || to === null) return null
    const key = `${from} ${to}`
    let split = read.get(key)
    if (split === undefined) {
      const ratio = splitRatio(new Dec(from), new Dec(to))
      split = ratio === null ? null : BigDecimal.parse(ratio.toString())
      read.set(key, split)
    }
    return split
  }
}
