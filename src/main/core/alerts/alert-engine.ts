import { DIRECTION_SIGN, minutesText, SESSION_LABEL } from '../../../shared/alert-text'
import type { AlertDirection } from '../../../shared/alert-limits'
import type { Alert, AlertCondition, AlertFiring } from '../../../shared/alerts'
import { Dec, type DecimalString, isDecimalString } from '../../../shared/decimal'
import { type AssetQuote, isTradableIn } from '../../../shared/domain'
import type { ValuedPosition } from '../../../shared/holdings'
import type { MarketReading } from '../../../shared/service-status'
import { sessionStateAt } from '../../../shared/session-clock'
import { marketHeadline } from '../../../shared/session-text'
import type { SessionName } from '../../../shared/sessions'
import {
  type KnownPauses,
  multiplierPauseNote,
  NO_KNOWN_PAUSES,
  pauseNews,
  type PausePhases,
} from './pause-alerts'
import { type DepthCondition, type DepthKnown, NO_DEPTH_YET, observeDepth } from './depth-alerts'
import type { Observation } from './observation'
import { calendarLiveSession, heldReadingEndsAt, type LiveSession, liveSessionAt } from './market-sessions'

/**
 * Alert evaluation: a pure function of the alerts, their previous states, the current quotes and
 * the time. No clock, no I/O; the caller keeps the states between calls (in memory only) and calls
 * `evaluateAlerts` on every snapshot update and on a timer at `nextAlertCheckAt`.
 *
 * The rules, for every kind but session alerts:
 * - An alert fires when its value *enters* the firing zone: the previous observation was outside
 *   it and this one is inside ("crossed above 200" means the last price was below 200). So the
 *   first observation never fires, whatever it is: after a restart, or an edit, or enabling an
 *   alert, a price already beyond the level is not news, and a restart must not fire crossings
 *   that happened while the app was closed.
 * - After firing, an alert is disarmed until the value goes back past the re-arm band (for a
 *   price alert a percent of the level; for percent alerts percentage points). A price hovering
 *   around the level therefore fires once, not on every wiggle.
 * - It never fires within `cooldownMs` of its last firing. A crossing during the cooldown is
 *   dropped, not postponed (the alert stays armed for the next crossing).
 * - A missing value (no price yet, symbol not in the snapshot) is no observation: the state is
 *   kept as it was. So is a stale one (the cached quote shown at start, or the last price of a
 *   service that stopped answering): it is old news, and the next live value is compared with the
 *   last live one, so a crossing during an outage still fires once data returns.
 *
 * Multiplier alerts fire when the live shares multiplier differs from the last live one (a split
 * or a reinvested dividend); the first live value is only remembered, and stale ones are skipped.
 * When the change falls in a pause that announced it, the message says so.
 *
 * Depth alerts (spread, liquidity at the best levels) step like the threshold alerts on the
 * symbol's latest depth ladder (depth-alerts.ts); a ladder with an error is no observation.
 *
 * Asset-pause alerts fire when the service announces a pause of the symbol, when one starts and
 * when one ends (pause-alerts.ts); the first answer is only remembered.
 *
 * Session alerts fire when the session running changes into (open) or out of (close) a session
 * the symbol is tradable in. The session running is the calendar's, except where the service's
 * market status says otherwise (market-sessions.ts): during an unscheduled pause the service
 * reports, no "session opened" fires at the calendar's minute; the pause itself ("Paused,
 * unscheduled pause (service): Regular session halted") and the market's return ("Market resumed
 * (service)") fire instead, through the same cooldown. They work from the time and the service's
 * readings alone, so they fire without any price update. Changes are found by walking the clock
 * from the last check to `now`; a change more than SESSION_EVENT_GRACE_MS old (the computer slept
 * through it) is not reported.
 */

export interface AlertState {
  /** The symbol and condition this state was observed for; an edited alert starts afresh. */
  watching: string
  /** False after firing, until the value has gone back past the re-arm band. */
  armed: boolean
  lastFiredAt: number | null
  /** Whether the last observation was in the firing zone; null before the first. Not for session alerts. */
  beyond: boolean | null
  /** Session alerts: when the session clock was last read; null before the first check. */
  sessionCheckedAt: number | null
  /** Session alerts: the session running at that check, as heard (calendar or service); null before. */
  sessionHeard: LiveSession | null
  /** Multiplier alerts: the shares multiplier last seen live; null before the first. */
  multiplier: DecimalString | null
  /** Asset-pause alerts: the symbol's pauses as last seen; null before the first answer. */
  pauses: PausePhases | null
}

export type AlertStates = Record<string, AlertState>

export interface AlertEvaluation {
  fired: AlertFiring[]
  /** One state per enabled alert; disabled and removed alerts are dropped (they start afresh). */
  states: AlertStates
}

/** A session change noticed later than this is old news and not reported. */
export const SESSION_EVENT_GRACE_MS = 5 * 60_000
/** The clock changes phase at most every few minutes; this bounds the walk over a grace period. */
const MAX_SESSION_CHANGES_PER_CHECK = 16
const MINUTE_MS = 60_000

type SessionCondition = Extract<AlertCondition, { kind: 'session' }>
type MultiplierCondition = Extract<AlertCondition, { kind: 'multiplier-change' }>
type PauseCondition = Extract<AlertCondition, { kind: 'asset-pause' }>
type ThresholdCondition = Exclude<
  AlertCondition,
  SessionCondition | MultiplierCondition | PauseCondition | DepthCondition
>

function freshState(watching: string): AlertState {
  return {
    watching,
    armed: true,
    lastFiredAt: null,
    beyond: null,
    sessionCheckedAt: null,
    sessionHeard: null,
    multiplier: null,
    pauses: null,
  }
}

function watchingKey(alert: Alert): string {
  return JSON.stringify([alert.symbol, alert.condition])
}

function cooledDown(state: AlertState, alert: Alert, now: number): boolean {
  return state.lastFiredAt === null || now - state.lastFiredAt >= alert.cooldownMs
}

// ---------------------------------------------------------------------------------------------
// Threshold alerts: price, change %, premium %, staleness

function signed(value: DecimalString): string {
  return value.startsWith('-') ? value : `+${value}`
}

function withoutSign(value: DecimalString): string {
  return value.startsWith('-') ? value.slice(1) : value
}

/** A figure against a level: beyond at or past it, re-armed once back by the band (% of the level). */
function crossing(
  text: DecimalString,
  condition: { level: DecimalString; rearmBand: DecimalString },
  above: boolean,
  message: string,
): Observation {
  const figure = new Dec(text)
  const level = new Dec(condition.level)
  const band = level.times(condition.rearmBand).dividedBy(100)
  return {
    value: text,
    beyond: above ? figure.gte(level) : figure.lte(level),
    rearms: above ? figure.lt(level.minus(band)) : figure.gt(level.plus(band)),
    message,
  }
}

function observePrice(
  condition: Extract<AlertCondition, { kind: 'price-above' | 'price-below' }>,
  symbol: string,
  asset: AssetQuote,
): Observation | null {
  if (!isDecimalString(asset.price)) return null
  const above = condition.kind === 'price-above'
  const message = `${symbol} crossed ${above ? 'above' : 'below'} ${condition.level} at ${asset.price}`
  return crossing(asset.price, condition, above, message)
}

/** Change % and premium %: beyond when at or past the threshold on the chosen side. */
function observePercent(
  condition: Extract<AlertCondition, { kind: 'change-pct' | 'premium-pct' }>,
  symbol: string,
  asset: AssetQuote,
): Observation | null {
  const text = condition.kind === 'change-pct' ? asset.changePct24h : asset.premiumPct
  if (!isDecimalString(text)) return null
  const limit = `alert at ${DIRECTION_SIGN[condition.direction]}${condition.thresholdPct}%`
  const message =
    condition.kind === 'change-pct'
      ? `${symbol} 24h change reached ${signed(text)}% (${limit})`
      : `${symbol} trades at a ${withoutSign(text)}% ${text.startsWith('-') ? 'discount' : 'premium'}` +
        ` to fair value (${limit})`
  return pastThreshold(text, condition, message)
}

/** A percent against a threshold on the chosen side: beyond at or past it, re-armed back by the band. */
function pastThreshold(
  text: DecimalString,
  condition: { thresholdPct: DecimalString; rearmBand: DecimalString; direction: AlertDirection },
  message: string,
): Observation {
  const value = new Dec(text)
  const threshold = new Dec(condition.thresholdPct)
  const gauge = { up: value, down: value.negated(), either: value.abs() }[condition.direction]
  return {
    value: text,
    beyond: gauge.gte(threshold),
    rearms: gauge.lt(threshold.minus(condition.rearmBand)),
    message,
  }
}

/**
 * A position's value and unrealized P&L %, from main's positions (the ledger valued at the same
 * quote): like the price and percent alerts, on the position's figures. Nothing held, or a
 * figure without a price, is no observation.
 */
function observePosition(
  condition: Extract<AlertCondition, { kind: 'value-above' | 'value-below' | 'pnl-pct' }>,
  symbol: string,
  position: ValuedPosition | undefined,
): Observation | null {
  if (!position || position.quantity === '0' || position.stale) return null
  if (condition.kind === 'pnl-pct') {
    const text = position.unrealizedPct
    if (!isDecimalString(text)) return null
    const shown = signed(new Dec(text).toDecimalPlaces(2).toFixed(2))
    const limit = `alert at ${DIRECTION_SIGN[condition.direction]}${condition.thresholdPct}%`
    return pastThreshold(text, condition, `${symbol} unrealized P&L reached ${shown}% of cost (${limit})`)
  }
  if (!isDecimalString(position.value)) return null
  const above = condition.kind === 'value-above'
  const shown = new Dec(position.value).toDecimalPlaces(2).toFixed(2)
  const message =
    `${symbol} position value crossed ${above ? 'above' : 'below'}` + ` ${condition.level} at ${shown}`
  return crossing(position.value, condition, above, message)
}

/** Stale: the feed marked the data stale and the price is older than the limit; re-arms when fresh. */
function observeStale(
  condition: Extract<AlertCondition, { kind: 'stale' }>,
  symbol: string,
  asset: AssetQuote,
  now: number,
): Observation | null {
  if (asset.priceTimestamp === null) return null
  const ageMinutes = Math.max(0, Math.floor((now - asset.priceTimestamp) / MINUTE_MS))
  return {
    value: String(ageMinutes),
    beyond: asset.stale && now - asset.priceTimestamp >= condition.minutes * MINUTE_MS,
    rearms: !asset.stale,
    message:
      `${symbol} data is stale: no new price for ${minutesText(ageMinutes)}` +
      ` (alert after ${condition.minutes})`,
  }
}

function observe(
  condition: ThresholdCondition,
  symbol: string,
  asset: AssetQuote,
  now: number,
  position: ValuedPosition | undefined,
): Observation | null {
  switch (condition.kind) {
    case 'value-above':
    case 'value-below':
    case 'pnl-pct':
      return observePosition(condition, symbol, position)
    case 'price-above':
    case 'price-below':
      return observePrice(condition, symbol, asset)
    case 'change-pct':
    case 'premium-pct':
      return observePercent(condition, symbol, asset)
    case 'stale':
      return observeStale(condition, symbol, asset, now)
  }
}

function stepThreshold(
  alert: Alert,
  condition: ThresholdCondition,
  state: AlertState,
  asset: AssetQuote | undefined,
  now: number,
  position: ValuedPosition | undefined,
): { state: AlertState; firing: AlertFiring | null } {
  const live = asset && (condition.kind === 'stale' || !asset.stale)
  return stepObserved(alert, state, live ? observe(condition, alert.symbol, asset, now, position) : null, now)
}

/** One observation against the state: fires on entering the zone, armed and cooled down. */
function stepObserved(
  alert: Alert,
  state: AlertState,
  observation: Observation | null,
  now: number,
): { state: AlertState; firing: AlertFiring | null } {
  if (!observation) return { state, firing: null }
  const armed = state.armed || observation.rearms
  const entered = state.beyond === false && observation.beyond
  const fires = armed && entered && cooledDown(state, alert, now)
  const next: AlertState = {
    ...state,
    armed: fires ? false : armed,
    beyond: observation.beyond,
    lastFiredAt: fires ? now : state.lastFiredAt,
  }
  return { state: next, firing: fires ? firingOf(alert, observation.message, observation.value, now) : null }
}

// ---------------------------------------------------------------------------------------------
// Session alerts

/**
 * The instants in (from, to] where the session heard may change: the calendar's phase changes,
 * the end of a service reading that holds (market-sessions.ts), and `to` itself (a new reading).
 */
function sessionChangePoints(from: number, to: number, market: MarketReading | null): number[] {
  const points = new Set<number>()
  let state = sessionStateAt(from)
  for (let i = 0; i < MAX_SESSION_CHANGES_PER_CHECK && state.nextChangeAt <= to; i++) {
    points.add(state.nextChangeAt)
    state = sessionStateAt(state.nextChangeAt)
  }
  const heldUntil = heldReadingEndsAt(market, from)
  if (heldUntil !== null && heldUntil > from && heldUntil <= to) points.add(heldUntil)
  points.add(to)
  return [...points].sort((a, b) => a - b)
}

/**
 * The words for a change of the session heard, or null when the alert does not ask about it.
 * In the calendar's words when the calendar foretold it; marked as the service's when it did
 * not: "Paused, unscheduled pause (service): Regular session halted for AAPLon", "Market resumed
 * (service): Regular session open, AAPLon is tradable".
 */
function sessionChangeText(
  alert: Alert,
  condition: SessionCondition,
  asset: AssetQuote,
  change: { before: LiveSession; after: LiveSession; calendarBefore: SessionName | null },
  market: MarketReading | null,
): string | null {
  const { before, after } = change
  const asked = (session: SessionName | null): session is SessionName =>
    session !== null &&
    (condition.session === 'any' || condition.session === session) &&
    isTradableIn(asset, session)
  const byService = after.byService || before.live !== change.calendarBefore
  const symbol = alert.symbol
  if (condition.event !== 'close' && asked(after.live)) {
    const label = SESSION_LABEL[after.live]
    if (!byService) return `${label} session opened: ${symbol} is tradable`
    if (before.byService && before.live === null)
      return `Market resumed (service): ${label} session open, ${symbol} is tradable`
    return `${label} session opened (service): ${symbol} is tradable`
  }
  if (condition.event !== 'open' && asked(before.live)) {
    const label = SESSION_LABEL[before.live]
    if (!byService) return `${label} session closed for ${symbol}`
    if (after.byService && after.live === null && market !== null)
      return `${marketHeadline(market, 0)}: ${label} session halted for ${symbol}`
    return `${label} session closed (service) for ${symbol}`
  }
  return null
}

/**
 * The session heard at `since`, where the walk to `now` starts: the one heard at the last check,
 * with two exceptions. Checked longer ago than the grace (the computer slept, or a hidden window
 * heard nothing for a while), a calendar session is moved on along the calendar in silence, as
 * the calendar's old changes are not news; a session the service held is kept, since only a new
 * reading ends it, and that reading is news now. Held by the service that has since gone quiet
 * (its reading too old, the calendar the fallback): losing the reading is no news of the
 * market, so the calendar's session is taken in silence.
 */
function sessionHeardBefore(state: AlertState, since: number, market: MarketReading | null): LiveSession {
  const heard = state.sessionHeard
  if (heard === null || (heard.byService && market?.source !== 'service')) return liveSessionAt(market, since)
  if (heard.byService || since === state.sessionCheckedAt) return heard
  return { live: calendarLiveSession(since), byService: false }
}

function stepSession(
  alert: Alert,
  condition: SessionCondition,
  state: AlertState,
  asset: AssetQuote | undefined,
  now: number,
  market: MarketReading | null,
): { state: AlertState; firing: AlertFiring | null } {
  // Without the asset its tradability is unknown: check again next time (the grace bounds how late).
  if (!asset) return { state, firing: null }
  const next: AlertState = { ...state, sessionCheckedAt: now, sessionHeard: liveSessionAt(market, now) }
  if (state.sessionCheckedAt === null) return { state: next, firing: null }

  const since = Math.max(state.sessionCheckedAt, now - SESSION_EVENT_GRACE_MS)
  let before = sessionHeardBefore(state, since, market)
  let message: string | null = null
  for (const at of sessionChangePoints(since, now, market)) {
    const after = liveSessionAt(market, at)
    if (after.live !== before.live) {
      const change = { before, after, calendarBefore: calendarLiveSession(at - 1) }
      // Several changes in one check (a missed pause): the latest that matters is reported.
      message = sessionChangeText(alert, condition, asset, change, market) ?? message
    }
    before = after
  }
  if (message === null || !cooledDown(state, alert, now)) return { state: next, firing: null }
  return { state: { ...next, lastFiredAt: now }, firing: firingOf(alert, message, null, now) }
}

// ---------------------------------------------------------------------------------------------
// Multiplier alerts

/** "x10", "x1.0007": how far the multiplier moved, to 6 significant digits. */
function ratioText(previous: DecimalString, next: DecimalString): string {
  const before = new Dec(previous)
  return before.isZero() ? '' : ` (x${new Dec(next).dividedBy(before).toSignificantDigits(6).toFixed()})`
}

/**
 * Fires when the live shares multiplier differs (as a decimal, so "1.50" is "1.5") from the last
 * live one. The first live value is only remembered: a change while the app was closed is not news,
 * and a cached or stale quote is no observation, as for the threshold alerts.
 */
function stepMultiplier(
  alert: Alert,
  state: AlertState,
  asset: AssetQuote | undefined,
  pauses: KnownPauses,
  now: number,
): { state: AlertState; firing: AlertFiring | null } {
  const next = asset && !asset.stale ? asset.sharesMultiplier : null
  if (!isDecimalString(next)) return { state, firing: null }
  const previous = state.multiplier
  const changed = previous !== null && !new Dec(previous).eq(next)
  const fires = changed && cooledDown(state, alert, now)
  const nextState: AlertState = { ...state, multiplier: next, lastFiredAt: fires ? now : state.lastFiredAt }
  if (!fires || previous === null) return { state: nextState, firing: null }
  const inPause = multiplierPauseNote(alert.symbol, pauses.multiplierPauses, now)
  const message =
    `${alert.symbol} shares multiplier changed from ${previous} to ` +
    `${next}${ratioText(previous, next)}${inPause}`
  return { state: nextState, firing: firingOf(alert, message, next, now) }
}

// ---------------------------------------------------------------------------------------------
// Asset-pause alerts

function stepAssetPause(
  alert: Alert,
  state: AlertState,
  pauses: KnownPauses,
  now: number,
): { state: AlertState; firing: AlertFiring | null } {
  if (pauses.current === null) return { state, firing: null }
  const { phases, news } = pauseNews(alert.symbol, state.pauses, pauses.current, now)
  const fires = news.length > 0 && cooledDown(state, alert, now)
  const nextState: AlertState = { ...state, pauses: phases, lastFiredAt: fires ? now : state.lastFiredAt }
  return { state: nextState, firing: fires ? firingOf(alert, news.join('; '), null, now) : null }
}

// ---------------------------------------------------------------------------------------------

function firingOf(alert: Alert, message: string, value: DecimalString | null, at: number): AlertFiring {
  const firing: AlertFiring = {
    alertId: alert.id,
    symbol: alert.symbol,
    kind: alert.condition.kind,
    message,
    value,
    at,
    sound: alert.sound,
  }
  if (alert.note !== undefined) firing.note = alert.note
  return firing
}

/**
 * Evaluates every enabled alert at `now`. Pure: the same arguments give the same answer, and
 * neither argument is changed. Firings come in the order of `alerts`.
 */
export function evaluateAlerts(
  alerts: readonly Alert[],
  states: Readonly<AlertStates>,
  assetsBySymbol: ReadonlyMap<string, AssetQuote>,
  now: number,
  /**
   * What else the alerts look at: the service's asset pauses (multiplier and pause alerts), its
   * market reading (session alerts follow it where it differs from the calendar) and main's
   * positions by symbol (value and P&L % alerts). None known, none held when absent.
   */
  known: {
    pauses?: KnownPauses
    market?: MarketReading | null
    positionsBySymbol?: ReadonlyMap<string, ValuedPosition>
    /** The held depth stream's latest ladders (spread and liquidity alerts); none when absent. */
    depth?: DepthKnown
  } = {},
): AlertEvaluation {
  const { pauses = NO_KNOWN_PAUSES, market = null, positionsBySymbol, depth = NO_DEPTH_YET } = known
  const fired: AlertFiring[] = []
  const nextStates: AlertStates = {}
  for (const alert of alerts) {
    if (!alert.enabled) continue
    const watching = watchingKey(alert)
    const previous = states[alert.id]
    const state = previous?.watching === watching ? previous : freshState(watching)
    const asset = assetsBySymbol.get(alert.symbol)
    const condition = alert.condition
    const step =
      condition.kind === 'session'
        ? stepSession(alert, condition, state, asset, now, market)
        : condition.kind === 'multiplier-change'
          ? stepMultiplier(alert, state, asset, pauses, now)
          : condition.kind === 'asset-pause'
            ? stepAssetPause(alert, state, pauses, now)
            : condition.kind === 'spread-bp' || condition.kind === 'depth-below'
              ? stepObserved(
                  alert,
                  state,
                  observeDepth(condition, alert.symbol, depth.ladders.get(alert.symbol)),
                  now,
                )
              : stepThreshold(alert, condition, state, asset, now, positionsBySymbol?.get(alert.symbol))
    nextStates[alert.id] = step.state
    if (step.firing) fired.push(step.firing)
  }
  return { fired, states: nextStates }
}

/** Quotes keyed by symbol, as `evaluateAlerts` takes them. */
export function assetsBySymbolOf(assets: readonly AssetQuote[]): Map<string, AssetQuote> {
  return new Map(assets.map((asset) => [asset.symbol, asset]))
}

/** When the session clock next changes phase: the time for the session-alert timer. */
export function nextSessionCheckAt(now: number): number {
  return sessionStateAt(now).nextChangeAt
}

/**
 * When `evaluateAlerts` should next run even if no update arrives: the next session change (if
 * an enabled session alert exists: the calendar's, or the end of a service reading that holds) or
 * the moment stale data passes an enabled stale alert's limit. Null when nothing is time-driven.
 */
export function nextAlertCheckAt(
  alerts: readonly Alert[],
  assetsBySymbol: ReadonlyMap<string, AssetQuote>,
  now: number,
  pauses: KnownPauses = NO_KNOWN_PAUSES,
  market: MarketReading | null = null,
): number | null {
  let next: number | null = null
  const consider = (at: number) => {
    if (at > now && (next === null || at < next)) next = at
  }
  for (const alert of alerts) {
    if (!alert.enabled) continue
    if (alert.condition.kind === 'session') {
      consider(nextSessionCheckAt(now))
      // A service reading that holds ends at its own next open or close (market-sessions.ts).
      const heldUntil = heldReadingEndsAt(market, now)
      if (heldUntil !== null) consider(heldUntil)
    } else if (alert.condition.kind === 'asset-pause') {
      // A pause starts and ends at its times, whether or not a price or a status answer comes then.
      for (const pause of pauses.current ?? [])
        if (pause.symbol === alert.symbol)
          for (const at of [pause.start, pause.end]) if (at !== null) consider(at)
    } else if (alert.condition.kind === 'stale') {
      const asset = assetsBySymbol.get(alert.symbol)
      // Fresh data turns stale through a snapshot update, which triggers an evaluation anyway.
      if (asset?.stale && asset.priceTimestamp !== null)
        consider(asset.priceTimestamp + alert.condition.minutes * MINUTE_MS)
    }
  }
  return next
}
