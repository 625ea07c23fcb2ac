import { addDays, easternClock, easternWallTimeToUtc, nyseHolidayOn } from '../../../shared/session-clock'
import type { AssetProfile } from './asset-profile'
import { STREAMS, hashKeys, streamSeed } from './random'

/**
 * The simulated market's schedule of asset events, served by `/v1/status/assets` and behind the
 * dividends and capacity answers: splits (from the assets' own splits, so the multiplier steps
 * inside the announced pause), quarterly cash dividends and earnings. Windows follow the
 * service's prose (real-service-notes.md): dividend pauses 19:50-20:10 ET the evening before the
 * ex-date, earnings limits 16:00-19:30 ET; a split pauses from 19:50 ET the evening before until
 * it takes effect. Everything is a pure function of the seed and the date, so any market time
 * sees the same schedule. Reason words come in mixed case, as the service does not promise case.
 */

export interface AssetEvent {
  symbol: string
  kind: 'split' | 'dividend' | 'earnings'
  /** ASSET_PAUSED (not tradable) or ASSET_LIMITED (smaller requests). */
  code: 'ASSET_PAUSED' | 'ASSET_LIMITED'
  /** The reason word as sent, in the case the simulator gives it. */
  message: string
  start: number
  end: number
  eventId: string
  updateSharesMultiplier: boolean
}

const DAY_MS = 86_400_000
/** How far ahead `/v1/status/assets` announces events. */
export const ANNOUNCE_AHEAD_MS = 7 * DAY_MS
/** Dividends and earnings come once a quarter, on a day of the cycle drawn per asset. */
export const QUARTER_DAYS = 91
/** One asset in this many pays no cash dividend. */
const NO_DIVIDEND_EVERY = 3

/** A dividend's pause, 19:50 to 20:10 ET: its reinvestment is at the pause's end. */
const DIVIDEND_PAUSE_MS = 20 * 60_000

const SPLIT_WORD = 'Stock_Split'
const DIVIDEND_WORD = 'cash_dividend'
const EARNINGS_WORD = 'Earnings'

/** The US Eastern date `days` after the ET date of `ms`. */
const easternDateAfter = (ms: number, days: number): string => addDays(easternClock(ms).date, days)
const at = (date: string, hour: number, minute: number): number =>
  easternWallTimeToUtc(date, hour * 60 + minute)
/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, for the quarterly cycles. */
const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)

export class AssetEventSchedule {
  private readonly seed: number

  constructor(
    private readonly assets: readonly AssetProfile[],
    seed: number,
  ) {
    this.seed = streamSeed(seed, STREAMS.serviceEvents)
  }

  /** Whether the asset pays cash dividends at all (a few, like most growth stocks, do not). */
  paysDividends(asset: AssetProfile): boolean {
    return hashKeys(this.seed, asset.index, 1) % NO_DIVIDEND_EVERY !== 0
  }

  /** The trailing yield as a fraction string, 0.0050 to 0.0350, fixed per asset. */
  dividendYield(asset: AssetProfile): string {
    const basisPoints = 50 + (hashKeys(this.seed, asset.index, 4) % 301)
    return (basisPoints / 10_000).toFixed(4)
  }

  /** The ET ex-dates of an asset's quarterly dividends fall on days with this remainder. */
  private dividendPhase(asset: AssetProfile): number {
    return hashKeys(this.seed, asset.index, 2) % QUARTER_DAYS
  }

  private earningsPhase(asset: AssetProfile): number {
    return hashKeys(this.seed, asset.index, 3) % QUARTER_DAYS
  }

  /** The most recent ex-date on or before the ET date of `ms`, for the dividends answer. */
  lastExDate(asset: AssetProfile, ms: number): string {
    const today = easternClock(ms).date
    const back =
      (((dayNumber(today) - this.dividendPhase(asset)) % QUARTER_DAYS) + QUARTER_DAYS) % QUARTER_DAYS
    const exDate = tradingDayFrom(addDays(today, -back))
    return exDate <= today ? exDate : tradingDayFrom(addDays(today, -back - QUARTER_DAYS))
  }

  /**
   * The dividends reinvested into the multiplier from `from` until `to`: each at the end of its
   * pause the evening before the ex-date, with the yield it paid a quarter of.
   */
  dividendReinvestments(
    asset: AssetProfile,
    from: number,
    to: number,
  ): { at: number; yieldFraction: string }[] {
    if (!this.paysDividends(asset) || to <= from) return []
    const phase = this.dividendPhase(asset)
    // A quarter early: a nominal date before `from` may move forward past it.
    const firstDay = dayNumber(easternClock(from).date) - QUARTER_DAYS
    const steps: { at: number; yieldFraction: string }[] = []
    for (
      let day = firstDay + ((phase - (firstDay % QUARTER_DAYS) + QUARTER_DAYS) % QUARTER_DAYS);
      ;
      day += QUARTER_DAYS
    ) {
      const exDate = tradingDayFrom(new Date(day * DAY_MS).toISOString().slice(0, 10))
      const reinvested = at(addDays(exDate, -1), 20, 10)
      if (reinvested >= to) return steps
      if (reinvested > from) steps.push({ at: reinvested, yieldFraction: this.dividendYield(asset) })
    }
  }

  /**
   * The spans from `from` until `to` in which the asset's token is paused (ASSET_PAUSED: its
   * split's pause and each dividend's, 19:50 to 20:10 ET the evening before the ex-date; an
   * earnings limit leaves it tradable), oldest first: the token has no candles there.
   */
  tokenPauses(asset: AssetProfile, from: number, to: number): { start: number; end: number }[] {
    const pauses = this.dividendReinvestments(asset, from, to + DIVIDEND_PAUSE_MS).map((step) => ({
      start: step.at - DIVIDEND_PAUSE_MS,
      end: step.at,
    }))
    const split = this.splitEvent(asset)
    if (split) pauses.push({ start: split.start, end: split.end })
    return pauses.filter((pause) => pause.end > from && pause.start < to).sort((a, b) => a.start - b.start)
  }

  /** Events in force at `ms` or starting within ANNOUNCE_AHEAD_MS of it, in listing order. */
  eventsAround(ms: number): AssetEvent[] {
    return this.assets.flatMap((asset) => this.eventsOf(asset, ms))
  }

  /** One asset's events in force at `ms` or announced then. */
  eventsOf(asset: AssetProfile, ms: number): AssetEvent[] {
    const events: AssetEvent[] = []
    const split = this.splitEvent(asset)
    if (split) events.push(split)
    // From a week early: a nominal ex-date on a weekend or holiday moves to the next trading day.
    const firstDate = easternDateAfter(ms, -1 - EX_DATE_ROLL_DAYS)
    const days = Math.ceil(ANNOUNCE_AHEAD_MS / DAY_MS) + 2 + EX_DATE_ROLL_DAYS
    for (let day = 0; day < days; day++) {
      const date = addDays(firstDate, day)
      const cycleDay = dayNumber(date) % QUARTER_DAYS
      if (this.paysDividends(asset) && cycleDay === this.dividendPhase(asset))
        events.push(this.dividendEvent(asset, tradingDayFrom(date)))
      if (cycleDay === this.earningsPhase(asset) && isTradingWeekday(date))
        events.push(this.earningsEvent(asset, date))
    }
    return events.filter((event) => event.end > ms && event.start <= ms + ANNOUNCE_AHEAD_MS)
  }

  private splitEvent(asset: AssetProfile): AssetEvent | null {
    if (asset.split === null) return null
    const exDate = easternClock(asset.split.at).date
    return {
      symbol: asset.symbol,
      kind: 'split',
      code: 'ASSET_PAUSED',
      message: SPLIT_WORD,
      start: at(addDays(exDate, -1), 19, 50),
      end: asset.split.at,
      eventId: `split-${asset.symbol}-${exDate}`,
      // The simulator's split steps the multiplier (splits.ts): the pause announces it.
      updateSharesMultiplier: true,
    }
  }

  private dividendEvent(asset: AssetProfile, exDate: string): AssetEvent {
    const evening = addDays(exDate, -1)
    return {
      symbol: asset.symbol,
      kind: 'dividend',
      code: 'ASSET_PAUSED',
      message: DIVIDEND_WORD,
      start: at(evening, 19, 50),
      end: at(evening, 20, 10),
      eventId: `dividend-${asset.symbol}-${exDate}`,
      // From the market's start the simulator keeps each token's multiplier fixed between splits
      // (the dividends before it are in the multiplier's history, candles.ts), so a dividend
      // pause announces no multiplier change.
      updateSharesMultiplier: false,
    }
  }

  private earningsEvent(asset: AssetProfile, date: string): AssetEvent {
    return {
      symbol: asset.symbol,
      kind: 'earnings',
      code: 'ASSET_LIMITED',
      message: EARNINGS_WORD,
      start: at(date, 16, 0),
      end: at(date, 19, 30),
      eventId: `earnings-${asset.symbol}-${date}`,
      updateSharesMultiplier: false,
    }
  }
}

/** The furthest a nominal ex-date moves: a long weekend with a holiday on each side. */
const EX_DATE_ROLL_DAYS = 7

/**
 * The first trading day on or after `date`: a real ex-date is a business day, so the simulator's
 * never falls on a weekend (its pause would otherwise fall on a Saturday evening) or a holiday.
 */
function tradingDayFrom(date: string): string {
  let day = date
  while (!isTradingWeekday(day)) day = addDays(day, 1)
  return day
}

function isTradingWeekday(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  return weekday >= 1 && weekday <= 5 && nyseHolidayOn(date) === null
}
