import { type AxisLabel, type AxisLabelOptions, DEFAULT_SPACING, fitting, localTime } from './axis-labels'
import type { TradingAxis } from '../../shared/trading-axis'

/**
 * The time labels of a chart beyond 24 hours (a week to all time), on the same trading axis and
 * with the same rule as today's chart: never overlapping, never inside a closed gap. Each label
 * starts a day, a week, a month or a year, whichever is the finest at which they all fit, and the
 * chart says which unit its labels count: "Tue 17" (days), "Nov 16" (weeks, on Mondays), "Nov"
 * (months, January naming its year), "2026" (years). Pure: the caller passes the zone and how wide
 * a text is drawn.
 */

export const LABEL_UNITS = ['day', 'week', 'month', 'year'] as const
export type LabelUnit = (typeof LABEL_UNITS)[number]

export interface RangeAxisLabels {
  unit: LabelUnit
  labels: AxisLabel[]
}

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** A day counts as trading (and gets a label) when its market opens by 06:00, as premarket does. */
const DAY_OPENS_BY_MS = 6 * HOUR_MS
/**
 * A day with less trading than this before the next day (on the axis, gaps left out) gets no
 * label: in London, a stock token's Saturday holds only Friday's last post-market hour, and its
 * label would crowd Monday's across the squeezed weekend.
 */
const MIN_DAY_TRADING_MS = 2 * HOUR_MS
/** A label is at least this wide: a unit with more candidates than width / this cannot fit. */
const MIN_LABEL_PX = 24

/** The instant of local midnight on the day that contains `t` (DST days corrected). */
function startOfLocalDay(t: number, timeZone: string | undefined): number {
  const local = localTime(t, timeZone)
  let midnight = t - (local.hour * HOUR_MS + local.minute * 60_000) - (t % 60_000)
  const check = localTime(midnight, timeZone)
  // Across a DST change the hour count is one off: the local clock says 23:00 or 01:00.
  if (check.hour === 23) midnight += HOUR_MS
  else if (check.hour === 1) midnight -= HOUR_MS
  return midnight
}

interface DayStart {
  t: number
  date: string
  weekday: string
  month: string
  year: string
  dayOfMonth: string
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function dayStart(t: number, timeZone: string | undefined): DayStart {
  const local = localTime(t, timeZone)
  const [year = '', month = '', day = ''] = local.date.split('-')
  return { t, date: local.date, weekday: local.weekday, month, year, dayOfMonth: day }
}

/** Every local day that starts within the axis, in order. */
function dayStarts(axis: TradingAxis, timeZone: string | undefined): DayStart[] {
  const days: DayStart[] = []
  // Noon steps: a DST day (23 or 25 h long) never makes one skip or repeat a date.
  for (let probe = startOfLocalDay(axis.from, timeZone) + 12 * HOUR_MS; ; probe += DAY_MS) {
    const t = startOfLocalDay(probe, timeZone)
    if (t > axis.to) break
    if (t >= axis.from) days.push(dayStart(t, timeZone))
  }
  return days
}

/** The first day of every month that starts within the axis: a few dozen even over all time. */
function monthStarts(axis: TradingAxis, timeZone: string | undefined): DayStart[] {
  const months: DayStart[] = []
  const from = new Date(axis.from)
  for (let index = 0; ; index++) {
    // Noon UTC on the 1st is the 1st in every American zone; its local midnight starts the month.
    const t = startOfLocalDay(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + index, 1, 12), timeZone)
    if (t > axis.to) break
    if (t >= axis.from) months.push(dayStart(t, timeZone))
  }
  return months
}

/**
 * Where a day's label stands: its start, or, when that falls in a closed gap (a weekend for a
 * stock token), the gap's end if it is still the same `keep` (day, week or month); else nowhere.
 */
function placed(axis: TradingAxis, start: number, keep: (t: number) => boolean): number | null {
  const gap = axis.segments.find((segment) => segment.gap && start >= segment.start && start < segment.end)
  if (!gap) return start
  return gap.end <= axis.to && keep(gap.end) ? gap.end : null
}

/** The trading time between two instants on the axis: the span less its closed gaps. */
function tradingWithin(axis: TradingAxis, from: number, to: number): number {
  const closed = axis.segments
    .filter((segment) => segment.gap)
    .reduce((sum, gap) => sum + Math.max(0, Math.min(to, gap.end) - Math.max(from, gap.start)), 0)
  return to - from - closed
}

/** The labels of one unit, every `step`-th of them (every 3rd month: quarters). */
function candidates(
  axis: TradingAxis,
  unit: LabelUnit,
  step: number,
  starts: readonly DayStart[],
  timeZone: string | undefined,
): Array<{ t: number; text: string }> {
  const out: Array<{ t: number; text: string }> = []
  let counted = 0
  for (const [index, day] of starts.entries()) {
    const monthName = MONTHS[Number(day.month) - 1] ?? day.month
    let text: string
    let keep: (t: number) => boolean
    if (unit === 'day') {
      const next = starts[index + 1]?.t
      if (next !== undefined && tradingWithin(axis, day.t, next) < MIN_DAY_TRADING_MS) continue
      if (counted++ % step !== 0) continue
      text = `${day.weekday} ${Number(day.dayOfMonth)}`
      // A day whose market opens only in its evening (a Sunday) is the next day's: not labelled.
      keep = (t) => t - day.t <= DAY_OPENS_BY_MS
    } else if (unit === 'week') {
      if (day.weekday !== 'Mon' || counted++ % step !== 0) continue
      text = `${monthName} ${Number(day.dayOfMonth)}`
      keep = (t) => t - day.t < 7 * DAY_MS
    } else {
      const month = Number(day.month) - 1
      if (unit === 'month' ? month % step !== 0 : month !== 0 || Number(day.year) % step !== 0) continue
      text = month === 0 ? day.year : monthName
      keep = (t) => localTime(t, timeZone).date.slice(0, 7) === day.date.slice(0, 7)
    }
    const t = placed(axis, day.t, keep)
    if (t !== null) out.push({ t, text })
  }
  return out
}

/** Each unit's steps, finest first: every day, every other day, every week, every other week ... */
const STEPS: ReadonlyArray<{ unit: LabelUnit; step: number; days: number }> = [
  { unit: 'day', step: 1, days: 1 },
  { unit: 'day', step: 2, days: 2 },
  { unit: 'week', step: 1, days: 7 },
  { unit: 'week', step: 2, days: 14 },
  { unit: 'month', step: 1, days: 30 },
  { unit: 'month', step: 2, days: 61 },
  { unit: 'month', step: 3, days: 91 },
  { unit: 'month', step: 6, days: 182 },
  { unit: 'year', step: 1, days: 365 },
  { unit: 'year', step: 2, days: 730 },
  { unit: 'year', step: 5, days: 1826 },
]

const cache = new WeakMap<TradingAxis, Map<string, RangeAxisLabels>>()

/**
 * The labels of the finest step whose every label fits (the edges aside), or of the coarsest.
 * Kept per axis and width: going back to a range shown before places nothing again.
 */
export function rangeAxisLabels(axis: TradingAxis, options: AxisLabelOptions): RangeAxisLabels {
  const key = `${options.width}:${options.padding ?? 0}:${options.timeZone ?? ''}`
  let byWidth = cache.get(axis)
  if (!byWidth) cache.set(axis, (byWidth = new Map()))
  let labels = byWidth.get(key)
  if (!labels) byWidth.set(key, (labels = placeLabels(axis, options)))
  return labels
}

function placeLabels(axis: TradingAxis, options: AxisLabelOptions): RangeAxisLabels {
  const padding = options.padding ?? 0
  const measure = options.measure ?? ((text: string) => text.length * 7)
  const spacing = options.minSpacing ?? DEFAULT_SPACING
  const span = options.width - 2 * padding
  const spanDays = (axis.to - axis.from) / DAY_MS
  let days: DayStart[] | null = null
  let months: DayStart[] | null = null
  let best: RangeAxisLabels = { unit: 'year', labels: [] }
  for (const { unit, step, days: stepDays } of STEPS) {
    // More labels than could stand side by side: not worth placing (All is years of days).
    if ((spanDays / stepDays) * MIN_LABEL_PX > span && step !== 5) continue
    const starts =
      unit === 'day' || unit === 'week'
        ? (days ??= dayStarts(axis, options.timeZone))
        : (months ??= monthStarts(axis, options.timeZone))
    const labels = candidates(axis, unit, step, starts, options.timeZone).map(({ t, text }) => {
      const x = padding + axis.x(t) * span
      const half = measure(text) / 2
      return { t, text, x, left: x - half, right: x + half, namesDay: unit === 'day' }
    })
    const inside = labels.filter((label) => label.left >= 0 && label.right <= options.width)
    const kept = fitting(labels, options.width, spacing)
    best = { unit, labels: kept }
    if (kept.length >= inside.length && kept.length > 0) break
  }
  return best
}
