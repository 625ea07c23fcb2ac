import type { AssetProfile, PriceSample } from './asset-profile'
import { STREAMS, normalAt, streamSeed } from './random'
import { SessionVariance, VARIANCE_SECONDS_PER_TRADING_DAY, chunkOf, chunkStart } from './session-variance'

/**
 * The random walks of every asset's underlying price and token premium.
 *
 * Numbers here are floats on purpose: this is the simulation's inside, where speed matters and
 * exactness does not. Values leave this module only through formatting into decimal strings.
 *
 * How the walk is built, so that it is cheap and the same for the same seed and instant however
 * often it is asked:
 * - On the 15-minute grid each asset's log price takes one Gaussian step per chunk, with the
 *   variance the sessions of that chunk allow (session-variance.ts). A closed chunk is no step.
 *   Catching up costs one step per chunk, not one per second, and a jump of more than two days
 *   skips (in one step) to where a day of open market remains before the new time.
 * - Inside the current chunk the price follows a Brownian bridge between the two grid points
 *   (Levy's construction: halve the interval ten times, each midpoint drawn from its key). So the
 *   price moves second by second, and any instant costs ten draws.
 * - Draws come from counter-based randomness keyed by (asset, chunk, node), never from a stream.
 * - The token's premium over fair value is a mean-reverting walk on the same grid, interpolated
 *   in between, and clamped inside +-0.4 %.
 */

/** The history the market endpoints send: one point per 15 minutes of open market. */
export const HISTORY_POINTS = 96
/** How far back to look for a day of open market to build a history from. */
const MAX_LOOKBACK_CHUNKS = 14 * 96
/**
 * A catch-up longer than this (two days) skips in one step to where a day of open market remains,
 * then walks that day chunk by chunk: a clock jumping a year costs no more than one jumping days.
 */
const MAX_EXACT_CATCH_UP_CHUNKS = 2 * 96
/** A week has five trading days; the average chunk carries this much variance. */
const AVERAGE_CHUNK_VARIANCE = (VARIANCE_SECONDS_PER_TRADING_DAY * 5) / 7 / 96
const BRIDGE_LEVELS = 10
const DAY_MS = 86_400_000
const PREMIUM_PERSISTENCE = 0.8
const PREMIUM_STEP = 0.0006
const MAX_PREMIUM = 0.004

/**
 * Walks kept for the next ask: every candle range of an asset reads the walk back to its listing
 * (candles.ts), and a chart asks several ranges of one asset, a few assets at a time. Each is some
 * 0.7 MB for a year and a quarter of chunks.
 */
const RECENT_WALKS = 4

/** The walk at the start of every chunk of a stretch, indexed by chunk - from. */
export interface GridWalk {
  logPrice: Float64Array
  premium: Float64Array
}

/** Where the walk is at an instant: the underlying's log price and the token's premium. */
export interface WalkPoint {
  logPrice: number
  premium: number
}

/** A Brownian bridge from 0 at u = 0 to 0 at u = 1, standard scale, by Levy's construction. */
function bridgeAt(seed: number, asset: number, chunk: number, u: number): number {
  let lo = 0
  let hi = 1
  let atLo = 0
  let atHi = 0
  let node = 1
  for (let level = 0; level < BRIDGE_LEVELS; level++) {
    const mid = (lo + hi) / 2
    // Given both ends, a bridge's midpoint varies by a quarter of the interval.
    const atMid = (atLo + atHi) / 2 + Math.sqrt((hi - lo) / 4) * normalAt(seed, asset, chunk, node)
    if (u < mid) {
      hi = mid
      atHi = atMid
      node = 2 * node
    } else {
      lo = mid
      atLo = atMid
      node = 2 * node + 1
    }
  }
  return atLo + ((atHi - atLo) * (u - lo)) / (hi - lo)
}

/**
 * The walks of the assets that share one trading schedule (the conventional sessions, or those
 * plus off-hours): one grid, one history clock. Arrays are by slot (position in `assets`);
 * methods take an asset's listing index, and draws are keyed by it, so an asset's walk does not
 * depend on which other assets share its schedule.
 */
export class PricePaths {
  private readonly gridSeed: number
  private readonly bridgeSeed: number
  private readonly premiumSeed: number
  private readonly jumpSeed: number
  /** Log-price standard deviation per unit of variance (one regular-session second). */
  private readonly sigma: Float64Array
  private readonly multiplier: Float64Array
  private readonly premiumBias: Float64Array
  /** State at the start of `chunk`: the grid point the current chunk starts from. */
  private chunk: number
  private readonly logPrice: Float64Array
  private readonly premium: Float64Array
  private readonly high: Float64Array
  private readonly low: Float64Array
  /** Ring buffer of token prices at the latest HISTORY_POINTS grid points of open market. */
  private readonly ringTimes = new Float64Array(HISTORY_POINTS)
  private readonly ringTokens: Float64Array
  private ringSize = 0
  private ringNext = 0
  private version = 0

  /** The chunk the walk started from, and the leaps it took since: a replay retraces both. */
  private readonly startChunk: number
  private readonly leaps: { from: number; to: number }[] = []
  private readonly backfillSeed: number
  private readonly backfillPremiumSeed: number
  /**
   * The latest walks asked, newest first. A chunk's grid point never changes once the walk has
   * reached it, except by a leap from the current chunk: the leaps taken are part of the key.
   */
  private readonly recentWalks: ({ index: number; from: number; to: number; leaps: number } & GridWalk)[] = []

  /** Listing index -> slot in the arrays below; -1 for an asset on another schedule. */
  private readonly slotOf: Int32Array
  /** Slot -> listing index, the key of the asset's random draws. */
  private readonly indexOfSlot: Int32Array

  constructor(
    private readonly assets: readonly AssetProfile[],
    seed: number,
    startMs: number,
    private readonly variance = new SessionVariance(),
  ) {
    const n = assets.length
    this.slotOf = new Int32Array(assets.reduce((max, asset) => Math.max(max, asset.index + 1), 0)).fill(-1)
    this.indexOfSlot = Int32Array.from(assets, (asset) => asset.index)
    this.indexOfSlot.forEach((index, slot) => (this.slotOf[index] = slot))
    this.gridSeed = streamSeed(seed, STREAMS.gridStep)
    this.bridgeSeed = streamSeed(seed, STREAMS.bridge)
    this.premiumSeed = streamSeed(seed, STREAMS.premium)
    this.jumpSeed = streamSeed(seed, STREAMS.jump)
    this.backfillSeed = streamSeed(seed, STREAMS.backfill)
    this.backfillPremiumSeed = streamSeed(seed, STREAMS.backfillPremium)
    this.sigma = Float64Array.from(
      assets,
      (a) => a.dailyVolatility / Math.sqrt(VARIANCE_SECONDS_PER_TRADING_DAY),
    )
    // The multiplier as a float only feeds the walk; the exact string is what is sent.
    this.multiplier = Float64Array.from(assets, (a) => Number(a.sharesMultiplier))
    this.premiumBias = Float64Array.from(assets, (a) => a.premiumBias)
    this.logPrice = Float64Array.from(assets, (a) => Math.log(a.startPrice))
    this.premium = Float64Array.from(this.premiumBias)
    this.high = Float64Array.from(assets, (a) => a.startHigh52w)
    this.low = Float64Array.from(assets, (a) => a.startLow52w)
    this.ringTokens = new Float64Array(n * HISTORY_POINTS)
    // Start far enough before the UTC day of `startMs` that a full history lies behind every instant
    // of that day. Tying it to the day (not the instant) lets two markets with the same seed
    // started the same day agree on every price.
    this.chunk = this.chunkWithHistoryBefore(chunkOf(Math.floor(startMs / DAY_MS) * DAY_MS))
    this.startChunk = this.chunk
    this.advanceTo(startMs)
  }

  /** Bumped whenever a grid point joins the history, so callers can cache what they built from it. */
  get gridVersion(): number {
    return this.version
  }

  /** Moves the grid up to the chunk holding `ms` (never backwards). */
  advanceTo(ms: number): void {
    const target = chunkOf(ms)
    if (target - this.chunk > MAX_EXACT_CATCH_UP_CHUNKS) {
      const walkFrom = this.chunkWithHistoryBefore(target)
      if (walkFrom > this.chunk) this.leapTo(walkFrom)
    }
    while (this.chunk < target) this.stepChunk()
  }

  /**
   * Prices at `ms` of the asset with listing index `index`; `ms` must lie in the current chunk (call
   * advanceTo first).
   */
  sample(index: number, ms: number): PriceSample {
    if (chunkOf(ms) !== this.chunk) throw new RangeError('sample outside the current chunk: advance first')
    const slot = this.slotFor(index)
    const profile = this.variance.profile(this.chunk)
    const logStart = this.logPrice[slot] as number
    const premiumStart = this.premium[slot] as number
    let logPrice = logStart
    let premium = premiumStart
    if (profile.total > 0) {
      const u = this.variance.fractionAt(profile, ms - chunkStart(this.chunk))
      const spread = (this.sigma[slot] as number) * Math.sqrt(profile.total)
      const logEnd = this.nextLogPrice(slot, spread)
      logPrice = logStart + u * (logEnd - logStart) + spread * bridgeAt(this.bridgeSeed, index, this.chunk, u)
      premium = premiumStart + u * (this.nextPremium(slot) - premiumStart)
    }
    const underlying = Math.exp(logPrice)
    return {
      underlying,
      token: underlying * (this.multiplier[slot] as number) * (1 + premium),
      high52w: Math.max(this.high[slot] as number, underlying),
      low52w: Math.min(this.low[slot] as number, underlying),
    }
  }

  /** The chunk the walk is in now: `gridWalk` reaches up to its start. */
  get currentChunk(): number {
    return this.chunk
  }

  /** Whether the walk moves in `chunk` (a closed weekend does not, for a stock-hours token). */
  moves(chunk: number): boolean {
    return this.variance.total(chunk) > 0
  }

  /**
   * The asset's walk at the start of every chunk from `from` to `to` (at most the end of the
   * current chunk), as the grid saw it: after the walk's start the same draws in the same order (leaps
   * included), so a replayed grid point equals the one the market served; before it, a walk
   * drawn backwards from the start with draws of its own. Arrays are indexed by chunk - from.
   */
  gridWalk(index: number, from: number, to: number): GridWalk {
    if (to > this.chunk + 1 || to < from) throw new RangeError('gridWalk: chunks outside the walk')
    const kept = this.recentWalks.find(
      (walk) =>
        walk.index === index && walk.from <= from && to <= walk.to && walk.leaps === this.leaps.length,
    )
    if (kept) {
      const offset = from - kept.from
      return {
        logPrice: kept.logPrice.subarray(offset, offset + to - from + 1),
        premium: kept.premium.subarray(offset, offset + to - from + 1),
      }
    }
    const walk = this.walkBetween(index, from, to)
    this.recentWalks.unshift({ index, from, to, leaps: this.leaps.length, ...walk })
    this.recentWalks.length = Math.min(this.recentWalks.length, RECENT_WALKS)
    return walk
  }

  private walkBetween(index: number, from: number, to: number): GridWalk {
    const slot = this.slotFor(index)
    const sigma = this.sigma[slot] as number
    const bias = this.premiumBias[slot] as number
    const logPrice = new Float64Array(to - from + 1)
    const premium = new Float64Array(to - from + 1)
    let log = Math.log(this.assets[slot]?.startPrice as number)
    let prem = bias
    const keep = (chunk: number, atLog = log, atPremium = prem) => {
      if (chunk < from || chunk > to) return
      logPrice[chunk - from] = atLog
      premium[chunk - from] = atPremium
    }
    keep(this.startChunk)
    for (let chunk = this.startChunk - 1; chunk >= from; chunk--) {
      const total = this.variance.total(chunk)
      if (total > 0) {
        log -= sigma * Math.sqrt(total) * normalAt(this.backfillSeed, index, chunk)
        const next =
          bias +
          PREMIUM_PERSISTENCE * (prem - bias) +
          PREMIUM_STEP * normalAt(this.backfillPremiumSeed, index, chunk)
        prem = Math.max(-MAX_PREMIUM, Math.min(MAX_PREMIUM, next))
      }
      keep(chunk)
    }
    log = Math.log(this.assets[slot]?.startPrice as number)
    prem = bias
    let leap = 0
    for (let chunk = this.startChunk; chunk < to;) {
      const jump = this.leaps[leap]
      if (jump && jump.from === chunk) {
        const spread = sigma * Math.sqrt((jump.to - jump.from) * AVERAGE_CHUNK_VARIANCE)
        const landing = log + spread * normalAt(this.jumpSeed, index, jump.to)
        this.bridgeLeap(jump, index, log, landing, spread, prem, from, to, keep)
        log = landing
        chunk = jump.to
        leap++
        keep(chunk)
        continue
      }
      const total = this.variance.total(chunk)
      if (total > 0) {
        log += sigma * Math.sqrt(total) * normalAt(this.gridSeed, index, chunk)
        const pulled = bias + PREMIUM_PERSISTENCE * (prem - bias)
        prem = Math.max(
          -MAX_PREMIUM,
          Math.min(MAX_PREMIUM, pulled + PREMIUM_STEP * normalAt(this.premiumSeed, index, chunk)),
        )
      }
      chunk++
      keep(chunk)
    }
    return { logPrice, premium }
  }

  /**
   * The grid points a leap skipped, for the candles of that stretch: a Brownian bridge from where
   * the leap started to where it landed, moving only while the market moves (the variance of the
   * chunks passed so far, as a fraction of the leap's), the premium held as the leap holds it.
   * Left out, they read as a log price of 0: candles at $1.00 between a weekend and the morning
   * after. Only the chunks inside [from, to] are kept, but the variance is summed over the whole
   * leap: it is at most the two-day catch-up plus the day of history after it.
   */
  private bridgeLeap(
    jump: { from: number; to: number },
    index: number,
    start: number,
    landing: number,
    spread: number,
    premium: number,
    from: number,
    to: number,
    keep: (chunk: number, log: number, premium: number) => void,
  ): void {
    if (jump.to <= from || jump.from >= to) return
    const variances: number[] = []
    let total = 0
    for (let chunk = jump.from; chunk < jump.to; chunk++) {
      const variance = this.variance.total(chunk)
      variances.push(variance)
      total += variance
    }
    let passed = 0
    for (let chunk = jump.from + 1; chunk < jump.to; chunk++) {
      passed += variances[chunk - 1 - jump.from] as number
      if (chunk < from || chunk > to) continue
      const u = total > 0 ? passed / total : 0
      keep(
        chunk,
        start + u * (landing - start) + spread * bridgeAt(this.jumpSeed, index, jump.from, u),
        premium,
      )
    }
  }

  /**
   * The asset's log price and premium at `ms` inside `chunk`, given the walk at the chunk's start
   * and end (gridWalk): the same bridge `sample` draws, so an instant of the past reads as it did.
   */
  withinChunk(index: number, chunk: number, start: WalkPoint, end: WalkPoint, ms: number): WalkPoint {
    const profile = this.variance.profile(chunk)
    if (profile.total === 0) return start
    const u = this.variance.fractionAt(profile, ms - chunkStart(chunk))
    const spread = (this.sigma[this.slotFor(index)] as number) * Math.sqrt(profile.total)
    return {
      logPrice:
        start.logPrice +
        u * (end.logPrice - start.logPrice) +
        spread * bridgeAt(this.bridgeSeed, index, chunk, u),
      premium: start.premium + u * (end.premium - start.premium),
    }
  }

  private slotFor(index: number): number {
    const slot = this.slotOf[index] ?? -1
    if (slot < 0) throw new RangeError(`asset ${index} is not on this schedule`)
    return slot
  }

  /** How many grid points the history holds: HISTORY_POINTS, unless the calendar was odd. */
  get gridSize(): number {
    return this.ringSize
  }

  /** Times of the latest `count` history grid points, oldest first. */
  gridTimes(count: number): number[] {
    return this.fromRing(count, (slot) => this.ringTimes[slot] as number)
  }

  /** The token prices at those points of the asset with listing index `index`. */
  gridTokens(index: number, count: number): number[] {
    const base = this.slotFor(index) * HISTORY_POINTS
    return this.fromRing(count, (ring) => this.ringTokens[base + ring] as number)
  }

  private fromRing(count: number, read: (slot: number) => number): number[] {
    const size = Math.min(count, this.ringSize)
    const out = new Array<number>(size)
    for (let i = 0; i < size; i++) out[i] = read((this.ringNext - size + i + HISTORY_POINTS) % HISTORY_POINTS)
    return out
  }

  private nextLogPrice(slot: number, spread: number): number {
    const index = this.indexOfSlot[slot] as number
    return (this.logPrice[slot] as number) + spread * normalAt(this.gridSeed, index, this.chunk)
  }

  private nextPremium(slot: number): number {
    const index = this.indexOfSlot[slot] as number
    const bias = this.premiumBias[slot] as number
    const pulled = bias + PREMIUM_PERSISTENCE * ((this.premium[slot] as number) - bias)
    const next = pulled + PREMIUM_STEP * normalAt(this.premiumSeed, index, this.chunk)
    return Math.max(-MAX_PREMIUM, Math.min(MAX_PREMIUM, next))
  }

  /** One grid step for every asset: from the start of the current chunk to the start of the next. */
  private stepChunk(): void {
    const total = this.variance.total(this.chunk)
    if (total > 0) {
      const ring = this.ringNext
      for (let slot = 0; slot < this.assets.length; slot++) {
        const logPrice = this.nextLogPrice(slot, (this.sigma[slot] as number) * Math.sqrt(total))
        const premium = this.nextPremium(slot)
        const underlying = Math.exp(logPrice)
        this.logPrice[slot] = logPrice
        this.premium[slot] = premium
        this.high[slot] = Math.max(this.high[slot] as number, underlying)
        this.low[slot] = Math.min(this.low[slot] as number, underlying)
        this.ringTokens[slot * HISTORY_POINTS + ring] =
          underlying * (this.multiplier[slot] as number) * (1 + premium)
      }
      this.ringTimes[ring] = chunkStart(this.chunk + 1)
      this.ringNext = (ring + 1) % HISTORY_POINTS
      this.ringSize = Math.min(this.ringSize + 1, HISTORY_POINTS)
      this.version++
    }
    this.chunk++
  }

  /**
   * Skips to `chunk` in one step, with the variance an average stretch of that length has. The
   * chunks after it are walked one by one and refill the history.
   */
  private leapTo(chunk: number): void {
    this.leaps.push({ from: this.chunk, to: chunk })
    const spread = Math.sqrt((chunk - this.chunk) * AVERAGE_CHUNK_VARIANCE)
    for (let slot = 0; slot < this.assets.length; slot++) {
      const index = this.indexOfSlot[slot] as number
      const logPrice =
        (this.logPrice[slot] as number) +
        (this.sigma[slot] as number) * spread * normalAt(this.jumpSeed, index, chunk)
      const underlying = Math.exp(logPrice)
      this.logPrice[slot] = logPrice
      this.high[slot] = Math.max(this.high[slot] as number, underlying)
      this.low[slot] = Math.min(this.low[slot] as number, underlying)
    }
    this.chunk = chunk
  }

  /** The chunk from which walking up to `end` passes HISTORY_POINTS chunks of open market. */
  private chunkWithHistoryBefore(end: number): number {
    let chunk = end
    let open = 0
    while (open < HISTORY_POINTS && end - chunk < MAX_LOOKBACK_CHUNKS) {
      chunk--
      if (this.variance.total(chunk) > 0) open++
    }
    return chunk
  }
}
