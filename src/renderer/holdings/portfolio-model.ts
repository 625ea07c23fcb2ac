import type { LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts'
import { Dec } from '../../shared/decimal'
import type { PortfolioPoint, PortfolioRange, PortfolioReport } from '../../shared/portfolio'
import { formatMoney } from '../format'
import { slotTime } from '../chart/chart-slots'
import { axisBands, placePoints, type HistoryModel, type PlacedPoints } from '../chart/history-model'

/**
 * What the Holdings tab's portfolio chart draws for one range (issue #49), from main's report: the
 * points placed on the detail chart's trading axis and slots (history-model.ts), three lines (the
 * value at display prices, the value at fair value, the cost basis) and the P&L drawn as an area
 * about zero, the same money had it gone into the stocks or the benchmark token (two more lines),
 * and each transaction's place on the axis. Plot values go through Number (a
 * y-coordinate needs a fraction of a pixel); what the chart says in words reads the strings.
 *
 * With amounts hidden no dollar figure is plotted at all: every line is the percent change from
 * the range's starting value (the value at the first point where anything is held, one base for
 * every line, so the gap between value and cost still reads), and the P&L is the percent of that
 * same starting value. Points before anything is held have no percent and are left empty.
 *
 * Made once per answer and kept with it (a WeakMap on the report), so going back to a range
 * already shown costs only the chart's own drawing.
 */

type Slot = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>

export interface TradePlace {
  t: number
  id: string
  symbol: string
  side: string
  /** Where it stands on the axis, 0 to 1. */
  x: number
}

export interface PortfolioModel extends PlacedPoints {
  value: Slot[]
  valueAtFairValue: Slot[]
  cost: Slot[]
  /** Drawn as an area about zero: above it gained, below it lost. */
  pnl: Slot[]
  /** The same money put into the stocks, and into the benchmark token (item 3); empty where not known. */
  stocks: Slot[]
  token: Slot[]
  trades: TradePlace[]
  bands: HistoryModel['bands']
  /** Dollars, or percent of the starting value (amounts hidden). */
  unit: 'money' | 'percent'
}

/** The 1W and 1M points are hours (sessions can be shaded behind them); longer ranges' are days. */
const HOURLY_RANGES: readonly PortfolioRange[] = ['1w', '1m']

const models = new WeakMap<PortfolioReport, Map<string, PortfolioModel | null>>()

/** The model of `report` (tokens trading off-hours or not, money or percent); null under two points. */
export function portfolioModel(
  report: PortfolioReport,
  offHours: boolean,
  unit: PortfolioModel['unit'],
): PortfolioModel | null {
  let kept = models.get(report)
  if (!kept) models.set(report, (kept = new Map()))
  const key = `${offHours} ${unit}`
  let model = kept.get(key)
  if (model === undefined) kept.set(key, (model = buildModel(report, offHours, unit)))
  return model
}

/** How a point's figure is plotted: its dollars, or its percent of the base (null: not plotted). */
type Plot = (figure: string | null, isChange: boolean) => number | null

function plotIn(unit: PortfolioModel['unit'], base: Dec | null): Plot {
  if (unit === 'money') return (figure) => (figure === null ? null : Number(figure))
  return (figure, isChange) =>
    figure === null || base === null ? null : percentOf(figure, base, isChange).toNumber()
}

/** A level as its change from the base, or a change (the P&L) as its share of it, in percent. */
function percentOf(figure: string, base: Dec, isChange: boolean): Dec {
  const share = new Dec(figure).dividedBy(base)
  return (isChange ? share : share.minus(1)).times(100)
}

/** The starting value the percents are of: the value at the first point where anything is held. */
export function startingValue(series: readonly PortfolioPoint[]): { base: Dec; index: number } | null {
  const index = series.findIndex((point) => !new Dec(point.value).isZero())
  const point = series[index]
  return point ? { base: new Dec(point.value), index } : null
}

function buildModel(
  report: PortfolioReport,
  offHours: boolean,
  unit: PortfolioModel['unit'],
): PortfolioModel | null {
  const { series } = report
  const placed = placePoints(
    series.map((point) => point.t),
    offHours,
  )
  if (!placed) return null
  const { axis, slots, slotOf } = placed
  const start = startingValue(series)
  const plot = plotIn(unit, start?.base ?? null)
  const pointIn = new Map<number, number>()
  // Two points in one slot: the later one is drawn (and found by the crosshair).
  slotOf.forEach((slot, index) => pointIn.set(slot, index))
  const lines = {
    value: [] as Slot[],
    valueAtFairValue: [] as Slot[],
    cost: [] as Slot[],
    pnl: [] as Slot[],
    stocks: [] as Slot[],
    token: [] as Slot[],
  }
  const fields = ['value', 'valueAtFairValue', 'cost', 'pnl'] as const
  const push = (line: Slot[], time: UTCTimestamp, value: number | null) =>
    line.push(value === null ? { time } : { time, value })
  for (let slot = 0; slot < slots; slot++) {
    const time = slotTime(slot)
    const index = pointIn.get(slot)
    const point = index === undefined ? undefined : series[index]
    const beforeStart = unit === 'percent' && (start === null || (index ?? 0) < start.index)
    const shown = point !== undefined && !beforeStart
    for (const field of fields) push(lines[field], time, shown ? plot(point[field], field === 'pnl') : null)
    // The benchmarks' points are the series' own (main makes both from the same times).
    const bench = index === undefined ? undefined : report.benchmarkSeries[index]
    push(lines.stocks, time, shown && bench ? plot(bench.stocks, false) : null)
    push(lines.token, time, shown && bench ? plot(bench.token, false) : null)
  }
  return {
    ...placed,
    ...lines,
    trades: report.trades.map((trade) => ({ ...trade, x: axis.x(trade.t) })),
    bands: axisBands(axis, offHours, !HOURLY_RANGES.includes(report.range)),
    unit,
  }
}

/** The price scale's figures: cents of a dollar, or a signed percent (never a dollar while hidden). */
export function scaleText(unit: PortfolioModel['unit'], value: number): string {
  if (unit === 'money') return formatMoney(value.toFixed(2))
  const text = `${value.toFixed(2)}%`
  return value > 0 ? `+${text}` : text
}

/** A point's figure as a percent of the base, for the readout while amounts are hidden. */
export function percentOfStart(
  figure: string | null,
  series: readonly PortfolioPoint[],
  isChange: boolean,
): string | null {
  const start = startingValue(series)
  if (figure === null || start === null) return null
  return percentOf(figure, start.base, isChange).toSignificantDigits(8).toFixed()
}
