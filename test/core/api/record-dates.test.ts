import { describe, expect, it } from 'vitest'
import { sendJson, useLoopbackClient } from './api-client.fixtures'

/**
 * Records the service cannot have measured: dated before 2000 or more than a day after it
 * answered. A candle of 9999-12-31 would otherwise be the chart's latest close; each is left out
 * and counted with why, the others kept.
 */

/** Monday 16 November 2026, 10:00 ET: when the answers below were received. */
const MONDAY_10_00_ET = Date.UTC(2026, 10, 16, 15, 0)
const HOUR = 3_600_000
const loopback = useLoopbackClient({ now: () => MONDAY_10_00_ET })

function candle(timestamp: number, close: string) {
  return { timestamp, open: '120.20', high: '121.35', low: '119.80', close }
}

describe('records dated where the service cannot have measured them', () => {
  it('candles of 9999-12-31, of 1970 and a day and a minute ahead are left out and counted', async () => {
    const dayAndAMinute = MONDAY_10_00_ET + 24 * HOUR + 60_000
    loopback.server.handle = (_req, res) =>
      sendJson(res, 200, {
        interval: '1hour',
        range: '1month',
        primaryMarket: {
          symbol: 'AAPLon',
          data: [
            candle(MONDAY_10_00_ET - HOUR, '120.95'),
            candle(Date.UTC(9999, 11, 31), '999999.99'),
            candle(dayAndAMinute, '130.10'),
            candle(MONDAY_10_00_ET, '121.10'),
          ],
        },
        underlyingMarket: { ticker: 'AAPL', data: [candle(1, '100.10'), candle(MONDAY_10_00_ET, '121.05')] },
      })
    const answer = await loopback.client.candles('AAPLon', '1hour', '1month')
    if (!answer.available) throw new Error('the candles were not read')
    expect(answer.value.token.map((c) => c.close)).toEqual(['120.95', '121.10'])
    expect(answer.value.stock.map((c) => c.close)).toEqual(['121.05'])
    expect(answer.value.rejected).toEqual([
      // In time order, as the candles are read.
      { symbol: 'AAPLon', reason: `dated ${new Date(dayAndAMinute).toISOString()}, more than a day ahead` },
      { symbol: 'AAPLon', reason: 'dated 9999-12-31T00:00:00.000Z, more than a day ahead' },
      { symbol: 'AAPLon', reason: 'dated 1970-01-01T00:00:01.000Z, before 2000' },
    ])
  })

  it('a multiplier change dated 9999 is left out and counted', async () => {
    loopback.server.handle = (_req, res) =>
      sendJson(res, 200, {
        history: [
          { sharesMultiplier: '1.0000', changeTimestamp: MONDAY_10_00_ET - 30 * 24 * HOUR },
          { sharesMultiplier: '3.5000', changeTimestamp: Date.UTC(9999, 11, 31) },
        ],
      })
    const answer = await loopback.client.multiplierHistory('AAPLon', 'all')
    if (!answer.available) throw new Error('the multiplier history was not read')
    expect(answer.value.steps.map((step) => step.value)).toEqual(['1.0000'])
    expect(answer.value.rejected).toEqual([
      { symbol: 'AAPLon', reason: expect.stringMatching(/^dated 9999-12-31.*ahead$/) },
    ])
  })

  it('a market status dated 1969 or two days ahead is no reading of the market', async () => {
    for (const timestamp of ['1969-12-31T23:00:00Z', '2026-11-18T15:00:00Z']) {
      loopback.server.handle = (_req, res) =>
        sendJson(res, 200, {
          timestamp,
          isOpen: true,
          marketStatus: 'regular',
          nextClose: '2026-11-16T20:59:00Z',
        })
      await expect(loopback.client.marketStatus()).rejects.toMatchObject({
        kind: 'invalid-response',
        message: expect.stringMatching(
          /the market status answer is invalid \(timestamp: .*(before 2000|a day ahead)\)/,
        ),
      })
    }
  })
})
