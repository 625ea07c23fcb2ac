import {
  CandlestickSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
} from 'lightweight-charts'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { DisplayZone } from '../../shared/display-time'
import type { HistoryRange, HistorySeries } from '../../shared/history'
import { rangeAxisLabels } from '../chart/range-axis-labels'
import type { ChartStyle } from '../../shared/settings'
import { slotTime } from '../chart/chart-slots'
import { measureLabel, themeColor } from '../chart/chart-page'
import { carriedLine, dailyBuckets, historyModel, type HistoryModel } from '../chart/history-model'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { premiumAxis } from '../chart/premium-axis'
import { RANGE_WORDS } from '../chart/range-keys'
import { SessionBands, sessionColors } from '../chart/session-bands'
import { useDisplayZone } from '../display-zone'
import { formatPrice } from '../format'
import { useWatch } from '../store/watch-store'
import { ChartPlot, SessionLegend, useCrosshair } from '../detail/ChartParts'
import { HistoryFreshness, HistoryReadout, multiplierMarkText } from './HistoryReadout'

/** The price pane's and the premium pane's heights in CSS px; the width is the panel's. */
const PRICE_PANE_HEIGHT = 150
const PREMIUM_PANE_HEIGHT = 64
/** A closed stretch narrower than this is left to the bands (a year has fifty weekends). */
const MIN_GAP_PX = 3
/**
 * Carried stock closes and their premium, drawn at this opacity of their colour (0.7): faded
 * beside the live line, yet 3:1 against the panel in both themes, as its legend swatch.
 */
const CARRIED_ALPHA = 'b3'

/** The chart and what it draws, made once per figure. */
interface DrawnChart {
  api: IChartApi
  candles: ISeriesApi<'Candlestick'>
  closes: ISeriesApi<'Line'>
  stock: ISeriesApi<'Line'>
  premium: ISeriesApi<'Line'>
  /** The premium pane's labels, one price line each (premium-axis.ts chooses them). */
  premiumLabels: IPriceLine[]
  bands: SessionBands
  premiumBands: SessionBands
  refit(): void
}

/**
 * The premium pane's scale: its range from bottom to top label, and each label at its value, as
 * premium-axis.ts words them (at least three, in basis points where the range is narrow).
 */
function showPremiumAxis(current: DrawnChart, element: Element): void {
  for (const line of current.premiumLabels.splice(0)) current.premium.removePriceLine(line)
  const axis = premiumAxis(
    current.premium.data().map((point) => ('value' in point ? point.value : Number.NaN)),
  )
  current.premium.applyOptions({
    priceFormat: {
      type: 'custom',
      formatter: axis?.format ?? ((value: number) => `${value.toFixed(2)}%`),
      minMove: 0.0001,
    },
    autoscaleInfoProvider: () => (axis ? { priceRange: { minValue: axis.min, maxValue: axis.max } } : null),
  })
  for (const tick of axis?.ticks ?? [])
    current.premiumLabels.push(
      current.premium.createPriceLine({
        price: tick.value,
        color: themeColor(element, '--border'),
        lineStyle: LineStyle.Dotted,
        lineWidth: 1,
        axisLabelVisible: true,
        axisLabelColor: themeColor(element, '--surface'),
        axisLabelTextColor: themeColor(element, '--text-muted'),
      }),
    )
}

/** A theme colour as #rrggbb, so that a carried point can take it with an alpha. */
function solid(element: Element, name: string): string {
  const color = themeColor(element, name)
  return /^#[0-9a-f]{6}$/i.test(color) ? color : '#888888'
}

/**
 * The detail chart over a week to all time: the token's candles (or its closes as a line), the
 * stock's close times the multiplier in force on the same scale, and the premium in percent in a
 * pane below; one crosshair across both. Where the stock had no candle (a weekend, a holiday) its
 * last close is carried: that stretch is drawn faded and the readout says so. Each multiplier step
 * is marked on the axis with its old and new value (or ◆ where steps crowd). The axis is the
 * trading axis of today's chart (gaps, session bands, labels that never overlap), its labels
 * counting days, weeks, months or years; the chart takes no pointer input of its own, as today's
 * does.
 */
export function HistoryChart({
  series,
  range,
  offHours,
  style,
}: {
  series: HistorySeries
  range: Exclude<HistoryRange, '1d'>
  offHours: boolean
  style: ChartStyle
}) {
  const model = historyModel(series, offHours)
  if (!model)
    return (
      <>
        <HistoryFreshness series={series} />
        <p className="muted chart-empty">No {RANGE_WORDS[range]} history yet.</p>
      </>
    )
  return <HistoryFigure series={series} model={model} range={range} style={style} />
}

function HistoryFigure({
  series,
  model,
  range,
  style,
}: {
  series: HistorySeries
  model: HistoryModel
  range: Exclude<HistoryRange, '1d'>
  style: ChartStyle
}) {
  const theme = useWatch((state) => state.settings?.theme)
  const zone = useDisplayZone()
  const host = useRef<HTMLDivElement>(null)
  const chart = useRef<DrawnChart | null>(null)
  const [plotWidth, setPlotWidth] = useState<number | null>(null)
  const { points } = series
  const { axis, bands } = model
  const axisLabels = useMemo(
    () =>
      plotWidth
        ? rangeAxisLabels(axis, { width: plotWidth, measure: measureLabel, timeZone: zone.timeZone })
        : { unit: 'day' as const, labels: [] },
    [axis, plotWidth, zone],
  )
  const xOf = (fraction: number) => fraction * (plotWidth ?? 0)
  const gaps = axis.segments.filter((segment) => segment.gap && xOf(segment.x1 - segment.x0) >= MIN_GAP_PX)

  const stepMarks = useStepMarks(model, plotWidth, zone)
  const crosshair = useCrosshair(points, model.slotOf, model.slots, plotWidth)
  const { cursor } = crosshair

  useEffect(() => {
    const element = host.current
    if (!element) return
    const made = createTradingChart(element, {
      height: PRICE_PANE_HEIGHT + PREMIUM_PANE_HEIGHT,
      // Thousands of slots on a narrow panel: a slot may be a small fraction of a pixel.
      minBarSpacing: 0.001,
      onPlotWidth: setPlotWidth,
    })
    const { api } = made
    const quiet = { priceLineVisible: false, lastValueVisible: false }
    const candles = api.addSeries(CandlestickSeries, { ...quiet, borderVisible: false })
    const closes = api.addSeries(LineSeries, { ...quiet, lineWidth: 2 })
    const stock = api.addSeries(LineSeries, { ...quiet, lineWidth: 1, crosshairMarkerVisible: false })
    const premium = api.addSeries(LineSeries, { ...quiet, lineWidth: 1 }, 1)
    // Room above and below, so the top and bottom labels are never cut by the pane's edge. The
    // library's own marks are not shown: the labels are premium-axis.ts's, drawn as price lines.
    premium.priceScale().applyOptions({ textColor: 'transparent', scaleMargins: { top: 0.13, bottom: 0.13 } })
    premium.createPriceLine({
      price: 0,
      color: themeColor(element, '--text-muted'),
      lineStyle: LineStyle.Dotted,
      lineWidth: 1,
      axisLabelVisible: false,
    })
    api.panes()[1]?.setHeight(PREMIUM_PANE_HEIGHT)
    const bandsPrimitive = new SessionBands()
    const premiumBands = new SessionBands()
    candles.attachPrimitive(bandsPrimitive)
    premium.attachPrimitive(premiumBands)
    chart.current = {
      api,
      candles,
      closes,
      stock,
      premium,
      premiumLabels: [],
      bands: bandsPrimitive,
      premiumBands,
      refit: made.refit,
    }
    return () => {
      made.remove()
      chart.current = null
    }
  }, [])

  // The data and its colours, each time the answer, the style or the theme changes.
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const { precision } = model
    const priceFormat = {
      type: 'custom' as const,
      // The scale's ticks are the chart's own round numbers, not prices the service sent.
      formatter: (value: number) => formatPrice(value.toFixed(precision)),
      minMove: 10 ** -precision,
    }
    const up = solid(element, '--up')
    const down = solid(element, '--down')
    const stockColor = solid(element, '--stock-line')
    const premiumColor = solid(element, '--text')
    current.candles.applyOptions({
      visible: style === 'candles',
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      priceFormat,
    })
    current.closes.applyOptions({
      visible: style === 'line',
      color: themeColor(element, '--accent'),
      priceFormat,
    })
    current.stock.applyOptions({ priceFormat })
    applyChartTheme(current.api, element)
    current.candles.setData(model.candles)
    current.closes.setData(model.closes)
    current.stock.setData(carriedLine(model.stock, stockColor, stockColor + CARRIED_ALPHA))
    current.premium.setData(carriedLine(model.premium, premiumColor, premiumColor + CARRIED_ALPHA))
    showPremiumAxis(current, element)
    current.refit()
  }, [model, points, style, theme])

  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const picture = {
      bands,
      ticks: axisLabels.labels.map((label) => axis.x(label.t)),
      marks: model.marks.map((mark) => mark.x),
      slots: model.slots,
      bandColors: sessionColors(element),
      tickColor: themeColor(element, '--border'),
      markColor: themeColor(element, '--warn'),
    }
    current.bands.show(picture)
    current.premiumBands.show(picture)
  }, [bands, axis, axisLabels, model, theme])

  useEffect(() => {
    const current = chart.current
    if (!current) return
    const slot = cursor === null ? undefined : model.slotOf[cursor]
    const point = cursor === null ? undefined : points[cursor]
    if (slot === undefined || point === undefined) current.api.clearCrosshairPosition()
    else {
      const shown = style === 'candles' ? current.candles : current.closes
      current.api.setCrosshairPosition(Number(point.close), slotTime(slot), shown)
    }
  }, [cursor, model, points, style])

  const first = points[0]
  const last = points[points.length - 1]
  const label =
    `${RANGE_WORDS[range]} chart of the token, the stock times the ` +
    `multiplier and the premium, from ${formatPrice(first?.close)}` +
    ` to ${formatPrice(last?.close)}`

  return (
    <figure
      className="chart chart-history"
      tabIndex={0}
      aria-label={`${label}. Arrow keys move a crosshair over the points.`}
      onKeyDown={crosshair.onKeyDown}
      onBlur={crosshair.clear}
    >
      <HistoryFreshness series={series} />
      <HistoryReadout series={series} index={cursor} />
      <ChartPlot
        host={host}
        canvasClass="chart-canvas chart-canvas-history"
        crosshair={crosshair}
        gaps={gaps}
        minGapWidth={0}
        gapClass="chart-gap chart-gap-history"
        axisFrom={axis.from}
        labels={axisLabels.labels}
        width={plotWidth}
      >
        <MultiplierMarks marks={stepMarks} width={plotWidth} />
      </ChartPlot>
      <figcaption className="chart-caption">
        <span className="chart-legend">
          <span className={`chart-legend-item line-token-${style}`}>
            Token {style === 'candles' ? 'candles' : 'close'}
          </span>
          <span className="chart-legend-item line-stock">Stock × multiplier</span>
          <span className="chart-legend-item line-carried">Stock close carried</span>
          <span className="chart-legend-item line-premium">Premium % (lower pane)</span>
          {stepMarks.some((mark) => mark.compact) && (
            <span className="chart-legend-item chart-legend-step">
              <span className="chart-mark">{STEP_GLYPH}</span> Multiplier step too close to another to label
              (its values in its tooltip and the readout)
            </span>
          )}
        </span>
        <SessionLegend bands={bands} closed={gaps.length > 0}>
          {dailyBuckets(series) && (
            <span className="chart-legend-item">Daily candles: each spans all of its day's sessions</span>
          )}
          <span className="chart-axis-unit">Labels: {axisLabels.unit}s</span>
        </SessionLegend>
        <span className="chart-credit">Chart: TradingView Lightweight Charts</span>
      </figcaption>
    </figure>
  )
}

/** What marks a step whose words would collide with another's: explained in the legend. */
const STEP_GLYPH = '◆'

interface StepMark {
  t: number
  text: string
  title: string
  left: number
  /** Its words would collide with a larger step's: marked by the glyph. */
  compact: boolean
}

/**
 * Each multiplier step under the axis at its place: its old and new value where there is room,
 * else the step glyph in a row below (the legend says what it is; its words are in its title and
 * the readout).
 * The larger step (a split before a dividend) gets the words first.
 */
function useStepMarks(model: HistoryModel, width: number | null, zone: DisplayZone): StepMark[] {
  return useMemo(() => {
    if (!width) return []
    const labelled: Array<{ left: number; right: number }> = []
    const marks: StepMark[] = []
    const bySize = [...model.marks].sort((a, b) => stepSize(b) - stepSize(a))
    for (const mark of bySize) {
      const x = mark.x * width
      const boxOf = (text: string) => {
        const half = measureLabel(text) / 2
        const left = Math.min(Math.max(0, x - half), width - 2 * half)
        return { left, right: left + 2 * half }
      }
      const words = multiplierMarkText(mark, null)
      const box = boxOf(words)
      const compact = !labelled.every((other) => box.left >= other.right + 6 || box.right + 6 <= other.left)
      if (!compact) labelled.push(box)
      const text = compact ? STEP_GLYPH : words
      marks.push({ t: mark.t, text, title: multiplierMarkText(mark, zone), left: boxOf(text).left, compact })
    }
    marks.sort((a, b) => a.t - b.t)
    // Glyphs of steps days apart would be drawn as one: each sits just after the one before.
    let glyphEnd = Number.NEGATIVE_INFINITY
    for (const mark of marks.filter((each) => each.compact)) {
      mark.left = Math.max(mark.left, glyphEnd + 2)
      glyphEnd = mark.left + measureLabel(STEP_GLYPH)
    }
    return marks
  }, [model, width, zone])
}

function MultiplierMarks({ marks, width }: { marks: StepMark[]; width: number | null }) {
  if (marks.length === 0) return null
  return (
    <div className="chart-marks" style={{ width: width ?? undefined }}>
      {marks.map((mark) => (
        <span
          key={mark.t}
          className={mark.compact ? 'chart-mark chart-mark-compact' : 'chart-mark'}
          style={{ left: mark.left }}
          title={mark.title}
        >
          {mark.text}
        </span>
      ))}
    </div>
  )
}

/** How far a step moves the multiplier, as a ratio away from 1 (a 10:1 split: 9). */
function stepSize(mark: { from: string; to: string }): number {
  const ratio = Number(mark.to) / Number(mark.from)
  return Math.abs(Math.log(Number.isFinite(ratio) && ratio > 0 ? ratio : 1))
}
