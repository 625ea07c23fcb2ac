import { BaselineSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi } from 'lightweight-charts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { formatFullTime } from '../../shared/display-time'
import { SIDE_LABELS, type LedgerSide, type Transaction } from '../../shared/holdings'
import type { PortfolioPoint, PortfolioReport } from '../../shared/portfolio'
import { measureLabel, themeColor } from '../chart/chart-page'
import { slotTime } from '../chart/chart-slots'
import {
  percentOfStart,
  portfolioModel,
  scaleText,
  type PortfolioModel,
  type TradePlace,
} from './portfolio-model'
import { rangeAxisLabels } from '../chart/range-axis-labels'
import { RANGE_WORDS } from '../chart/range-keys'
import { SessionBands, sessionColors } from '../chart/session-bands'
import { applyChartTheme, createTradingChart } from '../chart/trading-chart'
import { useDisplayZone } from '../display-zone'
import { formatMoney, formatPercent, formatSignedMoney } from '../format'
import { describeTrade } from '../ledger/ledger-api'
import { useLedger } from '../ledger/ledger-store'
import { useWatch } from '../store/watch-store'
import { ChartPlot, SessionLegend, useCrosshair } from '../detail/ChartParts'

/**
 * The portfolio over one range as a chart (issue #49): the value at display prices, the value at
 * fair value and the cost basis as lines, the P&L as an area about zero in a pane below (green
 * above, red below), and each transaction marked under the axis with its date, side, quantity and
 * price in its tooltip. The detail chart's axis, slots, labels, bands and crosshair (chart/ and
 * ChartParts.tsx); with amounts hidden, percents of the starting value only (portfolio-model.ts).
 */

const LINES_PANE_HEIGHT = 150
const PNL_PANE_HEIGHT = 64
/** A closed stretch narrower than this is left to the bands (a year has fifty weekends). */
const MIN_GAP_PX = 3

interface DrawnChart {
  api: IChartApi
  value: ISeriesApi<'Line'>
  valueAtFairValue: ISeriesApi<'Line'>
  cost: ISeriesApi<'Line'>
  pnl: ISeriesApi<'Baseline'>
  bands: SessionBands
  pnlBands: SessionBands
  refit(): void
}

/** The glyph of each side under the axis: bought up, sold down, moved in or out a diamond. */
const SIDE_GLYPH: Record<string, string> = { buy: '▲', sell: '▼' }

function sideWords(side: string): string {
  return side in SIDE_LABELS ? SIDE_LABELS[side as LedgerSide] : side
}

/** A mark's tooltip: when, and what was done; with amounts hidden, the side and token only. */
function tradeTitle(
  trade: TradePlace,
  transaction: Transaction | undefined,
  hidden: boolean,
  zone: Parameters<typeof formatFullTime>[1],
): string {
  const when = formatFullTime(trade.t, zone, { year: true })
  const what =
    hidden || !transaction
      ? `${sideWords(trade.side)} ${trade.symbol}${hidden ? ' (amounts hidden)' : ''}`
      : describeTrade(transaction)
  return `${when}: ${what}`
}

export function PortfolioChart({
  report,
  offHours,
  hidden,
}: {
  report: PortfolioReport
  offHours: boolean
  hidden: boolean
}) {
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
  const zone = useDisplayZone()
  const host = useRef<HTMLDivElement>(null)
  const chart = useRef<DrawnChart | null>(null)
  const [plotWidth, setPlotWidth] = useState<number | null>(null)
  const { series } = report
  const { axis, bands } = model
  const axisLabels = useMemo(
    () =>
      plotWidth
        ? rangeAxisLabels(axis, { width: plotWidth, measure: measureLabel, timeZone: zone.timeZone })
        : { unit: 'day' as const, labels: [] },
    [axis, plotWidth, zone],
  )
  const gaps = axis.segments.filter(
    (segment) => segment.gap && (segment.x1 - segment.x0) * (plotWidth ?? 0) >= MIN_GAP_PX,
  )
  const crosshair = useCrosshair(series, model.slotOf, model.slots, plotWidth)
  const { cursor } = crosshair

  useEffect(() => {
    const element = host.current
    if (!element) return
    const made = createTradingChart(element, {
      height: LINES_PANE_HEIGHT + PNL_PANE_HEIGHT,
      minBarSpacing: 0.001,
      onPlotWidth: setPlotWidth,
    })
    const { api } = made
    const quiet = { priceLineVisible: false, lastValueVisible: false }
    const value = api.addSeries(LineSeries, { ...quiet, lineWidth: 2 })
    const valueAtFairValue = api.addSeries(LineSeries, { ...quiet, lineWidth: 1 })
    const cost = api.addSeries(LineSeries, { ...quiet, lineWidth: 1, lineStyle: LineStyle.Dashed })
    const pnl = api.addSeries(
      BaselineSeries,
      { ...quiet, lineWidth: 1, baseValue: { type: 'price', price: 0 } },
      1,
    )
    pnl.priceScale().applyOptions({ scaleMargins: { top: 0.13, bottom: 0.13 } })
    api.panes()[1]?.setHeight(PNL_PANE_HEIGHT)
    const bandsPrimitive = new SessionBands()
    const pnlBands = new SessionBands()
    value.attachPrimitive(bandsPrimitive)
    pnl.attachPrimitive(pnlBands)
    chart.current = {
      api,
      value,
      valueAtFairValue,
      cost,
      pnl,
      bands: bandsPrimitive,
      pnlBands,
      refit: made.refit,
    }
    return () => {
      made.remove()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
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
    current.pnl.setData(model.pnl)
    current.refit()
  }, [model, theme])

  useEffect(() => {
    const element = host.current
    const current = chart.current
    if (!element || !current) return
    const picture = {
      bands,
      ticks: axisLabels.labels.map((label) => axis.x(label.t)),
      marks: model.trades.map((trade) => trade.x),
      slots: model.slots,
      bandColors: sessionColors(element),
      tickColor: themeColor(element, '--border'),
      markColor: themeColor(element, '--warn'),
    }
    current.bands.show(picture)
    current.pnlBands.show(picture)
  }, [bands, axis, axisLabels, model, theme])

  useEffect(() => {
    const current = chart.current
    if (!current) return
    const slot = cursor === null ? undefined : model.slotOf[cursor]
    const drawn = slot === undefined ? undefined : model.value[slot]
    const y = drawn && 'value' in drawn ? (drawn.value as number) : undefined
    if (slot === undefined || y === undefined) current.api.clearCrosshairPosition()
    else current.api.setCrosshairPosition(y, slotTime(slot), current.value)
  }, [cursor, model])

  const first = series[0]
  const last = series[series.length - 1]
  const span = hidden ? '' : `, the value from ${formatMoney(first?.value)} to ${formatMoney(last?.value)}`
  const label =
    `${RANGE_WORDS[report.range]} chart of the portfolio: value, value at fair value, cost basis and ` +
    `P&L${span}; ${report.trades.length} transactions marked. Arrow keys move a crosshair over the points.`

  return (
    <figure
      className="chart chart-portfolio"
      tabIndex={0}
      aria-label={label}
      onKeyDown={crosshair.onKeyDown}
      onBlur={crosshair.clear}
    >
      <PortfolioReadout series={series} index={cursor} hidden={hidden} />
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
        <TradeMarks trades={model.trades} width={plotWidth} hidden={hidden} />
      </ChartPlot>
      <figcaption className="chart-caption">
        <span className="chart-legend">
          <span className="chart-legend-item line-portfolio-value">Value</span>
          <span className="chart-legend-item line-portfolio-fair">Value at fair value</span>
          <span className="chart-legend-item line-portfolio-cost">Cost basis</span>
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

/** Each transaction under the axis at its time, its words in its tooltip. */
function TradeMarks({
  trades,
  width,
  hidden,
}: {
  trades: readonly TradePlace[]
  width: number | null
  hidden: boolean
}) {
  const zone = useDisplayZone()
  const transactions = useLedger((state) => state.view?.transactions)
  const byId = useMemo(() => new Map((transactions ?? []).map((each) => [each.id, each])), [transactions])
  if (trades.length === 0 || width === null) return null
  return (
    <div className="chart-marks chart-trade-marks" style={{ width }}>
      {trades.map((trade) => {
        const glyph = SIDE_GLYPH[trade.side] ?? '◆'
        const half = measureLabel(glyph) / 2
        return (
          <span
            key={trade.id}
            className={`chart-mark chart-trade-mark trade-${trade.side}`}
            data-t={trade.t}
            style={{ left: Math.min(Math.max(0, trade.x * width - half), width - 2 * half) }}
            title={tradeTitle(trade, byId.get(trade.id), hidden, zone)}
          >
            {glyph}
          </span>
        )
      })}
    </div>
  )
}

function PortfolioReadout({
  series,
  index,
  hidden,
}: {
  series: readonly PortfolioPoint[]
  index: number | null
  hidden: boolean
}) {
  const zone = useDisplayZone()
  const point = index === null ? undefined : series[index]
  const figure = (value: string | null, isChange: boolean) => {
    if (!hidden) return isChange ? formatSignedMoney(value) : formatMoney(value)
    return formatPercent(percentOfStart(value, series, isChange))
  }
  return (
    <p className="chart-readout chart-readout-portfolio" aria-live="polite" aria-atomic="true">
      {point ? (
        <>
          <span className="chart-readout-item">{formatFullTime(point.t, zone, { year: true })}</span>{' '}
          <span className="chart-readout-item">
            <span className="muted">Value</span> <span className="num">{figure(point.value, false)}</span>
          </span>{' '}
          <span className="chart-readout-item">
            <span className="muted">At fair value</span>{' '}
            <span className="num">{figure(point.valueAtFairValue, false)}</span>
          </span>{' '}
          <span className="chart-readout-item">
            <span className="muted">Cost</span> <span className="num">{figure(point.cost, false)}</span>
          </span>{' '}
          <span className="chart-readout-item">
            <span className="muted">P&amp;L</span> <span className="num">{figure(point.pnl, true)}</span>
          </span>
        </>
      ) : (
        <span className="muted">Point at the chart, or focus it and use the arrow keys.</span>
      )}
    </p>
  )
}
