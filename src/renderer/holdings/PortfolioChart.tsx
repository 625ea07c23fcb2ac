import { useRef, useState } from 'react'
import type { PortfolioReport } from '../../shared/portfolio'
import { RANGE_WORDS } from '../chart/range-keys'
import { useChartCrosshair } from '../chart/use-chart-crosshair'
import { useChartPicture } from '../chart/use-chart-picture'
import { useRangeAxis } from '../chart/use-range-axis'
import { formatMoney } from '../format'
import { useWatch } from '../store/watch-store'
import { ChartPlot, RANGE_PLOT, SessionLegend, useCrosshair } from '../chart/ChartParts'
import { portfolioModel, type PortfolioModel } from './portfolio-model'
import { PortfolioReadout } from './PortfolioReadout'
import { TradeMarks } from './TradeMarks'
import { usePortfolioChart, type DrawnPortfolioChart } from './use-portfolio-chart'

/**
 * The portfolio over one range as a chart (issue #49): the value at display prices, the value at
 * fair value and the cost basis as lines, the same money had it gone into the stocks or the
 * benchmark token as dotted lines (item 3), the P&L as an area about zero in a pane below (green
 * above, red below), and each transaction marked under the axis with its date, side, quantity and
 * price in its tooltip. The detail chart's axis, slots, labels, bands and crosshair (chart/ and
 * ChartParts.tsx); with amounts hidden, percents of the starting value only (portfolio-model.ts).
 */

/** Whether a line has any point to draw (a benchmark main could not work out has none). */
const drawsAny = (line: PortfolioModel['stocks']) => line.some((slot) => 'value' in slot)

/** The crosshair sits on the value line (made once: see use-chart-crosshair.ts). */
const onValue = (current: DrawnPortfolioChart) => current.value

export function PortfolioChart({
  report,
  offHours,
  hidden,
}: {
  report: PortfolioReport
  offHours: boolean
  hidden: boolean
}) {
  // The same model object for the same answer (portfolioModel keeps it per report): a new one
  // would redraw every line (use-portfolio-chart.ts).
  const model = portfolioModel(report, offHours, hidden ? 'percent' : 'money')
  if (!model) return <p className="muted chart-empty">Too few points in this range to draw.</p>
  return <PortfolioFigure report={report} model={model} hidden={hidden} />
}

function PortfolioFigure({
  report,
  model,
  hidden,
}: {
  report: PortfolioReport
  model: PortfolioModel
  hidden: boolean
}) {
  const theme = useWatch((state) => state.settings?.theme)
  const host = useRef<HTMLDivElement>(null)
  const [plotWidth, setPlotWidth] = useState<number | null>(null)
  const { series } = report
  const { axis, bands } = model
  const { axisLabels, gaps } = useRangeAxis(axis, plotWidth)
  const crosshair = useCrosshair(series, model.slotOf, model.slots, plotWidth)
  const { cursor } = crosshair

  const chart = usePortfolioChart(host, setPlotWidth, model, theme)
  const marks = model.trades.map((trade) => trade.x)
  useChartPicture(host, chart, { bands, axis, labels: axisLabels.labels, marks, slots: model.slots }, theme)
  const slot = cursor === null ? undefined : model.slotOf[cursor]
  const drawn = slot === undefined ? undefined : model.value[slot]
  const y = drawn && 'value' in drawn ? (drawn.value as number) : undefined
  useChartCrosshair(
    chart,
    slot === undefined || y === undefined ? undefined : { slot, value: y },
    onValue,
    model,
  )

  const first = series[0]
  const last = series[series.length - 1]
  const span = hidden ? '' : `, the value from ${formatMoney(first?.value)} to ${formatMoney(last?.value)}`
  const label =
    `${RANGE_WORDS[report.range]} chart of the portfolio: value, value at fair value, cost basis, ` +
    `the same money in the stocks and in ${report.benchmarkSymbol}, and P&L${span}; ` +
    `${report.trades.length} transactions marked. Arrow keys move a crosshair over the points.`

  return (
    <figure
      className="chart chart-portfolio"
      tabIndex={0}
      aria-label={label}
      onKeyDown={crosshair.onKeyDown}
      onBlur={crosshair.clear}
    >
      <PortfolioReadout report={report} index={cursor} hidden={hidden} />
      <ChartPlot
        host={host}
        {...RANGE_PLOT}
        crosshair={crosshair}
        gaps={gaps}
        axisFrom={axis.from}
        labels={axisLabels.labels}
        width={plotWidth}
      >
        <TradeMarks trades={model.trades} width={plotWidth} hidden={hidden} />
      </ChartPlot>
      <figcaption className="chart-caption">
        <span className="chart-legend">
          <span className="chart-legend-item line-portfolio-value">Value</span>
          <span className="chart-legend-item line-portfolio-fair">Value at fair value</span>
          <span className="chart-legend-item line-portfolio-cost">Cost basis</span>
          {drawsAny(model.stocks) && (
            <span className="chart-legend-item line-portfolio-stocks">Had you held the stocks</span>
          )}
          {drawsAny(model.token) && (
            <span className="chart-legend-item line-portfolio-token">
              Had you bought {report.benchmarkSymbol}
            </span>
          )}
          <span className="chart-legend-item line-portfolio-pnl">
            P&amp;L (lower pane: gain above zero, loss below)
          </span>
          <span className="chart-legend-item chart-legend-step">▲ buy ▼ sell ◆ transfer</span>
          {hidden && (
            <span className="chart-legend-item chart-legend-step">
              Amounts hidden: lines in % change from the starting value, P&amp;L in % of it
            </span>
          )}
        </span>
        <SessionLegend bands={bands} closed={gaps.length > 0}>
          <span className="chart-axis-unit">Labels: {axisLabels.unit}s</span>
        </SessionLegend>
        <span className="chart-credit">Chart: TradingView Lightweight Charts</span>
      </figcaption>
    </figure>
  )
}
