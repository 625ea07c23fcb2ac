import { isSessionName, type SessionName } from './sessions'
import type { TradeSide } from './holdings'

/**
 * What the service says about the market right now, in the app's own terms (zod-free, so the
 * renderer and the command line can name these types): the market's state and where it came
 * from, the asset pauses, the trading capacity now. Times are Unix ms or null; decimals stay
 * the strings the service sent; the service's words are kept as sent (reasons lower-cased).
 */

export interface MarketReading {
  /** 'service': /v1/status/market answered; 'calendar': our session calendar (the fallback). */
  source: 'service' | 'calendar'
  /** The service's word as sent (lower-cased), or the calendar's phase. */
  marketStatus: string
  isOpen: boolean
  offhoursOpen: boolean
  nextOpenSession: string | null
  nextOpen: number | null
  nextClose: number | null
  /** The service's reason word lower-cased (`market_paused`...), null when it gave none. */
  reason: string | null
  /** Whether our calendar says the same; null when there is no service reading to compare. */
  calendarAgrees: boolean | null
}

export interface AssetPauseReading {
  symbol: string
  /** `active`, `upcoming` or an unknown word, lower-cased. */
  status: string
  /** `scheduled`, `unscheduled` or an unknown word, lower-cased. */
  type: string
  /** `ASSET_PAUSED` (not tradable), `ASSET_LIMITED` (smaller requests), or an unknown code. */
  code: string | null
  /** The reason word (`stock_split`, `earnings`...), lower-cased; unknown words kept. */
  reason: string | null
  start: number | null
  end: number | null
  updateSharesMultiplier: boolean
}

export interface CapacityReading {
  symbol: string
  side: TradeSide
  /** false: the service has no /v1/limits/trading (a spec-only service). */
  available: boolean
  /** null when unavailable. */
  tradingOpen: boolean | null
  maxTokens: string | null
  /** US dollars. */
  maxNotionalValue: string | null
  remainingAttestations: string | null
  reasonCode: string | null
  /** The service's message, as sent. */
  reason: string | null
}

/** The endpoints beyond the spec's five: each may be missing from a service (a 404, remembered). */
export type OptionalFeature = 'marketStatus' | 'assetPauses' | 'tradingCapacity' | 'dividends'

/** `ASSET_PAUSED`: not tradable; `ASSET_LIMITED`: tradable with smaller requests. */
export type PauseEffect = 'paused' | 'limited'

export interface ActivePause {
  effect: PauseEffect
  pause: AssetPauseReading
}

/** One watched symbol's pauses: the one in force now (if any) and those still to come, soonest first. */
export interface SymbolPauses {
  active: ActivePause | null
  upcoming: AssetPauseReading[]
}

/**
 * What the service says of the market now, as the window and the tray show it: the market's
 * state (the service's, or our calendar's where it has none), each watched symbol's pauses, and
 * which of the endpoints beyond the spec the service publishes.
 */
export interface ServiceState {
  market: MarketReading
  /**
   * Watched symbols with a pause in force or to come; null while not known (not published, no answer yet).
   */
  pauses: Record<string, SymbolPauses> | null
  /** true: it answers; false: it answered 404 (not published); null: not asked yet. */
  publishes: Record<OptionalFeature, boolean | null>
  /** Why the last status poll failed, in words, or null. */
  problem: string | null
}

/** Trading capacity now for the symbol whose detail is open: both sides, as last asked. */
export interface CapacityView {
  symbol: string
  buy: CapacityReading | null
  sell: CapacityReading | null
  /** When both sides were last answered (Unix ms), null before the first answer. */
  at: number | null
  /** Why the last ask failed, in words; the last answer (if any) stays beside it with its time. */
  problem: string | null
}

/** The service's dividend figures, as sent (the wire's schema checks them in main). */
export interface DividendFigures {
  /** A fraction ("0.0245" = 2.45 %). */
  dividendYield?: string | null | undefined
  payoutFrequency?: string | null | undefined
  /** US dollars a share. */
  lastCashAmount?: string | null | undefined
  /** YYYY-MM-DD. */
  lastPaymentDate?: string | null | undefined
}

/** A symbol's dividends as the detail panel and the yield column show them. */
export interface DividendsView {
  symbol: string
  /** false: the service does not publish dividends. */
  available: boolean
  /** The service's answer, decimals as sent; null when unavailable or failed. */
  dividends: DividendFigures | null
  problem: string | null
}

/**
 * The session the service says is running: off-hours in both of its readings; none while paused or closed.
 */
export function serviceLiveSession(market: MarketReading): SessionName | null {
  if (market.marketStatus === 'offhours' || (market.marketStatus === 'closed' && market.offhoursOpen))
    return 'offhours'
  return isSessionName(market.marketStatus) ? market.marketStatus : null
}

/** The service's pause reasons in words (real-service-notes.md, "Per-asset pauses"). */
const PAUSE_REASON_TEXT: Record<string, string> = {
  cash_dividend: 'Cash dividend',
  stock_dividend: 'Stock dividend',
  stock_split: 'Stock split',
  merger: 'Merger',
  acquisition: 'Acquisition',
  spinoff: 'Spin-off',
  earnings: 'Earnings',
  maintenance: 'Maintenance',
}

/**
 * "Stock split", "Earnings"; a word the service has not documented is shown as it came; none: "No reason
 * given".
 */
export function pauseReasonText(reason: string | null): string {
  if (reason === null) return 'No reason given'
  return PAUSE_REASON_TEXT[reason] ?? reason
}

/** The service's word for display and comparison: lower-cased, nothing else changed. */
export function serviceWord(word: string | null | undefined): string | null {
  return word == null ? null : word.toLowerCase()
}
