import { Dec } from './decimal'
import { isSessionName, type SessionName } from './sessions'

/**
 * The depth ladder (the service's StreamSoftQuoteDepth, docs/depth.md) as the app holds it once
 * read: each side sorted best first, bad levels dropped and counted, the error winning over levels,
 * and what a given size would cost on it (the walk). Prices and quantities stay the decimal strings
 * the service sent; the walk's figures are decimal strings too.
 */

export type DepthSide = 'buy' | 'sell'

export interface DepthLevel {
  /** The marginal price of the level, as sent. */
  price: string
  /** Tokens at the level, as sent. */
  quantity: string
}

/** What reading a ladder had to mend, counted so the view can say it. */
export interface DepthRepairs {
  /** Levels that came after a better one on their side (the side was sorted). */
  outOfOrder: number
  /** Levels dropped: a price or quantity that is not a positive decimal. */
  dropped: number
  /** Levels dropped because the ladder also carried an error (the error wins). */
  droppedForError: number
  /** Levels beyond the bound kept per side (the worst ones). */
  cut: number
}

export interface DepthLadder {
  symbol: string
  ticker: string
  /** The session word as sent (a word we do not know is shown as sent). */
  session: string
  /** The session when it is one we know, else null. */
  knownSession: SessionName | null
  /** The service's error, as sent (made printable by whoever prints it), or null. */
  error: string | null
  /** Unix nanoseconds, as sent. */
  timestampNs: string
  /** Sell side, highest price first. */
  bids: DepthLevel[]
  /** Buy side, lowest price first. */
  asks: DepthLevel[]
  /** The best bid is above the best ask: shown, never walked. */
  crossed: boolean
  repairs: DepthRepairs
}

export const sessionOfWord = (word: string): SessionName | null => (isSessionName(word) ? word : null)

/** An amount to walk: tokens, or dollars to spend (buy) or to raise (sell). */
export type WalkAmount = { unit: 'tokens'; amount: string } | { unit: 'dollars'; amount: string }

export interface LadderWalk {
  side: DepthSide
  requested: WalkAmount
  /** Tokens the ladder fills. */
  filled: string
  /** Dollars paid (buy) or fetched (sell) for them, over their price levels. */
  total: string
  /** total / filled, 18 decimals; null when nothing filled. */
  averagePrice: string | null
  /** Basis points worse than the display price (negative: better), 4 decimals; null without one. */
  slippageVsDisplay: string | null
  /** Basis points worse than fair value, 4 decimals; null without one. */
  slippageVsFair: string | null
  /** The request is more than the ladder holds: `filled` and `total` are all it holds. */
  exhausted: boolean
  /** All the walked side holds, in tokens and dollars. */
  holds: { tokens: string; dollars: string }
  /** Levels the walk reached. */
  levelsUsed: number
}

export type WalkOutcome =
  { ok: true; walk: LadderWalk } | { ok: false; reason: 'error' | 'crossed' | 'empty'; message: string }

/** An amount the user typed: a positive decimal, thousands commas allowed, `$` allowed for dollars. */
const AMOUNT_PATTERN = /^\$?(?:\d{1,3}(?:,\d{3})+|\d{1,15})(?:\.\d{1,18})?$/

export type AmountReading = { ok: true; amount: string } | { ok: false; message: string }

/** Reads an amount as typed ("3.5", "1,250.40", "$1,250.40"), or says in words what is wrong. */
export function readWalkAmount(text: string, unit: WalkAmount['unit']): AmountReading {
  const typed = text.trim()
  if (typed === '') return { ok: false, message: `Enter an amount in ${unit}.` }
  if (unit === 'tokens' && typed.startsWith('$'))
    return { ok: false, message: 'A number of tokens has no $ sign.' }
  if (!AMOUNT_PATTERN.test(typed))
    return {
      ok: false,
      message:
        `"${typed.slice(0, 24)}" is not an amount: use digits and one ` + `point, like 3.5 or 1,250.40.`,
    }
  const amount = typed.replace(/[$,]/g, '')
  if (/^0*(?:\.0*)?$/.test(amount)) return { ok: false, message: 'The amount must be more than zero.' }
  return { ok: true, amount }
}

export interface CumulativeLevel extends DepthLevel {
  /** Tokens from the best level down to this one. */
  cumulativeTokens: string
  /** Dollars (price x quantity) from the best level down to this one, exact. */
  cumulativeDollars: string
}

/** A side's levels, best first, each with the tokens and dollars up to it. */
export function withCumulative(levels: readonly DepthLevel[]): CumulativeLevel[] {
  let tokens = new Dec(0)
  let dollars = new Dec(0)
  return levels.map((level) => {
    tokens = tokens.plus(level.quantity)
    dollars = dollars.plus(new Dec(level.quantity).times(level.price))
    return { ...level, cumulativeTokens: tokens.toFixed(), cumulativeDollars: dollars.toFixed() }
  })
}

/**
 * Spread (best ask - best bid) and mid - display price, over the display price, in basis points to 2 places.
 */
export function ladderSpread(
  ladder: DepthLadder,
  display: string,
): { spreadBp: string; midVsDisplayBp: string } | null {
  const bid = ladder.bids[0]
  const ask = ladder.asks[0]
  const reference = new Dec(display)
  if (!bid || !ask || !reference.greaterThan(0)) return null
  const bp = (value: Dec) => value.dividedBy(reference).times(10_000).toFixed(2)
  const mid = new Dec(bid.price).plus(ask.price).dividedBy(2)
  return { spreadBp: bp(new Dec(ask.price).minus(bid.price)), midVsDisplayBp: bp(mid.minus(reference)) }
}

/**
 * The open symbol's depth as main pushes it to the window (the `depth` event): the stream's state,
 * why it is not streaming, and the latest ladder (null before the first, or when it cannot come).
 */
export interface DepthView {
  symbol: string
  /** `unavailable`: the service publishes no depth stream (said once, not retried). */
  state: 'connecting' | 'streaming' | 'retrying' | 'unavailable' | 'off'
  /** Why it is not streaming, in words; null while it streams. */
  reason: string | null
  ladder: DepthLadder | null
  /** Unix ms the ladder arrived; null without one. */
  receivedAt: number | null
}

/**
 * The service's depth error in words for the panel. The service's words are not documented: the
 * codes the capacity endpoint uses (and the simulator sends) are put in words, anything else is
 * shown as sent (the caller makes it printable).
 */
export function depthErrorWords(error: string): string {
  const [code = '', reason = ''] = error.split(/:\s*/, 2)
  const word = reason.toLowerCase()
  if (/stale/i.test(error)) return 'price stale'
  switch (code) {
    case 'ASSET_PAUSED':
      return word.includes('split')
        ? 'paused for a stock split'
        : word.includes('dividend')
          ? 'paused for a dividend'
          : 'asset paused'
    case 'MARKET_CLOSED':
      return 'market closed'
    case 'MARKET_PAUSED':
      return word.includes('between') ? 'market paused between sessions' : 'market paused'
    case 'ASSET_CLOSED_FOR_SESSION':
      return 'not traded in this session'
    default:
      return error
  }
}
