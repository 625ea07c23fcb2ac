import { describe, expect, it } from 'vitest'
import { parseLimitsResponse } from '../../src/main/core/api/wire/wire-parse'
import {
  parseAssetPausesResponse,
  parseDividendsResponse,
  parseMarketStatusResponse,
  parseTradingCapacityResponse,
} from '../../src/main/core/api/wire/wire-status-parse'

/**
 * The endpoints beyond the spec, read as real-service-notes.md documents them ("Beyond the spec"):
 * every documented reading accepted, and each item of the "Bad input and faults".
 */

const MARKET_EXAMPLE = {
  timestamp: '2025-08-20T21:03:02Z',
  isOpen: true,
  marketStatus: 'postmarket',
  nextOpenSession: 'overnight',
  offhours: { isOpen: false, nextOpen: '2026-06-19T00:05:00Z', nextClose: '2026-06-21T23:55:00Z' },
  nextOpen: '2025-08-21T00:05:00Z',
  nextClose: '2025-08-20T23:59:00Z',
  reason: null,
}

const XOM_EARNINGS = {
  symbol: 'XOMon',
  status: 'upcoming',
  type: 'scheduled',
  reason: { code: 'ASSET_LIMITED', message: 'earnings', documentation: 'https://docs.example.invalid' },
  start: '2026-01-30T10:00:00Z',
  end: '2026-01-31T00:30:00Z',
}
const TIP_DIVIDEND = {
  symbol: 'TIPon',
  status: 'upcoming',
  type: 'scheduled',
  reason: { code: 'ASSET_PAUSED', message: 'cash_dividend', documentation: 'https://docs.example.invalid' },
  start: '2026-02-02T00:50:00Z',
  end: '2026-02-03T01:00:00Z',
  eventId: 'evt-1',
  updateSharesMultiplier: true,
}

const CAPACITY_EXAMPLE = {
  timestamp: 1746655938000,
  symbol: 'AAPLon',
  side: 'buy',
  maxTokens: '100.000000000000000000',
  maxNotionalValue: '1234.560000000000000000',
  remainingAttestations: '3',
  isAssetTradingOpen: false,
  reason: { message: 'Weekend/Holiday', documentation: 'https://docs.ondo.finance/', code: 'MARKET_CLOSED' },
}

/** When the example was answered: a minute after its own timestamp. */
const ANSWERED_AT = Date.UTC(2025, 7, 20, 21, 4, 2)

describe('market status', () => {
  it(
    'refuses a status dated before 2000 or more than a day ahead ' +
      'of its answer, a pause starting in 1969',
    () => {
      const of1969 = { ...MARKET_EXAMPLE, timestamp: '1969-12-31T23:59:59Z' }
      expect(parseMarketStatusResponse(of1969, ANSWERED_AT).rejected).toEqual([
        { symbol: null, reason: expect.stringMatching(/timestamp: 1969-12-31T23:59:59Z is before 2000/) },
      ])
      const ahead = { ...MARKET_EXAMPLE, timestamp: '2025-08-21T21:04:03Z' }
      expect(parseMarketStatusResponse(ahead, ANSWERED_AT)).toEqual({
        records: [],
        rejected: [
          { symbol: null, reason: 'timestamp: dated 2025-08-21T21:04:03.000Z, more than a day ahead' },
        ],
      })
      const aDayAhead = { ...MARKET_EXAMPLE, timestamp: '2025-08-21T21:04:02Z' }
      expect(parseMarketStatusResponse(aDayAhead, ANSWERED_AT).records).toHaveLength(1)
      const pauses = parseAssetPausesResponse([
        { symbol: 'AAPLon', status: 'active', type: 'unscheduled', start: '1969-07-20T20:17:40Z' },
        {
          symbol: 'TSLAon',
          status: 'upcoming',
          type: 'scheduled',
          start: '2025-08-27T23:50:00Z',
          end: '2025-08-28T00:10:00Z',
        },
      ])
      expect(pauses.records.map((pause) => pause.symbol)).toEqual(['TSLAon'])
      expect(pauses.rejected).toEqual([{ symbol: 'AAPLon', reason: expect.stringMatching(/before 2000/) }])
    },
  )

  it('reads the documentation example, its ISO times as Unix ms', () => {
    const { records, rejected } = parseMarketStatusResponse(MARKET_EXAMPLE, ANSWERED_AT)
    expect(rejected).toEqual([])
    expect(records[0]).toMatchObject({
      timestamp: Date.UTC(2025, 7, 20, 21, 3, 2),
      nextOpen: Date.UTC(2025, 7, 21, 0, 5),
      nextClose: Date.UTC(2025, 7, 20, 23, 59),
      offhours: { isOpen: false, nextOpen: Date.UTC(2026, 5, 19, 0, 5) },
    })
  })

  it('takes both readings of off-hours, an offset zone, and keeps an unknown status word as sent', () => {
    const offhours = {
      ...MARKET_EXAMPLE,
      isOpen: false,
      marketStatus: 'offhours',
      offhours: { isOpen: true },
    }
    const closed = { ...MARKET_EXAMPLE, isOpen: false, marketStatus: 'closed', offhours: { isOpen: true } }
    const halted = { ...MARKET_EXAMPLE, marketStatus: 'Halted', timestamp: '2025-08-20T17:03:02-04:00' }
    expect(parseMarketStatusResponse(offhours, ANSWERED_AT).records[0]?.marketStatus).toBe('offhours')
    expect(parseMarketStatusResponse(closed, ANSWERED_AT).records[0]?.offhours?.isOpen).toBe(true)
    expect(parseMarketStatusResponse(halted, ANSWERED_AT).records[0]).toMatchObject({
      marketStatus: 'Halted',
      timestamp: Date.UTC(2025, 7, 20, 21, 3, 2),
    })
  })

  it('refuses an ISO time without a zone (ambiguous), with the record', () => {
    const { records, rejected } = parseMarketStatusResponse(
      { ...MARKET_EXAMPLE, nextOpen: '2025-08-21T00:05:00' },
      ANSWERED_AT,
    )
    expect(records).toEqual([])
    expect(rejected[0]?.reason).toMatch(/^nextOpen: not an ISO-8601 time with a zone/)
  })
})

describe('asset pauses', () => {
  it('reads both documentation examples', () => {
    const { records, rejected } = parseAssetPausesResponse([XOM_EARNINGS, TIP_DIVIDEND])
    expect(rejected).toEqual([])
    expect(records.map((pause) => [pause.symbol, pause.reason?.code, pause.updateSharesMultiplier])).toEqual([
      ['XOMon', 'ASSET_LIMITED', undefined],
      ['TIPon', 'ASSET_PAUSED', true],
    ])
    expect(records[1]?.end).toBe(Date.UTC(2026, 1, 3, 1, 0))
  })

  it('keeps unknown words and a pause with no start or end; one bad record degrades only itself', () => {
    const unscheduled = {
      symbol: 'AAPLon',
      status: 'active',
      type: 'unscheduled',
      reason: { code: 'ASSET_HALT', message: 'Reg_SHO' },
    }
    const backwards = {
      ...XOM_EARNINGS,
      symbol: 'BADon',
      start: '2026-01-31T00:30:00Z',
      end: '2026-01-30T10:00:00Z',
    }
    const noZone = { ...TIP_DIVIDEND, symbol: 'NOZon', start: '2026-02-02T00:50:00' }
    const { records, rejected } = parseAssetPausesResponse([unscheduled, backwards, XOM_EARNINGS, noZone])
    expect(records.map((pause) => pause.symbol)).toEqual(['AAPLon', 'XOMon'])
    expect(records[0]).toMatchObject({
      type: 'unscheduled',
      reason: { code: 'ASSET_HALT', message: 'Reg_SHO' },
    })
    expect(records[0]?.start).toBeUndefined()
    expect(rejected).toEqual([
      { symbol: 'BADon', reason: 'end: the pause ends before it starts' },
      { symbol: 'NOZon', reason: expect.stringMatching(/^start: not an ISO-8601 time with a zone/) },
    ])
  })

  it('an answer that is not an array is not an answer', () => {
    expect(() => parseAssetPausesResponse(XOM_EARNINGS)).toThrow(/expected a JSON array/)
  })
})

describe('trading capacity', () => {
  it('reads the documentation example for the symbol and side asked', () => {
    const { records, rejected } = parseTradingCapacityResponse(CAPACITY_EXAMPLE, {
      symbol: 'AAPLon',
      side: 'buy',
    })
    expect(rejected).toEqual([])
    expect(records[0]).toMatchObject({ maxTokens: '100.000000000000000000', remainingAttestations: '3' })
  })

  it('rejects an answer about another symbol or side than asked', () => {
    expect(parseTradingCapacityResponse(CAPACITY_EXAMPLE, { symbol: 'TSLAon', side: 'buy' })).toEqual({
      records: [],
      rejected: [{ symbol: 'AAPLon', reason: 'asked for TSLAon buy, the answer is about AAPLon buy' }],
    })
    expect(
      parseTradingCapacityResponse(CAPACITY_EXAMPLE, { symbol: 'AAPLon', side: 'sell' }).records,
    ).toEqual([])
  })

  it('keeps an unknown reason code, refuses a count that is not a whole number', () => {
    const redeemOnly = { ...CAPACITY_EXAMPLE, reason: { code: 'ASSET_REDEEM_ONLY', message: 'x' } }
    expect(
      parseTradingCapacityResponse(redeemOnly, { symbol: 'AAPLon', side: 'buy' }).records[0]?.reason?.code,
    ).toBe('ASSET_REDEEM_ONLY')
    const fractional = { ...CAPACITY_EXAMPLE, remainingAttestations: '2.5' }
    expect(parseTradingCapacityResponse(fractional, { symbol: 'AAPLon', side: 'buy' }).rejected).toHaveLength(
      1,
    )
  })
})

describe('dividends', () => {
  const dividends = {
    ticker: 'AAPL',
    dividendYield: '0.0245',
    payoutFrequency: 'quarterly',
    lastCashAmount: '0.26',
    lastPaymentDate: '2025-11-13',
    timestamp: 1763500000000,
  }

  it('reads the fields, `yearly` as well as the enum, the yield as the exact fraction sent', () => {
    expect(parseDividendsResponse(dividends).records[0]).toMatchObject({ dividendYield: '0.0245' })
    expect(
      parseDividendsResponse({ ...dividends, payoutFrequency: 'yearly' }).records[0]?.payoutFrequency,
    ).toBe('yearly')
  })

  it('refuses a payment date that is not YYYY-MM-DD', () => {
    expect(
      parseDividendsResponse({ ...dividends, lastPaymentDate: '11/13/2025' }).rejected[0]?.reason,
    ).toMatch(/^lastPaymentDate: not a YYYY-MM-DD date/)
  })
})

describe('session limits', () => {
  it(
    'accepts the limits object wrapped in a one-element array, as ' + 'both documentation examples send it',
    () => {
      const limit = { tradable: true, maxAttestationCount: '500', maxActiveNotionalValue: '200000' }
      const wrapped = [{ limits: [{ symbol: 'AAPLon', regular: limit }], timestamp: 1746655938000 }]
      expect(parseLimitsResponse(wrapped).records[0]).toMatchObject({ symbol: 'AAPLon', regular: limit })
    },
  )
})
