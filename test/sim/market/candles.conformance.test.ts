import { describe, expect, it } from 'vitest'
import {
  type CandleInterval,
  type CandleRange,
  DESCRIBED_PAIRS,
  CATALOGUE_PAIRS,
  INTERVAL_MS,
} from '../../../src/main/core/api/wire/candle-pairs'
import { sessionIntervals } from '../../../src/shared/session-clock'
import type { SessionName } from '../../../src/shared/sessions'
import type { CandleBody } from '../../../src/main/sim/market/candles'
import { SimMarket } from '../../../src/main/sim/market/market'
import { LLY_SPLIT, REAL_ASSETS } from '../../../src/main/sim/market/real-assets'
import { buildCatalog } from '../../../src/main/sim/market/catalog'
import { PricePaths } from '../../../src/main/sim/market/price-paths'
import {
  CONVENTIONAL_WEIGHTS,
  OFFHOURS_WEIGHTS,
  SessionVariance,
  chunkOf,
  chunkStart,
} from '../../../src/main/sim/market/session-variance'

/**
 * The simulated market's candles conform to its own price path (issue 44, item 2): a token's
 * candles only while the token trades, a stock's only in the conventional sessions, and every
 * candle on the path: no $1.00 candles where the walk had skipped a stretch before the market's
 * start. Every listed real asset (the demo's first names, each session coverage, off-hours or
 * not, LLY's split), every interval/range pair either of the service's sources accepts, at fixed
 * market times; each candle checked against the walk drawn as the market draws it.
 */

const ET = (iso: string) => Date.parse(`${iso}-05:00`)
const DAY_MS = 86_400_000
const TIMES = {
  'a Tuesday, 11:32 ET': ET('2026-11-17T11:32:00'),
  'a Monday morning, 05:00 ET': ET('2026-11-23T05:00:00'),
  'a Saturday, noon ET': ET('2026-11-21T12:00:00'),
  "the split's Monday, 10:00 ET": ET('2026-11-16T10:00:00'),
  'Thanksgiving, noon ET': ET('2026-11-26T12:00:00'),
} as const

const PAIRS = [...new Set([...DESCRIBED_PAIRS, ...CATALOGUE_PAIRS])].map(
  (pair) => pair.split('/') as [CandleInterval, CandleRange],
)
/** The pairs of a month or less: where the week's sessions, weekends and holidays show. */
const SHORT_RANGES: readonly CandleRange[] = ['1day', '1month']
const SHORT_PAIRS = PAIRS.filter(([, range]) => SHORT_RANGES.includes(range))
const LONG_PAIRS = PAIRS.filter(([, range]) => !SHORT_RANGES.includes(range))
const CATALOG = buildCatalog(REAL_ASSETS.length, 1)
const EVERY_SYMBOL = CATALOG.map((asset) => asset.symbol)
/**
 * A candle's making depends on the asset only through its sessions, its off-hours trading, a
 * split and its kind: one asset of each such class among the real ones, and the three the issue
 * names (AAPL, MSFT, F): the minute-by-minute comparison of served prices with candles runs on
 * these.
 */
const ONE_OF_EACH_CLASS = (() => {
  const byClass = new Map<string, string>()
  for (const asset of REAL_ASSETS) {
    const key = `${asset.sessions} ${asset.offhours === true} ${asset.split !== undefined} ${asset.kind}`
    if (!byClass.has(key)) byClass.set(key, `${asset.ticker}on`)
  }
  return [...new Set([...byClass.values(), 'AAPLon', 'MSFTon', 'Fon'])]
})()

/**
 * The sessions live somewhere in each bucket, by interval and bucket start, read off the shared
 * calendar once for all the assets at one market time.
 */
function sessionsInBuckets(now: number) {
  const known = new Map<CandleInterval, Map<number, readonly SessionName[]>>()
  return (bucketStart: number, interval: CandleInterval): readonly SessionName[] => {
    let ofInterval = known.get(interval)
    if (!ofInterval) known.set(interval, (ofInterval = new Map()))
    let sessions = ofInterval.get(bucketStart)
    if (!sessions) {
      const end = Math.min(bucketStart + INTERVAL_MS[interval], now)
      const spans = sessionIntervals(bucketStart, end)
      sessions = [...new Set(spans.flatMap((span) => (span.session === null ? [] : [span.session])))]
      ofInterval.set(bucketStart, sessions)
    }
    return sessions
  }
}
type SessionsIn = ReturnType<typeof sessionsInBuckets>

/**
 * How far apart two neighbouring prices of the walk may be in log terms: a day's volatility is a
 * few percent, a weekend's leap about as much; a fall to $1.00 from $230 is 5.4.
 */
const MAX_LOG_STEP = 0.3
/**
 * How far (in log terms) a candle may reach past the walk's grid points at and around its bucket:
 * the bridge between two grid points (a 15-minute chunk's swing), the premium (at most 0.4 %) and
 * the dividends reinvested into the token's multiplier since the listing (a few percent).
 */
const PATH_TOLERANCE = 0.06

/** The walk's log price at each chunk start, as the market's own walk draws it. */
type GridLog = (chunk: number) => number

/**
 * The walk of the market at `now`, built as SimMarket builds its own (same seed, same start, one
 * walk per trading schedule): the reference every candle is checked against.
 */
function gridLogsAt(startedAt: number, now: number): (symbol: string, from: number) => GridLog {
  const walkOf = (offhours: boolean) => {
    const assets = CATALOG.filter((asset) => asset.tradableSessions.includes('offhours') === offhours)
    const weights = offhours ? OFFHOURS_WEIGHTS : CONVENTIONAL_WEIGHTS
    const paths = new PricePaths(assets, 1, startedAt, new SessionVariance(weights))
    paths.advanceTo(now)
    return paths
  }
  const walks = { offhours: walkOf(true), conventional: walkOf(false) }
  return (symbol, from) => {
    const asset = CATALOG.find((each) => each.symbol === symbol)!
    const paths = asset.tradableSessions.includes('offhours') ? walks.offhours : walks.conventional
    const first = chunkOf(from)
    const walk = paths.gridWalk(asset.index, first, chunkOf(now) + 1)
    return (chunk) => walk.logPrice[chunk - first] as number
  }
}

/**
 * Where the walk's grid points at and around a bucket lie, in log terms, on one side's basis: the
 * chunk starts inside the bucket, the chunk that holds its start and the one after its end.
 */
function pathRange(bucketStart: number, interval: CandleInterval, gridLog: GridLog, basis: number) {
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (let chunk = chunkOf(bucketStart); chunkStart(chunk) <= bucketStart + INTERVAL_MS[interval]; chunk++) {
    const log = gridLog(chunk) + basis
    low = Math.min(low, log)
    high = Math.max(high, log)
  }
  const after = gridLog(chunkOf(bucketStart + INTERVAL_MS[interval] - 1) + 1) + basis
  return { low: Math.min(low, after), high: Math.max(high, after) }
}

function problemsOf(
  candles: readonly CandleBody[],
  interval: CandleInterval,
  sessionsIn: SessionsIn,
  trades: (session: SessionName) => boolean,
  /** The side's log price at an instant's bucket, from the walk: its basis added to the walk's. */
  path: { gridLog: GridLog; basisAt: (ms: number) => number },
  /** A split: the stock's prices as traded step there, so the path is read on each side of it. */
  splitAt: number | null,
): string[] {
  const problems: string[] = []
  let previousClose: number | null = null
  let pastSplit = false
  for (const candle of candles) {
    const when = new Date(candle.timestamp).toISOString()
    // A candle one side may have: its bucket meets a span where that side trades.
    if (!sessionsIn(candle.timestamp, interval).some(trades))
      problems.push(`${when}: a candle where it does not trade`)
    const [open, high, low, close] = [+candle.open, +candle.high, +candle.low, +candle.close]
    // The first candle that reaches past the split starts the path afresh; one that holds both
    // sides of it spans both prices.
    const reachesSplit = splitAt !== null && candle.timestamp + INTERVAL_MS[interval] > splitAt
    const straddlesSplit = reachesSplit && candle.timestamp <= (splitAt as number)
    if (reachesSplit && !pastSplit) previousClose = null
    pastSplit ||= reachesSplit
    if (!(low > 0 && low <= Math.min(open, close) && high >= Math.max(open, close)))
      problems.push(
        `${when}: O ${candle.open} H ${candle.high} L ${candle.low} C ${candle.close} is not a candle`,
      )
    if (!straddlesSplit && Math.log(high / low) > MAX_LOG_STEP)
      problems.push(`${when}: H ${candle.high} L ${candle.low} leaves the path`)
    if (previousClose !== null && Math.abs(Math.log(open / previousClose)) > MAX_LOG_STEP)
      problems.push(`${when}: opens at ${candle.open} after a close of ${previousClose}`)
    previousClose = close
    if (straddlesSplit) continue
    const range = pathRange(candle.timestamp, interval, path.gridLog, path.basisAt(candle.timestamp))
    if (Math.log(low) < range.low - PATH_TOLERANCE || Math.log(high) > range.high + PATH_TOLERANCE)
      problems.push(
        `${when}: L ${candle.low} H ${candle.high} outside the path's ` +
          `${Math.exp(range.low).toFixed(2)} to ${Math.exp(range.high).toFixed(2)}`,
      )
  }
  return problems
}

function conformanceProblems(
  now: number,
  symbols: readonly string[],
  pairs: readonly [CandleInterval, CandleRange][],
  /** When the market started: its clock then jumps to `now` (a leap, when more than two days). */
  startedAt = now,
): string[] {
  let clock = startedAt
  const market = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => clock })
  clock = now
  const gridLogs = gridLogsAt(startedAt, now)
  const sessionsIn = sessionsInBuckets(now)
  const problems: string[] = []
  for (const symbol of symbols) {
    const record = market.marketRecord(symbol)!
    const asset = CATALOG.find((each) => each.symbol === symbol)!
    const tokenSessions: readonly string[] = record.primaryMarket.tradableSessions ?? []
    // The walk as far back as the pairs reach: a month (a stock-hours token's day reaches at most
    // two weeks), or the listing.
    const reach = pairs.every(([, range]) => SHORT_RANGES.includes(range)) ? now - 31 * DAY_MS : 0
    const gridLog = gridLogs(symbol, Math.max(market.listedAt(symbol)!, reach))
    // The token is the walk's underlying times its multiplier without the split; the stock is the
    // walk's underlying, divided by the split's ratio from its instant.
    const tokenPath = { gridLog, basisAt: () => Math.log(Number(asset.sharesMultiplier)) }
    const split = asset.split
    const stockPath = {
      gridLog,
      basisAt: (ms: number) => (split !== null && ms >= split.at ? -Math.log(split.ratio) : 0),
    }
    for (const [interval, range] of pairs) {
      const body = market.candles(symbol, interval, range)!
      const where = `${symbol} ${interval}/${range}`
      const token = problemsOf(
        body.primaryMarket.data,
        interval,
        sessionsIn,
        (s) => tokenSessions.includes(s),
        tokenPath,
        null,
      )
      // The token's price is the stock's times the multiplier, restated at the split: no step.
      const stock = problemsOf(
        body.underlyingMarket.data,
        interval,
        sessionsIn,
        (s) => s !== 'offhours',
        stockPath,
        split?.at ?? null,
      )
      problems.push(...token.map((p) => `${where} token ${p}`), ...stock.map((p) => `${where} stock ${p}`))
      if (interval !== '1day' || range !== 'all') continue
      // The range reaches back to the listing: each side has candles at all.
      if (body.primaryMarket.data.length === 0) problems.push(`${where}: no token candles`)
      if (body.underlyingMarket.data.length === 0) problems.push(`${where}: no stock candles`)
    }
  }
  return problems
}

describe('the simulated candles follow the price path, only where each side trades', () => {
  const TUESDAY = TIMES['a Tuesday, 11:32 ET']
  for (const [name, now] of Object.entries(TIMES))
    it(`every asset at every pair of a month or less, at ${name}`, () => {
      expect(conformanceProblems(now, EVERY_SYMBOL, SHORT_PAIRS).slice(0, 12)).toEqual([])
    })

  // The longer pairs reach back months to the listing: a quarter of the assets per test (each
  // takes a few seconds of CPU, many more on a loaded machine), at each of the five times.
  for (const [name, now] of Object.entries(TIMES))
    for (let quarter = 0; quarter < 4; quarter++) {
      const symbols = EVERY_SYMBOL.filter((_, i) => i % 4 === quarter)
      it(`every asset at the longer pairs at ${name}: ${symbols[0]} and every fourth after`, () => {
        expect(conformanceProblems(now, symbols, LONG_PAIRS).slice(0, 12)).toEqual([])
      })
    }

  // The demo's market is started once and its clock moves on: one started the Wednesday before
  // leaps over the days to the Tuesday, and the stretch it skipped is drawn as a bridge.
  it('every asset at every pair of a month or less, the market started the Wednesday before', () => {
    const wednesday = ET('2026-11-11T10:15:00')
    expect(conformanceProblems(TUESDAY, EVERY_SYMBOL, SHORT_PAIRS, wednesday).slice(0, 12)).toEqual([])
  })
})

describe('the candles hold the prices the market served', () => {
  it.each([
    [
      'across the Monday premarket open, 03:00 to 06:00 ET',
      ET('2026-11-23T03:00:00'),
      ET('2026-11-23T06:00:00'),
    ],
    [
      'across the regular open and its pause, Tuesday 09:00 to 10:30 ET',
      ET('2026-11-17T09:00:00'),
      ET('2026-11-17T10:30:00'),
    ],
  ])('%s', (_, start, end) => {
    let now = start
    const market = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => now })
    const served: { at: number; symbol: string; token: string; stock: string }[] = []
    for (; now <= end; now += 60_000)
      for (const symbol of ONE_OF_EACH_CLASS) {
        const record = market.priceRecord(symbol)!
        served.push({
          at: now,
          symbol,
          token: record.primaryMarket.price,
          stock: record.underlyingMarket.price,
        })
      }
    now = end
    const problems: string[] = []
    const within = (candle: CandleBody | undefined, price: string) =>
      candle !== undefined && Number(candle.low) <= Number(price) && Number(price) <= Number(candle.high)
    for (const symbol of ONE_OF_EACH_CLASS) {
      const body = market.candles(symbol, '1min', '1day')!
      const tokenSessions: readonly string[] =
        market.marketRecord(symbol)!.primaryMarket.tradableSessions ?? []
      const tokenAt = new Map(body.primaryMarket.data.map((candle) => [candle.timestamp, candle]))
      const stockAt = new Map(body.underlyingMarket.data.map((candle) => [candle.timestamp, candle]))
      // A price served at a minute's start closes the minute before: it lies in that candle or in its own.
      for (const price of served.filter((each) => each.symbol === symbol && each.at < end)) {
        const session = sessionIntervals(price.at, price.at + 1)[0]?.session ?? null
        const when = new Date(price.at).toISOString()
        if (
          session !== null &&
          tokenSessions.includes(session) &&
          !within(tokenAt.get(price.at), price.token) &&
          !within(tokenAt.get(price.at - 60_000), price.token)
        )
          problems.push(`${symbol} ${when}: token ${price.token} outside its candle`)
        if (
          session !== null &&
          session !== 'offhours' &&
          !within(stockAt.get(price.at), price.stock) &&
          !within(stockAt.get(price.at - 60_000), price.stock)
        )
          problems.push(`${symbol} ${when}: stock ${price.stock} outside its candle`)
      }
    }
    expect(problems.slice(0, 12)).toEqual([])
  })
})

describe("a token's own pause", () => {
  /** LLY's split pause: from 19:50 ET the Sunday before until the split, Monday 04:00 ET. */
  const PAUSE = { start: ET('2026-11-15T19:50:00'), end: LLY_SPLIT.at }

  it(
    'LLYon has no token candle inside its split pause, at every pair ' + 'of a month or less, that Monday',
    () => {
      const now = TIMES["the split's Monday, 10:00 ET"]
      const market = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => now })
      const inside: string[] = []
      let candlesOverTheNight = 0
      for (const [interval, range] of SHORT_PAIRS) {
        const body = market.candles('LLYon', interval, range)!
        for (const candle of body.primaryMarket.data) {
          const end = candle.timestamp + INTERVAL_MS[interval]
          if (
            candle.timestamp >= PAUSE.start - INTERVAL_MS[interval] &&
            end <= PAUSE.end + INTERVAL_MS[interval]
          )
            candlesOverTheNight++
          if (candle.timestamp >= PAUSE.start && end <= PAUSE.end)
            inside.push(`${interval}/${range} ${new Date(candle.timestamp).toISOString()}`)
        }
      }
      expect(inside.slice(0, 12)).toEqual([])
      // The token trades overnight on either side of the pause: the check above looked at candles.
      expect(candlesOverTheNight).toBeGreaterThan(0)
    },
  )
})
