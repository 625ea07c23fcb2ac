import type { DisplayZone } from '../../shared/display-time'
import { sessionStateAt } from '../../shared/session-clock'
import type { TimeSpan } from '../../shared/trading-axis'
import { formatWeekdayTime } from '../format'

/**
 * What a closed gap on the chart says when pointed at: when the market closed and when it opens,
 * from the market calendar, in the zone times are shown in. The gap drawn is the calendar's
 * closed span cut to the history's first and last points, so its own ends can be the history's
 * ("to now"); the open is the calendar's next one instead. "Market closed Fri Nov 20, 19:59 to
 * Sun Nov 22, 20:05 ET" for a weekend the history has crossed; while the history still ends in
 * it, "Market closed since Fri Nov 20, 19:59 ET; opens Sun Nov 22, 20:05 ET".
 */
export function closedGapText(gap: TimeSpan, historyStart: number, zone: DisplayZone): string {
  const opensAt = sessionStateAt(gap.start).nextChangeAt
  const when = (ms: number) => formatWeekdayTime(ms, zone.timeZone)
  const opens = `${when(opensAt)} ${zone.nameAt(opensAt)}`
  // A history that begins inside the closed span does not know when it closed.
  const closedAt = gap.start > historyStart ? gap.start : null
  if (gap.end >= opensAt)
    return closedAt === null ? `Market closed until ${opens}` : `Market closed ${when(closedAt)} to ${opens}`
  const since =
    closedAt === null ? 'Market closed' : `Market closed since ${when(closedAt)} ${zone.nameAt(closedAt)}`
  return `${since}; opens ${opens}`
}
