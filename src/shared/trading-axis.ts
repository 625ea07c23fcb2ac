import { type SessionInterval, sessionIntervals } from './session-clock'
import type { SessionName } from './sessions'

/**
 * A time axis that runs on trading time: a chart of the last 24 hours of history on a Monday
 * morning spans Friday to Monday, and drawn on clock time the weekend would fill two thirds of it
 * with one flat line. Here each stretch when the token's market was closed shrinks to a thin gap
 * of fixed width (the chart marks it), and the open stretches share the rest in proportion to
 * their length.
 *
 * What "closed" means for a token:
 * - A token that trades only in the conventional sessions is closed during the off-hours spans
 *   of the session model (weekends, holidays, the evening of an early close). The short pauses
 *   between two sessions (a few minutes) stay on the axis: squeezing them would only jolt the line.
 * - A token that also trades in the `offhours` session trades whenever the conventional market is
 *   closed, so its market never closes: its axis is clock time, and its weekend prices, which do
 *   move for it, are drawn at full width.
 *
 * Pure: no clock, no DOM. The x it gives is a fraction of the plot's width, 0 to 1.
 */

export interface TimeSpan {
  /** Unix ms, [start, end). */
  start: number
  end: number
}

export interface AxisSegment extends TimeSpan {
  /** True for a closed stretch drawn as a thin gap. */
  gap: boolean
  /** Where the segment lies on the axis, fractions of its width. */
  x0: number
  x1: number
}

export interface TradingAxis {
  from: number
  to: number
  /** Open stretches and gaps, in order, covering [from, to] without overlap. */
  segments: readonly AxisSegment[]
  /** The x (0 to 1) of instant `t`; instants outside [from, to] are clamped to its ends. */
  x(t: number): number
}

/** A closed stretch shorter than this stays at full width (the evening gap is hours long). */
export const MIN_GAP_MS = 60 * 60_000
/** Each gap's width, as a share of the axis; all gaps together take at most MAX_GAPS_SHARE. */
const GAP_SHARE = 0.03
const MAX_GAPS_SHARE = 0.2

/**
 * Whether a token trades in the off-hours session: the service lists `offhours` among its
 * tradable sessions (kept with the sessions we know, or aside with those we do not).
 */
export function tradesOffHours(quote: {
  tradableSessions: readonly string[]
  otherSessions: readonly string[]
}): boolean {
  return quote.tradableSessions.includes('offhours') || quote.otherSessions.includes('offhours')
}

/** Every row's chart asks for the same window (the histories end together): each is walked once. */
const MAX_CACHED_WINDOWS = 64
const intervalsCache = new Map<string, readonly SessionInterval[]>()

function cachedSessionIntervals(from: number, to: number): readonly SessionInterval[] {
  const key = `${from}:${to}`
  let intervals = intervalsCache.get(key)
  if (!intervals) {
    intervals = sessionIntervals(from, to)
    if (intervalsCache.size >= MAX_CACHED_WINDOWS) intervalsCache.clear()
    intervalsCache.set(key, intervals)
  }
  return intervals
}

/**
 * The stretches within [from, to] when the conventional market was closed (the session model's
 * off-hours spans), clipped to the window. A token trading off-hours has none (see above).
 */
export function closedSpans(from: number, to: number, offHours = false): TimeSpan[] {
  if (offHours || !(to > from)) return []
  return cachedSessionIntervals(from, to)
    .filter((interval) => interval.session === 'offhours')
    .map((interval) => ({ start: interval.start, end: interval.end }))
}

export interface SessionSpan extends TimeSpan {
  session: SessionName
}

/**
 * The sessions that ran over [from, to], for shading a chart's background: the conventional
 * ones, and for a token trading off-hours its `offhours` session too. Pauses are left unshaded.
 */
export function sessionSpans(from: number, to: number, offHours = false): SessionSpan[] {
  if (!(to > from)) return []
  const spans: SessionSpan[] = []
  for (const { session, start, end } of cachedSessionIntervals(from, to))
    if (session !== null && (offHours || session !== 'offhours')) spans.push({ session, start, end })
  return spans
}

/** The axis over [from, to] with the given closed stretches (those under MIN_GAP_MS are ignored). */
export function tradingAxis(from: number, to: number, closed: readonly TimeSpan[]): TradingAxis {
  const gaps = closed
    .map((span) => ({ start: Math.max(span.start, from), end: Math.min(span.end, to) }))
    .filter((span) => span.end - span.start >= MIN_GAP_MS)
    .sort((a, b) => a.start - b.start)
  const total = Math.max(to - from, 1)
  const closedMs = gaps.reduce((sum, gap) => sum + gap.end - gap.start, 0)
  const openMs = total - closedMs
  // A window that is all gap (a history inside one weekend) is drawn on clock time.
  if (openMs <= 0 || gaps.length === 0) return linearAxis(from, to)
  const gapShare = Math.min(GAP_SHARE, MAX_GAPS_SHARE / gaps.length)
  const openShare = 1 - gapShare * gaps.length

  const segments: AxisSegment[] = []
  let x = 0
  let t = from
  const push = (start: number, end: number, gap: boolean) => {
    if (end <= start && !gap) return
    const width = gap ? gapShare : ((end - start) / openMs) * openShare
    segments.push({ start, end, gap, x0: x, x1: x + width })
    x += width
  }
  for (const gap of gaps) {
    push(t, gap.start, false)
    push(gap.start, gap.end, true)
    t = gap.end
  }
  push(t, to, false)
  const last = segments[segments.length - 1]
  if (last) last.x1 = 1 // no drift from summing fractions
  return { from, to, segments, x: (time) => xOn(segments, from, to, time) }
}

function linearAxis(from: number, to: number): TradingAxis {
  const segment: AxisSegment = { start: from, end: to, gap: false, x0: 0, x1: 1 }
  return { from, to, segments: [segment], x: (time) => xOn([segment], from, to, time) }
}

/**
 * Inside a segment, time runs evenly from x0 to x1 (a gap's few points spread over its width). The
 * segment is found by halving: a year's axis has a thousand of them, and every point asks.
 */
function xOn(segments: readonly AxisSegment[], from: number, to: number, time: number): number {
  const t = Math.min(Math.max(time, from), to)
  // The first segment that ends at or after t.
  let low = 0
  let high = segments.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((segments[middle] as AxisSegment).end < t) low = middle + 1
    else high = middle
  }
  const segment = segments[low]
  if (!segment) return 1
  const length = segment.end - segment.start
  return length > 0 ? segment.x0 + ((t - segment.start) / length) * (segment.x1 - segment.x0) : segment.x0
}

/** The axis a token's history is drawn on: its first to last point, its closed stretches squeezed. */
export function historyAxis(times: readonly number[], offHours: boolean): TradingAxis | null {
  const first = times[0]
  const last = times[times.length - 1]
  if (first === undefined || last === undefined || times.length < 2) return null
  return tradingAxis(first, last, closedSpans(first, last, offHours))
}
