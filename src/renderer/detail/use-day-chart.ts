import { AreaSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts'
import { useEffect, type RefObject } from 'react'
import type { HistoryPoint as DayPoint } from '../../shared/domain'
import { scalePrecision, type chartSlots } from '../chart/chart-slots'
import { themeColor } from '../chart/chart-page'
import { SessionBands } from '../chart/session-bands'
import { useMadeChart } from '../chart/use-made-chart'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { formatPrice } from '../format'
import type { historyDirection } from '../watchlist/cells/Sparkline'

/** The plot's height in CSS px; its width is the panel's. */
const PLOT_HEIGHT = 130

export interface DrawnDayChart {
  api: IChartApi
  series: ISeriesApi<'Area'>
  bandLayers: readonly SessionBands[]
  /** Fits the slots to the plot again once the chart has drawn its change, and notes its width. */
  refit(): void
}

/** What today's chart draws: the points, on their slots, and which way the day went. */
interface DayDrawing {
  history: readonly DayPoint[]
  slots: ReturnType<typeof chartSlots>
  direction: ReturnType<typeof historyDirection>
  theme: unknown
}

/** The chart in `host`, made once: the price line and its area, the session bands behind them. */
function makeDayChart(element: HTMLElement, onPlotWidth: (width: number) => void) {
  const made = createTradingChart(element, { height: PLOT_HEIGHT, minBarSpacing: 0.01, onPlotWidth })
  const series = made.api.addSeries(AreaSeries, {
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
  })
  const sessionBands = new SessionBands()
  series.attachPrimitive(sessionBands)
  const drawn: DrawnDayChart = { api: made.api, series, bandLayers: [sessionBands], refit: made.refit }
  return { drawn, remove: made.remove }
}

/** The price line and its area on the chart, in the colour of the day's direction. */
function drawDay(current: DrawnDayChart, element: Element, { history, slots, direction }: DayDrawing): void {
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
}

/**
 * Today's chart in `host` (trading-chart.ts), made once per figure and removed with it; its data,
 * colours and scale drawn again each time the history (or the theme) changes.
 */
export function useDayChart(
  host: RefObject<HTMLDivElement | null>,
  onPlotWidth: (width: number) => void,
  drawing: DayDrawing,
): RefObject<DrawnDayChart | null> {
  const chart = useMadeChart(host, onPlotWidth, makeDayChart)
  const { history, slots, direction, theme } = drawing
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (element && current) drawDay(current, element, { history, slots, direction, theme })
  }, [host, chart, slots, history, direction, theme])
  return chart
}
