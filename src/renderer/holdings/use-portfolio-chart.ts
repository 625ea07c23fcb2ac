import { BaselineSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi } from 'lightweight-charts'
import { useEffect, type RefObject } from 'react'
import { themeColor } from '../chart/chart-page'
import { SessionBands } from '../chart/session-bands'
import { useMadeChart } from '../chart/use-made-chart'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { scaleText, type PortfolioModel } from './portfolio-model'

const LINES_PANE_HEIGHT = 150
const PNL_PANE_HEIGHT = 64

export interface DrawnPortfolioChart {
  api: IChartApi
  value: ISeriesApi<'Line'>
  valueAtFairValue: ISeriesApi<'Line'>
  cost: ISeriesApi<'Line'>
  pnl: ISeriesApi<'Baseline'>
  /** Had the same money gone into the stocks, or into the benchmark token. */
  stocks: ISeriesApi<'Line'>
  token: ISeriesApi<'Line'>
  /** The session bands of the lines' pane and of the P&L pane. */
  bandLayers: readonly SessionBands[]
  refit(): void
}

/**
 * The chart in `host`, made once: the three lines and the two "had you" lines, and the P&L about
 * zero in a pane below.
 */
function makePortfolioChart(element: HTMLElement, onPlotWidth: (width: number) => void) {
  const made = createTradingChart(element, {
    height: LINES_PANE_HEIGHT + PNL_PANE_HEIGHT,
    minBarSpacing: 0.001,
    onPlotWidth,
  })
  const { api } = made
  const quiet = { priceLineVisible: false, lastValueVisible: false }
  const value = api.addSeries(LineSeries, { ...quiet, lineWidth: 2 })
  const valueAtFairValue = api.addSeries(LineSeries, { ...quiet, lineWidth: 1 })
  const cost = api.addSeries(LineSeries, { ...quiet, lineWidth: 1, lineStyle: LineStyle.Dashed })
  const stocks = api.addSeries(LineSeries, { ...quiet, lineWidth: 1, lineStyle: LineStyle.Dotted })
  const token = api.addSeries(LineSeries, { ...quiet, lineWidth: 1, lineStyle: LineStyle.Dotted })
  const pnl = api.addSeries(
    BaselineSeries,
    { ...quiet, lineWidth: 1, baseValue: { type: 'price', price: 0 } },
    1,
  )
  pnl.priceScale().applyOptions({ scaleMargins: { top: 0.13, bottom: 0.13 } })
  api.panes()[1]?.setHeight(PNL_PANE_HEIGHT)
  const linesBands = new SessionBands()
  const pnlBands = new SessionBands()
  value.attachPrimitive(linesBands)
  pnl.attachPrimitive(pnlBands)
  const drawn: DrawnPortfolioChart = {
    api,
    value,
    valueAtFairValue,
    cost,
    pnl,
    stocks,
    token,
    bandLayers: [linesBands, pnlBands],
    refit: made.refit,
  }
  return { drawn, remove: made.remove }
}

/** The lines, the P&L and their colours on the chart. */
function drawPortfolio(current: DrawnPortfolioChart, element: Element, model: PortfolioModel): void {
  const priceFormat = {
    type: 'custom' as const,
    formatter: (value: number) => scaleText(model.unit, value),
    minMove: 0.01,
  }
  const up = themeColor(element, '--up')
  const down = themeColor(element, '--down')
  current.value.applyOptions({ color: themeColor(element, '--accent'), priceFormat })
  current.valueAtFairValue.applyOptions({ color: themeColor(element, '--stock-line'), priceFormat })
  current.cost.applyOptions({ color: themeColor(element, '--text-muted'), priceFormat })
  current.stocks.applyOptions({ color: themeColor(element, '--bench-stocks'), priceFormat })
  current.token.applyOptions({ color: themeColor(element, '--bench-token'), priceFormat })
  current.pnl.applyOptions({
    priceFormat,
    topLineColor: up,
    bottomLineColor: down,
    // The area's colour says its sign as its place above or below zero does.
    topFillColor1: up,
    topFillColor2: up,
    bottomFillColor1: down,
    bottomFillColor2: down,
  })
  applyChartTheme(current.api, element)
  current.value.setData(model.value)
  current.valueAtFairValue.setData(model.valueAtFairValue)
  current.cost.setData(model.cost)
  current.stocks.setData(model.stocks)
  current.token.setData(model.token)
  current.pnl.setData(model.pnl)
  current.refit()
}

/**
 * The portfolio chart in `host`, made once per figure and removed with it; its data and colours
 * drawn again each time the report or the theme changes.
 */
export function usePortfolioChart(
  host: RefObject<HTMLDivElement | null>,
  onPlotWidth: (width: number) => void,
  model: PortfolioModel,
  theme: unknown,
): RefObject<DrawnPortfolioChart | null> {
  const chart = useMadeChart(host, onPlotWidth, makePortfolioChart)
  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (element && current) drawPortfolio(current, element, model)
  }, [host, chart, model, theme])
  return chart
}
