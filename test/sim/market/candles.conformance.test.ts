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

/**
 * The simulated market's candles conform to its own price path (issue 44, item 2): a token's
 * candles only while the token trades, a stock's only in the conventional sessions, and every
 * candle on the path: no $1.00 candles where the walk had skipped a stretch before the market's
 * start. Every listed real asset (the demo's first names, each session coverage, off-hours or
 * not, LLY's split), every interval/range pair either of the service's sources accepts, at fixed
 * market times.
 */

const ET = (iso: string) => Date.parse(`${iso}-05:00`)
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
/** The pairs of a month or less, asked at every market time; the longer ones at one. */
const SHORT_RANGES: readonly CandleRange[] = ['1day', '1month']
const SHORT_PAIRS = PAIRS.filter(([, range]) => SHORT_RANGES.includes(range))
const LONG_PAIRS = PAIRS.filter(([, range]) => !SHORT_RANGES.includes(range))
/**
 * A candle's making depends on the asset only through its sessions, its off-hours trading, a
 * split and its kind: one asset of each such class among the real ones, and the three the issue
 * names (AAPL, MSFT, F). Every asset at every pair and time would take minutes: a long range walks
 * the market back to the listing, chunk by chunk, for each asset.
 */
const SYMBOLS = (() => {
  const byClass = new Map<string, string>()
  for (const asset of REAL_ASSETS) {
    const key = `${asset.sessions} ${asset.offhours === true} ${asset.split !== undefined} ${asset.kind}`
    if (!byClass.has(key)) byClass.set(key, `${asset.ticker}on`)
  }
  return [...new Set([...byClass.values(), 'AAPLon', 'MSFTon', 'Fon'])]
})()
const LONG_SYMBOLS = ['AAPLon', 'NVDAon', 'LLYon', 'SLVon']

/** A candle one side may have: its bucket meets a span where that side trades. */
function tradesIn(
  bucketStart: number,
  interval: CandleInterval,
  now: number,
  trades: (session: SessionName) => boolean,
): boolean {
  const end = Math.min(bucketStart + INTERVAL_MS[interval], now)
  return sessionIntervals(bucketStart, end).some((span) => span.session !== null && trades(span.session))
}

/**
 * How far apart two neighbouring prices of the walk may be in log terms: a day's volatility is a
 * few percent, a weekend's leap about as much; a fall to $1.00 from $230 is 5.4.
 */
const MAX_LOG_STEP = 0.3

function problemsOf(
  candles: readonly CandleBody[],
  interval: CandleInterval,
  now: number,
  trades: (session: SessionName) => boolean,
  /** A split: the stock's prices as traded step there, so the path is read on each side of it. */
  splitAt: number | null,
): string[] {
  const problems: string[] = []
  let previousClose: number | null = null
  let pastSplit = false
  for (const candle of candles) {
    const when = new Date(candle.timestamp).toISOString()
    if (!tradesIn(candle.timestamp, interval, now, trades))
      problems.push(`${when}: a candle where it does not trade`)
    const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(Number) as [
      number,
      number,
      number,
      number,
    ]
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
  }
  return problems
}

function conformanceProblems(
  now: number,
  symbols: readonly string[],
  pairs: readonly [CandleInterval, CandleRange][],
): string[] {
  const market = new SimMarket({ assets: REAL_ASSETS.length, seed: 1, clock: () => now })
  const problems: string[] = []
  for (const symbol of symbols) {
    const record = market.marketRecord(symbol)!
    const tokenSessions: readonly string[] = record.primaryMarket.tradableSessions ?? []
    for (const [interval, range] of pairs) {
      const body = market.candles(symbol, interval, range)!
      const where = `${symbol} ${interval}/${range}`
      const token = problemsOf(body.primaryMarket.data, interval, now, (s) => tokenSessions.includes(s), null)
      // The token's price is the stock's times the multiplier, restated at the split: no step.
      const stock = problemsOf(
        body.underlyingMarket.data,
        interval,
        now,
        (s) => s !== 'offhours',
        symbol === 'LLYon' ? LLY_SPLIT.at : null,
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
  for (const [name, now] of Object.entries(TIMES))
    it(`one asset of each class, every pair of a month or less, at ${name}`, () => {
      expect(conformanceProblems(now, SYMBOLS, SHORT_PAIRS).slice(0, 12)).toEqual([])
    })

  it('the longer pairs, back to the listing, at the Tuesday', () => {
    expect(conformanceProblems(TIMES['a Tuesday, 11:32 ET'], LONG_SYMBOLS, LONG_PAIRS).slice(0, 12)).toEqual(
      [],
    )
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
      for (const symbol of SYMBOLS) {
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
    for (const symbol of SYMBOLS) {
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
