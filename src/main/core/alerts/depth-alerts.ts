import { bestLevelsText, depthAmountText } from '../../../shared/alert-text'
import type { Alert, AlertCondition } from '../../../shared/alerts'
import { isDepthAlertKind } from '../../../shared/alerts'
import { Dec } from '../../../shared/decimal'
import { depthErrorWords, type DepthLadder } from '../../../shared/depth'
import type { HeldDepthUpdate, HeldLadder } from '../feed/stream/held-depth-stream'
import type { Observation } from './observation'

/**
 * The depth alerts (issue 47): the spread of a symbol's depth ladder, and the liquidity on the
 * best levels of one side, judged on the ladders of the held depth stream (which streams every
 * symbol a depth alert watches, held or not). Decimal arithmetic throughout; the spread's bound is
 * compared without dividing, so it is exact. A ladder with an error (paused, market closed, price
 * stale) or a crossed one is no observation: it never fires and keeps the alert's state.
 */

export type DepthCondition = Extract<AlertCondition, { kind: 'spread-bp' | 'depth-below' }>

const BP = 10_000

/** A ladder the depth alerts can read: no error, not crossed. */
function readable(held: HeldLadder | undefined): DepthLadder | null {
  if (!held || held.ladder.error !== null || held.ladder.crossed) return null
  return held.ladder
}

/**
 * Spread in bp of the mid: (ask - bid) / ((ask + bid) / 2) x 10,000. Beyond when wider than the
 * threshold: (ask - bid) x 20,000 > threshold x (ask + bid), exact in decimals.
 */
function observeSpread(
  condition: Extract<AlertCondition, { kind: 'spread-bp' }>,
  symbol: string,
  ladder: DepthLadder,
): Observation | null {
  const bid = ladder.bids[0]
  const ask = ladder.asks[0]
  if (!bid || !ask) return null
  const width = new Dec(ask.price).minus(bid.price)
  const sum = new Dec(ask.price).plus(bid.price)
  const beyond = width.times(2 * BP).gt(sum.times(condition.thresholdBp))
  const bp = width
    .times(2 * BP)
    .dividedBy(sum)
    .toFixed(2)
  return {
    value: bp,
    beyond,
    rearms: !beyond,
    message:
      `${symbol} depth spread ${bp} bp of the mid (bid ${bid.price}, ask ${ask.price}),` +
      ` alert above ${condition.thresholdBp} bp`,
  }
}

/** Tokens (sum of quantities) or dollars (sum of price x quantity) on a side's best `levels`. */
export function liquidityAtBest(
  ladder: DepthLadder,
  condition: Pick<Extract<AlertCondition, { kind: 'depth-below' }>, 'side' | 'levels' | 'unit'>,
): Dec {
  const levels = (condition.side === 'bids' ? ladder.bids : ladder.asks).slice(0, condition.levels)
  return levels.reduce(
    (sum, level) =>
      sum.plus(condition.unit === 'tokens' ? level.quantity : new Dec(level.price).times(level.quantity)),
    new Dec(0),
  )
}

/** Liquidity below the size: beyond when less than it (an empty side holds none). */
function observeLiquidity(
  condition: Extract<AlertCondition, { kind: 'depth-below' }>,
  symbol: string,
  ladder: DepthLadder,
): Observation {
  const held = liquidityAtBest(ladder, condition)
  const beyond = held.lt(condition.size)
  const shown = condition.unit === 'dollars' ? held.toDecimalPlaces(2).toFixed(2) : held.toFixed()
  return {
    value: held.toFixed(),
    beyond,
    rearms: !beyond,
    message:
      `${symbol} depth: ${depthAmountText(shown, condition.unit)} on ${bestLevelsText(condition)},` +
      ` alert under ${depthAmountText(condition.size, condition.unit)}`,
  }
}

export function observeDepth(
  condition: DepthCondition,
  symbol: string,
  held: HeldLadder | undefined,
): Observation | null {
  const ladder = readable(held)
  if (!ladder) return null
  return condition.kind === 'spread-bp'
    ? observeSpread(condition, symbol, ladder)
    : observeLiquidity(condition, symbol, ladder)
}

/** What the depth alerts are judged on: the held depth stream's state and its latest ladders. */
export interface DepthKnown {
  state: HeldDepthUpdate['state']
  reason: string | null
  ladders: ReadonlyMap<string, HeldLadder>
}

export const NO_DEPTH_YET: DepthKnown = { state: 'off', reason: 'not connected', ladders: new Map() }

/** The symbols of the enabled depth alerts, sorted: streamed whether held or not. */
export function depthAlertSymbols(alerts: readonly Alert[]): string[] {
  const symbols = alerts.filter((alert) => alert.enabled && isDepthAlertKind(alert.condition.kind))
  return [...new Set(symbols.map((alert) => alert.symbol))].sort()
}

/**
 * Why an enabled depth alert cannot fire now, in words for the alert list, or null when its
 * ladder is readable: "this service publishes no depth", "no depth: market closed".
 */
export function depthIdleReason(symbol: string, depth: DepthKnown): string | null {
  if (depth.state === 'unavailable') return 'this service publishes no depth'
  if (depth.state !== 'streaming') return `no depth: ${depth.reason ?? 'not streaming'}`
  const held = depth.ladders.get(symbol)
  if (!held) return 'no depth yet'
  if (held.ladder.error !== null) return `no depth: ${depthErrorWords(held.ladder.error)}`
  return held.ladder.crossed ? 'no depth: the ladder is crossed' : null
}

/** Each enabled depth alert that is idle, by id, with why. */
export function idleDepthAlerts(alerts: readonly Alert[], depth: DepthKnown): Record<string, string> {
  const idle: Record<string, string> = {}
  for (const alert of alerts) {
    if (!alert.enabled || !isDepthAlertKind(alert.condition.kind)) continue
    const reason = depthIdleReason(alert.symbol, depth)
    if (reason !== null) idle[alert.id] = reason
  }
  return idle
}
