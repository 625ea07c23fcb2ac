import { Dec } from './decimal'
import type { DepthView } from './depth'

/**
 * Holdings valued at what selling them would fetch now: each position's whole quantity walked
 * down its depth ladder's bids (docs/depth.md, "Holdings at the bids"). Main values them (the
 * holdings room, with the shared walk) and pushes an AtBidsView; the window shows it beside the
 * display value. Every figure is a decimal string, exact.
 */

/** One held symbol's value at the bids, or why there is none. */
export type BidValue =
  /** Selling the whole quantity would fetch `value` dollars, level by level. */
  | { kind: 'value'; value: string; session: string; receivedAt: number }
  /** The position is more than the bids hold: all they hold, in tokens and dollars. */
  | { kind: 'short'; holds: { tokens: string; dollars: string }; session: string; receivedAt: number }
  /** No value: the service's error in words, a crossed ladder, no bids, no ladder yet. */
  | { kind: 'none'; why: string; receivedAt: number | null }

export type PositionAtBids = BidValue & { symbol: string }

export interface AtBidsView {
  /** The held symbols' depth stream; `unavailable`: this service publishes no depth. */
  state: DepthView['state']
  /** Why it is not streaming, in words; null while it streams. */
  reason: string | null
  /** Each held symbol's, in symbol order. */
  positions: PositionAtBids[]
  /** The sum over every held position; null as soon as one lacks a value (`totalMissing` says which). */
  total: string | null
  /** "NVDAon: more than its ladder holds"; null when the total is known or nothing is held. */
  totalMissing: string | null
  /** When the oldest ladder the total rests on came (Unix ms); null without a total. */
  oldestAt: number | null
}

export const NO_BIDS_YET: AtBidsView = {
  state: 'off',
  reason: 'nothing held',
  positions: [],
  total: null,
  totalMissing: null,
  oldestAt: null,
}

/** The value at the bids against the display value, in percent points ("-0.39"); null without both. */
export function atBidsVsDisplayPct(atBids: string | null, display: string | null): string | null {
  if (atBids === null || display === null) return null
  const reference = new Dec(display)
  if (reference.isZero()) return null
  return new Dec(atBids).minus(reference).times(100).dividedBy(reference).toSignificantDigits(6).toString()
}
