import {
  AreaSeries,
  ColorType,
  CrosshairMode,
  createChart,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
} from 'lightweight-charts'
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { SESSION_LABEL } from '../../../shared/alert-text'
import { axisLabels } from '../../../shared/axis-labels'
import { compareDecimalStrings } from '../../../shared/decimal'
import type { HistoryPoint } from '../../../shared/domain'
import { SESSION_NAMES, type SessionName } from '../../../shared/sessions'
import { sessionSpans, type TradingAxis } from '../../../shared/trading-axis'
import { CHART_SLOTS, chartSlots, nearestPoint, scalePrecision, slotTime } from '../../chart/chart-slots'
import { SessionBands } from '../../chart/session-bands'
import { measureLabel, themeColor } from '../../chart/chart-page'
import { movedIndex } from '../../chart/crosshair-keys'
import { closedGapText } from '../../chart/closed-gap'
import { useDisplayZone } from '../../display-zone'
import { formatExact, formatPrice, formatZonedDateTime } from '../../format'
import { useWatch } from '../../store/watch-store'
import { historyDirection, useHistoryAxis } from '../watchlist/cells/Sparkline'

/** The plot's height in CSS px; its width is the panel's. */
const PLOT_HEIGHT = 130

/** Each session's colour from the theme (--session-premarket ...), the legend's and the bands'. */
function sessionColors(element: Element | null): Record<SessionName, string> {
  return Object.fromEntries(
    SESSION_NAMES.map((session) => [session, element ? themeColor(element, `--session-${session}`) : 'gray']),
  ) as Record<SessionName, string>
}

/**
 * The detail panel's 24h chart on trading time, drawn by TradingView's lightweight-charts: the
 * price line and its area, the price scale, the session bands behind them (a primitive) and the
 * crosshair. A closed weekend or holiday is a thin gap with a break mark, and the time labels
 * (which never overlap and name the day when the window crosses days) are HTML over the canvas,
 * as is the readout, which says the exact time and price of the point under the crosshair.
 * The crosshair follows the pointer and the keyboard (arrows, PageUp/PageDown, Home/End, Escape),
 * snapped to a point, and what it shows is announced. The chart itself takes no pointer input (no
 * scrolling or zooming a 24h window), so it and the readout always agree.
 */
export const PriceChart = memo(function PriceChart({
  history,
  offHours,
}: {
  history: readonly HistoryPoint[]
  offHours: boolean
}) {
  const pending = useWatch((state) => state.historyPending)
  const axis = useHistoryAxis(history, offHours)
  if (history.length < 2 || !axis)
    return <p className="muted chart-empty">{pending ? 'Loading the 24h history…' : 'No 24h history yet.'}</p>
  return <HistoryChart history={history} axis={axis} offHours={offHours} />
})

function HistoryChart({
  history,
  axis,
  offHours,
}: {
  history: readonly HistoryPoint[]
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
  // The crosshair holds its point's time, so a history that gains a point keeps it where it was.
  const [cursorAt, setCursorAt] = useState<number | null>(null)

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

  const found = cursorAt === null ? -1 : history.findIndex((point) => point.t === cursorAt)
  const cursor = found >= 0 ? found : null
  const cursorPoint = cursor === null ? null : history[cursor]

  // The chart, made once: no pointer input of its own, no time axis (the labels are ours), no
  // logo (it would add a style element the page's policy refuses, and a link out of the app; the
  // credit is in the caption).
  useEffect(() => {
    const element = host.current
    if (!element) return
    const api = createChart(element, {
      autoSize: true,
      height: PLOT_HEIGHT,
      handleScroll: false,
      handleScale: false,
      layout: {
        attributionLogo: false,
        background: { type: ColorType.Solid, color: 'transparent' },
        fontSize: 10,
        fontFamily: themeColor(element, '--font-ui'),
      },
      grid: { vertLines: { visible: false } },
      timeScale: { visible: false, minBarSpacing: 0.01, fixLeftEdge: true, fixRightEdge: true },
      // A round tick that falls at the plot's top or bottom edge would be drawn half outside it
      // (prices from 100 to 190 put 200 there): such a label is left out, never shown cut.
      rightPriceScale: {
        borderVisible: false,
        entireTextOnly: true,
        scaleMargins: { top: 0.1, bottom: 0.05 },
      },
      crosshair: {
        mode: CrosshairMode.Normal,
        // The readout says the point's exact price and time; a float's rounding of it is not shown.
        vertLine: { labelVisible: false, style: LineStyle.Dashed },
        horzLine: { labelVisible: false, style: LineStyle.Dashed },
      },
    })
    const series = api.addSeries(AreaSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: false,
    })
    const sessionBands = new SessionBands()
    series.attachPrimitive(sessionBands)
    // The plot's width (the panel's less the price scale's), once the chart has drawn a change
    // (on its next frame): the slots, fitted to it, run from its left edge to its right (within
    // half a slot, under a pixel), and the HTML overlays are placed by it.
    let frame = 0
    const refit = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        api.timeScale().fitContent()
        const width = api.paneSize().width
        if (width > 0) setPlotWidth(width)
      })
    }
    chart.current = { api, series, bands: sessionBands, refit }
    const resized = new ResizeObserver(refit)
    resized.observe(element)
    return () => {
      resized.disconnect()
      // A panel closed before the chart's next frame: nothing may touch the removed chart.
      cancelAnimationFrame(frame)
      api.remove()
      chart.current = null
    }
  }, [])

  // The data, its colours and its bands, each time the history (or the theme) changes.
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const precision = scalePrecision(history, Math.min(...slots.valueOf), Math.max(...slots.valueOf))
    const line = direction === 'flat' ? '--text-muted' : `--${direction}`
    current.series.applyOptions({
      lineColor: themeColor(element, line),
      topColor: themeColor(element, direction === 'flat' ? '--surface-3' : `--${direction}-soft`),
      bottomColor: 'transparent',
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    })
    current.api.applyOptions({
      layout: { textColor: themeColor(element, '--text-muted') },
      grid: { horzLines: { color: themeColor(element, '--border') } },
      crosshair: {
        vertLine: { color: themeColor(element, '--text') },
        horzLine: { color: themeColor(element, '--text') },
      },
      // The scale's tick values are the chart's own round numbers, not prices the service sent.
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

  const first = history[0] as HistoryPoint
  const last = history[history.length - 1] as HistoryPoint
  // The extremes compared as decimals, so the labels show the exact values the service sent.
  const byValue = history.map((point) => point.price).sort(compareDecimalStrings)
  const label = `24 hour price chart, from ${formatPrice(first.price)} to ${formatPrice(last.price)}, low ${formatPrice(byValue[0])}, high ${formatPrice(byValue[byValue.length - 1])}`
  const xOf = (fraction: number) => fraction * (plotWidth ?? 0)
  const sessionsShown = SESSION_NAMES.filter((session) => bands.some((band) => band.session === session))

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!plotWidth) return
    // The slot under the pointer, to a fraction (the chart's own lookup rounds to a whole one).
    const fraction = (event.clientX - event.currentTarget.getBoundingClientRect().left) / plotWidth
    setCursorAt(history[nearestPoint(slots.slotOf, fraction * (CHART_SLOTS - 1))]?.t ?? null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = movedIndex(event.key, cursor, history.length)
    if (next === undefined) return
    event.preventDefault()
    setCursorAt(next === null ? null : (history[next]?.t ?? null))
  }

  return (
    <figure
      className={`chart trend-${direction}`}
      tabIndex={0}
      aria-label={`${label}. Arrow keys move a crosshair over the points.`}
      onKeyDown={onKeyDown}
      onBlur={() => setCursorAt(null)}
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
      <div
        className="chart-plot"
        aria-hidden="true"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setCursorAt(null)}
      >
        <div ref={host} className="chart-canvas" />
        {plotWidth &&
          gaps.map((gap) => (
            <div
              key={gap.start}
              className="chart-gap"
              style={{ left: xOf(gap.x0), width: Math.max(2, xOf(gap.x1) - xOf(gap.x0)) }}
              title={closedGapText(gap, axis.from, zone)}
            />
          ))}
        {/* As wide as the plot, the price scale aside: the labels' x are the plot's. */}
        <div className="chart-ticks" style={{ width: plotWidth ?? undefined }}>
          {labels.map((tick) => (
            <span
              key={tick.t}
              className={tick.namesDay ? 'chart-tick chart-tick-day' : 'chart-tick'}
              style={{ left: tick.x }}
            >
              {tick.text}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="chart-caption">
        <span className="chart-range">
          <span>
            Low <span className="num">{formatPrice(byValue[0])}</span>
          </span>
          <span>
            High <span className="num">{formatPrice(byValue[byValue.length - 1])}</span>
          </span>
        </span>
        <span className="chart-legend">
          {sessionsShown.map((session) => (
            <span key={session} className={`chart-legend-item band-${session}`}>
              {SESSION_LABEL[session]}
            </span>
          ))}
          {gaps.length > 0 && <span className="chart-legend-item band-closed">Closed</span>}
          {/* The axis says "Fri 20:00": in which zone. */}
          <span className="chart-zone">Times in {zone.nameAt(last.t)}</span>
        </span>
        <span className="chart-credit">Chart: TradingView Lightweight Charts</span>
      </figcaption>
    </figure>
  )
}
