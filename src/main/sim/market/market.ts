import { buildCatalog } from './catalog'
import type { AssetProfile } from './asset-profile'
import { HISTORY_POINTS, PricePaths } from './price-paths'
import type { PriceSample } from './asset-profile'
import { STREAMS, streamSeed, uniformAt } from './random'
import {
  type HistoryPointBody,
  type LimitsEnvelopeBody,
  type MarketRecordBody,
  type PriceRecordBody,
  type SymbolLimitsBody,
  formatTokenPrice,
  marketRecordBody,
  priceRecordBody,
  symbolLimitsBody,
  withoutTradableSessions,
} from './records'
import { CONVENTIONAL_WEIGHTS, OFFHOURS_WEIGHTS, SessionVariance } from './session-variance'
import { SessionSpans } from './session-spans'
import { profileAt, sampleAt } from './splits'
import { AssetEventSchedule } from './service-events'
import { depthLadderOf } from './depth-ladder'
import type { SoftQuoteDepthMessage } from '../../core/depth/depth-message'
import {
  type CandlesBody,
  type MultiplierHistoryBody,
  type MultiplierStep,
  candlesBody,
  multiplierHistoryBody,
  multiplierSteps,
} from './candles'
import type { CandleInterval, CandleRange } from '../../core/api/wire/candle-pairs'
import {
  type AssetPauseBody,
  type CapacityRefusal,
  type DividendsBody,
  type MarketStatusBody,
  type ServiceReadings,
  type TradingCapacityBody,
  assetPausesBody,
  capacityRefusal,
  dividendsBody,
  marketStatusBody,
  tradingCapacityBody,
} from './service-bodies'

/**
 * The simulated market, without HTTP: the five endpoints' bodies as plain objects. It advances
 * lazily: every call reads the clock and walks the prices up to that instant.
 *
 * Each kind of data changes in steps, as the real service caches it (prices 1 s, market data and
 * limits 60 s); within a step the same objects are handed out again, so the server can cache
 * their serialised form. Callers must not mutate what they get.
 */

export interface SimMarketOptions {
  assets: number
  seed: number
  clock: () => number
}

export type PriceSort = 'asc' | 'desc'

export const isPriceSort = (value: string): value is PriceSort => value === 'asc' || value === 'desc'

export const PRICE_STEP_MS = 1_000
export const MARKET_DATA_STEP_MS = 60_000
export const LIMITS_STEP_MS = 60_000
/** Market status, asset pauses and dividends are cached a minute by the service. */
export const STATUS_STEP_MS = 60_000

/** Ondo Global Markets opened in September 2025; holder counts grow from there. */
const LAUNCH_MS = Date.UTC(2025, 8, 3)
/** Assets joined the listing over the first weeks: one cohort a fortnight. */
const LISTING_COHORTS = 4
const LISTING_COHORT_MS = 14 * 86_400_000
const HOLDER_GROWTH_PER_DAY = 0.003
const DAY_MS = 86_400_000

const floorTo = (ms: number, step: number): number => Math.floor(ms / step) * step

/** The value of the latest step at or before `ms` (before a split: the dividend steps only). */
function valueAt<V>(steps: readonly { at: number; value: V }[], ms: number): V | undefined {
  let value: V | undefined
  for (const step of steps) if (step.at <= ms) value = step.value
  return value
}

/** Values built once per step of the market clock and handed out until the step changes. */
class StepMemo<V> {
  private step = Number.NaN
  private readonly values = new Map<string | number, V>()

  get(step: number, key: string | number, build: () => V): V {
    if (step !== this.step) {
      this.values.clear()
      this.step = step
    }
    let value = this.values.get(key)
    if (value === undefined) {
      value = build()
      this.values.set(key, value)
    }
    return value
  }
}

interface PriceRow {
  record: PriceRecordBody
  /** The unrounded token price, for sorting (rounding is monotone, so the order holds for the strings). */
  token: number
}

export class SimMarket {
  private readonly assets: readonly AssetProfile[]
  private readonly bySymbol: ReadonlyMap<string, AssetProfile>
  /**
   * The walks of the tokens that trade only in the conventional sessions, and of those that trade off-hours
   * too.
   */
  private readonly conventionalPaths: PricePaths
  private readonly offhoursPaths: PricePaths
  private readonly clock: () => number
  private readonly volumeSeed: number
  private readonly depthSeed: number
  private latestMs: number
  private readonly limitsBySymbol: readonly SymbolLimitsBody[]
  private readonly marketRecords = new StepMemo<MarketRecordBody>()
  private readonly marketLists = new StepMemo<MarketRecordBody[]>()
  private readonly priceRows = new StepMemo<PriceRow>()
  private readonly priceLists = new StepMemo<PriceRecordBody[]>()
  private readonly limitsBodies = new StepMemo<LimitsEnvelopeBody[]>()
  private readonly pauseLists = new StepMemo<AssetPauseBody[]>()
  private readonly candleBodies = new StepMemo<CandlesBody>()
  private readonly sessionSpans = new SessionSpans()
  /** Each asset's multiplier steps, built on first ask (they depend only on the market's start). */
  private readonly multiplierStepsOf = new Map<number, MultiplierStep[]>()
  private readonly startMs: number
  private readonly events: AssetEventSchedule
  /** Formatted grid history per asset, rebuilt only when a grid point is added. */
  private readonly gridHistories: ({ version: number; points: HistoryPointBody[] } | undefined)[] = []

  constructor(options: SimMarketOptions) {
    this.assets = buildCatalog(options.assets, options.seed)
    this.bySymbol = new Map(this.assets.map((asset) => [asset.symbol, asset]))
    this.clock = options.clock
    this.latestMs = options.clock()
    if (!Number.isFinite(this.latestMs)) throw new RangeError('clock() must return a finite Unix ms time')
    this.startMs = this.latestMs
    const tradesOffhours = (asset: AssetProfile) => asset.tradableSessions.includes('offhours')
    this.conventionalPaths = new PricePaths(
      this.assets.filter((asset) => !tradesOffhours(asset)),
      options.seed,
      this.latestMs,
      new SessionVariance(CONVENTIONAL_WEIGHTS),
    )
    this.offhoursPaths = new PricePaths(
      this.assets.filter(tradesOffhours),
      options.seed,
      this.latestMs,
      new SessionVariance(OFFHOURS_WEIGHTS),
    )
    this.volumeSeed = streamSeed(options.seed, STREAMS.volume)
    this.depthSeed = streamSeed(options.seed, STREAMS.depth)
    this.limitsBySymbol = this.assets.map(symbolLimitsBody)
    this.events = new AssetEventSchedule(this.assets, options.seed)
  }

  /** Token symbols in listing order (the order of the all-assets responses without sort). */
  symbols(): string[] {
    return this.assets.map((asset) => asset.symbol)
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol)
  }

  /**
   * The market's time: the clock, except that it never goes back (a clock set back leaves the
   * market where it was). Advances the walk to it.
   */
  now(): number {
    const clockMs = this.clock()
    if (Number.isFinite(clockMs) && clockMs > this.latestMs) this.latestMs = clockMs
    this.conventionalPaths.advanceTo(this.latestMs)
    this.offhoursPaths.advanceTo(this.latestMs)
    return this.latestMs
  }

  /** Endpoint 1; undefined for a symbol not listed. */
  marketRecord(symbol: string): MarketRecordBody | undefined {
    const asset = this.bySymbol.get(symbol)
    return asset && this.marketRecordOf(asset, floorTo(this.now(), MARKET_DATA_STEP_MS))
  }

  /** Endpoint 2, with the real service's quirk of a few entries without `tradableSessions`. */
  allMarket(): MarketRecordBody[] {
    const time = floorTo(this.now(), MARKET_DATA_STEP_MS)
    return this.marketLists.get(time, 'all', () =>
      this.assets.map((asset) => {
        const record = this.marketRecordOf(asset, time)
        return asset.omitsSessionsInList ? withoutTradableSessions(record) : record
      }),
    )
  }

  /** Endpoint 3; undefined for a symbol not listed. */
  priceRecord(symbol: string): PriceRecordBody | undefined {
    const asset = this.bySymbol.get(symbol)
    return asset && this.priceRowOf(asset, floorTo(this.now(), PRICE_STEP_MS)).record
  }

  /** Endpoint 4: listing order, or by token price (numerically) when sorted. */
  allPrices(sort?: PriceSort): PriceRecordBody[] {
    const time = floorTo(this.now(), PRICE_STEP_MS)
    return this.priceLists.get(time, sort ?? 'listing', () => {
      const rows = this.assets.map((asset) => this.priceRowOf(asset, time))
      if (sort) {
        const direction = sort === 'asc' ? 1 : -1
        // Array.prototype.sort is stable, so equal prices keep listing order.
        rows.sort((a, b) => direction * (a.token - b.token))
      }
      return rows.map((row) => row.record)
    })
  }

  /** Endpoint 5, `[{limits, timestamp}]`; one symbol when given, undefined when it is not listed. */
  limits(symbol?: string): LimitsEnvelopeBody[] | undefined {
    const asset = symbol === undefined ? undefined : this.bySymbol.get(symbol)
    if (symbol !== undefined && !asset) return undefined
    const timestamp = floorTo(this.now(), LIMITS_STEP_MS)
    return this.limitsBodies.get(timestamp, symbol ?? '', () => [
      {
        limits: asset ? [this.limitsBySymbol[asset.index] as SymbolLimitsBody] : [...this.limitsBySymbol],
        timestamp,
      },
    ])
  }

  /** `/v1/status/market` (beyond the spec): the calendar, or the unscheduled pause of `readings`. */
  marketStatus(readings: ServiceReadings): MarketStatusBody {
    return marketStatusBody(floorTo(this.now(), PRICE_STEP_MS), readings)
  }

  /** `/v1/status/assets` (beyond the spec): every asset's pauses in force or announced. */
  assetPauses(): AssetPauseBody[] {
    const time = floorTo(this.now(), STATUS_STEP_MS)
    return this.pauseLists.get(time, 'all', () => assetPausesBody(this.events.eventsAround(time), time))
  }

  /**
   * `/v1/limits/trading` (beyond the spec), never cached: the body, with the refusal (if any) the
   * server may send as a 403 instead; undefined for a symbol not listed.
   */
  tradingCapacity(
    symbol: string,
    side: 'buy' | 'sell',
    readings: ServiceReadings,
  ): { body: TradingCapacityBody; refusal: CapacityRefusal | null } | undefined {
    const asset = this.bySymbol.get(symbol)
    if (!asset) return undefined
    const time = this.now()
    const event = this.events.eventsOf(asset, time).find((candidate) => candidate.start <= time)
    const tokenPrice = this.priceRowOf(asset, floorTo(time, PRICE_STEP_MS)).record.primaryMarket.price
    const inputs = {
      asset,
      side,
      limits: this.limitsBySymbol[asset.index] as SymbolLimitsBody,
      tokenPrice,
      event,
    }
    const refusal = capacityRefusal(inputs, time, readings)
    return { body: tradingCapacityBody(inputs, time, refusal), refusal }
  }

  /**
   * StreamSoftQuoteDepth (beyond the spec): the ladder around this second's token price, or its
   * error where trading is refused now (depth-ladder.ts); undefined for a symbol not listed.
   */
  softQuoteDepth(symbol: string, readings: ServiceReadings): SoftQuoteDepthMessage<string> | undefined {
    const asset = this.bySymbol.get(symbol)
    const capacity = asset && this.tradingCapacity(symbol, 'buy', readings)
    if (!asset || !capacity) return undefined
    const record = this.priceRowOf(asset, floorTo(this.now(), PRICE_STEP_MS)).record
    return depthLadderOf({ asset, record, refusal: capacity.refusal, seed: this.depthSeed })
  }

  /** `/v1/assets/{symbol}/dividends` (beyond the spec); undefined for a symbol not listed. */
  dividends(symbol: string): DividendsBody | undefined {
    const asset = this.bySymbol.get(symbol)
    if (!asset) return undefined
    const time = floorTo(this.now(), STATUS_STEP_MS)
    return dividendsBody(asset, time, {
      pays: this.events.paysDividends(asset),
      yieldFraction: this.events.dividendYield(asset),
      lastExDate: this.events.lastExDate(asset, time),
    })
  }

  /** When the asset was listed: the start of its `all` candles and of its multiplier history. */
  listedAt(symbol: string): number | undefined {
    const asset = this.bySymbol.get(symbol)
    return asset && LAUNCH_MS + (asset.index % LISTING_COHORTS) * LISTING_COHORT_MS
  }

  /**
   * `/v1/assets/{symbol}/prices/ohlc` (beyond the spec): the token's and the stock's candles from
   * the same walk as the live prices; the pair is the server's to check. Undefined for a symbol
   * not listed.
   */
  candles(symbol: string, interval: CandleInterval, range: CandleRange): CandlesBody | undefined {
    const asset = this.bySymbol.get(symbol)
    if (!asset) return undefined
    const now = this.now()
    return this.candleBodies.get(floorTo(now, PRICE_STEP_MS), `${asset.index} ${interval} ${range}`, () => {
      const split = asset.split
      // As numbers once, not a decimal string parsed for each of a year's candle points.
      const steps = this.multiplierStepsFor(asset)
        .filter((step) => split === null || step.at !== split.at)
        .map((step) => ({ at: step.at, value: Number(step.value) }))
      const base = Number(asset.sharesMultiplier)
      return candlesBody(
        {
          asset,
          paths: this.pathsOf(asset),
          multiplierWithoutSplit: (ms) => (ms >= this.startMs ? base : (valueAt(steps, ms) ?? base)),
          listedAt: this.listedAt(symbol) as number,
          now,
          tokenPauses: this.events.tokenPauses(asset, this.listedAt(symbol) as number, now),
          sessionSpans: this.sessionSpans,
        },
        interval,
        range,
      )
    })
  }

  /** `/v1/assets/{symbol}/shares-multiplier` (beyond the spec); undefined for a symbol not listed. */
  multiplierHistory(symbol: string, range: CandleRange): MultiplierHistoryBody | undefined {
    const asset = this.bySymbol.get(symbol)
    return (
      asset &&
      multiplierHistoryBody(this.multiplierStepsFor(asset), range, floorTo(this.now(), PRICE_STEP_MS))
    )
  }

  private multiplierStepsFor(asset: AssetProfile): MultiplierStep[] {
    let steps = this.multiplierStepsOf.get(asset.index)
    if (!steps) {
      const listedAt = this.listedAt(asset.symbol) as number
      steps = multiplierSteps(
        asset,
        listedAt,
        this.events.dividendReinvestments(asset, listedAt, this.startMs),
      )
      this.multiplierStepsOf.set(asset.index, steps)
    }
    return steps
  }

  private pathsOf(asset: AssetProfile): PricePaths {
    return asset.tradableSessions.includes('offhours') ? this.offhoursPaths : this.conventionalPaths
  }

  /** The asset's prices at `time`, per new share after a split. */
  private sampleOf(asset: AssetProfile, time: number): PriceSample {
    return sampleAt(asset, this.pathsOf(asset).sample(asset.index, time), time)
  }

  private marketRecordOf(asset: AssetProfile, time: number): MarketRecordBody {
    return this.marketRecords.get(time, asset.index, () => {
      const current = profileAt(asset, time)
      return marketRecordBody(current, this.sampleOf(asset, time), {
        gridHistory: this.gridHistoryOf(asset),
        time,
        holders: this.holdersAt(asset, time),
        volume: this.volumeOn(current, time),
      })
    })
  }

  private priceRowOf(asset: AssetProfile, time: number): PriceRow {
    return this.priceRows.get(time, asset.index, () => {
      const sample = this.sampleOf(asset, time)
      return { record: priceRecordBody(asset, sample, time), token: sample.token }
    })
  }

  /**
   * The asset's formatted grid history. Cached, and when grid points were added since, only those
   * are formatted: every 15 minutes one point per asset, not the whole history.
   */
  private gridHistoryOf(asset: AssetProfile): HistoryPointBody[] {
    const paths = this.pathsOf(asset)
    const version = paths.gridVersion
    const cached = this.gridHistories[asset.index]
    if (cached?.version === version) return cached.points
    const added = cached ? version - cached.version : HISTORY_POINTS
    const fresh = Math.min(added, paths.gridSize)
    const times = paths.gridTimes(fresh)
    const tokens = paths.gridTokens(asset.index, fresh)
    const freshPoints = times.map((timestamp, i) => ({
      timestamp,
      price: formatTokenPrice(asset, tokens[i] as number),
    }))
    const kept = fresh < HISTORY_POINTS && cached ? cached.points : []
    const points = [...kept, ...freshPoints].slice(-paths.gridSize)
    this.gridHistories[asset.index] = { version, points }
    return points
  }

  private holdersAt(asset: AssetProfile, time: number): number {
    const days = Math.max(0, (time - LAUNCH_MS) / DAY_MS)
    return Math.round(asset.holdersAtLaunch * (1 + HOLDER_GROWTH_PER_DAY * days))
  }

  /** The day's volume: around the average, different each UTC day. */
  private volumeOn(asset: AssetProfile, time: number): number {
    const draw = uniformAt(this.volumeSeed, asset.index, Math.floor(time / DAY_MS))
    return Math.round(asset.averageVolume * (0.6 + 0.8 * draw))
  }
}
