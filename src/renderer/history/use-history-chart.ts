import {
  CandlestickSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
} from 'lightweight-charts'
import { useEffect, type RefObject } from 'react'
import type { ChartStyle } from '../../shared/settings'
import { themeColor } from '../chart/chart-page'
import { carriedLine, type HistoryModel } from '../chart/history-model'
import { premiumAxis } from '../chart/premium-axis'
import { SessionBands } from '../chart/session-bands'
import { useMadeChart } from '../chart/use-made-chart'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { formatPrice } from '../format'

/** The price pane's and the premium pane's heights in CSS px; the width is the panel's. */
const PRICE_PANE_HEIGHT = 150
const PREMIUM_PANE_HEIGHT = 64
/**
 * Carried stock closes and their premium, drawn at this opacity of their colour (0.7): faded
 * beside the live line, yet 3:1 against the panel in both themes, as its legend swatch.
 */
const CARRIED_ALPHA = 'b3'

/** The chart and what it draws, made once per figure. */
export interface DrawnHistoryChart {
  api: IChartApi
  candles: ISeriesApi<'Candlestick'>
  closes: ISeriesApi<'Line'>
  stock: ISeriesApi<'Line'>
  premium: ISeriesApi<'Line'>
  /** The premium pane's labels, one price line each (premium-axis.ts chooses them). */
  premiumLabels: IPriceLine[]
  /** The session bands of the price pane and of the premium pane. */
  bandLayers: readonly SessionBands[]
  refit(): void
}

/**
 * The premium pane's scale: its range from bottom to top label, and each label at its value, as
 * premium-axis.ts words them (at least three, in basis points where the range is narrow).
 */
function showPremiumAxis(current: DrawnHistoryChart, element: Element): void {
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

/** The chart in `host`, made once: the token's candles and closes, the stock, the premium below. */
function makeHistoryChart(element: HTMLElement, onPlotWidth: (width: number) => void) {
  const made = createTradingChart(element, {
    height: PRICE_PANE_HEIGHT + PREMIUM_PANE_HEIGHT,
    // Thousands of slots on a narrow panel: a slot may be a small fraction of a pixel.
    minBarSpacing: 0.001,
    onPlotWidth,
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
  const priceBands = new SessionBands()
  const premiumBands = new SessionBands()
  candles.attachPrimitive(priceBands)
  premium.attachPrimitive(premiumBands)
  const drawn: DrawnHistoryChart = {
    api,
    candles,
    closes,
    stock,
    premium,
    premiumLabels: [],
    bandLayers: [priceBands, premiumBands],
    refit: made.refit,
  }
  return { drawn, remove: made.remove }
}

/** The data and its colours on the chart, in the style chosen. */
function drawHistory(current: DrawnHistoryChart, element: Element, model: HistoryModel, style: ChartStyle) {
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
}

/**
 * The history chart in `host`, made once per figure and removed with it; its data and colours
 * drawn again each time the answer, the style or the theme changes.
 */
export function useHistoryChart(
  host: RefObject<HTMLDivElement | null>,
  onPlotWidth: (width: number) => void,
  {
    model,
    points,
    style,
    theme,
  }: { model: HistoryModel; points: unknown; style: ChartStyle; theme: unknown },
): RefObject<DrawnHistoryChart | null> {
  const chart = useMadeChart(host, onPlotWidth, makeHistoryChart)
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (element && current) drawHistory(current, element, model, style)
  }, [host, chart, model, points, style, theme])
  return chart
}
