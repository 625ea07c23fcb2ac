import { Dec } from '../../src/shared/decimal'
import type { HistoryPoint, HistoryRange, HistorySeries, MultiplierChange } from '../../src/shared/history'
import { closedSpans } from '../../src/shared/trading-axis'

/**
 * Histories beyond 24 hours as main would answer `getHistory`, made without a service: the chart's
 * tests, screenshots and benchmark give them to the page. Deterministic (a seeded walk), ending at
 * a fixed market time, with the carried stock closes, multiplier steps and premiums the chart must
 * show: a stock token has no buckets while its market is closed; an off-hours token has them, its
 * stock's last close carried.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export interface HistoryFixtureOptions {
  symbol: string
  range: Exclude<HistoryRange, '1d'>
  /** The market time the history ends at (its last bucket starts at or before it). */
  end: number
  offHours: boolean
  /** Multiplier steps; the multiplier before the first is its `from`, else 1. */
  steps?: readonly MultiplierChange[]
  /** The token's first price. */
  start?: string
  /** How many years "all" reaches back. */
  allYears?: number
  note?: string | null
  rejectedCandles?: number
  /** When main put the answer together; `end` when omitted. */
  asOf?: number
  seed?: number
}

const RANGE_DAYS: Record<Exclude<HistoryRange, '1d' | 'all'>, number> = {
  '1w': 7,
  '1m': 30,
  '3m': 91,
  '6m': 182,
  '1y': 365,
}

/** A small seeded generator (mulberry32): the same fixture every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function multiplierAt(steps: readonly MultiplierChange[], t: number): string {
  let value = steps[0]?.from ?? '1'
  for (const step of steps) if (step.t <= t) value = step.to
  return value
}

/** Whether the stock trades in the bucket [t, t + width): some of it lies outside closed market. */
function stockTrades(t: number, width: number): boolean {
  const closed = closedSpans(t, t + width, false)
  const closedMs = closed.reduce((sum, span) => sum + span.end - span.start, 0)
  return closedMs < width
}

export function historyFixture(options: HistoryFixtureOptions): HistorySeries {
  const daily = options.range !== '1w' && options.range !== '1m'
  const width = daily ? DAY_MS : HOUR_MS
  const days = options.range === 'all' ? 365 * (options.allYears ?? 6) : RANGE_DAYS[options.range]
  const last = Math.floor(options.end / width) * width
  const first = last - days * DAY_MS
  const steps = [...(options.steps ?? [])].sort((a, b) => a.t - b.t)
  const next = random(options.seed ?? 7)
  // The stock on the token's first multiplier's scale; the token follows it with a small premium.
  let stock = new Dec(options.start ?? '230.00').dividedBy(multiplierAt(steps, first))
  let carried: Dec | null = null
  let multiplier = multiplierAt(steps, first)
  // The premium wanders around a small positive mean, wider while the stock's market is closed.
  let drift = 0.0008
  const points: HistoryPoint[] = []
  for (let t = first; t <= last; t += width) {
    const trades = stockTrades(t, width)
    // A split or a reinvested dividend moves the stock's price by the step, the token's not at all.
    const stepped = multiplierAt(steps, t)
    if (stepped !== multiplier) {
      stock = stock.times(multiplier).dividedBy(stepped).toDecimalPlaces(2)
      if (carried) carried = stock
      multiplier = stepped
    }
    if (!trades && !options.offHours) continue
    if (trades) {
      stock = stock.times(1 + (next() - 0.5) * (daily ? 0.03 : 0.006)).toDecimalPlaces(2)
      carried = stock
    }
    const underlying = carried ?? stock
    drift = drift * 0.9 + 0.0008 * 0.1 + (next() - 0.5) * (trades ? 0.0008 : 0.003)
    const premium = new Dec(drift).toDecimalPlaces(6)
    const close = underlying.times(multiplier).times(premium.plus(1)).toDecimalPlaces(4)
    const open = close.times(1 + (next() - 0.5) * 0.004).toDecimalPlaces(4)
    const high = Dec.max(open, close)
      .times(1 + next() * 0.003)
      .toDecimalPlaces(4)
    const low = Dec.min(open, close)
      .times(1 - next() * 0.003)
      .toDecimalPlaces(4)
    const exactPremium = close.dividedBy(underlying.times(multiplier)).minus(1).toSignificantDigits(14)
    points.push({
      t,
      open: open.toFixed(),
      high: high.toFixed(),
      low: low.toFixed(),
      close: close.toFixed(),
      underlyingClose: underlying.toFixed(2),
      underlyingCarried: !trades,
      multiplier,
      premium: exactPremium.toFixed(),
    })
  }
  return {
    symbol: options.symbol,
    range: options.range,
    interval: daily ? '1day' : '1hour',
    source: options.note ? 'recorded' : 'service',
    note: options.note ?? null,
    points,
    multiplierChanges: steps.filter((step) => step.t >= first && step.t <= last),
    rejectedCandles: options.rejectedCandles ?? 0,
    asOf: options.asOf ?? options.end,
  }
}
