import type { CandlestickData, LineData, UTCTimestamp, WhitespaceData } from 'lightweight-charts'
import { Dec } from '../../shared/decimal'
import type { HistoryPoint, HistorySeries, MultiplierChange } from '../../shared/history'
import type { SessionName } from '../../shared/sessions'
import { historyAxis, sessionSpans, type TradingAxis } from '../../shared/trading-axis'
import { MISSING } from '../format'
import { CHART_SLOTS, scalePrecision, slotAt, slotTime } from './chart-slots'

/**
 * What the detail chart draws for a range beyond 24 hours, from one `HistorySeries`: the slots of
 * the trading axis (as chart-slots.ts explains), the token's candles and close, the stock's close
 * times the multiplier in force on the same scale, the premium in percent, and where the
 * multiplier stepped. Plot values go through Number (a y-coordinate needs a fraction of a pixel);
 * everything the chart says in words reads the points' strings.
 *
 * Made once per answer and kept with it (a WeakMap on the series), so going back to a range
 * already shown costs only the chart's own drawing.
 */

/** Two slots a point at most, and never fewer than today's chart has. */
const MAX_SLOTS = 8_000

export interface MultiplierMark extends MultiplierChange {
  /** Where the step stands on the axis, 0 to 1. */
  x: number
  /** The index of the first point under the new multiplier, or -1 when none is. */
  pointIndex: number
}

export interface HistoryModel {
  axis: TradingAxis
  slots: number
  /** The slot of each point, by its index in `series.points`. */
  slotOf: number[]
  candles: Array<CandlestickData<UTCTimestamp> | WhitespaceData<UTCTimestamp>>
  closes: Array<LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>>
  /** The stock's close x the multiplier, where both are known; `carried` marks a carried close. */
  stock: Array<{ time: UTCTimestamp; value: number; carried: boolean }>
  premium: Array<{ time: UTCTimestamp; value: number; carried: boolean }>
  marks: MultiplierMark[]
  /** The sessions behind the plot (sessionSpans), placed on the axis (x0, x1 fractions). */
  bands: Array<{ session: SessionName; x0: number; x1: number }>
  /** Decimal places of the price scale's ticks (scalePrecision). */
  precision: number
}

const models = new WeakMap<HistorySeries, Map<boolean, HistoryModel | null>>()

/** The model of `series` for a token that trades off-hours or not; null under two points. */
export function historyModel(series: HistorySeries, offHours: boolean): HistoryModel | null {
  let bySession = models.get(series)
  if (!bySession) models.set(series, (bySession = new Map()))
  let model = bySession.get(offHours)
  if (model === undefined) bySession.set(offHours, (model = buildModel(series, offHours)))
  return model
}

function slotCount(points: number): number {
  return Math.max(CHART_SLOTS, Math.min(MAX_SLOTS, points * 2))
}

/** Points at `times` on the trading axis and its slots, as every chart beyond 24 hours places them. */
export interface PlacedPoints {
  axis: TradingAxis
  slots: number
  /** The slot of each point, by its index. */
  slotOf: number[]
}

export function placePoints(times: readonly number[], offHours: boolean): PlacedPoints | null {
  const axis = historyAxis(times, offHours)
  if (!axis) return null
  const slots = slotCount(times.length)
  return { axis, slots, slotOf: times.map((t) => slotAt(axis.x(t), slots)) }
}

/**
 * The sessions behind the plot, placed on the axis: none for daily buckets (a daily candle spans
 * every session of its day, so no session can be shaded behind it: over months the bands would
 * also fall under a pixel and show only where rounding left them). Over all time there are
 * thousands of sessions: placed once, with the answer.
 */
export function axisBands(axis: TradingAxis, offHours: boolean, daily: boolean): HistoryModel['bands'] {
  if (daily) return []
  return sessionSpans(axis.from, axis.to, offHours)
    .filter((band) => band.end > band.start)
    .map((band) => ({ session: band.session, x0: axis.x(band.start), x1: axis.x(band.end) }))
}

function buildModel(series: HistorySeries, offHours: boolean): HistoryModel | null {
  const { points } = series
  const placed = placePoints(
    points.map((point) => point.t),
    offHours,
  )
  if (!placed) return null
  const { axis, slots, slotOf } = placed
  const pointIn = new Map<number, HistoryPoint>()
  // Two points in one slot: the later one is drawn (and found by the crosshair).
  slotOf.forEach((slot, index) => pointIn.set(slot, points[index] as HistoryPoint))

  const candles: HistoryModel['candles'] = []
  const closes: HistoryModel['closes'] = []
  const stock: HistoryModel['stock'] = []
  const premium: HistoryModel['premium'] = []
  let low = Infinity
  let high = -Infinity
  for (let slot = 0; slot < slots; slot++) {
    const time = slotTime(slot)
    const point = pointIn.get(slot)
    if (!point) {
      candles.push({ time })
      closes.push({ time })
      continue
    }
    const candle = {
      time,
      open: Number(point.open),
      high: Number(point.high),
      low: Number(point.low),
      close: Number(point.close),
    }
    candles.push(candle)
    closes.push({ time, value: candle.close })
    low = Math.min(low, candle.low)
    high = Math.max(high, candle.high)
    if (point.underlyingClose !== null && point.multiplier !== null) {
      const value = Number(point.underlyingClose) * Number(point.multiplier)
      stock.push({ time, value, carried: point.underlyingCarried })
      low = Math.min(low, value)
      high = Math.max(high, value)
    }
    if (point.premium !== null)
      premium.push({ time, value: Number(point.premium) * 100, carried: point.underlyingCarried })
  }
  const marks = series.multiplierChanges
    .filter((change) => change.t >= axis.from && change.t <= axis.to)
    .map((change) => ({
      ...change,
      x: axis.x(change.t),
      pointIndex: points.findIndex((point) => point.t >= change.t),
    }))
  const bands = axisBands(axis, offHours, dailyBuckets(series))
  const precision = scalePrecision(
    points.map((point) => point.close),
    low,
    high,
  )
  return { axis, slots, slotOf, candles, closes, stock, premium, marks, bands, precision }
}

/** Whether the series' buckets are whole days (the service's `1day`), too wide to shade by session. */
export function dailyBuckets(series: HistorySeries): boolean {
  return series.interval === '1day'
}

/** A line's data, each carried point in `carriedColor`: how a carried stretch is drawn faded. */
export function carriedLine(
  line: HistoryModel['stock'],
  color: string,
  carriedColor: string,
): Array<LineData<UTCTimestamp>> {
  return line.map(({ time, value, carried }) => ({ time, value, color: carried ? carriedColor : color }))
}

/**
 * A premium fraction as a signed percent, every digit kept: "0.0012" is "+0.12%", "-0.00035" is
 * "-0.035%". Decimal arithmetic, never a float.
 */
export function premiumPercent(fraction: string | null): string {
  if (fraction === null) return MISSING
  const percent = new Dec(fraction).times(100)
  const text = percent.isZero() ? '0' : percent.toFixed()
  return `${percent.isPositive() && !percent.isZero() ? '+' : ''}${text}%`
}
