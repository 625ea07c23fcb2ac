import type { Alert, AlertCondition } from './alerts'
import type { AlertDirection, DepthAlertSide, DepthAlertUnit } from './alert-limits'
import type { SessionName } from './sessions'

/**
 * How alerts read, in the notifications main sends and in the renderer's lists. Apart from
 * alerts.ts, which builds zod schemas as it loads: the renderer shows these words from its first
 * frame, and loads zod only when a form is opened.
 */

export const SESSION_LABEL: Record<SessionName, string> = {
  premarket: 'Pre-market',
  regular: 'Regular',
  postmarket: 'Post-market',
  overnight: 'Overnight',
  offhours: 'Off-hours',
}

/** How a direction reads before a threshold: +5%, -5%, ±5%. */
export const DIRECTION_SIGN: Record<AlertDirection, string> = { up: '+', down: '-', either: '±' }

export function minutesText(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** A liquidity size in words: "3.5 tokens", "$1250.40". */
export function depthAmountText(size: string, unit: DepthAlertUnit): string {
  return unit === 'dollars' ? `$${size}` : `${size} tokens`
}

/** The levels a liquidity alert sums: "the best 5 bid levels", "the best ask level". */
export function bestLevelsText(condition: { levels: number; side: DepthAlertSide }): string {
  const side = condition.side === 'bids' ? 'bid' : 'ask'
  return condition.levels === 1 ? `the best ${side} level` : `the best ${condition.levels} ${side} levels`
}

/** For the alert list: "crosses above 200.50", "24h change beyond ±5%". */
export function describeCondition(condition: AlertCondition): string {
  switch (condition.kind) {
    case 'price-above':
      return `crosses above ${condition.level}`
    case 'price-below':
      return `crosses below ${condition.level}`
    case 'change-pct':
      return `24h change beyond ${DIRECTION_SIGN[condition.direction]}${condition.thresholdPct}%`
    case 'premium-pct': {
      const what = { up: 'premium', down: 'discount', either: 'premium or discount' }[condition.direction]
      return `${what} to fair value beyond ${condition.thresholdPct}%`
    }
    case 'session': {
      const session =
        condition.session === 'any' ? 'any session' : `${SESSION_LABEL[condition.session]} session`
      const event = { open: 'opens', close: 'closes', both: 'opens or closes' }[condition.event]
      return `${session} ${event} while tradable`
    }
    case 'stale':
      return `data stale for ${minutesText(condition.minutes)}`
    case 'multiplier-change':
      return 'shares multiplier changes (a split or a reinvested dividend)'
    case 'value-above':
      return `position value crosses above ${condition.level}`
    case 'value-below':
      return `position value crosses below ${condition.level}`
    case 'pnl-pct': {
      const what = { up: 'gain', down: 'loss', either: 'gain or loss' }[condition.direction]
      return `unrealized ${what} beyond ${condition.thresholdPct}% of cost`
    }
    case 'asset-pause':
      return 'is paused or limited by the service (announced, starts, ends)'
    case 'spread-bp':
      return `depth spread wider than ${condition.thresholdBp} bp of the mid`
    case 'depth-below':
      return `depth under ${depthAmountText(condition.size, condition.unit)} on ${bestLevelsText(condition)}`
  }
}

export function describeAlert(alert: Pick<Alert, 'symbol' | 'condition'>): string {
  return `${alert.symbol} ${describeCondition(alert.condition)}`
}
