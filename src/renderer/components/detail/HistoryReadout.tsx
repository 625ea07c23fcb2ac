import type { ReactNode } from 'react'
import { Dec } from '../../../shared/decimal'
import type { HistoryPoint, HistorySeries, MultiplierChange } from '../../../shared/history'
import { premiumPercent } from '../../chart/history-model'
import type { DisplayZone } from '../../../shared/display-time'
import { useDisplayZone } from '../../display-zone'
import { formatAge, formatDay, formatExact, formatZonedDateTime } from '../../format'
import { useClock } from '../../store/clock-store'

/**
 * What the chart beyond 24 hours says in words: the note above it when its history is partial,
 * how fresh it is, and the readout of the point under the crosshair, every digit as received.
 */

const SOURCE_WORDS: Record<HistorySeries['source'], string> = {
  service: 'from the service',
  recorded: 'recorded by Tokenwatch',
  both: 'from the service and recorded by Tokenwatch',
}

/** A daily bucket is a date (the service's buckets start at 00:00 UTC); a shorter one a time. */
export function bucketTime(t: number, interval: string, zone: DisplayZone): string {
  return interval === '1day' ? formatDay(t, 'UTC') : formatZonedDateTime(t, zone)
}

/** The note of a partial history, and when the answer was put together. */
export function HistoryFreshness({ series }: { series: HistorySeries }) {
  const now = useClock((state) => state.now)
  const zone = useDisplayZone()
  return (
    <>
      {series.note !== null && <p className="chart-note">{series.note}</p>}
      <p className="chart-fresh muted">
        As of {formatZonedDateTime(series.asOf, zone)} ({formatAge(now - series.asOf)} ago),{' '}
        {SOURCE_WORDS[series.source]}, {series.interval} buckets
      </p>
    </>
  )
}

/** A multiplier to four places for the axis ("≈" when that rounds it). */
function shortMultiplier(value: string): string {
  const rounded = new Dec(value).toDecimalPlaces(4)
  return rounded.equals(value) ? rounded.toFixed() : `≈${rounded.toFixed()}`
}

/** A step's words under the axis (no zone: short), or every digit and when (in its title). */
export function multiplierMarkText(mark: MultiplierChange, zone: DisplayZone | null): string {
  if (zone)
    return `Multiplier ${formatExact(mark.from)} → ${formatExact(mark.to)} from ${formatZonedDateTime(mark.t, zone)}`
  return `×${shortMultiplier(mark.from)}→${shortMultiplier(mark.to)}`
}

function rejectedWords(count: number): string {
  if (count === 0) return 'Every candle received passed validation.'
  return `${count} ${count === 1 ? 'candle was' : 'candles were'} left out: they failed validation.`
}

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <span className={className ? `chart-readout-item ${className}` : 'chart-readout-item'}>
      <span className="muted">{label}</span> <span className="num">{children}</span>
    </span>
  )
}

/** The multiplier step that took effect since the point before this one, if one did. */
function stepIn(series: HistorySeries, index: number): MultiplierChange | undefined {
  const point = series.points[index] as HistoryPoint
  const before = series.points[index - 1]?.t ?? -Infinity
  return series.multiplierChanges.find((change) => change.t > before && change.t <= point.t)
}

export function HistoryReadout({ series, index }: { series: HistorySeries; index: number | null }) {
  const zone = useDisplayZone()
  const point = index === null ? undefined : series.points[index]
  const step = index === null ? undefined : stepIn(series, index)
  return (
    <p
      className="chart-readout chart-readout-history"
      aria-live="polite"
      aria-atomic="true"
      title={rejectedWords(series.rejectedCandles)}
    >
      {point ? (
        <>
          <span className="chart-readout-item chart-readout-time">
            {bucketTime(point.t, series.interval, zone)}
          </span>
          <Figure label="O">{formatExact(point.open)}</Figure>
          <Figure label="H">{formatExact(point.high)}</Figure>
          <Figure label="L">{formatExact(point.low)}</Figure>
          <Figure label="C" className="chart-readout-price">
            {formatExact(point.close)}
          </Figure>
          <Figure label="Stock" className="chart-readout-stock">
            {formatExact(point.underlyingClose)}
            {point.underlyingCarried && <span className="carried"> carried (no stock candle)</span>}
          </Figure>
          <Figure label="Multiplier" className="chart-readout-multiplier">
            {step ? `${formatExact(step.from)} → ${formatExact(step.to)}` : formatExact(point.multiplier)}
          </Figure>
          <Figure label="Premium" className="chart-readout-premium">
            {premiumPercent(point.premium)}
            {point.underlyingCarried && point.premium !== null && (
              <span className="carried"> on a carried close</span>
            )}
          </Figure>
        </>
      ) : (
        <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
      )}
    </p>
  )
}
