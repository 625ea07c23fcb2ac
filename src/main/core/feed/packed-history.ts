import type { HistoryPoint } from '../../../shared/domain'

/** The wire's history points (WireMarketRecord's priceHistory24h): `timestamp` where ours say `t`. */
export interface WireHistoryPoint {
  timestamp: number
  price: string
}

/**
 * Between two prices of the packed text. Never in a decimal string (DECIMAL_PATTERN: digits, one
 * point, a leading minus), so splitting on it gives back exactly the prices joined.
 */
const SEPARATOR = ' '

/**
 * One symbol's 24-hour history as the poll worker holds it: its times in one array of numbers
 * (V8 keeps an array of non-small numbers as unboxed doubles on the heap, 8 bytes each; a
 * Float64Array would keep them off the heap, where the heap's figure would not see them) and its
 * prices, the exact decimal strings, joined in one text. As HistoryPoint objects, 500 rows of
 * about a hundred points were some 50,000 objects, each with a boxed time and a string of its
 * own: several times the bytes of their JSON (BENCHMARKS.md, core heap). The points are built
 * again only when asked for: a delta that carries the history, a snapshot of the rows.
 */
export class PackedHistory {
  static readonly EMPTY = new PackedHistory([], '')

  private constructor(
    private readonly times: readonly number[],
    private readonly prices: string,
  ) {}

  static of(points: readonly HistoryPoint[]): PackedHistory {
    if (points.length === 0) return PackedHistory.EMPTY
    return new PackedHistory(
      points.map((point) => point.t),
      joinPrices(points),
    )
  }

  /**
   * The history the service sent, or this one itself when it holds the same points: a poll that
   * brings an unchanged history then costs no new history, and the commit's check is a reference one.
   */
  following(points: readonly WireHistoryPoint[] | undefined): PackedHistory {
    const raw = points ?? []
    if (raw.length === 0) return PackedHistory.EMPTY
    const prices = joinPrices(raw)
    const same =
      raw.length === this.times.length &&
      prices === this.prices &&
      raw.every((point, index) => point.timestamp === this.times[index])
    if (same) return this
    return new PackedHistory(
      raw.map((point) => point.timestamp),
      prices,
    )
  }

  /** The same points (a history replaced and then put back between two commits is unchanged). */
  sameAs(other: PackedHistory): boolean {
    return (
      other === this ||
      (other.prices === this.prices &&
        other.times.length === this.times.length &&
        other.times.every((t, index) => t === this.times[index]))
    )
  }

  get length(): number {
    return this.times.length
  }

  /** The points, new objects each time (whoever is given them may keep them). */
  points(): HistoryPoint[] {
    if (this.times.length === 0) return []
    const prices = this.prices.split(SEPARATOR)
    const points: HistoryPoint[] = new Array(this.times.length)
    for (let i = 0; i < this.times.length; i++)
      points[i] = { t: this.times[i] as number, price: prices[i] as string }
    return points
  }
}

/** One flat string (a join, not a chain of `+=`, which V8 would keep as a tree of pieces). */
function joinPrices(points: readonly { price: string }[]): string {
  return points.map((point) => point.price).join(SEPARATOR)
}
