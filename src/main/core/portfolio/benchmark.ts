import { BIG_ZERO, type BigDecimal } from './big-decimal'
import type { PositionWalk } from './position-walk'
import type { PriceTrack } from './price-track'

/**
 * "Had I held the stocks" and "had I bought one token" (issue #49): the portfolio's own money, at
 * the same points, put into something else. The value at the first point is put in there at its
 * price; each point's money put in buys more of it at that point's close and each sale's proceeds
 * are taken back out of it (never more than it then holds: a sale larger than that empties it,
 * said). Into the stocks, each token's money goes to its own stock, whose shares a split
 * multiplies (the stock's price is restated per new share, the holding is not).
 */

export interface BenchmarkRun {
  values: BigDecimal[]
  flows: BigDecimal[]
  inflows: BigDecimal[]
}

const ZERO = BIG_ZERO

function emptyRun(n: number): BenchmarkRun {
  return { values: new Array(n).fill(ZERO), flows: new Array(n).fill(ZERO), inflows: new Array(n).fill(ZERO) }
}

/** One holding of the benchmark, bought and sold at `price(i)`; false when a price it needs is unknown. */
function follow(
  run: BenchmarkRun,
  put: (i: number) => BigDecimal,
  price: (i: number) => BigDecimal | null,
  split: (i: number) => BigDecimal | null,
  emptied: () => void,
): boolean {
  let units = ZERO
  for (let i = 0; i < run.values.length; i++) {
    const ratio = split(i)
    if (ratio !== null) units = units.times(ratio)
    const money = put(i)
    const at = price(i)
    if (!money.isZero() || !units.isZero()) {
      if (at === null || at.isZero()) return false
      let applied = money
      const after = units.plus(money.dividedBy(at))
      if (after.isNegative()) {
        applied = units.times(at).negated()
        units = ZERO
        emptied()
      } else units = after
      if (i > 0) {
        run.flows[i] = (run.flows[i] as BigDecimal).plus(applied)
        if (applied.isPositive()) run.inflows[i] = (run.inflows[i] as BigDecimal).plus(applied)
      }
      run.values[i] = (run.values[i] as BigDecimal).plus(units.times(at))
    }
  }
  return true
}

/** The same money into each token's own stock; null when a stock's price it needs is unknown (said). */
export function intoStocks(
  walks: readonly PositionWalk[],
  n: number,
  say: (note: string) => void,
): BenchmarkRun | null {
  const run = emptyRun(n)
  for (const walk of walks) {
    const complete = follow(
      run,
      (i) => (i === 0 ? (walk.values[0] as BigDecimal) : (walk.flows[i] as BigDecimal)),
      (i) => walk.stockPrices[i] ?? null,
      (i) => walk.splits[i] ?? null,
      () => say(`Had you held the stocks: a sale of ${walk.symbol} took more than its stock then held.`),
    )
    if (!complete) {
      say(`Had you held the stocks: ${walk.symbol}'s stock price is unknown, so it cannot be said.`)
      return null
    }
  }
  return run
}

/** The same money into one token; null when it has no price at a point that needs one (said). */
export function intoToken(
  track: PriceTrack,
  times: readonly number[],
  puts: (i: number) => BigDecimal,
  say: (note: string) => void,
): BenchmarkRun | null {
  const run = emptyRun(times.length)
  const complete = follow(
    run,
    puts,
    (i) => {
      const index = track.indexAt(times[i] as number)
      return index < 0 ? null : track.mark(index).price
    },
    () => null,
    () => say(`Had you bought ${track.symbol}: a sale took more than it then held.`),
  )
  if (!complete) say(`Had you bought ${track.symbol}: it has no price at every point of the range.`)
  return complete ? run : null
}
