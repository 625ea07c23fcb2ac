import { BigDecimal, roundedAt, roundingCut } from './big-decimal'
import type { PositionWalk } from './position-walk'
import type { PriceTrack } from './price-track'
import { ExactSums, ScaledSums, rescaled } from './scaled'

/**
 * "Had I held the stocks" and "had I bought one token" (issue #49): the portfolio's own money, at
 * the same points, put into something else. The value at the first point is put in there at its
 * price; each point's money put in buys more of it at that point's close and each sale's proceeds
 * are taken back out of it (never more than it then holds: a sale larger than that empties it,
 * said). Into the stocks, each token's money goes to its own stock, whose shares a split
 * multiplies (the stock's price is restated per new share, the holding is not).
 *
 * In BigInt counts (scaled.ts): the holding (money over a price, 80 digits long) and the money put
 * in are rounded at 80 digits as decimal.js rounds them, each kept at the exponent its rounding
 * leaves (ScaledSums); each point's value, the holdings times their prices, is summed exact
 * (ExactSums), and the run is put at one exponent at the end. Its values are written to 10
 * decimals, 60 places above any digit the exact sum and a rounded one could differ in.
 */

export interface BenchmarkRun {
  /** The power of ten of every count below. */
  exponent: number
  values: bigint[]
  flows: bigint[]
  inflows: bigint[]
}

interface RunSums {
  values: ExactSums
  flows: ScaledSums
  inflows: ScaledSums
}

/** Money put in at a point: a count of 10^exponent (the portfolio's money). */
interface Puts {
  exponent: number
  at: (i: number) => bigint
}

/** A price: a count of 10^exponent, null where unknown. */
interface Prices {
  exponent: number
  at: (i: number) => bigint | null
}

function runSums(n: number): RunSums {
  return { values: new ExactSums(n), flows: new ScaledSums(n), inflows: new ScaledSums(n) }
}

function atOneExponent(sums: RunSums): BenchmarkRun {
  const values = sums.values.atOneExponent()
  const flows = sums.flows.atOneExponent()
  const inflows = sums.inflows.atOneExponent()
  const exponent = Math.min(values.exponent, flows.exponent, inflows.exponent)
  const at = (part: { exponent: number; counts: bigint[] }) =>
    part.counts.map((count) => rescaled(count, part.exponent, exponent))
  return { exponent, values: at(values), flows: at(flows), inflows: at(inflows) }
}

/**
 * A count of 10^exponent, set to an exact result rounded at 80 digits as BigDecimal rounds it
 * (the exponent raised by the digits dropped): one per holding, reused, no object per point.
 */
class Rounded {
  count = 0n
  exponent = 0

  set(count: bigint, exponent: number): this {
    const cut = roundingCut(count)
    this.count = cut === 0 ? count : roundedAt(count, cut)
    this.exponent = exponent + cut
    return this
  }
}

/** One holding of the benchmark, bought and sold at `price`; false when a price it needs is unknown. */
function follow(
  run: RunSums,
  n: number,
  put: Puts,
  price: Prices,
  split: (i: number) => BigDecimal | null,
  emptied: () => void,
): boolean {
  const units = new Rounded()
  // A sale's proceeds (a point's value is summed exact: ExactSums).
  const worth = new Rounded()
  for (let i = 0; i < n; i++) {
    const ratio = split(i)
    if (ratio !== null) units.set(units.count * ratio.coefficient, units.exponent + ratio.exponent)
    const money = put.at(i)
    const at = price.at(i)
    if (money === 0n && units.count === 0n) continue
    if (at === null || at === 0n) return false
    let applied = money
    let appliedExponent = put.exponent
    if (money !== 0n) {
      const bought = new BigDecimal(money, put.exponent).dividedBy(new BigDecimal(at, price.exponent))
      const lower = Math.min(units.exponent, bought.exponent)
      const after =
        rescaled(units.count, units.exponent, lower) + rescaled(bought.coefficient, bought.exponent, lower)
      // Read before its rounding: rounding to 80 significant digits keeps the sign.
      if (after < 0n) {
        worth.set(units.count * at, units.exponent + price.exponent)
        applied = -worth.count
        appliedExponent = worth.exponent
        units.set(0n, 0)
        emptied()
      } else units.set(after, lower)
    }
    if (i > 0 && applied !== 0n) {
      run.flows.add(i, applied, appliedExponent)
      if (applied > 0n) run.inflows.add(i, applied, appliedExponent)
    }
    if (units.count !== 0n) run.values.add(i, units.count * at, units.exponent + price.exponent)
  }
  return true
}

/** The same money into each token's own stock; null when a stock's price it needs is unknown (said). */
export function intoStocks(
  walks: readonly PositionWalk[],
  n: number,
  say: (note: string) => void,
): BenchmarkRun | null {
  const run = runSums(n)
  for (const walk of walks) {
    const complete = follow(
      run,
      n,
      {
        exponent: walk.exponent,
        at: (i) => (i === 0 ? (walk.values[0] as bigint) : (walk.flows[i] as bigint)),
      },
      { exponent: -walk.stockPlaces, at: (i) => walk.stockPrices[i] ?? null },
      (i) => walk.splits[i] ?? null,
      () => say(`Had you held the stocks: a sale of ${walk.symbol} took more than its stock then held.`),
    )
    if (!complete) {
      say(`Had you held the stocks: ${walk.symbol}'s stock price is unknown, so it cannot be said.`)
      return null
    }
  }
  return atOneExponent(run)
}

/** The same money into one token; null when it has no price at a point that needs one (said). */
export function intoToken(
  track: PriceTrack,
  times: readonly number[],
  puts: Puts,
  say: (note: string) => void,
): BenchmarkRun | null {
  const run = runSums(times.length)
  const complete = follow(
    run,
    times.length,
    puts,
    {
      exponent: -track.scale.price,
      at: (i) => {
        const index = track.indexAt(times[i] as number)
        return index < 0 ? null : (track.prices[track.at(index)] as bigint)
      },
    },
    () => null,
    () => say(`Had you bought ${track.symbol}: a sale took more than it then held.`),
  )
  if (!complete) say(`Had you bought ${track.symbol}: it has no price at every point of the range.`)
  return complete ? atOneExponent(run) : null
}
