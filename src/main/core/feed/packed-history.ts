import type { HistoryPoint, HistoryTail } from '../../../shared/domain'
import {
  HISTORY_PRICE_SEPARATOR as SEPARATOR,
  historyDigest,
  joinedPrices,
} from '../../../shared/history-tail'

/** The wire's history points (WireMarketRecord's priceHistory24h): `timestamp` where ours say `t`. */
export interface WireHistoryPoint {
  timestamp: number
  price: string
}

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

  /** historyDigest of the points, worked out when first asked for (a history is a tail's base once). */
  private digest: number | undefined

  private constructor(
    private readonly times: readonly number[],
    private readonly prices: string,
  ) {}

  static of(points: readonly HistoryPoint[]): PackedHistory {
    if (points.length === 0) return PackedHistory.EMPTY
    return new PackedHistory(
      points.map((point) => point.t),
      joinedPrices(points),
    )
  }

  /**
   * The history the service sent, or this one itself when it holds the same points: a poll that
   * brings an unchanged history then costs no new history, and the commit's check is a reference one.
   */
  following(points: readonly WireHistoryPoint[] | undefined): PackedHistory {
    const raw = points ?? []
    if (raw.length === 0) return PackedHistory.EMPTY
    const prices = joinedPrices(raw)
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
    return this.pointsFrom(0, this.prices.split(SEPARATOR))
  }

  /**
   * This history as a tail of `base` (HistoryTail): base's points from where this history's first
   * point is in it, as far as both agree point by point, then the rest of this history. Null, and
   * the history goes whole, unless it is base with points dropped off the front (the 24-hour window
   * slid), at most base's last point replaced and points added at the end: a history that changed
   * otherwise (an earlier point revised, another window) is not a continuation of it.
   */
  continuing(base: PackedHistory): HistoryTail | null {
    const first = this.times[0]
    const drop = first === undefined ? -1 : base.times.indexOf(first)
    if (drop < 0) return null
    // Every point of base after the dropped ones kept, or all but its last (the one replaced).
    const rest = base.times.length - drop
    const keep = [rest, rest - 1].find((kept) => kept > 0 && this.startsWith(base, drop, kept))
    if (keep === undefined) return null
    return {
      base: { length: base.times.length, lastT: base.times.at(-1) as number, digest: base.digestOf() },
      drop,
      keep,
      points: this.pointsFrom(keep, this.prices.slice(this.offsetOf(keep)).split(SEPARATOR)),
    }
  }

  /**
   * Whether this history's first `count` points are base's from `from` on: the times one by one,
   * the prices as one stretch of each text, never split into strings of their own (a market answer
   * asks it of every row).
   */
  private startsWith(base: PackedHistory, from: number, count: number): boolean {
    if (count > this.times.length) return false
    for (let i = 0; i < count; i++) if (this.times[i] !== base.times[from + i]) return false
    const start = base.offsetOf(from)
    const length = base.offsetOf(from + count) - 1 - start
    return (
      this.prices.length >= length &&
      (this.prices.length === length || this.prices[length] === SEPARATOR) &&
      this.prices.startsWith(base.prices.slice(start, start + length))
    )
  }

  /**
   * Where point `index`'s price starts in the prices' text (one past its end for index = length),
   * counted from the nearer end: a tail's points are few and near the end, the dropped ones few and
   * near the start.
   */
  private offsetOf(index: number): number {
    const text = this.prices
    if (index >= this.times.length) return text.length + 1
    let offset: number
    if (index <= this.times.length - index) {
      offset = 0
      for (let i = 0; i < index; i++) offset = text.indexOf(SEPARATOR, offset) + 1
    } else {
      offset = text.length + 1
      for (let i = this.times.length; i > index; i--) offset = text.lastIndexOf(SEPARATOR, offset - 2) + 1
    }
    return offset
  }

  private digestOf(): number {
    return (this.digest ??= historyDigest(this.times, this.prices))
  }

  /** Points `start` on, given their prices (`prices[0]` is point `start`'s). */
  private pointsFrom(start: number, prices: readonly string[]): HistoryPoint[] {
    const points: HistoryPoint[] = new Array(this.times.length - start)
    for (let i = start; i < this.times.length; i++)
      points[i - start] = { t: this.times[i] as number, price: prices[i - start] as string }
    return points
  }
}
