import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import {
  DIVIDENDS_COLUMN_MAX_AGE_MS,
  DIVIDENDS_DETAIL_MAX_AGE_MS,
  ServiceStatusLink,
} from '../../../src/main/core/service-status/service-status-link'
import type { TradeSide } from '../../../src/shared/holdings'
import type { AssetPauseReading, CapacityView } from '../../../src/shared/service-status'
import { manualClock } from '../../support/manual-clock'
import { scheduledPause } from '../../support/pause-readings'

/**
 * The link's dividends (kept while young enough, never kept when failed, nothing asked without a
 * connection) and what it passes on to its capacity watch (pauses, a refresh), on a manual clock
 * with a client that answers at once and counts what it is asked.
 */

/** Tuesday 17 November 2026, 11:32:14 ET. */
const NOW = Date.UTC(2026, 10, 17, 16, 32, 14)
const XOM_DIVIDENDS = {
  dividendYield: '0.0345',
  payoutFrequency: 'quarterly',
  lastCashAmount: '1.03',
  lastPaymentDate: '2026-09-10',
}

/** Tuesday 17 November 2026's regular session, as the service reads it at NOW. */
const REGULAR = { marketStatus: 'regular', isOpen: true, timestamp: NOW }

interface Script {
  dividends: () => Promise<unknown>
  /** Whether the service answers the capacity asks (false: it lacks the endpoint). */
  capacityAvailable: boolean
  /** The asset pauses the service lists. */
  pauses: AssetPauseReading[]
}

/** A new client for each connection, all writing what they are asked into the same lists. */
function scriptedClient(script: Script, asked: string[], statusAsked: string[]) {
  return {
    optional: { missingOnes: () => [] },
    close: async () => undefined,
    dividends: async (symbol: string) => {
      asked.push(`dividends ${symbol}`)
      return script.dividends()
    },
    tradingCapacity: async (symbol: string, side: TradeSide) => {
      asked.push(`capacity ${symbol} ${side}`)
      return { symbol, side, available: script.capacityAvailable, tradingOpen: true, maxTokens: '3.5' }
    },
    marketStatus: async () => {
      statusAsked.push('marketStatus')
      return { available: true, value: REGULAR }
    },
  } as unknown as ApiClient
}

function linked(
  dividends: () => Promise<unknown> = async () => ({ available: true, value: XOM_DIVIDENDS }),
  script: Partial<Omit<Script, 'dividends'>> = {},
) {
  const time = manualClock(NOW)
  const capacity: CapacityView[] = []
  const asked: string[] = []
  const statusAsked: string[] = []
  const told = { count: 0 }
  const full: Script = { dividends, capacityAvailable: true, pauses: [], ...script }
  const link = new ServiceStatusLink({
    onStateChange: () => (told.count += 1),
    onStatus: () => undefined,
    onCapacity: (view) => capacity.push(view),
    log: () => undefined,
    clock: time.scheduler,
    random: () => 0.5,
    clientFor: () => scriptedClient(full, asked, statusAsked),
    readPauses: async () => {
      statusAsked.push('assetPauses')
      return full.pauses
    },
  })
  const connect = () => link.connect({ baseUrl: 'http://127.0.0.1:1', apiKey: null, demo: false })
  const after = async (ms: number) => {
    time.advanceTo(time.clock.now + ms)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { link, asked, statusAsked, told, capacity, time, connect, after }
}

describe('ServiceStatusLink.dividends', () => {
  it('says it is not connected yet, and asks nothing, before a connection', async () => {
    const { link, asked } = linked()
    expect(await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)).toEqual({
      symbol: 'XOMon',
      available: true,
      dividends: null,
      problem: 'Not connected to the service yet.',
    })
    expect(asked).toEqual([])
  })

  it('reuses an answer younger than the age asked for, and asks again at that age', async () => {
    const { link, asked, connect, after } = linked()
    connect()
    const first = await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(first).toEqual({ symbol: 'XOMon', available: true, dividends: XOM_DIVIDENDS, problem: null })
    await after(DIVIDENDS_DETAIL_MAX_AGE_MS - 1)
    expect(await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)).toBe(first)
    expect(asked).toEqual(['dividends XOMon'])
    await after(1)
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(asked).toEqual(['dividends XOMon', 'dividends XOMon'])
    // The yield column's day-long age reuses the same answer.
    await link.dividends('XOMon', DIVIDENDS_COLUMN_MAX_AGE_MS)
    expect(asked).toHaveLength(2)
  })

  it('a service without dividends: unavailable, no figures, not said to publish them', async () => {
    const { link, connect } = linked(async () => ({ available: false }))
    connect()
    expect(await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)).toEqual({
      symbol: 'XOMon',
      available: false,
      dividends: null,
      problem: null,
    })
    expect(link.state().publishes.dividends).toBeNull()
  })

  it('an answer says the service publishes dividends', async () => {
    const { link, connect } = linked()
    connect()
    expect(link.state().publishes.dividends).toBeNull()
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(link.state().publishes.dividends).toBe(true)
  })

  it('a failed ask says why and is not kept: the next look asks again', async () => {
    const { link, asked, connect } = linked(async () => {
      throw new ApiError({ kind: 'server', status: 503, message: 'The service is busy (HTTP 503).' })
    })
    connect()
    const failed = await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(failed).toEqual({
      symbol: 'XOMon',
      available: true,
      dividends: null,
      problem: 'The service is busy (HTTP 503).',
    })
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(asked).toEqual(['dividends XOMon', 'dividends XOMon'])
  })
})

describe('ServiceStatusLink and the open detail', () => {
  it("a pause stops the detail's capacity asks, its end resumes them; a refresh, at the floor", async () => {
    const { link, asked, statusAsked, connect, after } = linked()
    connect()
    link.start()
    link.setPaused('user', true)
    link.openDetail('XOMon')
    await after(0)
    expect(asked).toEqual([])
    expect(statusAsked).toEqual([])
    link.setPaused('user', false)
    await after(0)
    expect(asked).toEqual(['capacity XOMon buy', 'capacity XOMon sell'])
    link.refreshCapacity()
    await after(15_000)
    expect(asked).toHaveLength(4)
    await link.stop()
  })
})

describe('ServiceStatusLink: the status it tells, and stopping', () => {
  it('a status poll that changes the state tells the window; the same answers later do not', async () => {
    const { link, statusAsked, told, connect, after } = linked()
    connect()
    link.start()
    await after(0)
    expect(statusAsked).toEqual(['marketStatus', 'assetPauses'])
    expect(link.state().market.source).toBe('service')
    const toldAfterFirstPoll = told.count
    expect(toldAfterFirstPoll).toBeGreaterThan(0)
    await after(60_000)
    expect(statusAsked).toHaveLength(4)
    expect(told.count).toBe(toldAfterFirstPoll)
    await link.stop()
  })

  it('watching a symbol the service lists a pause for tells the window', async () => {
    const pause = scheduledPause('XOMon', NOW + 3_600_000, NOW + 7_200_000, { reason: 'cash_dividend' })
    const { link, told, connect, after } = linked(undefined, { pauses: [pause] })
    connect()
    link.start()
    await after(0)
    const before = told.count
    link.setWatched(['XOMon', 'CVXon'])
    expect(told.count).toBe(before + 1)
    expect(Object.keys(link.state().pauses ?? {})).toEqual(['XOMon'])
    await link.stop()
  })

  it('hidden from the start: the status is asked every five minutes, not every minute', async () => {
    const { link, statusAsked, connect, after } = linked()
    connect()
    link.setHidden(true)
    link.start()
    await after(0)
    expect(statusAsked).toHaveLength(2)
    await after(60_000)
    expect(statusAsked).toHaveLength(2)
    await link.stop()
  })

  it('stop ends the status polls and the capacity asks', async () => {
    const { link, asked, statusAsked, connect, after } = linked()
    connect()
    link.start()
    link.openDetail('XOMon')
    await after(0)
    expect(statusAsked).toHaveLength(2)
    expect(asked).toHaveLength(2)
    await link.stop()
    await after(5 * 60_000)
    expect(statusAsked).toHaveLength(2)
    expect(asked).toHaveLength(2)
  })
})

describe('ServiceStatusLink: what the service is said to publish, per connection', () => {
  it('an available capacity answer says the service publishes it; an unavailable one does not', async () => {
    for (const capacityAvailable of [true, false]) {
      const { link, connect, after } = linked(undefined, { capacityAvailable })
      connect()
      link.start()
      link.openDetail('XOMon')
      await after(0)
      expect(link.state().publishes.tradingCapacity).toBe(capacityAvailable ? true : null)
      await link.stop()
    }
  })

  it('a new connection forgets the kept dividends and what the old one answered', async () => {
    const { link, asked, connect } = linked()
    connect()
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(link.state().publishes.dividends).toBe(true)
    connect()
    expect(link.state().publishes.dividends).toBeNull()
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(asked).toEqual(['dividends XOMon', 'dividends XOMon'])
  })

  it("the old connection's late dividends answer is not kept for the new one", async () => {
    let answerOld: (value: unknown) => void = () => undefined
    let calls = 0
    const { link, asked, connect } = linked(() =>
      calls++ === 0
        ? new Promise((resolve) => (answerOld = resolve))
        : Promise.resolve({ available: true, value: XOM_DIVIDENDS }),
    )
    connect()
    const late = link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    connect()
    answerOld({ available: true, value: XOM_DIVIDENDS })
    await late
    await link.dividends('XOMon', DIVIDENDS_DETAIL_MAX_AGE_MS)
    expect(asked).toEqual(['dividends XOMon', 'dividends XOMon'])
  })
})
