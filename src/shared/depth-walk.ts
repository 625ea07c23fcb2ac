import { Dec } from './decimal'
import type { DepthLadder, DepthSide, LadderWalk, WalkAmount, WalkOutcome } from './depth'

/**
 * What a size would cost now (shared: the command line and the detail panel's form walk alike):
 * the ladder walked level by level in decimal arithmetic. A buy takes
 * the asks, a sell the bids, each level at its own price until the amount is met; more than the
 * ladder holds is said (`exhausted`) with all it holds. A crossed ladder or one with an error is
 * never walked. Slippage is in basis points, positive when worse than the reference (a buy above
 * it, a sell below it).
 */

export interface WalkRequest {
  side: DepthSide
  amount: WalkAmount
  /** The display price (the prices endpoint's token price), or null when none is known. */
  displayPrice: string | null
  /** Fair value (the stock price times the shares multiplier), or null when none is known. */
  fairValue: string | null
}

/** Tokens carry 18 decimals on chain: a fill bought with dollars is cut there, never rounded up. */
export const TOKEN_DECIMALS = 18
export const SLIPPAGE_DECIMALS = 4
const BASIS_POINTS = 10_000

function slippage(side: DepthSide, average: Dec | null, reference: string | null): string | null {
  if (average === null || reference === null) return null
  const ref = new Dec(reference)
  if (!ref.greaterThan(0)) return null
  const worse = side === 'buy' ? average.minus(ref) : ref.minus(average)
  return worse.dividedBy(ref).times(BASIS_POINTS).toFixed(SLIPPAGE_DECIMALS)
}

export function walkLadder(ladder: DepthLadder, request: WalkRequest): WalkOutcome {
  if (ladder.error !== null) return { ok: false, reason: 'error', message: ladder.error }
  if (ladder.crossed)
    return {
      ok: false,
      reason: 'crossed',
      message: 'The ladder is crossed (a bid above an ask): not walked.',
    }
  const levels = request.side === 'buy' ? ladder.asks : ladder.bids
  if (levels.length === 0)
    return {
      ok: false,
      reason: 'empty',
      message: `No ${request.side === 'buy' ? 'asks' : 'bids'} on the ladder.`,
    }

  const wanted = new Dec(request.amount.amount)
  let filled = new Dec(0)
  let total = new Dec(0)
  let holdsTokens = new Dec(0)
  let holdsDollars = new Dec(0)
  let levelsUsed = 0
  for (const level of levels) {
    const price = new Dec(level.price)
    const quantity = new Dec(level.quantity)
    const notional = quantity.times(price)
    holdsTokens = holdsTokens.plus(quantity)
    holdsDollars = holdsDollars.plus(notional)
    const left = request.amount.unit === 'tokens' ? wanted.minus(filled) : wanted.minus(total)
    if (!left.greaterThan(0)) continue
    levelsUsed++
    // A level taken whole needs no division (an 80-digit division is most of a walk's cost).
    const whole =
      request.amount.unit === 'tokens' ? quantity.lessThanOrEqualTo(left) : notional.lessThanOrEqualTo(left)
    const take = whole
      ? quantity
      : request.amount.unit === 'tokens'
        ? left
        : left.dividedBy(price).toDecimalPlaces(TOKEN_DECIMALS, Dec.ROUND_DOWN)
    filled = filled.plus(take)
    total = total.plus(whole ? notional : take.times(price))
  }
  // Judged on what the side holds, not on the fill: a dollar fill cut at 18 decimals may fall a
  // fraction of a cent short of the amount and still be all that was asked.
  const met = (request.amount.unit === 'tokens' ? holdsTokens : holdsDollars).greaterThanOrEqualTo(wanted)
  const average = filled.greaterThan(0) ? total.dividedBy(filled).toDecimalPlaces(TOKEN_DECIMALS) : null
  const walk: LadderWalk = {
    side: request.side,
    requested: request.amount,
    filled: filled.toFixed(),
    total: total.toFixed(),
    averagePrice: average === null ? null : average.toFixed(),
    slippageVsDisplay: slippage(request.side, average, request.displayPrice),
    slippageVsFair: slippage(request.side, average, request.fairValue),
    exhausted: !met,
    holds: { tokens: holdsTokens.toFixed(), dollars: holdsDollars.toFixed() },
    levelsUsed,
  }
  return { ok: true, walk }
}
