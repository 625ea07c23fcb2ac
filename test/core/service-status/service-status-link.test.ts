import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import {
  DIVIDENDS_COLUMN_MAX_AGE_MS,
  DIVIDENDS_DETAIL_MAX_AGE_MS,
  ServiceStatusLink,
} from '../../../src/main/core/service-status/service-status-link'
import type { TradeSide } from '../../../src/shared/holdings'
import type { CapacityView } from '../../../src/shared/service-status'
import { manualClock } from '../../support/manual-clock'

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

function scriptedClient(answer: () => Promise<unknown>) {
  const asked: string[] = []
  const client = {
    optional: { missingOnes: () => [] },
    close: async () => undefined,
    dividends: async (symbol: string) => {
      asked.push(`dividends ${symbol}`)
      return answer()
    },
    tradingCapacity: async (symbol: string, side: TradeSide) => {
      asked.push(`capacity ${symbol} ${side}`)
      return { symbol, side, available: true, tradingOpen: true, maxTokens: '3.5' }
    },
  } as unknown as ApiClient
  return { client, asked }
}

function linked(answer: () => Promise<unknown> = async () => ({ available: true, value: XOM_DIVIDENDS })) {
  const time = manualClock(NOW)
  const capacity: CapacityView[] = []
  const { client, asked } = scriptedClient(answer)
  const link = new ServiceStatusLink({
    onStateChange: () => undefined,
    onStatus: () => undefined,
    onCapacity: (view) => capacity.push(view),
    log: () => undefined,
    clock: time.scheduler,
    clientFor: () => client,
  })
  const connect = () => link.connect({ baseUrl: 'http://127.0.0.1:1', apiKey: null, demo: false })
  const after = async (ms: number) => {
    time.advanceTo(time.clock.now + ms)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { link, asked, capacity, time, connect, after }
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
    const { link, asked, connect, after } = linked()
    connect()
    link.start()
    link.setPaused('user', true)
    link.openDetail('XOMon')
    await after(0)
    expect(asked).toEqual([])
    link.setPaused('user', false)
    await after(0)
    expect(asked).toEqual(['capacity XOMon buy', 'capacity XOMon sell'])
    link.refreshCapacity()
    await after(15_000)
    expect(asked).toHaveLength(4)
    await link.stop()
  })
})
