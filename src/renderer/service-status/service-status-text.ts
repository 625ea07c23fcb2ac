import { SESSION_LABEL } from '../../shared/alert-text'
import { Dec, type DecimalString, isDecimalString } from '../../shared/decimal'
import type { AssetQuote } from '../../shared/domain'
import type {
  AssetPauseReading,
  CapacityReading,
  MarketReading,
  SymbolPauses,
} from '../../shared/service-status'
import { pauseReasonText } from '../../shared/service-status'
import {
  addDays,
  easternClock,
  easternWallTimeToUtc,
  sessionIntervals,
  sessionStateAt,
} from '../../shared/session-clock'
import { displayZone, formatFullTime } from '../../shared/display-time'
import type { SessionName } from '../../shared/sessions'
import { formatExact, MISSING } from '../format'

/**
 * What the window says of the service's pauses, trading capacity and the quick check, in words.
 * Pure: the components only lay these out, and test/renderer checks the words.
 */

const DAY_MS = 24 * 60 * 60_000

/** "Nov 16, 04:00:00 ET": every time of the service's status in market time, said so. */
export function marketTime(ms: number): string {
  return formatFullTime(ms, displayZone('market'))
}

/** "04:00 ET" on the same market day as `now`, else "Mon 04:00 ET": short enough for a row. */
export function shortMarketTime(ms: number, now: number): string {
  const time = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/New_York',
  }).format(ms)
  if (easternClock(ms).date === easternClock(now).date) return `${time} ET`
  const weekday = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    timeZone: 'America/New_York',
  }).format(ms)
  return `${weekday} ${time} ET`
}

/** "PAUSED" or "LIMITED", the reason in words and the end when known. */
export function pauseTagText(active: SymbolPauses['active']): { tag: string; words: string } | null {
  if (active === null) return null
  const { effect, pause } = active
  const until = pause.end === null ? 'end not given' : `until ${marketTime(pause.end)}`
  return {
    tag: effect === 'paused' ? 'PAUSED' : 'LIMITED',
    words: `${pauseReasonText(pause.reason)}, ${until}`,
  }
}

/** The first pause that starts within the next 24 hours, for the row's small mark; null when none. */
export function pauseWithinADay(pauses: SymbolPauses | undefined, now: number): AssetPauseReading | null {
  return pauses?.upcoming.find((pause) => pause.start !== null && pause.start - now <= DAY_MS) ?? null
}

/** "Stock split pause from Nov 15, 19:50:00 ET until Nov 16, 04:00:00 ET; the multiplier will change". */
export function upcomingPauseText(pause: AssetPauseReading): string {
  const kind = pause.code === 'ASSET_LIMITED' ? 'limit' : 'pause'
  const from = pause.start === null ? 'start not given' : `from ${marketTime(pause.start)}`
  const to = pause.end === null ? 'end not given' : `until ${marketTime(pause.end)}`
  const multiplier = pause.updateSharesMultiplier ? '; the multiplier will change' : ''
  return `${pauseReasonText(pause.reason)} ${kind} ${from} ${to}${multiplier}`
}

/** A decimal without its trailing zeros: "100.000000" is "100", "1234.50" is "1234.5". */
function trimmed(value: DecimalString): DecimalString {
  return new Dec(value).toFixed()
}

/** A dividend yield sent as a fraction ("0.0245") as "2.45%": decimal arithmetic, two places at most. */
export function yieldText(fraction: DecimalString): string {
  return `${formatExact(new Dec(fraction).times(100).toDecimalPlaces(2).toFixed())}%`
}

/** Tokens with every significant digit, grouped: "1,234.5". */
export function tokensText(value: DecimalString): string {
  return formatExact(trimmed(value))
}

/** Dollars grouped, cents kept when there are any, never rounded up (a maximum): "$200,000", "$1,234.56". */
export function dollarsText(value: DecimalString): string {
  const cents = new Dec(value).toDecimalPlaces(2, Dec.ROUND_DOWN)
  return `$${formatExact(cents.isInteger() ? cents.toFixed(0) : cents.toFixed(2))}`
}

/** The service's capacity reason codes in words; an unknown code with the service's own message. */
function capacityReasonText(reading: CapacityReading, at: number): string {
  switch (reading.reasonCode) {
    case 'MARKET_CLOSED': {
      const state = sessionStateAt(at)
      if (state.holiday) return `Market closed for ${state.holiday}`
      const weekday = easternClock(at).weekday
      return weekday === 0 || weekday === 6 ? 'Market closed for the weekend' : 'Market closed'
    }
    case 'MARKET_PAUSED':
      return 'Market paused by the service'
    case 'ASSET_PAUSED':
      return 'Paused for this token'
    case 'ASSET_CLOSED_FOR_SESSION': {
      const session = sessionStateAt(at).phase
      return session === 'overnight' ? 'Not tradable overnight' : 'Not tradable in this session'
    }
    case 'ASSET_LIMITED':
      return 'Limited: smaller requests only'
    case 'MAX_LIMIT_REACHED':
      return 'Exposure limit reached'
    case 'MAX_ATTESTATIONS':
      return 'No requests left'
    case 'OFFHOURS_EXPOSURE_LIMIT_REACHED':
      return 'Off-hours exposure limit reached'
    case 'SESSION_LIMIT_REACHED':
      return 'Session limit reached'
    case 'ASSET_REDEEM_ONLY':
      return 'Sell (redeem) only'
    case 'INSUFFICIENT_LIQUIDITY':
      return 'Not enough liquidity'
    case null:
      return reading.reason ?? 'Not tradable now'
    default:
      return `${reading.reasonCode}${reading.reason ? `: ${reading.reason}` : ''}`
  }
}

function requestsText(remaining: DecimalString | null): string {
  if (!isDecimalString(remaining)) return ''
  return `, ${formatExact(trimmed(remaining))} ${new Dec(remaining).eq(1) ? 'request' : 'requests'} left`
}

/**
 * "Buy now: up to 1,234.5 tokens or $200,000, 48 requests left", or the reason in words ("Buy now:
 * Market closed for the weekend"). A reason given with an open market is said after the figures.
 */
export function capacityLine(side: 'buy' | 'sell', reading: CapacityReading | null, at: number): string {
  const label = side === 'buy' ? 'Buy now' : 'Sell now'
  if (reading === null) return `${label}: ${MISSING}`
  if (reading.tradingOpen === false) return `${label}: ${capacityReasonText(reading, at)}`
  const tokens = isDecimalString(reading.maxTokens) ? `${tokensText(reading.maxTokens)} tokens` : null
  const dollars = isDecimalString(reading.maxNotionalValue) ? dollarsText(reading.maxNotionalValue) : null
  const amounts = [tokens, dollars].filter(Boolean).join(' or ')
  const reason = reading.reasonCode === null ? '' : ` (${capacityReasonText(reading, at)})`
  return `${label}: up to ${amounts || MISSING}${requestsText(reading.remainingAttestations)}${reason}`
}

// ---------------------------------------------------------------------------------------------
// The quick check

export type AmountUnit = 'usd' | 'tokens'

export interface QuickCheck {
  /** A problem with what was typed, for the field's inline message; the rest is then empty. */
  inputError: string | null
  /** "Fits now", "Does not fit now: up to 100 tokens", "Market closed for the weekend". */
  now: string | null
  fitsNow: boolean | null
  /**
   * Today's sessions still to run (the running one first), and whether the amount fits each by its static
   * maximum.
   */
  sessions: Array<{ session: SessionName; label: string; fits: boolean; why: string }>
}

/** Typed amounts: digits with an optional fraction, grouping commas and a leading $ allowed. */
function amountOf(text: string): DecimalString | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '')
  return /^\d+(?:\.\d+)?$/.test(cleaned) && !new Dec(cleaned).isZero() ? cleaned : null
}

/** A session still to run today: from `start` (now, for the running one) to its last end today. */
interface SessionSpan {
  session: SessionName
  start: number
  end: number
}

/** The sessions from `now` to the end of today (US Eastern), each once, in order. */
function remainingSessionsToday(now: number): SessionSpan[] {
  const tomorrow = easternWallTimeToUtc(addDays(easternClock(now).date, 1), 0)
  const spans: SessionSpan[] = []
  for (const interval of sessionIntervals(now, tomorrow)) {
    if (interval.session === null) continue
    const known = spans.find((span) => span.session === interval.session)
    if (known) known.end = interval.end
    else spans.push({ session: interval.session, start: interval.start, end: interval.end })
  }
  return spans
}

/** What stops trading beside the calendar: the token's pauses, and the service's halt of the market. */
export interface TradingPauses {
  asset: SymbolPauses | null
  /** The service's market reading while it halts the market (useMarketHalt), else null. */
  marketHalt: MarketReading | null
}

/**
 * Why a session left today is not tradable for all of it: a pause of the token (not a limit) in
 * force from its start to its end, or the service's halt of the market while the session runs
 * now. A halt has no known end, so only the running session is taken from it.
 */
function pausedFor(span: SessionSpan, pauses: TradingPauses, now: number): string | null {
  const { asset, marketHalt } = pauses
  const pausing = [
    ...(asset?.active?.effect === 'paused' ? [asset.active.pause] : []),
    ...(asset?.upcoming ?? []).filter((pause) => pause.code === 'ASSET_PAUSED'),
  ]
  for (const pause of pausing) {
    const from = pause.start ?? Number.NEGATIVE_INFINITY
    const until = pause.end ?? Number.POSITIVE_INFINITY
    if (from <= span.start && until >= span.end) {
      const end = pause.end === null ? '' : ` until ${shortMarketTime(pause.end, now)}`
      return `paused: ${pauseReasonText(pause.reason)}${end}`
    }
  }
  return marketHalt !== null && span.start <= now ? 'market paused by the service' : null
}

/**
 * Whether `amountText` (dollars or tokens) fits the buy capacity now, and in which of today's
 * remaining sessions it would fit by the static per-session maxima (a token amount priced at the
 * token's last price), a session a pause covers never fitting. The arithmetic is decimal throughout.
 */
export function quickCheck(
  amountText: string,
  unit: AmountUnit,
  quote: Pick<AssetQuote, 'price' | 'limits'>,
  buy: CapacityReading | null,
  now: number,
  pauses: TradingPauses = { asset: null, marketHalt: null },
): QuickCheck {
  const empty: QuickCheck = { inputError: null, now: null, fitsNow: null, sessions: [] }
  if (amountText.trim() === '') return empty
  const amount = amountOf(amountText)
  if (amount === null)
    return {
      ...empty,
      inputError: unit === 'usd' ? 'Type dollars, like 1500 or 1,500.50' : 'Type tokens, like 12.5',
    }
  const price = isDecimalString(quote.price) && !new Dec(quote.price).isZero() ? new Dec(quote.price) : null
  const dollars = unit === 'usd' ? new Dec(amount) : price === null ? null : new Dec(amount).times(price)
  const tokens =
    unit === 'tokens' ? new Dec(amount) : price === null ? null : new Dec(amount).dividedBy(price)
  let fitsNow: boolean | null = null
  let nowText: string
  if (buy === null || !buy.available) nowText = 'Capacity now not known'
  else if (buy.tradingOpen === false) {
    fitsNow = false
    nowText = capacityLine('buy', buy, now).replace(/^Buy now: /, 'Not now: ')
  } else {
    const overTokens = tokens !== null && isDecimalString(buy.maxTokens) && tokens.gt(buy.maxTokens)
    const overDollars =
      dollars !== null && isDecimalString(buy.maxNotionalValue) && dollars.gt(buy.maxNotionalValue)
    const noRequests = isDecimalString(buy.remainingAttestations) && new Dec(buy.remainingAttestations).lte(0)
    fitsNow = !overTokens && !overDollars && !noRequests
    nowText = fitsNow
      ? 'Fits now'
      : noRequests
        ? 'Does not fit now: no requests left'
        : `Does not fit now: ${capacityLine('buy', buy, now).replace(/^Buy now: /, '')}`
  }
  const sessions = remainingSessionsToday(now).map((span) => {
    const { session } = span
    const limit = quote.limits?.[session] ?? null
    const label = SESSION_LABEL[session]
    if (limit === null) return { session, label, fits: false, why: 'no limits received' }
    if (!limit.tradable) return { session, label, fits: false, why: 'not tradable' }
    const paused = pausedFor(span, pauses, now)
    if (paused !== null) return { session, label, fits: false, why: paused }
    if (dollars === null) return { session, label, fits: false, why: 'no price to value tokens at' }
    const fits = dollars.lte(limit.maxActiveNotionalValue)
    return { session, label, fits, why: `at most ${dollarsText(limit.maxActiveNotionalValue)}` }
  })
  return { inputError: null, now: nowText, fitsNow, sessions }
}
