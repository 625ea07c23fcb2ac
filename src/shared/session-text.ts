import { SESSION_LABEL } from './alert-text'
import { type AssetQuote, isTradableIn } from './domain'
import type { MarketReading } from './service-status'
import type { MarketPhase } from './session-clock'
import { isConventionalSession } from './sessions'

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

/** The service's reasons for a closed or paused market, in words; others as sent. */
const MARKET_REASON_TEXT: Record<string, string> = {
  market_paused: 'unscheduled pause',
  market_closed: 'closed',
}

/**
 * The market in the same words, from whichever source the reading names, marked when it is the
 * service's: "Paused, unscheduled pause (service)", "Closed, off-hours for 2 tokens (service)".
 * Off-hours reads the same in both of the service's forms (`offhours`, or `closed` with
 * `offhours.isOpen`); a word the service has not documented is shown as it came.
 */
export function marketHeadline(market: MarketReading, offhoursTokens: number): string {
  const phase = market.marketStatus === 'offhours' ? 'closed' : market.marketStatus
  const known = phase === 'paused' || phase === 'closed' || isConventionalSession(phase)
  const words = known
    ? sessionHeadline(phase as MarketPhase, market.offhoursOpen ? offhoursTokens : 0)
    : phase
  if (market.source === 'calendar') return words
  const reason =
    market.reason === null || market.reason === 'market_closed'
      ? ''
      : `, ${MARKET_REASON_TEXT[market.reason] ?? market.reason}`
  return `${words}${reason} (service)`
}
