import type { HistoryPoint } from '../../../shared/history'
import { units } from '../holdings/fixed-point'
import { rescaled, rounded80 } from './scaled'

/**
 * One token's prices as the portfolio reads them: its history's points (the detail chart's, from
 * HistoryService), each read once and only when first asked, as BigInt counts at the
 * computation's fixed numbers of decimals (PriceScale, scaled.ts): the token's close and the fair
 * value (the stock's close x the multiplier in force, rounded as decimal.js rounds it) at
 * `price` decimals, the stock's close at `stock`, the multiplier at `multiplier`.
 */

export interface PriceScale {
  /** Decimals of every price, fair value and fee per token: at least those of any price read. */
  price: number
  stock: number
  multiplier: number
}

const decimalsOf = (text: string | null): number => {
  const dot = text === null ? -1 : text.indexOf('.')
  return dot === -1 ? 0 : (text as string).length - dot - 1
}

/**
 * The fewest decimals that hold every price of `histories`, every trade's price, the fair values
 * and, times a quantity of `quantityPlaces` decimals, every fee exactly.
 */
export function priceScale(
  histories: Iterable<readonly HistoryPoint[]>,
  trades: Iterable<{ price: string; fee: string }>,
  quantityPlaces: number,
): PriceScale {
  let price = 0
  let stock = 0
  let multiplier = 0
  for (const points of histories)
    for (const point of points) {
      price = Math.max(price, decimalsOf(point.close))
      stock = Math.max(stock, decimalsOf(point.underlyingClose))
      multiplier = Math.max(multiplier, decimalsOf(point.multiplier))
    }
  for (const trade of trades)
    price = Math.max(price, decimalsOf(trade.price), decimalsOf(trade.fee) - quantityPlaces)
  return { price: Math.max(price, stock + multiplier), stock, multiplier }
}

export class PriceTrack {
  /** Each point's close, the stock's close, the multiplier and the fair value; read: 1 once set. */
  readonly prices: bigint[]
  readonly stocks: (bigint | null)[]
  readonly multipliers: (bigint | null)[]
  readonly fairs: (bigint | null)[]
  private readonly read: Uint8Array

  constructor(
    readonly symbol: string,
    readonly points: readonly HistoryPoint[],
    readonly bucketMs: number,
    readonly scale: PriceScale,
  ) {
    this.prices = new Array<bigint>(points.length)
    this.stocks = new Array<bigint | null>(points.length)
    this.multipliers = new Array<bigint | null>(points.length)
    this.fairs = new Array<bigint | null>(points.length)
    this.read = new Uint8Array(points.length)
  }

  /**
   * A token the service has no history of is tracked by its own trades' prices (portfolio-compute.ts
   * passes no bucket): each point is an instant, not a bucket, and there are no candles to lack.
   */
  get pricedByTrades(): boolean {
    return this.bucketMs === 0
  }

  /** The latest point starting at or before `t` (the bucket holding `t`, or the last before it); -1: none. */
  indexAt(t: number, from = 0): number {
    let lo = from
    let hi = this.points.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if ((this.points[mid] as HistoryPoint).t <= t) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    return found
  }

  /**
   * indexAt(t) for a `t` at or after the time point `from` (>= 0) was found for: a step forward
   * at a time, as a walk over ascending times asks (mostly the next point, or the same).
   */
  indexAfter(t: number, from: number): number {
    let index = from
    while (index + 1 < this.points.length && (this.points[index + 1] as HistoryPoint).t <= t) index++
    return index
  }

  /** Whether `t` falls inside point `index`'s bucket (not in a gap after it). */
  covers(index: number, t: number): boolean {
    const point = this.points[index]
    return point !== undefined && t < point.t + Math.max(this.bucketMs, 1)
  }

  /** Reads point `index` (once); answers it. */
  at(index: number): number {
    if (this.read[index] === 1) return index
    const { scale } = this
    const point = this.points[index] as HistoryPoint
    const stock = point.underlyingClose === null ? null : units(point.underlyingClose, scale.stock)
    const multiplier = point.multiplier === null ? null : units(point.multiplier, scale.multiplier)
    this.prices[index] = units(point.close, scale.price)
    this.stocks[index] = stock
    this.multipliers[index] = multiplier
    this.fairs[index] =
      stock === null || multiplier === null
        ? null
        : rescaled(rounded80(stock * multiplier), -scale.stock - scale.multiplier, -scale.price)
    this.read[index] = 1
    return index
  }

  /** The multiplier as sent: a step shows as a change of text. */
  multiplierText(index: number): string | null {
    return (this.points[index] as HistoryPoint).multiplier
  }
}
