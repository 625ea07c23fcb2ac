import type { UTCTimestamp, WhitespaceData, AreaData } from 'lightweight-charts'
import { Dec } from '../../shared/decimal'
import type { HistoryPoint } from '../../shared/domain'
import type { TradingAxis } from '../../shared/trading-axis'

/**
 * The detail chart's data for lightweight-charts, on the history's trading-time axis.
 *
 * lightweight-charts spaces its data points evenly, one per slot, whatever their times. So the
 * axis is cut into CHART_SLOTS even slots and each point goes into the slot of its x on the trading
 * axis; the slots between points are empty (whitespace). A closed weekend then takes the thin
 * share of the width the trading axis gives it, and an hour of trading the same width on a Monday
 * as on a Tuesday. The slot number is the chart's "time" (plus one: it counts from 1).
 *
 * The prices go through Number here and only for the line: a y-coordinate needs a fraction of a
 * pixel, not the price's digits. What the chart says in words (the readout) is the exact string.
 */

/**
 * Enough that two history points (15 minutes apart, at most a few hundred) never share a slot, and
 * few enough that lightweight-charts fits them in the narrowest panel (it keeps half a pixel a slot).
 */
export const CHART_SLOTS = 400

export interface ChartSlots {
  data: Array<AreaData<UTCTimestamp> | WhitespaceData<UTCTimestamp>>
  /** The slot of each history point, by its index in the history. */
  slotOf: number[]
  /** Where each history point is drawn on the price scale: its price as a Number, for the line only. */
  valueOf: number[]
}

export function slotTime(slot: number): UTCTimestamp {
  return (slot + 1) as UTCTimestamp
}

/** The slot of a point of the axis, x being its fraction of the width (0 to 1), of `slots` slots. */
export function slotAt(x: number, slots = CHART_SLOTS): number {
  return Math.round(Math.min(1, Math.max(0, x)) * (slots - 1))
}

export function chartSlots(history: readonly HistoryPoint[], axis: TradingAxis): ChartSlots {
  const slotOf = history.map((point) => slotAt(axis.x(point.t)))
  const valueOf = history.map((point) => Number(point.price))
  const valueIn = new Map<number, number>()
  // Two points in one slot: the later one is drawn (and found by the crosshair).
  slotOf.forEach((slot, index) => valueIn.set(slot, valueOf[index] as number))
  const data = Array.from({ length: CHART_SLOTS }, (_, slot) => {
    const value = valueIn.get(slot)
    return value === undefined ? { time: slotTime(slot) } : { time: slotTime(slot), value }
  })
  return { data, slotOf, valueOf }
}

/**
 * The history point nearest to a (fractional) slot: what the crosshair shows under the pointer.
 * Of two points sharing a slot the later one (the one drawn); of two as near, the earlier.
 */
export function nearestPoint(slotOf: readonly number[], slot: number): number {
  let best = 0
  for (let index = 1; index < slotOf.length; index++) {
    const distance = Math.abs((slotOf[index] as number) - slot)
    const bestDistance = Math.abs((slotOf[best] as number) - slot)
    if (distance < bestDistance || (distance === bestDistance && slotOf[index] === slotOf[best])) best = index
  }
  return best
}

/**
 * Decimal places for the price scale's ticks: enough to tell five ticks apart across the prices'
 * range, at least two, and no more than the prices themselves carry (at least two).
 */
export function scalePrecision(prices: readonly string[], low: number, high: number): number {
  let carried = 2
  for (const price of prices) carried = Math.max(carried, new Dec(price).decimalPlaces())
  const range = high - low
  const needed = range > 0 ? Math.ceil(-Math.log10(range / 5)) + 1 : 2
  return Math.min(carried, Math.max(2, needed))
}
