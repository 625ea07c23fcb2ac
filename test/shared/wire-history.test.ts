import { describe, expect, it } from 'vitest'
import {
  parseCandlesResponse,
  parseMultiplierHistoryResponse,
} from '../../src/main/core/api/wire/wire-history'

/** The history answers read record by record: a bad candle or change degrades only itself. */

const MONDAY_00_UTC = Date.UTC(2026, 10, 16)
const DAY = 86_400_000
const candle = (i: number, close = '100.5') => ({
  timestamp: MONDAY_00_UTC + i * DAY,
  open: '100',
  high: '101',
  low: '99.5',
  close,
})

describe('candles', () => {
  it('keeps every good candle exactly as sent, leaves out and counts each bad one', () => {
    const answer = parseCandlesResponse({
      interval: '1day',
      range: '1month',
      primaryMarket: {
        symbol: 'AAPLon',
        data: [
          candle(0),
          candle(1, 'abc'),
          { ...candle(2), high: '98' },
          candle(3, '100.123456789012345678'),
          null,
        ],
      },
      underlyingMarket: { ticker: 'AAPL', data: [candle(0), { ...candle(1), timestamp: 'x' }] },
    })
    expect(answer.token.map((c) => [c.t, c.close])).toEqual([
      [MONDAY_00_UTC, '100.5'],
      [MONDAY_00_UTC + 3 * DAY, '100.123456789012345678'],
    ])
    expect(answer.stock).toHaveLength(1)
    expect(answer.rejected).toHaveLength(4)
    expect(answer.rejected.map((r) => r.reason).join(' ')).toMatch(/low above high/)
  })

  it('times in seconds become ms; candles out of order are put in order', () => {
    const answer = parseCandlesResponse({
      interval: '1day',
      range: 'all',
      primaryMarket: {
        symbol: 'AAPLon',
        data: [candle(2), { ...candle(1), timestamp: (MONDAY_00_UTC + DAY) / 1000 }],
      },
      underlyingMarket: { ticker: 'AAPL', data: [] },
    })
    expect(answer.token.map((c) => c.t)).toEqual([MONDAY_00_UTC + DAY, MONDAY_00_UTC + 2 * DAY])
  })

  it('a token without a stock side: no stock candles and nothing rejected', () => {
    for (const underlyingMarket of [null, undefined])
      expect(
        parseCandlesResponse({
          interval: '1day',
          range: '1month',
          primaryMarket: { symbol: 'SPYon', data: [candle(0)] },
          underlyingMarket,
        }),
      ).toEqual({
        interval: '1day',
        range: '1month',
        symbol: 'SPYon',
        ticker: null,
        token: [{ t: MONDAY_00_UTC, open: '100', high: '101', low: '99.5', close: '100.5' }],
        stock: [],
        rejected: [],
      })
  })

  it('an answer that is not a candles answer is a shape error', () => {
    expect(() => parseCandlesResponse([])).toThrow(/candles response/)
    expect(() =>
      parseCandlesResponse({ interval: '1day', range: 'all', primaryMarket: { data: [] } }),
    ).toThrow()
  })
})

describe('multiplier history', () => {
  it('sorts the changes oldest first, rejects a zero or negative multiplier with its record', () => {
    const answer = parseMultiplierHistoryResponse({
      history: [
        { sharesMultiplier: '10.000000000000000000', changeTimestamp: MONDAY_00_UTC + 2 * DAY },
        { sharesMultiplier: '0.000000000000000000', changeTimestamp: MONDAY_00_UTC + DAY },
        { sharesMultiplier: '-1.0', changeTimestamp: MONDAY_00_UTC + 3 * DAY },
        { sharesMultiplier: '1.000000000000000000', changeTimestamp: MONDAY_00_UTC },
      ],
      timestamp: MONDAY_00_UTC + 3 * DAY,
    })
    expect(answer.steps).toEqual([
      { t: MONDAY_00_UTC, value: '1.000000000000000000' },
      { t: MONDAY_00_UTC + 2 * DAY, value: '10.000000000000000000' },
    ])
    expect(answer.rejected).toHaveLength(2)
  })

  it('an answer that is not a history is a shape error that says what was wrong', () => {
    expect(() => parseMultiplierHistoryResponse({})).toThrow(
      /^multiplier history response: Invalid input: expected array, received undefined$/,
    )
    expect(() => parseMultiplierHistoryResponse([])).toThrow(
      /^multiplier history response: .*expected object/,
    )
  })
})
