import { useState, useRef } from 'react'
import type { HistoryRange, HistorySeries } from '../../shared/history'
import type { ChartStyle } from '../../shared/settings'
import { dailyBuckets, historyModel, type HistoryModel } from '../chart/history-model'
import { RANGE_WORDS } from '../chart/range-keys'
import { useChartCrosshair } from '../chart/use-chart-crosshair'
import { useChartPicture } from '../chart/use-chart-picture'
import { useRangeAxis } from '../chart/use-range-axis'
import { useDisplayZone } from '../display-zone'
import { formatPrice } from '../format'
import { useWatch } from '../store/watch-store'
import { ChartPlot, RANGE_PLOT, SessionLegend, useCrosshair } from '../chart/ChartParts'
import { HistoryFreshness, HistoryReadout } from './HistoryReadout'
import { MultiplierMarks, STEP_GLYPH, useStepMarks } from './MultiplierMarks'
import { useHistoryChart, type DrawnHistoryChart } from './use-history-chart'

/** The series the crosshair sits on in each style (made once: see use-chart-crosshair.ts). */
const onCandles = (current: DrawnHistoryChart) => current.candles
const onCloses = (current: DrawnHistoryChart) => current.closes

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
  const [plotWidth, setPlotWidth] = useState<number | null>(null)
  const { points } = series
  const { axis, bands } = model
  const { axisLabels, gaps } = useRangeAxis(axis, plotWidth)
  const stepMarks = useStepMarks(model, plotWidth, zone)
  const crosshair = useCrosshair(points, model.slotOf, model.slots, plotWidth)
  const { cursor } = crosshair

  const chart = useHistoryChart(host, setPlotWidth, { model, points, style, theme })
  const marks = model.marks.map((mark) => mark.x)
  const picture = { bands, axis, labels: axisLabels.labels, marks, slots: model.slots }
  useChartPicture(host, chart, picture, theme)
  const slot = cursor === null ? undefined : model.slotOf[cursor]
  const point = cursor === null ? undefined : points[cursor]
  const at = slot === undefined || point === undefined ? undefined : { slot, value: Number(point.close) }
  useChartCrosshair(chart, at, style === 'candles' ? onCandles : onCloses, model)

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
        {...RANGE_PLOT}
        crosshair={crosshair}
        gaps={gaps}
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
