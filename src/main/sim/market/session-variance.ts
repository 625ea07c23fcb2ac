import { type MarketPhase, sessionStateAt } from '../../../shared/session-clock'

/**
 * How much the market moves, by session. Prices walk in "operational time": a second of the
 * regular session counts as one unit of variance, a second of premarket as less, a second of a
 * pause or a closed weekend as none. So the same random walk is busy at 10:00 ET, quiet at
 * 02:00 ET and still on Saturday.
 *
 * Time is cut into 15-minute chunks (the history interval). For each chunk we keep where, inside
 * it, the session changes and how much variance has built up by then.
 */

export const CHUNK_MS = 15 * 60_000

export type PhaseWeights = Readonly<Record<MarketPhase, number>>

/**
 * Variance per second relative to the regular session, for a token that trades in the four
 * conventional sessions. Regular moves most, overnight least; a close is still.
 */
export const CONVENTIONAL_WEIGHTS: PhaseWeights = {
  regular: 1,
  premarket: 0.3,
  postmarket: 0.2,
  overnight: 0.08,
  paused: 0,
  closed: 0,
}

/**
 * For a token that also trades off-hours: it moves while the conventional market is closed too,
 * with wider swings than overnight (thin books, news with no stock market to anchor it).
 */
export const OFFHOURS_WEIGHTS: PhaseWeights = { ...CONVENTIONAL_WEIGHTS, closed: 0.15 }

/**
 * A normal trading day in regular-session seconds: 6.5 h regular, 5.5 h pre, 4 h post, 8 h overnight.
 * Off-hours trading adds to it; the daily volatility of a token is set against this day.
 */
export const VARIANCE_SECONDS_PER_TRADING_DAY =
  3600 *
  (6.5 * CONVENTIONAL_WEIGHTS.regular +
    5.5 * CONVENTIONAL_WEIGHTS.premarket +
    4 * CONVENTIONAL_WEIGHTS.postmarket +
    8 * CONVENTIONAL_WEIGHTS.overnight)

export interface ChunkProfile {
  /** Offsets in ms from the chunk's start where the rate changes; first 0, last CHUNK_MS. */
  offsets: number[]
  /** Variance (regular-session seconds) built up by each offset; first 0. */
  cumulative: number[]
  /** Variance of the whole chunk; 0 when the market was shut throughout. */
  total: number
}

export const chunkOf = (ms: number): number => Math.floor(ms / CHUNK_MS)
export const chunkStart = (chunk: number): number => chunk * CHUNK_MS

/**
 * Chunks asked for again and again: the current one by the live prices, and by every candle range
 * each chunk where a session or a pause starts inside it (about five a trading day, some 2,600
 * since a listing a year back). Past this many the cache starts afresh: at 256 a year's range
 * built every one of them again, for every asset and range asked.
 */
const MAX_CACHED_PROFILES = 8192
const CHUNKS_PER_DAY = 96
/**
 * Days whose chunk totals are kept: a walk back to a listing reads every chunk since, each time a
 * candle range is asked. Eight years of days is 2.3 MB at most; past it the cache starts afresh.
 */
const MAX_CACHED_DAYS = 8 * 366

export class SessionVariance {
  constructor(private readonly weights: PhaseWeights = CONVENTIONAL_WEIGHTS) {}

  private readonly profiles = new Map<number, ChunkProfile>()
  /** Each chunk's total variance, a UTC day of chunks at a time (walks read only the totals). */
  private readonly totalsByDay = new Map<number, Float64Array>()
  /** The last session looked up, valid from `askedAt` until `until`: a weekend is one lookup. */
  private lastSpan = { askedAt: 0, until: 0, weight: 0 }

  profile(chunk: number): ChunkProfile {
    let profile = this.profiles.get(chunk)
    if (!profile) {
      profile = this.computeProfile(chunk)
      if (this.profiles.size >= MAX_CACHED_PROFILES) this.profiles.clear()
      this.profiles.set(chunk, profile)
    }
    return profile
  }

  /**
   * The chunk's total variance: `profile(chunk).total`, without building the profile. A walk over
   * months of chunks reads these, forwards and backwards; computing a day's in one forward pass
   * meets each session change once, and keeping them spares the calendar the next walk.
   */
  total(chunk: number): number {
    const day = Math.floor(chunk / CHUNKS_PER_DAY)
    let totals = this.totalsByDay.get(day)
    if (!totals) {
      totals = new Float64Array(CHUNKS_PER_DAY)
      for (let i = 0; i < CHUNKS_PER_DAY; i++) totals[i] = this.computeProfile(day * CHUNKS_PER_DAY + i).total
      if (this.totalsByDay.size >= MAX_CACHED_DAYS) this.totalsByDay.clear()
      this.totalsByDay.set(day, totals)
    }
    return totals[chunk - day * CHUNKS_PER_DAY] as number
  }

  /** How far through the chunk's variance the instant `offsetMs` (from its start) lies, in [0, 1]. */
  fractionAt(profile: ChunkProfile, offsetMs: number): number {
    if (profile.total === 0) return 0
    const { offsets, cumulative } = profile
    for (let i = 1; i < offsets.length; i++) {
      const end = offsets[i] as number
      if (offsetMs <= end) {
        const start = offsets[i - 1] as number
        const before = cumulative[i - 1] as number
        const rate = ((cumulative[i] as number) - before) / (end - start)
        return (before + rate * (offsetMs - start)) / profile.total
      }
    }
    return 1
  }

  private computeProfile(chunk: number): ChunkProfile {
    const begin = chunkStart(chunk)
    const offsets = [0]
    const cumulative = [0]
    let at = begin
    let total = 0
    while (at < begin + CHUNK_MS) {
      const span = this.spanAt(at)
      const until = Math.min(span.until, begin + CHUNK_MS)
      total += (span.weight * (until - at)) / 1000
      offsets.push(until - begin)
      cumulative.push(total)
      at = until
    }
    return { offsets, cumulative, total }
  }

  private spanAt(ms: number): { until: number; weight: number } {
    if (ms >= this.lastSpan.askedAt && ms < this.lastSpan.until) return this.lastSpan
    const state = sessionStateAt(ms)
    // Always forward, so computeProfile's loop ends even if the clock module misbehaved.
    const until = Math.max(state.nextChangeAt, ms + 1)
    this.lastSpan = { askedAt: ms, until, weight: this.weights[state.phase] }
    return this.lastSpan
  }
}
