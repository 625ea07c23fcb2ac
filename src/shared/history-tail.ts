import type { HistoryPoint, HistoryTail } from './domain'

/**
 * Both ends of a history tail (HistoryTail in domain.ts): the digest that names the history a tail
 * continues, and the tail applied to the history a receiver holds. The sender builds tails from
 * its packed histories (src/main/core/feed/packed-history.ts), which keep the prices joined by
 * HISTORY_PRICE_SEPARATOR, so the digest is defined over that text and the times.
 */

/** Between two prices of a history's joined text: never in a decimal string (digits, a point, a minus). */
export const HISTORY_PRICE_SEPARATOR = ' '

/** The prices of a history in one text. A join, not a chain of `+=` (which V8 keeps as a tree). */
export function joinedPrices(points: readonly { price: string }[]): string {
  return points.map((point) => point.price).join(HISTORY_PRICE_SEPARATOR)
}

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193
const TWO_TO_32 = 2 ** 32

/**
 * A 32-bit FNV-1a digest of a history's times (each as its two 32-bit halves) and prices. Every
 * step is a one-to-one function of the digest so far, so two histories differing in one point
 * always differ in digest; `base.length` and `base.lastT` are checked beside it.
 */
export function historyDigest(times: readonly number[], prices: string): number {
  let digest = FNV_OFFSET
  for (const t of times) {
    digest = Math.imul(digest ^ (t >>> 0), FNV_PRIME)
    digest = Math.imul(digest ^ Math.floor(t / TWO_TO_32), FNV_PRIME)
  }
  for (let i = 0; i < prices.length; i++) digest = Math.imul(digest ^ prices.charCodeAt(i), FNV_PRIME)
  return digest >>> 0
}

function digestOfPoints(points: readonly HistoryPoint[]): number {
  return historyDigest(
    points.map((point) => point.t),
    joinedPrices(points),
  )
}

/**
 * The history `tail` makes of `held`, or null when `held` is not the history the tail continues
 * (its length, last time or digest differ): the receiver then holds no history for the row rather
 * than a wrong one until a full snapshot brings it again (the window's store asks for one at once:
 * src/renderer/store/market-data.ts).
 */
export function followTail(held: readonly HistoryPoint[], tail: HistoryTail): HistoryPoint[] | null {
  const { base, drop, keep } = tail
  if (held.length !== base.length || held.at(-1)?.t !== base.lastT || drop + keep > held.length) return null
  if (digestOfPoints(held) !== base.digest) return null
  return held.slice(drop, drop + keep).concat(tail.points)
}
