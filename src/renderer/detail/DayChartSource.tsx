import type { DayCandles } from '../../shared/day-candles'
import type { HistoryPoint } from '../../shared/domain'
import type { DayLine } from '../chart/day-line'
import { useDisplayZone } from '../display-zone'
import { formatAge, formatPrice, formatZonedDateTime, formatZonedTime } from '../format'
import { useClock } from '../store/clock-store'

/**
 * Where the 1D chart's line comes from and how old it is, said above it: the live minute streamed
 * (with its open, high, low and close), the stream interrupted or paused (what is drawn is as old
 * as it says), or the polled 24 h history with why the minutes are not streamed.
 */
export function DayChartSource({
  candles,
  line,
  history,
}: {
  candles: DayCandles | null
  line: DayLine
  history: readonly HistoryPoint[]
}) {
  const now = useClock((state) => state.now)
  const zone = useDisplayZone()
  const ago = (at: number | null) => (at === null ? 'not yet' : `${formatAge(Math.max(0, now - at))} ago`)
  if (line.source === 'history' || candles === null) {
    const last = history.at(-1)
    const why =
      candles?.state === 'off' || candles?.state === 'unavailable'
        ? `; minutes not streamed: ${candles.reason}`
        : ''
    return (
      <p className="chart-source muted">
        Polled 24 h history{last ? `, last point ${formatZonedTime(last.t, zone)}` : ''}
        {why}
      </p>
    )
  }
  const live = candles.live
  const state = {
    streaming: `Minutes streamed, live minute received ${ago(candles.streamedAt)}`,
    connecting: `Minutes polled ${ago(candles.filledAt)}; stream connecting`,
    retrying: `Stream interrupted (${candles.reason}); last minute received ${ago(candles.streamedAt)}`,
    paused: `Paused; last minute received ${ago(candles.streamedAt)}`,
  }[candles.state as 'streaming' | 'connecting' | 'retrying' | 'paused']
  return (
    <p className={`chart-source ${candles.state === 'streaming' ? '' : 'chart-source-held'}`}>
      <span>{state}</span>
      {live && (
        <span className="num chart-live-minute">
          {`Minute of ${formatZonedDateTime(live.t, zone)}: O ${formatPrice(live.open)}`}
          {` H ${formatPrice(live.high)} L ${formatPrice(live.low)} C ${formatPrice(live.close)}`}
        </span>
      )}
    </p>
  )
}
