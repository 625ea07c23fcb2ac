import type { HistoryPoint } from '../../../shared/history'
import { BigDecimal } from './big-decimal'

/**
 * One token's prices as the portfolio reads them: its history's points (the detail chart's, from
 * HistoryService), each read (big-decimal.ts) once and only when first asked. A point's close, its
 * stock's close and the multiplier in force are read together; the fair value is their product.
 */

export interface PriceMark {
  /** The token's price. */
  price: BigDecimal
  /** The stock's close and the multiplier in force; null where either is unknown. */
  stock: BigDecimal | null
  multiplier: BigDecimal | null
  /** The multiplier as sent: a step shows as a change of text. */
  multiplierText: string | null
  /** stock x multiplier, or null. */
  fair: BigDecimal | null
}

export class PriceTrack {
  private readonly marks: (PriceMark | undefined)[]

  constructor(
    readonly symbol: string,
    readonly points: readonly HistoryPoint[],
    readonly bucketMs: number,
  ) {
    this.marks = new Array(points.length)
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

  /** Whether `t` falls inside point `index`'s bucket (not in a gap after it). */
  covers(index: number, t: number): boolean {
    const point = this.points[index]
    return point !== undefined && t < point.t + Math.max(this.bucketMs, 1)
  }

  mark(index: number): PriceMark {
    let mark = this.marks[index]
    if (mark === undefined) {
      const point = this.points[index] as HistoryPoint
      const stock = point.underlyingClose === null ? null : BigDecimal.parse(point.underlyingClose)
      const multiplier = point.multiplier === null ? null : BigDecimal.parse(point.multiplier)
      mark = {
        price: BigDecimal.parse(point.close),
        stock,
        multiplier,
        multiplierText: point.multiplier,
        fair: stock !== null && multiplier !== null ? stock.times(multiplier) : null,
      }
      this.marks[index] = mark
    }
    return mark
  }
}

/** A mark at a trade: its own price, against the fair value of the bucket it falls in. */
export function tradeMark(price: BigDecimal, bucket: PriceMark): PriceMark {
  return { ...bucket, price }
}
