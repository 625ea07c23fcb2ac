import { SESSION_LABEL } from './alert-text'
import type { AssetQuote } from './domain'
import { isTradableIn } from './normalize'
import type { MarketPhase } from './session-clock'

/**
 * What the session clock says in words, the same in the header and the tray tooltip. While the
 * conventional market is closed, tokens that trade off-hours are still in session: it says so.
 */

/** How many of `quotes` trade in the off-hours session (the limits deciding first, as the badges do). */
export function offhoursTokenCount(quotes: Iterable<AssetQuote | undefined>): number {
  let count = 0
  for (const quote of quotes) if (quote && isTradableIn(quote, 'offhours')) count++
  return count
}

/** "Regular", "Paused", "Market closed", or "Closed, off-hours for 6 tokens". */
export function sessionHeadline(phase: MarketPhase, offhoursTokens: number): string {
  if (phase === 'paused') return 'Paused'
  if (phase === 'closed') {
    if (offhoursTokens === 0) return 'Market closed'
    return `Closed, off-hours for ${offhoursTokens} ${offhoursTokens === 1 ? 'token' : 'tokens'}`
  }
  return SESSION_LABEL[phase]
}
