import { Dec, isDecimalString } from '../../../shared/decimal'
import { type DepthLadder, type DepthLevel, type DepthRepairs, sessionOfWord } from '../../../shared/depth'
import { uint64Of } from '../uint64'
import type { SoftQuoteDepthLevelMessage, SoftQuoteDepthMessage } from './depth-message'

/**
 * One SoftQuoteDepth as sent, read into a DepthLadder the app can trust: each side sorted best
 * first (levels out of order counted), a level whose price or quantity is not a positive decimal
 * dropped (counted), the error winning over any levels sent with it, at most MAX_LEVELS_PER_SIDE
 * kept (the best: a walk never reaches the worst of a 10,000-level side), a crossed book marked.
 * The strings stay as sent: the view shows every digit received. The work is bounded too: at most
 * MAX_LEVELS_READ levels a side are looked at (a side sent best first, as documented, loses none of
 * its best by it), and the service's words are cut to a length a view can show.
 */

/** Per side: enough for any size the capacity allows, and a bound on what the view and the walk touch. */
export const MAX_LEVELS_PER_SIDE = 1_000
/** Levels a side looked at, sorted and cut to MAX_LEVELS_PER_SIDE; the rest are counted as cut unread. */
export const MAX_LEVELS_READ = 2 * MAX_LEVELS_PER_SIDE
/** The error, the session word, the symbol and the ticker are cut to this many characters. */
export const MAX_WORD_CHARS = 200

const word = (value: unknown): string => (typeof value === 'string' ? value.slice(0, MAX_WORD_CHARS) : '')

interface Parsed {
  level: DepthLevel
  price: Dec
}

const isPositive = (text: unknown): text is string => isDecimalString(text) && new Dec(text).greaterThan(0)

/** The side's valid levels, best first; `better(a, b)` is true when a belongs before b. */
function readSide(
  sent: readonly SoftQuoteDepthLevelMessage[] | undefined,
  better: (a: Dec, b: Dec) => boolean,
  repairs: DepthRepairs,
): DepthLevel[] {
  const parsed: Parsed[] = []
  const levels = sent ?? []
  repairs.cut += Math.max(0, levels.length - MAX_LEVELS_READ)
  for (const level of levels.slice(0, MAX_LEVELS_READ)) {
    if (!isPositive(level?.price) || !isPositive(level?.quantity)) {
      repairs.dropped++
      continue
    }
    const price = new Dec(level.price)
    const before = parsed.at(-1)
    if (before && better(price, before.price)) repairs.outOfOrder++
    parsed.push({ level: { price: level.price, quantity: level.quantity }, price })
  }
  // Array.prototype.sort is stable: levels at one price keep the order they came in.
  if (parsed.length > 1)
    parsed.sort((a, b) => (better(a.price, b.price) ? -1 : better(b.price, a.price) ? 1 : 0))
  repairs.cut += Math.max(0, parsed.length - MAX_LEVELS_PER_SIDE)
  return parsed.slice(0, MAX_LEVELS_PER_SIDE).map((entry) => entry.level)
}

export function readDepth(message: SoftQuoteDepthMessage): DepthLadder {
  const repairs: DepthRepairs = { outOfOrder: 0, dropped: 0, droppedForError: 0, cut: 0 }
  const session = word(message.session_type)
  const error = word(message.error) === '' ? null : word(message.error)
  const base = {
    symbol: word(message.symbol),
    ticker: word(message.ticker),
    session,
    knownSession: sessionOfWord(session),
    error,
    // As sent, in decimal; 0 where it is not a uint64 (as an absent one reads).
    timestampNs: (uint64Of(message.timestamp) ?? 0n).toString(),
    repairs,
  }
  if (error !== null) {
    repairs.droppedForError = (message.bids?.length ?? 0) + (message.asks?.length ?? 0)
    return { ...base, bids: [], asks: [], crossed: false }
  }
  const bids = readSide(message.bids, (a, b) => a.greaterThan(b), repairs)
  const asks = readSide(message.asks, (a, b) => a.lessThan(b), repairs)
  const bestBid = bids[0]
  const bestAsk = asks[0]
  const crossed =
    bestBid !== undefined && bestAsk !== undefined && new Dec(bestBid.price).greaterThan(bestAsk.price)
  return { ...base, bids, asks, crossed }
}
