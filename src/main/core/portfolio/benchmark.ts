import { powerOfTen } from '../holdings/fixed-point'
import type { BigDecimal } from './big-decimal'
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
 * In BigInt counts (scaled.ts): the holding in whole 10^-60 shares (HOLDING_PLACES), each point's
 * value (the holdings times their prices) summed exact (ExactSums), the money put in rounded at
 * 80 digits as decimal.js rounds it (ScaledSums), and the run put at one exponent at the end. Its
 * values are written to 10 decimals, some 50 places above the holding's truncation.
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
 * A benchmark's holding is a whole count of 10^-HOLDING_PLACES of a share: money over a price,
 * truncated there, 50 places past the 10 decimals the benchmark's values are written to. Held at
 * 80 significant digits, each purchase was a division rounded as decimal.js rounds, each holding
 * a rounding and each point's worth a sum at a new exponent: a fifth of a cold year's work.
 */
const HOLDING_PLACES = 60

/** count x 10^by, truncated toward zero where `by` is negative. */
function shifted(count: bigint, by: number): bigint {
  return by >= 0 ? count * powerOfTen(by) : count / powerOfTen(-by)
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
  // Shares, of 10^-HOLDING_PLACES; money of 10^put.exponent over a price of 10^price.exponent.
  let units = 0n
  const boughtShift = put.exponent - price.exponent + HOLDING_PLACES
  // A holding times a price: a point's worth, or a sale's proceeds when it empties the holding.
  const worthExponent = price.exponent - HOLDING_PLACES
  for (let i = 0; i < n; i++) {
    const ratio = split(i)
    if (ratio !== null) units = shifted(units * ratio.coefficient, ratio.exponent)
    const money = put.at(i)
    const at = price.at(i)
    if (money === 0n && units === 0n) continue
    if (at === null || at === 0n) return false
    let applied = money
    let appliedExponent = put.exponent
    if (money !== 0n) {
      const after = units + shifted(money, boughtShift) / at
      if (after < 0n) {
        applied = -(units * at)
        appliedExponent = worthExponent
        units = 0n
        emptied()
      } else units = after
    }
    if (i > 0 && applied !== 0n) {
      run.flows.add(i, applied, appliedExponent)
      if (applied > 0n) run.inflows.add(i, applied, appliedExponent)
    }
    if (units !== 0n) run.values.add(i, units * at, worthExponent)
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
