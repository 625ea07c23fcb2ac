import { Dec, toFixedString } from '../../../shared/decimal'
import { calendarMarketReading } from '../../core/market-calendar-reading'
import { addDays, easternClock, liveSessionOf, sessionStateAt } from '../../../shared/session-clock'
import type { AssetProfile } from './asset-profile'
import type { SymbolLimitsBody } from './records'
import { type AssetEvent, QUARTER_DAYS } from './service-events'

/**
 * The bodies of the service's endpoints beyond the spec, as the simulator sends them: market
 * status (ISO-8601 strings, both documented readings of off-hours), asset pauses, trading
 * capacity now (both documented forms of a closed market) and dividends. Pure functions of the
 * market's time, its schedule of events and the readings chosen (ServiceReadings).
 */

export interface ServiceReadings {
  /** Which candle pairs the service accepts: its endpoint's description's, or its error catalogue's. */
  candlePairs: 'described' | 'catalogue'
  /**
   * How a closed market with off-hours running reads: `marketStatus: "offhours"`, or `closed` with
   * `offhours.isOpen: true` (the service's documents say both).
   */
  offhoursReading: 'offhours' | 'closed'
  /** A closed market from the capacity endpoint: a 200 with a reason, or a 403 (both documented). */
  closedMarketForm: 'reason' | 'forbidden'
  /** An unscheduled market pause the calendar does not know, or null. */
  marketPause: { start: number; end: number | null } | null
}

export const DEFAULT_READINGS: ServiceReadings = {
  candlePairs: 'described',
  offhoursReading: 'closed',
  closedMarketForm: 'reason',
  marketPause: null,
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())
const DOCUMENTATION = 'https://docs.simulator.invalid/status'

export function isMarketPaused(readings: ServiceReadings, ms: number): boolean {
  const pause = readings.marketPause
  return pause !== null && ms >= pause.start && (pause.end === null || ms < pause.end)
}

export interface MarketStatusBody {
  timestamp: string
  isOpen: boolean
  marketStatus: string
  nextOpenSession: string | null
  nextOpen: string | null
  nextClose: string | null
  reason: { code: string; message: string; documentation: string } | null
  offhours: { isOpen: boolean; nextOpen: string | null; nextClose: string | null }
}

/** `/v1/status/market` at `ms`: the calendar, overridden by an unscheduled pause. */
export function marketStatusBody(ms: number, readings: ServiceReadings): MarketStatusBody {
  const calendar = calendarMarketReading(ms)
  const offhours = {
    isOpen: calendar.offhours.isOpen,
    nextOpen: iso(calendar.offhours.nextOpen),
    nextClose: iso(calendar.offhours.nextClose),
  }
  const common = { timestamp: iso(ms) as string, nextOpenSession: calendar.nextOpenSession, offhours }
  if (isMarketPaused(readings, ms)) {
    const pause = readings.marketPause as { start: number; end: number | null }
    return {
      ...common,
      isOpen: false,
      marketStatus: 'paused',
      nextOpen: iso(pause.end),
      nextClose: null,
      reason: { code: 'MARKET_PAUSED', message: 'Unscheduled_Downtime', documentation: DOCUMENTATION },
      offhours: { ...offhours, isOpen: false },
    }
  }
  const closed = calendar.phase === 'closed'
  const marketStatus =
    closed && calendar.offhours.isOpen && readings.offhoursReading === 'offhours'
      ? 'offhours'
      : calendar.phase
  return {
    ...common,
    isOpen: calendar.isOpen,
    marketStatus,
    nextOpen: iso(calendar.nextOpen),
    nextClose: iso(calendar.nextClose),
    reason: closed
      ? { code: 'MARKET_CLOSED', message: 'Weekend/Holiday', documentation: DOCUMENTATION }
      : null,
  }
}

export interface AssetPauseBody {
  symbol: string
  status: 'active' | 'upcoming'
  type: 'scheduled'
  reason: { code: string; message: string; documentation: string }
  start: string
  end: string
  eventId: string
  updateSharesMultiplier: boolean
}

/** `/v1/status/assets`: the events in force or announced at `ms`. */
export function assetPausesBody(events: readonly AssetEvent[], ms: number): AssetPauseBody[] {
  return events.map((event) => ({
    symbol: event.symbol,
    status: event.start <= ms ? 'active' : 'upcoming',
    type: 'scheduled',
    reason: { code: event.code, message: event.message, documentation: DOCUMENTATION },
    start: iso(event.start) as string,
    end: iso(event.end) as string,
    eventId: event.eventId,
    updateSharesMultiplier: event.updateSharesMultiplier,
  }))
}

export interface TradingCapacityBody {
  timestamp: number
  symbol: string
  side: 'buy' | 'sell'
  maxTokens: string
  maxNotionalValue: string
  remainingAttestations: string
  isAssetTradingOpen: boolean
  reason?: { code: string; message: string; documentation: string }
}

/** A refusal the capacity endpoint may send as a 403 instead of a 200 (closedMarketForm). */
export interface CapacityRefusal {
  code: 'MARKET_CLOSED' | 'MARKET_PAUSED' | 'ASSET_PAUSED' | 'ASSET_CLOSED_FOR_SESSION'
  message: string
}

export interface CapacityInputs {
  asset: AssetProfile
  side: 'buy' | 'sell'
  limits: SymbolLimitsBody
  /** The token's price now, as sent by the prices endpoint. */
  tokenPrice: string
  /** The asset's event in force now, if any. */
  event: AssetEvent | undefined
}

const TOKEN_DIGITS = 6
/** An earnings limit halves what can be requested at once. */
const LIMITED_SHARE = '0.5'

/** Why trading is refused now, or null when it is open. */
export function capacityRefusal(
  inputs: CapacityInputs,
  ms: number,
  readings: ServiceReadings,
): CapacityRefusal | null {
  if (isMarketPaused(readings, ms)) return { code: 'MARKET_PAUSED', message: 'Unscheduled_Downtime' }
  const session = liveSessionOf(sessionStateAt(ms).phase)
  if (session === null) return { code: 'MARKET_PAUSED', message: 'Between_Sessions' }
  const tradesOffhours = inputs.asset.tradableSessions.includes('offhours')
  if (session === 'offhours' && !tradesOffhours) return { code: 'MARKET_CLOSED', message: 'Weekend/Holiday' }
  if (inputs.event?.code === 'ASSET_PAUSED') return { code: 'ASSET_PAUSED', message: inputs.event.message }
  if (!inputs.asset.tradableSessions.includes(session))
    return { code: 'ASSET_CLOSED_FOR_SESSION', message: `Not_Tradable_${session}` }
  return null
}

/** `/v1/limits/trading` as a 200 at `ms` (a refusal, if any, in its `reason`). */
export function tradingCapacityBody(
  inputs: CapacityInputs,
  ms: number,
  refusal: CapacityRefusal | null,
): TradingCapacityBody {
  const base = { timestamp: ms, symbol: inputs.asset.symbol, side: inputs.side }
  if (refusal !== null)
    return {
      ...base,
      maxTokens: '0',
      maxNotionalValue: '0',
      remainingAttestations: '0',
      isAssetTradingOpen: false,
      reason: { ...refusal, documentation: DOCUMENTATION },
    }
  const session = liveSessionOf(sessionStateAt(ms).phase) ?? 'regular'
  const limit = inputs.limits[session]
  const share = inputs.event?.code === 'ASSET_LIMITED' ? LIMITED_SHARE : '1'
  const notional = new Dec(limit?.maxActiveNotionalValue ?? '0').times(share)
  const price = new Dec(inputs.tokenPrice)
  const tokens = price.isZero() ? new Dec(0) : notional.dividedBy(price)
  return {
    ...base,
    maxTokens: toFixedString(tokens.toDecimalPlaces(TOKEN_DIGITS, Dec.ROUND_DOWN), TOKEN_DIGITS),
    maxNotionalValue: notional.toFixed(0),
    remainingAttestations: limit?.maxAttestationCount ?? '0',
    isAssetTradingOpen: true,
    ...(inputs.event?.code === 'ASSET_LIMITED'
      ? { reason: { code: 'ASSET_LIMITED', message: inputs.event.message, documentation: DOCUMENTATION } }
      : {}),
  }
}

export interface DividendsBody {
  ticker: string
  dividendYield: string
  payoutFrequency: string
  lastCashAmount: string | null
  lastPaymentDate: string | null
  timestamp: number
}

/** A dividend is paid this many days after its ex-date. */
const PAYMENT_LAG_DAYS = 14

/**
 * `/v1/assets/{symbol}/dividends`: the asset's yield, paid quarterly, the last payment the one
 * after the most recent ex-date of the schedule (or, while that is not paid yet, the one before).
 */
export function dividendsBody(
  asset: AssetProfile,
  ms: number,
  dividend: { pays: boolean; yieldFraction: string; lastExDate: string },
): DividendsBody {
  const none = { lastCashAmount: null, lastPaymentDate: null, timestamp: ms }
  if (!dividend.pays) return { ticker: asset.ticker, dividendYield: '0', payoutFrequency: 'none', ...none }
  const today = easternClock(ms).date
  const paidAfterLast = addDays(dividend.lastExDate, PAYMENT_LAG_DAYS)
  const lastPaymentDate =
    paidAfterLast <= today ? paidAfterLast : addDays(dividend.lastExDate, PAYMENT_LAG_DAYS - QUARTER_DAYS)
  const perQuarter = new Dec(asset.startPrice).times(dividend.yieldFraction).dividedBy(4)
  return {
    ticker: asset.ticker,
    dividendYield: dividend.yieldFraction,
    payoutFrequency: 'quarterly',
    lastCashAmount: perQuarter.toFixed(4),
    lastPaymentDate,
    timestamp: ms,
  }
}
