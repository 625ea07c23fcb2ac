import { easternClock, easternWallTimeToUtc, sessionStateAt } from '../../../shared/session-clock'

/**
 * When the simulator's demo wallet trades by itself (issue 48, item 7), in the market's time: on a
 * day with a regular session it buys at 10:00, 12:00 and 14:00 ET and sells the same quantity back
 * an hour later, each pair only when both whole hours fall in the regular session (an early close
 * keeps 10:00-11:00 only; a weekend or a holiday has none). Every pair closes on its own day, so
 * the trades of earlier days sum to nothing and the balance at an instant is the fixed trades plus
 * that day's trades at or before it: computed from the instant alone, so a clock that leaps is
 * still right and every reader of the same instant agrees.
 */

/** The ET hours a pair opens at; each closes at the next whole hour. */
const BUY_HOURS = [10, 12, 14] as const

export interface HourlyTrade {
  /** Unix ms of the whole hour it happens at. */
  at: number
  /** 1 for the buy, -1 for the sale back. */
  direction: 1 | -1
}

const inRegularSession = (ms: number): boolean => sessionStateAt(ms).phase === 'regular'

/** The scheduled trades of the ET day of `ms`, at or before `ms`, in order. */
export function hourlyTradesUntil(ms: number): HourlyTrade[] {
  const { date } = easternClock(ms)
  const trades: HourlyTrade[] = []
  for (const hour of BUY_HOURS) {
    const buyAt = easternWallTimeToUtc(date, hour * 60)
    const sellAt = easternWallTimeToUtc(date, (hour + 1) * 60)
    if (!inRegularSession(buyAt) || !inRegularSession(sellAt)) continue
    if (buyAt <= ms) trades.push({ at: buyAt, direction: 1 })
    if (sellAt <= ms) trades.push({ at: sellAt, direction: -1 })
  }
  return trades
}
