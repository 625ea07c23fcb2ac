import { useMemo, type ReactNode } from 'react'
import { Dec } from '../../shared/decimal'
import type { HistoryPoint, HistorySeries, MultiplierChange } from '../../shared/history'
import { premiumPercent } from '../chart/history-model'
import type { DisplayZone } from '../../shared/display-time'
import { useDisplayZone } from '../display-zone'
import { formatAge, formatDay, formatExact, formatZonedDateTime } from '../format'
import { useClock } from '../store/clock-store'

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
    return (
      `Multiplier ${formatExact(mark.from)} → ${formatExact(mark.to)}` +
      ` from ${formatZonedDateTime(mark.t, zone)}`
    )
  return `×${shortMultiplier(mark.from)}→${shortMultiplier(mark.to)}`
}

function rejectedWords(count: number): string {
  if (count === 0) return 'Every candle received passed validation.'
  return `${count} ${count === 1 ? 'candle was' : 'candles were'} left out: they failed validation.`
}

/** `named`: the figure's own class (`chart-readout-price`...), left off a reserving copy. */
function Figure({ label, children, named }: { label: string; children: ReactNode; named?: string }) {
  return (
    <span className={named ? `chart-readout-item ${named}` : 'chart-readout-item'}>
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

/** What the readout says of one point, in words. */
interface PointWords {
  time: string
  open: string
  high: string
  low: string
  close: string
  stock: string
  stockCarried: boolean
  multiplier: string
  premium: string
  premiumCarried: boolean
}

function pointWords(series: HistorySeries, index: number, zone: DisplayZone): PointWords {
  const point = series.points[index] as HistoryPoint
  const step = stepIn(series, index)
  return {
    time: bucketTime(point.t, series.interval, zone),
    open: formatExact(point.open),
    high: formatExact(point.high),
    low: formatExact(point.low),
    close: formatExact(point.close),
    stock: formatExact(point.underlyingClose),
    stockCarried: point.underlyingCarried,
    multiplier: step ? `${formatExact(step.from)} → ${formatExact(step.to)}` : formatExact(point.multiplier),
    premium: premiumPercent(point.premium),
    premiumCarried: point.underlyingCarried && point.premium !== null,
  }
}

/**
 * The longest words each figure takes over the series, carried marks included: a readout at
 * least as long as any point's, which the readout keeps room for.
 */
function longestWords(series: HistorySeries, zone: DisplayZone): PointWords | null {
  let longest: PointWords | null = null
  for (let index = 0; index < series.points.length; index++) {
    const words = pointWords(series, index, zone)
    if (longest === null) longest = words
    else
      for (const key of Object.keys(words) as (keyof PointWords)[]) {
        const [kept, next] = [longest[key], words[key]]
        if (typeof kept === 'boolean') (longest[key] as boolean) = kept || (next as boolean)
        else if ((next as string).length > kept.length) (longest[key] as string) = next as string
      }
  }
  return longest
}

/**
 * Every figure of one point. `reserving`: an unseen copy that only holds the readout's height
 * (its classes left off, so nothing reads it as the readout).
 */
function PointFigures({ words, reserving }: { words: PointWords; reserving: boolean }) {
  const named = (name: string) => (reserving ? undefined : name)
  return (
    <>
      <span className={reserving ? 'chart-readout-item' : 'chart-readout-item chart-readout-time'}>
        {words.time}
      </span>
      <Figure label="O">{words.open}</Figure>
      <Figure label="H">{words.high}</Figure>
      <Figure label="L">{words.low}</Figure>
      <Figure label="C" named={named('chart-readout-price')}>
        {words.close}
      </Figure>
      <Figure label="Stock" named={named('chart-readout-stock')}>
        {words.stock}
        {words.stockCarried && <span className={named('carried')}> carried (no stock candle)</span>}
      </Figure>
      <Figure label="Multiplier" named={named('chart-readout-multiplier')}>
        {words.multiplier}
      </Figure>
      <Figure label="Premium" named={named('chart-readout-premium')}>
        {words.premium}
        {words.premiumCarried && <span className={named('carried')}> on a carried close</span>}
      </Figure>
    </>
  )
}

/**
 * The readout of the point under the crosshair, or a hint while there is none. Both stand over an
 * unseen readout of the longest words the series takes, so the readout keeps the lines it needs
 * (two or three when narrow) from the start, and the chart below does not jump as points are read.
 */
export function HistoryReadout({ series, index }: { series: HistorySeries; index: number | null }) {
  const zone = useDisplayZone()
  const longest = useMemo(() => longestWords(series, zone), [series, zone])
  const point = index === null ? undefined : series.points[index]
  return (
    <p
      className="chart-readout chart-readout-history"
      aria-live="polite"
      aria-atomic="true"
      title={rejectedWords(series.rejectedCandles)}
    >
      {longest && (
        <span className="chart-readout-line chart-readout-reserve" aria-hidden="true">
          <PointFigures words={longest} reserving={true} />
        </span>
      )}
      <span className="chart-readout-line">
        {point ? (
          <PointFigures words={pointWords(series, index as number, zone)} reserving={false} />
        ) : (
          <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
        )}
      </span>
    </p>
  )
}
