import type { TradingAxis } from '../../shared/trading-axis'

/**
 * Where a chart's time labels go, so that they never overlap whatever the window: 24 hours of a
 * Tuesday, 72 hours on a Monday, four days over a holiday weekend. Labels sit on whole local
 * hours at the smallest step (1, 2, 3, 4, 6, 12 or 24 hours) that leaves room between them, never
 * inside a closed gap; when the window crosses days, the first label of each day names it
 * ("Mon 04:00"). Pure: the caller passes the time zone and how wide a text is drawn.
 */

export interface AxisLabel {
  /** The instant labelled. */
  t: number
  text: string
  /** Centre, left and right edge of the label, in px from the plot's left. */
  x: number
  left: number
  right: number
  /** True for the first label of a day, which names it. */
  namesDay: boolean
}

export interface AxisLabelOptions {
  /** The axis runs from `padding` to `width - padding` px. */
  width: number
  padding?: number
  /** IANA zone the labels read in; the machine's own when omitted. */
  timeZone?: string
  /** How wide `text` is drawn, in px. Default: 7 px a character, generous for an 11 px font. */
  measure?: (text: string) => number
  /** Clear space between two labels. */
  minSpacing?: number
}

const HOUR_MS = 3_600_000
const HALF_HOUR_MS = HOUR_MS / 2
const STEP_HOURS = [1, 2, 3, 4, 6, 12, 24] as const
const DEFAULT_CHAR_WIDTH = 7
export const DEFAULT_SPACING = 10
/** Hours are walked one by one: a two-week window is still only a few hundred steps. */
const MAX_WINDOW_MS = 14 * 24 * HOUR_MS

export interface LocalTime {
  date: string
  weekday: string
  hour: number
  minute: number
  hourMinute: string
}

const formats = new Map<string, Intl.DateTimeFormat>()

export function localTime(ms: number, timeZone: string | undefined): LocalTime {
  const key = timeZone ?? ''
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formats.set(key, format)
  }
  const parts: Record<string, string> = {}
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday ?? '',
    hour,
    minute,
    hourMinute: `${parts.hour}:${parts.minute}`,
  }
}

interface Candidate {
  t: number
  local: LocalTime
  x: number
}

/** Every whole local hour in the window that lies on open market, with its position. */
function hourMarks(axis: TradingAxis, width: number, padding: number, timeZone: string | undefined) {
  const marks: Candidate[] = []
  if (axis.to - axis.from > MAX_WINDOW_MS) return marks
  const inGap = (t: number) => axis.segments.some((s) => s.gap && t >= s.start && t < s.end)
  const span = width - 2 * padding
  // Half-hour steps, so zones half an hour off UTC still find their whole hours.
  for (let t = Math.ceil(axis.from / HALF_HOUR_MS) * HALF_HOUR_MS; t <= axis.to; t += HALF_HOUR_MS) {
    const local = localTime(t, timeZone)
    if (local.minute !== 0 || inGap(t)) continue
    marks.push({ t, local, x: padding + axis.x(t) * span })
  }
  return marks
}

function labelOf(mark: Candidate, namesDay: boolean, measure: (text: string) => number): AxisLabel {
  const text = namesDay ? `${mark.local.weekday} ${mark.local.hourMinute}` : mark.local.hourMinute
  const half = measure(text) / 2
  return { t: mark.t, text, x: mark.x, left: mark.x - half, right: mark.x + half, namesDay }
}

/** Labels the marks, the first of each day naming it when the window crosses days. */
function labelled(marks: readonly Candidate[], crossesDays: boolean, measure: (text: string) => number) {
  let lastDate = ''
  return marks.map((mark) => {
    const namesDay = crossesDays && mark.local.date !== lastDate
    lastDate = mark.local.date
    return labelOf(mark, namesDay, measure)
  })
}

/**
 * Keeps labels that fit: inside the plot, and clear of each other. Labels naming a day go first,
 * so a crowded axis keeps the days and drops hours.
 */
export function fitting(labels: readonly AxisLabel[], width: number, spacing: number): AxisLabel[] {
  const kept: AxisLabel[] = []
  const clear = (label: AxisLabel) =>
    label.left >= 0 &&
    label.right <= width &&
    kept.every((other) => label.left >= other.right + spacing || label.right + spacing <= other.left)
  for (const label of [...labels].sort((a, b) => Number(b.namesDay) - Number(a.namesDay)))
    if (clear(label)) kept.push(label)
  return kept.sort((a, b) => a.t - b.t)
}

export function axisLabels(axis: TradingAxis, options: AxisLabelOptions): AxisLabel[] {
  const settled = {
    padding: 0,
    measure: (text: string) => text.length * DEFAULT_CHAR_WIDTH,
    minSpacing: DEFAULT_SPACING,
    ...options,
  }
  const marks = hourMarks(axis, settled.width, settled.padding, options.timeZone)
  const crossesDays =
    localTime(axis.from, options.timeZone).date !== localTime(axis.to, options.timeZone).date
  let best: AxisLabel[] = []
  for (const step of STEP_HOURS) {
    const onStep = marks.filter((mark) => mark.local.hour % step === 0)
    const labels = labelled(onStep, crossesDays, settled.measure)
    best = fitting(labels, settled.width, settled.minSpacing)
    // The smallest step at which every label fits (the edges aside) is the one.
    if (best.length >= labels.filter((l) => l.left >= 0 && l.right <= settled.width).length) break
  }
  return withDaysNamed(best, crossesDays, settled)
}

/**
 * When a crowded axis dropped the label that named a day, the day's next label names it instead;
 * a label grown so that it no longer fits is dropped, and the check runs again.
 */
function withDaysNamed(
  labels: AxisLabel[],
  crossesDays: boolean,
  options: { width: number; minSpacing: number; measure: (text: string) => number; timeZone?: string },
): AxisLabel[] {
  let current = labels
  for (let round = 0; round < labels.length + 1; round++) {
    let lastDate = ''
    const renamed = current.map((label) => {
      const local = localTime(label.t, options.timeZone)
      const namesDay = crossesDays && local.date !== lastDate
      lastDate = local.date
      if (namesDay === label.namesDay) return label
      return labelOf({ t: label.t, local, x: label.x }, namesDay, options.measure)
    })
    const kept = fitting(renamed, options.width, options.minSpacing)
    // Nothing dropped: the labels' days are those they were named for, so naming them again
    // would change nothing.
    if (kept.length === renamed.length) return kept
    current = kept
  }
  return current
}
