import { useMemo, useRef, useState } from 'react'
import { compareDecimalStrings } from '../../shared/decimal'
import type { HistoryPoint as DayPoint } from '../../shared/domain'
import { sessionSpans, type TradingAxis } from '../../shared/trading-axis'
import { axisLabels } from '../chart/axis-labels'
import { measureLabel } from '../chart/chart-page'
import { CHART_SLOTS, chartSlots } from '../chart/chart-slots'
import { dayLine } from '../chart/day-line'
import { useChartCrosshair } from '../chart/use-chart-crosshair'
import { useChartPicture } from '../chart/use-chart-picture'
import { useDisplayZone } from '../display-zone'
import { formatExact, formatPrice, formatZonedDateTime } from '../format'
import { useWatch } from '../store/watch-store'
import { historyDirection, useHistoryAxis } from '../watchlist/cells/Sparkline'
import { ChartPlot, SessionLegend, useCrosshair } from '../chart/ChartParts'
import { useDayCandles } from './day-candles-store'
import { DayChartSource } from './DayChartSource'
import { useDayChart, type DrawnDayChart } from './use-day-chart'

/** The crosshair sits on the price line (made once: see use-chart-crosshair.ts). */
const onArea = (current: DrawnDayChart) => current.series

/**
 * Today's 24h chart on trading time, drawn by TradingView's lightweight-charts: the
 * price line and its area, the price scale, the session bands behind them (a primitive) and the
 * crosshair. A closed weekend or holiday is a thin gap with a break mark, and the time labels
 * (which never overlap and name the day when the window crosses days) are HTML over the canvas,
 * as is the readout, which says the exact time and price of the point under the crosshair.
 * The crosshair follows the pointer and the keyboard (arrows, PageUp/PageDown, Home/End, Escape),
 * snapped to a point, and what it shows is announced. The chart itself takes no pointer input (no
 * scrolling or zooming a 24h window), so it and the readout always agree.
 */
/** What the detail panel's chart is drawn from: the symbol, its 24h history, whether it trades off-hours. */
export interface ChartProps {
  symbol: string
  history: readonly DayPoint[]
  offHours: boolean
}

export function DayChart({ symbol, history, offHours }: ChartProps) {
  const pending = useWatch((state) => state.historyPending)
  const candles = useDayCandles(symbol)
  const line = useMemo(() => dayLine(candles, history), [candles, history])
  const axis = useHistoryAxis(line.points, offHours)
  const source = <DayChartSource candles={candles} line={line} history={history} />
  if (line.points.length < 2 || !axis) {
    const note = pending ? 'Loading the 24h history…' : 'No 24h history yet.'
    return <p className="muted chart-empty">{note}</p>
  }
  return (
    <>
      {source}
      <DayHistoryChart history={line.points} axis={axis} offHours={offHours} />
    </>
  )
}

function DayHistoryChart({
  history,
  axis,
  offHours,
}: {
  history: readonly DayPoint[]
  axis: TradingAxis
  offHours: boolean
}) {
  const theme = useWatch((state) => state.settings?.theme)
  const zone = useDisplayZone()
  const host = useRef<HTMLDivElement>(null)
  const [plotWidth, setPlotWidth] = useState<number | null>(null)

  const slots = useMemo(() => chartSlots(history, axis), [history, axis])
  const bands = useMemo(
    () => sessionSpans(axis.from, axis.to, offHours).filter((band) => band.end > band.start),
    [axis, offHours],
  )
  const gaps = axis.segments.filter((segment) => segment.gap)
  const labels = useMemo(
    () =>
      plotWidth ? axisLabels(axis, { width: plotWidth, measure: measureLabel, timeZone: zone.timeZone }) : [],
    [axis, plotWidth, zone],
  )
  const direction = historyDirection(history)

  const crosshair = useCrosshair(history, slots.slotOf, CHART_SLOTS, plotWidth)
  const { cursor } = crosshair
  const cursorPoint = cursor === null ? null : history[cursor]

  const chart = useDayChart(host, setPlotWidth, { history, slots, direction, theme })
  const placedBands = useMemo(
    () => bands.map((band) => ({ session: band.session, x0: axis.x(band.start), x1: axis.x(band.end) })),
    [bands, axis],
  )
  useChartPicture(host, chart, { bands: placedBands, axis, labels }, theme)
  // The crosshair on the point the pointer or the keyboard chose, or none.
  const slot = cursor === null ? undefined : slots.slotOf[cursor]
  const value = cursor === null ? undefined : slots.valueOf[cursor]
  const at = slot === undefined || value === undefined ? undefined : { slot, value }
  useChartCrosshair(chart, at, onArea, slots)

  const first = history[0] as DayPoint
  const last = history[history.length - 1] as DayPoint
  // The extremes compared as decimals, so the labels show the exact values the service sent.
  const byValue = history.map((point) => point.price).sort(compareDecimalStrings)
  const label =
    `24 hour price chart, from ${formatPrice(first.price)} to ${formatPrice(last.price)}` +
    `, low ${formatPrice(byValue[0])}, high ${formatPrice(byValue[byValue.length - 1])}`

  return (
    <figure
      className={`chart trend-${direction}`}
      tabIndex={0}
      aria-label={`${label}. Arrow keys move a crosshair over the points.`}
      onKeyDown={crosshair.onKeyDown}
      onBlur={crosshair.clear}
    >
      <p className="chart-readout" aria-live="polite" aria-atomic="true">
        {cursorPoint ? (
          <>
            <span className="chart-readout-time">{formatZonedDateTime(cursorPoint.t, zone)}</span>{' '}
            <span className="num chart-readout-price">{formatExact(cursorPoint.price)}</span>
          </>
        ) : (
          <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
        )}
      </p>
      {/* The figure carries the description, and the readout the crosshair's point. */}
      <ChartPlot
        host={host}
        canvasClass="chart-canvas"
        crosshair={crosshair}
        gaps={gaps}
        minGapWidth={2}
        gapClass="chart-gap"
        axisFrom={axis.from}
        labels={labels}
        width={plotWidth}
      />
      <figcaption className="chart-caption">
        <span className="chart-range">
          <span>
            Low <span className="num">{formatPrice(byValue[0])}</span>
          </span>
          <span>
            High <span className="num">{formatPrice(byValue[byValue.length - 1])}</span>
          </span>
        </span>
        <SessionLegend bands={bands} closed={gaps.length > 0}>
          {/* The axis says "Fri 20:00": in which zone. */}
          <span className="chart-zone">Times in {zone.nameAt(last.t)}</span>
        </SessionLegend>
        <span className="chart-credit">Chart: TradingView Lightweight Charts</span>
      </figcaption>
    </figure>
  )
}
