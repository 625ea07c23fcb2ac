import { CONVENTIONAL_SESSIONS, type ConventionalSession } from '../../../shared/sessions'
import { checkSymbol } from '../../../shared/symbols'
import type { AssetProfile, TradableSession } from './asset-profile'
import { type RandomSequence, STREAMS, sequence, streamSeed } from './random'
import { REAL_ASSETS, type RealAsset, type SessionCoverage } from './real-assets'

/**
 * The list of assets a simulated market holds: the real tickers of real-assets.ts first, then
 * made-up ones (deterministic for a seed) up to the size asked for. Everything here is fixed for
 * the life of a market; what moves lives in price-paths.ts.
 */

export const MAX_ASSETS = 10_000

const COVERAGE: Record<SessionCoverage, readonly ConventionalSession[]> = {
  all: CONVENTIONAL_SESSIONS,
  'no-overnight': ['premarket', 'regular', 'postmarket'],
  'regular-only': ['regular'],
}

/**
 * Token prices come with 2 to 8 fractional digits, as real feeds differ; cheaper ones with at
 * least 4, and underlying prices below $10 with 4, so rounding never moves a price by more than
 * 0.05 % (the token's premium over fair value stays inside +-0.5 % as sent).
 */
const TOKEN_DIGIT_CHOICES = [2, 4, 6, 8] as const
const CHEAP_TOKEN_DIGIT_CHOICES = [4, 6, 8] as const

/** 1.00 then 16 digits: a multiplier in [1.000..., 1.006) after a few years of dividends. */
function sharesMultiplier(random: RandomSequence): string {
  let digits = String(random.below(6))
  for (let i = 0; i < 14; i++) digits += String(random.below(10))
  // A non-zero last digit, so the 18 digits are all meaningful.
  digits += String(1 + random.below(9))
  return `1.00${digits}`
}

function profileOf(index: number, real: RealAsset, random: RandomSequence): AssetProfile {
  const sessions: TradableSession[] = [...COVERAGE[real.sessions]]
  if (real.offhours) sessions.push('offhours')
  const dollarVolume = real.price * real.averageVolumeM * 1e6
  return {
    index,
    symbol: `${real.ticker}on`,
    ticker: real.ticker,
    name: real.name,
    kind: real.kind,
    startPrice: real.price,
    startHigh52w: real.price * (1.05 + 0.45 * random.next()),
    startLow52w: real.price * (0.95 - 0.35 * random.next()),
    dailyVolatility: real.dailyVolatilityPct / 100,
    sharesOutstanding: String(Math.round(real.sharesOutstandingM * 1e6)),
    averageVolume: Math.round(real.averageVolumeM * 1e6),
    sharesMultiplier: sharesMultiplier(random),
    premiumBias: (random.next() - 0.5) * 0.004,
    tokenPriceDigits: random.pick(real.price < 100 ? CHEAP_TOKEN_DIGIT_CHOICES : TOKEN_DIGIT_CHOICES),
    underlyingPriceDigits: real.price < 10 ? 4 : 2,
    // Busier names have more holders; the square root keeps the spread plausible.
    holdersAtLaunch: Math.round((Math.sqrt(dollarVolume) / 4) * (0.7 + 0.6 * random.next())),
    tradableSessions: sessions,
    omitsSessionsInList: real.quirk === 'omits-sessions',
    constituentTokens: real.constituents ?? [],
    split: real.split ?? null,
  }
}

const SYLLABLES = [
  'ar', 'bel', 'cor', 'dex', 'en', 'fal', 'gen', 'hal', 'ix', 'jor', 'kal', 'lum', 'mer', 'nov', 'or',
  'pax', 'quin', 'ron', 'sol', 'tor', 'ul', 'vex', 'wel', 'xan', 'yor', 'zen', 'tra', 'vi', 'sta', 'gra',
] // prettier-ignore
const STOCK_SUFFIXES = [
  'Inc.', 'Corporation', 'Holdings, Inc.', 'Group plc', 'Technologies, Inc.', 'Therapeutics, Inc.',
  'Energy Corp.', 'Industries, Inc.', 'Bancorp', 'Systems, Inc.', 'Logistics Co.', 'Brands, Inc.',
] // prettier-ignore
const ETF_THEMES = [
  'Clean Energy',
  'Dividend Growth',
  'Small Cap Value',
  'Global Infrastructure',
  'Robotics',
  'Treasury Income',
]
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const TICKER_LENGTHS = [2, 3, 3, 3, 4, 4, 4, 4, 5] as const

function madeUpWord(random: RandomSequence): string {
  const count = 2 + random.below(2)
  let word = ''
  for (let i = 0; i < count; i++) word += random.pick(SYLLABLES)
  return word.charAt(0).toUpperCase() + word.slice(1)
}

function madeUpTicker(random: RandomSequence, taken: ReadonlySet<string>): string {
  // 26^3 three-letter tickers alone outnumber MAX_ASSETS, so a free one turns up quickly.
  for (;;) {
    const length = random.pick(TICKER_LENGTHS)
    let ticker = ''
    for (let i = 0; i < length; i++) ticker += LETTERS.charAt(random.below(LETTERS.length))
    if (!taken.has(ticker) && checkSymbol(`${ticker}on`).ok) return ticker
  }
}

function madeUpAsset(random: RandomSequence, taken: ReadonlySet<string>): RealAsset {
  const ticker = madeUpTicker(random, taken)
  const isEtf = random.next() < 0.12
  const word = madeUpWord(random)
  const coverageDraw = random.next()
  const lognormal = (median: number, spread: number): number =>
    median * Math.exp(spread * (random.next() * 2 - 1))
  const price = Math.min(1500, Math.max(2, lognormal(40, 2.2)))
  return {
    ticker,
    name: isEtf ? `${word} ${random.pick(ETF_THEMES)} ETF` : `${word} ${random.pick(STOCK_SUFFIXES)}`,
    kind: isEtf ? 'etf' : 'stock',
    price: Math.round(price * 100) / 100,
    sharesOutstandingM: Math.round(lognormal(150, 2)),
    averageVolumeM: Math.round(lognormal(1.5, 1.8) * 1000) / 1000,
    dailyVolatilityPct: isEtf ? 0.8 + random.next() : 1.2 + 3.5 * random.next(),
    sessions: coverageDraw < 0.85 ? 'all' : coverageDraw < 0.95 ? 'no-overnight' : 'regular-only',
  }
}

/** The first `count` assets of the market for `seed`. */
export function buildCatalog(count: number, seed: number): AssetProfile[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_ASSETS) {
    throw new RangeError(`assets must be an integer from 1 to ${MAX_ASSETS}, got ${count}`)
  }
  const random = sequence(streamSeed(seed, STREAMS.catalog))
  const taken = new Set(REAL_ASSETS.map((asset) => asset.ticker))
  const profiles: AssetProfile[] = []
  for (let index = 0; index < count; index++) {
    let real = REAL_ASSETS[index]
    if (!real) {
      real = madeUpAsset(random, taken)
      taken.add(real.ticker)
    }
    profiles.push(profileOf(index, real, random))
  }
  return profiles
}
