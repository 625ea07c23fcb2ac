import { Dec, toFixedString } from '../../../shared/decimal'
import {
  type CandleInterval,
  type CandleRange,
  INTERVAL_MS,
  RANGE_MS,
} from '../../core/api/wire/candle-pairs'
import type { AssetProfile } from './asset-profile'
import type { SessionInterval } from '../../../shared/session-clock'
import type { SessionSpans } from './session-spans'
import { CHUNK_MS, chunkOf, chunkStart } from './session-variance'
import type { PricePaths } from './price-paths'

/**
 * The simulated market's history beyond 24 hours: the candle endpoint's answer and the shares
 * multiplier's history (real-service-notes.md, "Beyond the spec"), both read off the same walk
 * that the live prices come from (PricePaths.gridWalk), so a candle's close is the price the
 * market served at that instant, back to the asset's listing.
 *
 * The walk's underlying moves on the basis before any split; the stock's candles are as traded
 * (divided by the split's ratio from its effective instant) and the token's are the underlying
 * times the multiplier without the split times (1 + premium). So token / (stock x multiplier(t))
 * - 1 is the walk's premium at every instant, across a split or a dividend step.
 */

export interface CandleBody {
  timestamp: number
  open: string
  high: string
  low: string
  close: string
}

export interface CandlesBody {
  interval: CandleInterval
  range: CandleRange
  primaryMarket: { symbol: string; data: CandleBody[] }
  underlyingMarket: { ticker: string; data: CandleBody[] }
}

export interface MultiplierHistoryBody {
  /** Newest first, as the service's example lists them. */
  history: { sharesMultiplier: string; changeTimestamp: number }[]
  timestamp: number
}

/** One step of the multiplier: the value in force from `at`. */
export interface MultiplierStep {
  at: number
  value: string
}

const MULTIPLIER_DIGITS = 18
const DAY_MS = 86_400_000
/** A 24 h window of open-market time, for tokens that trade only in the conventional sessions. */
const OPEN_CHUNKS_PER_DAY = 96
/** Dividends are reinvested net of a 30 % withholding, a quarter of the yearly yield at a time. */
const NET_OF_WITHHOLDING = '0.7'

/**
 * The multiplier's steps from the listing: the listing value, a step at each dividend reinvested
 * until the market's start (from then on the simulator keeps it fixed between splits, as
 * service-events.ts says), then the split. The dividend steps are computed back from the
 * catalogue's multiplier, so the value in force at the start is exactly the one the market sends.
 */
export function multiplierSteps(
  asset: AssetProfile,
  listedAt: number,
  dividendSteps: readonly { at: number; yieldFraction: string }[],
): MultiplierStep[] {
  const steps: MultiplierStep[] = []
  let value = new Dec(asset.sharesMultiplier)
  for (const dividend of [...dividendSteps].reverse()) {
    steps.push({ at: dividend.at, value: toFixedString(value, MULTIPLIER_DIGITS) })
    const factor = new Dec(1).plus(new Dec(dividend.yieldFraction).div(4).times(NET_OF_WITHHOLDING))
    value = value.div(factor).toDecimalPlaces(MULTIPLIER_DIGITS)
  }
  steps.push({ at: listedAt, value: toFixedString(value, MULTIPLIER_DIGITS) })
  steps.reverse()
  const split = asset.split
  if (split !== null && split.at > listedAt) {
    const restated = new Dec(asset.sharesMultiplier).times(split.ratio)
    steps.push({ at: split.at, value: toFixedString(restated, MULTIPLIER_DIGITS) })
  }
  return steps
}

/** The multiplier history's body: the steps up to `now`, within the range (`all`: every one). */
export function multiplierHistoryBody(
  steps: readonly MultiplierStep[],
  range: CandleRange,
  now: number,
): MultiplierHistoryBody {
  const from = range === 'all' ? Number.NEGATIVE_INFINITY : now - RANGE_MS[range]
  const history = steps
    .filter((step) => step.at <= now && step.at >= from)
    .map((step) => ({ sharesMultiplier: step.value, changeTimestamp: step.at }))
    .reverse()
  return { history, timestamp: now }
}

export interface CandleInputs {
  asset: AssetProfile
  /** The asset's own walk (conventional or off-hours schedule). */
  paths: PricePaths
  /** The multiplier without the split, as a float, at an instant (dividend steps only). */
  multiplierWithoutSplit: (ms: number) => number
  listedAt: number
  now: number
  /** Where the token is paused (its split's pause, its dividends'), oldest first: no token candle. */
  tokenPauses: readonly { start: number; end: number }[]
  /** The calendar's session spans, remembered between the ranges asked. */
  sessionSpans: SessionSpans
}

class Bucket {
  open = 0
  high = Number.NEGATIVE_INFINITY
  low = Number.POSITIVE_INFINITY
  close = 0
  seen = false

  add(value: number): void {
    if (!this.seen) this.open = value
    this.seen = true
    this.high = Math.max(this.high, value)
    this.low = Math.min(this.low, value)
    this.close = value
  }
}

/**
 * Where the range starts: a calendar window, 24 h of open market for a stock-hours token's `1day`, or the
 * listing.
 */
function rangeStart(inputs: CandleInputs, range: CandleRange): number {
  const { paths, now, listedAt } = inputs
  if (range === 'all') return listedAt
  if (range === '1day' && !inputs.asset.tradableSessions.includes('offhours')) {
    let chunk = chunkOf(now)
    let open = 0
    while (open < OPEN_CHUNKS_PER_DAY && now - chunkStart(chunk) < 14 * DAY_MS) {
      chunk--
      if (paths.moves(chunk)) open++
    }
    return Math.max(listedAt, chunkStart(chunk))
  }
  return Math.max(listedAt, now - RANGE_MS[range])
}

/** The candles of the token and of its stock for one interval and range, as the service sends them. */
export function candlesBody(inputs: CandleInputs, interval: CandleInterval, range: CandleRange): CandlesBody {
  const { asset, now } = inputs
  const from = rangeStart(inputs, range)
  const sides = new CandleSides(inputs, INTERVAL_MS[interval])
  if (from < now) {
    sides.walkFrom(from, range)
    // Each side has candles only while it trades: the token in its own sessions, the stock in the
    // conventional ones; in a pause between sessions neither does, in the token's own pause only
    // the stock does.
    for (const span of cutAtPauses(inputs.sessionSpans.between(from, now), inputs.tokenPauses)) {
      const tokenOpen = span.session !== null && !span.paused && asset.tradableSessions.includes(span.session)
      const stockOpen = span.session !== null && span.session !== 'offhours'
      if (tokenOpen || stockOpen) sides.addSpan(span, tokenOpen, stockOpen)
    }
  }
  return {
    interval,
    range,
    primaryMarket: { symbol: asset.symbol, data: written(sides.token, asset.tokenPriceDigits) },
    underlyingMarket: { ticker: asset.ticker, data: written(sides.stock, asset.underlyingPriceDigits) },
  }
}

function written(buckets: Buckets, digits: number): CandleBody[] {
  return [...buckets.byStart.entries()].map(([timestamp, b]) => ({
    timestamp,
    open: b.open.toFixed(digits),
    high: b.high.toFixed(digits),
    low: b.low.toFixed(digits),
    close: b.close.toFixed(digits),
  }))
}

/**
 * The buckets of both sides over one range, filled span by span from the walk between `from` and
 * `now` (read once, PricePaths.gridWalk). A range of a year is some 35,000 chunks: each is one or
 * a few segments, read off the walk's arrays without building anything per chunk.
 */
class CandleSides {
  readonly token = new Buckets()
  readonly stock = new Buckets()
  private first = 0
  private logPrice: Float64Array = new Float64Array(0)
  private premium: Float64Array = new Float64Array(0)

  constructor(
    private readonly inputs: CandleInputs,
    private readonly step: number,
  ) {}

  /**
   * Reads the walk up to now, for spans from `from`. A range longer than a month reads it from the
   * listing: the walk is the same and PricePaths keeps it, so the asset's other long ranges read
   * it again instead of walking its months once more. A day or a month (at most 2,900 chunks, the
   * listing's some 40,000) walks its own.
   */
  walkFrom(from: number, range: CandleRange): void {
    this.first = chunkOf(range === '1day' || range === '1month' ? from : Math.min(from, this.inputs.listedAt))
    const walk = this.inputs.paths.gridWalk(this.inputs.asset.index, this.first, chunkOf(this.inputs.now) + 1)
    this.logPrice = walk.logPrice
    this.premium = walk.premium
  }

  addSpan(span: { start: number; end: number }, tokenOpen: boolean, stockOpen: boolean): void {
    const { step } = this
    for (let chunk = chunkOf(span.start); chunkStart(chunk) < span.end; chunk++) {
      const begin = Math.max(chunkStart(chunk), span.start)
      const end = Math.min(chunkStart(chunk + 1), span.end)
      // Segments from the chunk's start (or the span's) to each bucket boundary inside it
      // (sub-chunk intervals) and to its end.
      let a = begin
      for (let boundary = Math.ceil((begin + 1) / step) * step; ; boundary += step) {
        const b = step < CHUNK_MS && boundary < end ? boundary : end
        // A segment belongs to the bucket it starts in; its end is that bucket's latest value.
        const bucketStart = Math.floor(a / step) * step
        this.add(chunk, bucketStart, a, tokenOpen, stockOpen, false)
        this.add(chunk, bucketStart, b, tokenOpen, stockOpen, true)
        if (b === end) break
        a = b
      }
    }
  }

  /**
   * Adds the walk's values at `ms` (in `chunk` or at its end) to the bucket starting at
   * `bucketStart`, for whichever side trades. A segment's end (`closing`) is read in the regime
   * before `ms`: the close of the bucket that ends as a split takes effect is the last price before
   * it. Grid points are read off the walk's arrays: a year's range adds some 70,000 of them.
   */
  private add(
    chunk: number,
    bucketStart: number,
    ms: number,
    tokenOpen: boolean,
    stockOpen: boolean,
    closing: boolean,
  ): void {
    const { inputs, first } = this
    let logPrice: number
    let premium: number
    if (ms === chunkStart(chunk) || ms === chunkStart(chunk + 1)) {
      const at = (ms === chunkStart(chunk) ? chunk : chunk + 1) - first
      logPrice = this.logPrice[at] as number
      premium = this.premium[at] as number
    } else {
      const point = inputs.paths.withinChunk(
        inputs.asset.index,
        chunk,
        { logPrice: this.logPrice[chunk - first] as number, premium: this.premium[chunk - first] as number },
        {
          logPrice: this.logPrice[chunk + 1 - first] as number,
          premium: this.premium[chunk + 1 - first] as number,
        },
        ms,
      )
      logPrice = point.logPrice
      premium = point.premium
    }
    const split = inputs.asset.split
    const regimeAt = closing ? ms - 1 : ms
    const underlying = Math.exp(logPrice)
    if (tokenOpen)
      this.token.at(bucketStart).add(underlying * inputs.multiplierWithoutSplit(regimeAt) * (1 + premium))
    if (stockOpen)
      this.stock
        .at(bucketStart)
        .add(split !== null && regimeAt >= split.at ? underlying / split.ratio : underlying)
  }
}

/** The session spans cut where the token's pauses begin and end, each said paused or not. */
function cutAtPauses(
  spans: readonly SessionInterval[],
  pauses: readonly { start: number; end: number }[],
): Array<SessionInterval & { paused: boolean }> {
  const cut: Array<SessionInterval & { paused: boolean }> = []
  for (const span of spans) {
    const inside = pauses.filter((pause) => pause.end > span.start && pause.start < span.end)
    const edges = inside
      .flatMap((pause) => [pause.start, pause.end])
      .filter((ms) => ms > span.start && ms < span.end)
    let start = span.start
    for (const end of [...edges.sort((a, b) => a - b), span.end]) {
      cut.push({
        ...span,
        start,
        end,
        paused: inside.some((pause) => pause.start <= start && start < pause.end),
      })
      start = end
    }
  }
  return cut
}

/**
 * One side's buckets by start, in the order they began. Points come bucket after bucket, so the
 * latest bucket is kept at hand rather than looked up by its timestamp for each of a year's
 * 70,000 points.
 */
class Buckets {
  readonly byStart = new Map<number, Bucket>()
  private latestStart = Number.NaN
  private latest = new Bucket()

  at(start: number): Bucket {
    if (start !== this.latestStart) {
      let bucket = this.byStart.get(start)
      if (!bucket) {
        bucket = new Bucket()
        this.byStart.set(start, bucket)
      }
      this.latestStart = start
      this.latest = bucket
    }
    return this.latest
  }
}
