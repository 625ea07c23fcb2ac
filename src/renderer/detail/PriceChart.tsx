import { AreaSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { axisLabels } from '../chart/axis-labels'
import { compareDecimalStrings } from '../../shared/decimal'
import type { HistoryPoint as DayPoint } from '../../shared/domain'
import type { HistoryRange } from '../../shared/history'
import { sessionSpans, type TradingAxis } from '../../shared/trading-axis'
import { CHART_SLOTS, chartSlots, scalePrecision, slotTime } from '../chart/chart-slots'
import { SessionBands, sessionColors } from '../chart/session-bands'
import { measureLabel, themeColor } from '../chart/chart-page'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { useDisplayZone } from '../display-zone'
import { formatExact, formatPrice, formatZonedDateTime } from '../format'
import { exportHistory, loadHistory } from '../history/history-api'
import { showChartOf } from '../api'
import { dayLine } from '../chart/day-line'
import { useDayCandles } from './day-candles-store'
import { DayChartSource } from './DayChartSource'
import { RANGE_WORDS } from '../chart/range-keys'
import { historyKey, useHistoryEntries } from '../history/history-store'
import { useWatch } from '../store/watch-store'
import { ChartPlot, SessionLegend, useCrosshair } from './ChartParts'
import { HistoryChart } from '../history/HistoryChart'
import { RangeBar } from './RangeBar'
import { historyDirection, useHistoryAxis } from '../watchlist/cells/Sparkline'

/** The plot's height in CSS px; its width is the panel's. */
const PLOT_HEIGHT = 130

type LongRange = Exclude<HistoryRange, '1d'>

/**
 * The detail panel's chart: the range buttons, then today's 24 hours (below) or, for a week to all
 * time, the history main puts together on request (HistoryChart.tsx). The range is a setting.
 * A range already fetched paints from the renderer's memo without asking main again, and every
 * range drawn for this symbol stays drawn, hidden (inert) while another is shown: going back to it
 * shows a chart already laid out and painted. The keyboard's focus stays on the chart shown.
 */
export const PriceChart = memo(function PriceChart({
  symbol,
  history,
  offHours,
}: {
  symbol: string
  history: readonly DayPoint[]
  offHours: boolean
}) {
  const range = useWatch((state) => state.settings?.chartRange ?? '1d')
  const style = useWatch((state) => state.settings?.chartStyle ?? 'candles')
  const entries = useHistoryEntries()
  const entry = range === '1d' ? undefined : entries.get(historyKey(symbol, range))
  const [drawn, setDrawn] = useState<{ symbol: string; ranges: readonly LongRange[] }>({ symbol, ranges: [] })
  const drawnRanges = drawn.symbol === symbol ? drawn.ranges : []
  if (range !== '1d' && entry?.state === 'shown' && !drawnRanges.includes(range))
    setDrawn({ symbol, ranges: [...drawnRanges, range] })
  useEffect(() => {
    if (range !== '1d') void loadHistory(symbol, range)
  }, [symbol, range])
  // The 1D chart shown: main streams its symbol's live minute (and stops when it is not shown).
  useEffect(() => {
    if (range !== '1d') return
    void showChartOf(symbol)
    return () => void showChartOf(null)
  }, [symbol, range])

  const stack = useRef<HTMLDivElement>(null)
  const focusInside = useRef(false)
  useLayoutEffect(() => {
    if (focusInside.current) stack.current?.querySelector<HTMLElement>('.chart-shown figure')?.focus()
  }, [range])

  const exportShown =
    range !== '1d' && entry?.state === 'shown' && entry.series.points.length > 0
      ? () => void exportHistory(symbol, range)
      : null
  return (
    <section className="detail-chart" aria-label="Price chart">
      <RangeBar range={range} style={style} onExport={exportShown} />
      <div
        ref={stack}
        className="chart-stack"
        onFocus={() => (focusInside.current = true)}
        onBlur={(event) => {
          if (!stack.current?.contains(event.relatedTarget as Node | null)) focusInside.current = false
        }}
      >
        {range === '1d' ? (
          <div className="chart-slot chart-shown">
            <DayChart symbol={symbol} history={history} offHours={offHours} />
          </div>
        ) : entry?.state === 'failed' ? (
          <p className="chart-empty chart-failed">
            Could not load the {RANGE_WORDS[range]} history: {entry.message}
          </p>
        ) : entry?.state !== 'shown' ? (
          <p className="muted chart-empty">Loading the {RANGE_WORDS[range]} history…</p>
        ) : null}
        {drawnRanges.map((kept) => {
          const keptEntry = entries.get(historyKey(symbol, kept))
          if (keptEntry?.state !== 'shown') return null
          const shown = kept === range
          return (
            <div
              key={kept}
              className={shown ? 'chart-slot chart-shown' : 'chart-slot chart-kept'}
              inert={!shown}
              aria-hidden={shown ? undefined : true}
            >
              <HistoryChart series={keptEntry.series} range={kept} offHours={offHours} style={style} />
            </div>
          )
        })}
      </div>
    </section>
  )
})

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
type DayChartProps = Parameters<typeof PriceChart>[0]

function DayChart({ symbol, history, offHours }: DayChartProps) {
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
  const chart = useRef<{
    api: IChartApi
    series: ISeriesApi<'Area'>
    bands: SessionBands
    /** Fits the slots to the plot again once the chart has drawn its change, and notes its width. */
    refit(): void
  } | null>(null)
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

  // The chart, made once (trading-chart.ts).
  useEffect(() => {
    const element = host.current
    if (!element) return
    const made = createTradingChart(element, {
      height: PLOT_HEIGHT,
      minBarSpacing: 0.01,
      onPlotWidth: setPlotWidth,
    })
    const series = made.api.addSeries(AreaSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    })
    const sessionBands = new SessionBands()
    series.attachPrimitive(sessionBands)
    chart.current = { api: made.api, series, bands: sessionBands, refit: made.refit }
    return () => {
      made.remove()
      chart.current = null
    }
  }, [])

  // The data, its colours and its bands, each time the history (or the theme) changes.
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const precision = scalePrecision(
      history.map((point) => point.price),
      Math.min(...slots.valueOf),
      Math.max(...slots.valueOf),
    )
    const line = direction === 'flat' ? '--text-muted' : `--${direction}`
    current.series.applyOptions({
      lineColor: themeColor(element, line),
      topColor: themeColor(element, direction === 'flat' ? '--surface-3' : `--${direction}-soft`),
      bottomColor: 'transparent',
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    })
    applyChartTheme(current.api, element)
    // The scale's tick values are the chart's own round numbers, not prices the service sent.
    current.api.applyOptions({
      localization: { priceFormatter: (value: number) => formatPrice(value.toFixed(precision)) },
    })
    current.series.setData(slots.data)
    current.refit()
  }, [slots, history, direction, theme])

  useEffect(() => {
    const element = host.current
    chart.current?.bands.show({
      bands: bands.map((band) => ({ session: band.session, x0: axis.x(band.start), x1: axis.x(band.end) })),
      ticks: labels.map((label) => axis.x(label.t)),
      bandColors: sessionColors(element),
      tickColor: element ? themeColor(element, '--border') : 'gray',
    })
  }, [bands, axis, labels, theme])

  // The crosshair on the point the pointer or the keyboard chose, or none.
  useEffect(() => {
    const current = chart.current
    if (!current) return
    const slot = cursor === null ? undefined : slots.slotOf[cursor]
    const value = cursor === null ? undefined : slots.valueOf[cursor]
    if (slot === undefined || value === undefined) current.api.clearCrosshairPosition()
    else current.api.setCrosshairPosition(value, slotTime(slot), current.series)
  }, [cursor, slots])

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
