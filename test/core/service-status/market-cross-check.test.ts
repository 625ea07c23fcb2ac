import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src/main/core/api/api-client'
import { activePauseOf, upcomingPausesOf } from '../../../src/main/core/service-status/asset-pauses'
import {
  DisagreementNotice,
  calendarOnlyReading,
  crossCheckMarket,
} from '../../../src/main/core/service-status/market-cross-check'
import type { ServiceReadings } from '../../../src/main/sim/market/service-bodies'
import { LLY_SPLIT } from '../../../src/main/sim/market/real-assets'
import { type SimServer, startSimServer } from '../../../src/main/sim/server/server'
import type { AssetPauseReading } from '../../../src/shared/service-status'
import { pauseReading } from '../../../src/main/core/api/wire/status-readings'
import type { WireMarketStatus } from '../../../src/main/core/api/wire/wire-status'

/**
 * The market's state from the service, checked against our calendar, at fixed market times: the
 * service's answers come from the simulator over HTTP, as the app would read them.
 */

const KEY = 'cross-check-key'
const HOUR = 3_600_000
/** Sunday 2026-11-15 21:00 ET, the overnight session: the evening before LLY's split. */
const EVENING_BEFORE_SPLIT = Date.UTC(2026, 10, 16, 2, 0)
const TUESDAY_10_00_ET = Date.UTC(2025, 10, 18, 15, 0, 7)
const SATURDAY_NOON_ET = Date.UTC(2025, 10, 22, 17, 0, 0)

const opened: Array<{ sim: SimServer; client: ApiClient }> = []
afterEach(async () => {
  for (const { sim, client } of opened.splice(0)) {
    await client.close()
    await sim.close()
  }
})

async function serviceAt(ms: number, readings: Partial<ServiceReadings> = {}) {
  const sim = await startSimServer({ apiKey: KEY, clock: () => ms, readings })
  const client = new ApiClient({ baseUrl: sim.url, apiKey: KEY, timeoutMs: 2_000 })
  opened.push({ sim, client })
  const status = await client.marketStatus()
  const pauses = await client.assetPauses()
  if (!status.available || !pauses.available) throw new Error('the simulator serves both')
  return { status: status.value, pauses: pauses.value.records.map(pauseReading), client }
}

describe('the service and the calendar agree', () => {
  it(
    'the evening before a split: overnight on both; LLY paused for ' +
      'the split, the multiplier change announced',
    async () => {
      const { status, pauses } = await serviceAt(EVENING_BEFORE_SPLIT)
      const checked = crossCheckMarket(status)
      expect(checked.reading).toMatchObject({
        source: 'service',
        marketStatus: 'overnight',
        isOpen: true,
        calendarAgrees: true,
      })
      expect(checked.disagreement).toBeNull()
      expect(activePauseOf('LLYon', pauses, EVENING_BEFORE_SPLIT)).toEqual({
        effect: 'paused',
        pause: expect.objectContaining({
          reason: 'stock_split',
          code: 'ASSET_PAUSED',
          end: LLY_SPLIT.at,
          updateSharesMultiplier: true,
        }) as AssetPauseReading,
      })
      // An hour earlier, the same pause is upcoming, not in force.
      const hourBefore = EVENING_BEFORE_SPLIT - 2 * HOUR
      expect(activePauseOf('LLYon', pauses, hourBefore)?.pause.reason).not.toBe('stock_split')
      expect(upcomingPausesOf('LLYon', pauses, hourBefore).map((pause) => pause.reason)).toContain(
        'stock_split',
      )
    },
  )

  it('a weekend with off-hours running, in both documented readings', async () => {
    for (const offhoursReading of ['closed', 'offhours'] as const) {
      const { status } = await serviceAt(SATURDAY_NOON_ET, { offhoursReading })
      const checked = crossCheckMarket(status)
      expect(checked.reading).toMatchObject({
        marketStatus: offhoursReading,
        isOpen: false,
        offhoursOpen: true,
        nextOpenSession: 'overnight',
        nextOpen: Date.UTC(2025, 10, 24, 1, 5),
        reason: 'market_closed',
        calendarAgrees: true,
      })
    }
  })

  it('an earnings limit: the asset limited, not paused, for 16:00-19:30 ET', async () => {
    const { pauses } = await serviceAt(TUESDAY_10_00_ET)
    const earnings = pauses.find((pause) => pause.reason === 'earnings')
    expect(earnings).toBeDefined()
    const during = (earnings?.start as number) + HOUR
    expect(activePauseOf(earnings?.symbol as string, pauses, during)).toMatchObject({
      effect: 'limited',
      pause: { code: 'ASSET_LIMITED', reason: 'earnings' },
    })
    expect(activePauseOf(earnings?.symbol as string, pauses, earnings?.end as number)?.pause.reason).not.toBe(
      'earnings',
    )
  })
})

describe('the service knows what the calendar does not', () => {
  it('an unscheduled market pause: the service state is shown, and the disagreement said once', async () => {
    const marketPause = { start: TUESDAY_10_00_ET - HOUR, end: TUESDAY_10_00_ET + HOUR }
    const { status } = await serviceAt(TUESDAY_10_00_ET, { marketPause })
    const checked = crossCheckMarket(status)
    expect(checked.reading).toMatchObject({
      source: 'service',
      marketStatus: 'paused',
      isOpen: false,
      reason: 'market_paused',
      calendarAgrees: false,
      nextOpen: marketPause.end,
    })
    expect(checked.disagreement).toBe(
      'At Nov 18, 10:00:07 ET the service says the market is paused ' +
        '(market_paused: Unscheduled_Downtime); our calendar says regular.',
    )
    const notice = new DisagreementNotice()
    expect(notice.noteOnce(checked)).toBe(checked.disagreement)
    expect(notice.noteOnce(crossCheckMarket(status))).toBeNull()
    // Once they agree again, a new disagreement is news again.
    const { status: agreeing } = await serviceAt(TUESDAY_10_00_ET)
    expect(notice.noteOnce(crossCheckMarket(agreeing))).toBeNull()
    expect(notice.noteOnce(checked)).toBe(checked.disagreement)
  })

  it('off-hours said closed when our calendar runs it is a disagreement too', () => {
    const status: WireMarketStatus = {
      timestamp: SATURDAY_NOON_ET,
      isOpen: false,
      marketStatus: 'CLOSED',
      offhours: { isOpen: false },
    }
    const checked = crossCheckMarket(status)
    expect(checked.reading).toMatchObject({
      marketStatus: 'closed',
      offhoursOpen: false,
      calendarAgrees: false,
    })
    expect(checked.disagreement).toMatch(
      /the service says the market is closed; our calendar says closed, off-hours open\.$/,
    )
  })

  it('an unknown status word is kept as sent (lower-cased) and never taken for agreement', () => {
    const checked = crossCheckMarket({ timestamp: TUESDAY_10_00_ET, isOpen: false, marketStatus: 'Halted' })
    expect(checked.reading).toMatchObject({ marketStatus: 'halted', calendarAgrees: false })
  })
})

describe('the words of a disagreement, and when it is said again', () => {
  it('the word offhours alone means off-hours open, as the calendar runs it on a Saturday', () => {
    const checked = crossCheckMarket({ timestamp: SATURDAY_NOON_ET, isOpen: false, marketStatus: 'offhours' })
    expect(checked.reading).toMatchObject({ offhoursOpen: true, calendarAgrees: true })
  })

  it("a disagreement says the service's reason with its message, and off-hours open", () => {
    const checked = crossCheckMarket({
      timestamp: TUESDAY_10_00_ET,
      isOpen: false,
      marketStatus: 'offhours',
      reason: { code: 'MARKET_HALTED', message: 'Exchange-wide halt' },
    })
    expect(checked.disagreement).toContain(
      'offhours, off-hours open (market_halted: Exchange-wide halt); our calendar says regular.',
    )
  })

  it('a reason without a message is said alone', () => {
    const checked = crossCheckMarket({
      timestamp: TUESDAY_10_00_ET,
      isOpen: false,
      marketStatus: 'halted',
      reason: { code: 'MARKET_HALTED' },
    })
    expect(checked.disagreement).toMatch(
      /the service says the market is halted \(market_halted\); our calendar/,
    )
  })

  it('said again after an agreement, and when only the state or only the reason changed', () => {
    const at = (marketStatus: string, code?: string) =>
      crossCheckMarket({
        timestamp: TUESDAY_10_00_ET,
        isOpen: marketStatus === 'regular',
        marketStatus,
        reason: code === undefined ? null : { code },
      })
    const notice = new DisagreementNotice()
    const said = (checked: ReturnType<typeof at>) => notice.noteOnce(checked) !== null
    expect(said(at('paused'))).toBe(true)
    expect(said(at('paused'))).toBe(false)
    expect(said(at('regular'))).toBe(false)
    expect(said(at('paused'))).toBe(true)
    expect(said(at('paused', 'news_pending'))).toBe(true)
    expect(said(at('halted', 'news_pending'))).toBe(true)
  })

  it('said again after an agreement that read the same words (the calendar alone moved)', () => {
    // The key a disagreement is remembered by holds the readings and the calendar's phase, not the
    // calendar's off-hours: the service's "closed, off-hours closed" agrees on a weekday night and
    // disagrees on a Saturday, with the same key.
    const { reading, calendarPhase, disagreement } = crossCheckMarket({
      timestamp: TUESDAY_10_00_ET,
      isOpen: false,
      marketStatus: 'paused',
      reason: null,
    })
    expect(disagreement).not.toBeNull()
    const notice = new DisagreementNotice()
    expect(notice.noteOnce({ reading, calendarPhase, disagreement })).toBe(disagreement)
    expect(notice.noteOnce({ reading, calendarPhase, disagreement: null })).toBeNull()
    expect(notice.noteOnce({ reading, calendarPhase, disagreement })).toBe(disagreement)
  })
})

describe('a spec-only service', () => {
  it('falls back on the calendar, which says so (source calendar, nothing to agree with)', async () => {
    const sim = await startSimServer({ apiKey: KEY, clock: () => TUESDAY_10_00_ET, specOnly: true })
    const client = new ApiClient({ baseUrl: sim.url, apiKey: KEY })
    opened.push({ sim, client })
    expect(await client.marketStatus()).toEqual({ available: false })
    expect(calendarOnlyReading(TUESDAY_10_00_ET)).toEqual({
      source: 'calendar',
      marketStatus: 'regular',
      isOpen: true,
      offhoursOpen: false,
      nextOpenSession: 'postmarket',
      nextOpen: Date.UTC(2025, 10, 18, 21, 1),
      nextClose: Date.UTC(2025, 10, 18, 20, 59),
      reason: null,
      calendarAgrees: null,
    })
  })
})
