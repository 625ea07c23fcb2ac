import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/main/core/api/api-client'
import { ApiError } from '../../../src/main/core/api/api-errors'
import type { Candle, CandlesAnswer, MultiplierAnswer } from '../../../src/main/core/api/wire/wire-history'
import type { Clock } from '../../../src/main/core/clock'
import { HistoryCache } from '../../../src/main/core/history/history-cache'
import { HistoryQueue } from '../../../src/main/core/history/history-queue'
import { HistoryService } from '../../../src/main/core/history/history-service'
import type { RecordedHistory, RecordedRow } from '../../../src/main/core/recording-port'

/**
 * The history service over a client the test scripts (no simulator): which pair each range asks
 * and when it falls back, what is cached under which key, where the service's points stop and the
 * recorded ones take over, the source and the note in each case, the multiplier steps kept, and
 * which failures degrade to what was recorded.
 */

/** Monday 2026-11-16 10:00 ET. */
const NOW = Date.UTC(2026, 10, 16, 15, 0)
const HOUR = 3_600_000
const DAY = 86_400_000
const clock: Clock = {
  now: () => NOW,
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: () => undefined,
}

const candle = (t: number, close: string): Candle => ({ t, open: close, high: close, low: close, close })

const answer = (token: Candle[], stock: Candle[] = [], rejected: CandlesAnswer['rejected'] = []) => ({
  interval: 'ignored',
  range: 'ignored',
  symbol: 'AAPLon',
  ticker: 'AAPL',
  token,
  stock,
  rejected,
})

type Reply<T> = { available: true; value: T } | { available: false }
interface Script {
  missing?: boolean
  candles?: (interval: string, range: string) => Reply<CandlesAnswer>
  multiplier?: () => Reply<MultiplierAnswer>
}

const STEPS: MultiplierAnswer = {
  steps: [
    { t: NOW - 60 * DAY, value: '1.000000000000000000' },
    { t: NOW - 2 * DAY, value: '1.000700000000000000' },
  ],
  rejected: [],
}

function scripted(script: Script) {
  const asked: string[] = []
  const client = {
    optional: { isMissing: (endpoint: string) => endpoint === 'candles' && script.missing === true },
    candles: async (symbol: string, interval: string, range: string) => {
      asked.push(`${symbol} ${interval}/${range}`)
      if (!script.candles) throw new Error('no candles scripted')
      return script.candles(interval, range)
    },
    multiplierHistory: async (symbol: string, range: string) => {
      asked.push(`${symbol} multiplier/${range}`)
      return script.multiplier ? script.multiplier() : { available: true as const, value: STEPS }
    },
  }
  return { client: client as unknown as ApiClient, asked }
}

function service(
  client: ApiClient | null,
  recorded: (symbol: string, from: number, daily: boolean) => Promise<RecordedHistory> = async () => ({
    rows: [],
    since: null,
  }),
) {
  return new HistoryService({
    client: () => client,
    queue: new HistoryQueue({ clock, minGapMs: 0 }),
    cache: new HistoryCache(null, clock),
    clock,
    recorded,
  })
}

const row = (t: number, close: string, multiplier: string | null = '1.000700000000000000'): RecordedRow => ({
  t,
  open: close,
  high: close,
  low: close,
  close,
  underlying: '234.80',
  multiplier,
})

const ok = <T>(value: T): Reply<T> => ({ available: true, value })

describe('the history service, on a scripted client', () => {
  it('asks each range its pair, telling the recording where the range starts and if daily', async () => {
    const { client, asked } = scripted({ candles: () => ok(answer([])) })
    const calls: [string, number, boolean][] = []
    const history = service(client, async (symbol, from, daily) => {
      calls.push([symbol, from, daily])
      return { rows: [], since: null }
    })
    for (const range of ['1d', '1w', '1m', '3m', '6m', '1y', 'all'] as const) {
      const series = await history.history('AAPLon', range)
      // No candle at all, none rejected: nothing to say.
      expect([series.note, series.source, series.rejectedCandles]).toEqual([null, 'recorded', 0])
      expect([range, series.interval, series.asOf, series.range, series.symbol]).toEqual([
        range,
        { '1d': '5min', '1w': '1hour', '1m': '1hour', '3m': '1day', '6m': '1day', '1y': '1day', all: '1day' }[
          range
        ],
        NOW,
        range,
        'AAPLon',
      ])
    }
    expect(asked).toEqual([
      'AAPLon 5min/1day',
      'AAPLon multiplier/all',
      'AAPLon 1hour/1month',
      'AAPLon 1day/3month',
      'AAPLon 1day/6month',
      'AAPLon 1day/1year',
      'AAPLon 1day/all',
    ])
    expect(calls).toEqual([
      ['AAPLon', NOW - DAY, false],
      ['AAPLon', NOW - 7 * DAY, false],
      ['AAPLon', NOW - 30 * DAY, false],
      ['AAPLon', NOW - 91 * DAY, true],
      ['AAPLon', NOW - 182 * DAY, true],
      ['AAPLon', NOW - 365 * DAY, true],
      ['AAPLon', 0, true],
    ])
  })

  it('keeps the points and steps from the range start on, and counts the candles rejected', async () => {
    // The range starts at NOW - 30 days exactly: a candle there is in it, one an hour before not.
    const token = [
      candle(NOW - 40 * DAY, '230.10'),
      candle(NOW - 30 * DAY - HOUR, '231.10'),
      candle(NOW - 30 * DAY, '231.20'),
      candle(NOW - 3 * DAY, '235.10'),
      candle(NOW - HOUR, '235.20'),
    ]
    const stock = [candle(NOW - 3 * DAY, '234.80')]
    const rejected = [{ symbol: 'AAPLon', reason: 'high below low' }]
    const { client } = scripted({ candles: () => ok(answer(token, stock, rejected)) })
    const series = await service(client).history('AAPLon', '1m')
    expect(series).toMatchObject({ source: 'service', note: null, rejectedCandles: 1, interval: '1hour' })
    expect(series.points.map((p) => [p.t, p.close, p.underlyingClose, p.multiplier])).toEqual([
      [NOW - 30 * DAY, '231.20', null, '1.000000000000000000'],
      [NOW - 3 * DAY, '235.10', '234.80', '1.000000000000000000'],
      [NOW - HOUR, '235.20', '234.80', '1.000700000000000000'],
    ])
    expect(series.multiplierChanges).toEqual([
      { t: NOW - 2 * DAY, from: '1.000000000000000000', to: '1.000700000000000000' },
    ])
  })

  it('a range the service has no candle in: no service point, the recorded ones shown', async () => {
    const { client } = scripted({ candles: () => ok(answer([candle(NOW - 40 * DAY, '230.10')])) })
    // The week starts at NOW - 7 days exactly: a row there is in it.
    const rows = [
      row(NOW - 7 * DAY, '233.10'),
      row(NOW - 10 * 60_000, '235.30'),
      row(NOW - 5 * 60_000, '235.40'),
    ]
    const series = await service(client, async () => ({ rows, since: NOW - 8 * DAY })).history('AAPLon', '1w')
    expect(series.source).toBe('recorded')
    expect(series.note).toBeNull()
    expect(series.points.map((p) => [p.t, p.close])).toEqual([
      [NOW - 7 * DAY, '233.10'],
      [NOW - HOUR, '235.40'],
    ])
  })

  it("the recorded rows after the service's last point join on, on the service's multiplier", async () => {
    const { client } = scripted({
      candles: () => ok(answer([candle(NOW - 2 * HOUR, '235.10')], [candle(NOW - 2 * HOUR, '234.80')])),
    })
    // The recording's own multiplier lags the service's: the service's steps are the ones used.
    const rows = [
      row(NOW - 8 * DAY, '230.00', '1.000000000000000000'),
      row(NOW - 2 * HOUR + 60_000, '235.15', '1.000000000000000000'),
      row(NOW - HOUR + 60_000, '235.25', null),
    ]
    const series = await service(client, async () => ({ rows, since: NOW - 9 * DAY })).history('AAPLon', '1w')
    expect(series.source).toBe('both')
    expect(series.points.map((p) => [p.t, p.close, p.multiplier])).toEqual([
      [NOW - 2 * HOUR, '235.10', '1.000700000000000000'],
      [NOW - HOUR, '235.25', '1.000700000000000000'],
    ])
  })

  it('answers are cached per symbol and pair; the multiplier history once per symbol', async () => {
    const { client, asked } = scripted({ candles: () => ok(answer([candle(NOW - HOUR, '235.10')])) })
    const history = service(client)
    await history.history('AAPLon', '1m')
    await history.history('AAPLon', '1w')
    await history.history('AAPLon', '1d')
    await history.history('NVDAon', '1m')
    expect(asked).toEqual([
      'AAPLon 1hour/1month',
      'AAPLon multiplier/all',
      'AAPLon 5min/1day',
      'NVDAon 1hour/1month',
      'NVDAon multiplier/all',
    ])
  })

  it('3M on a service refusing 1day/3month with a 400: a slice of 1day/1year', async () => {
    const { client, asked } = scripted({
      candles: (interval, range) => {
        if (range === '3month')
          throw new ApiError({ kind: 'invalid-request', status: 400, message: 'Bad pair' })
        return ok(answer([candle(NOW - 100 * DAY, '220.10'), candle(NOW - 10 * DAY, '230.10')]))
      },
    })
    const series = await service(client).history('AAPLon', '3m')
    expect(asked).toEqual(['AAPLon 1day/3month', 'AAPLon 1day/1year', 'AAPLon multiplier/all'])
    expect(series.interval).toBe('1day')
    expect(series.points.map((p) => p.t)).toEqual([NOW - 10 * DAY])
  })

  it('no fallback for another failure, nor for a range without one: what was recorded, said', async () => {
    const failing = (status: number) =>
      scripted({
        candles: () => {
          throw new ApiError({
            kind: status === 400 ? 'invalid-request' : 'server',
            status,
            message: `HTTP ${status}`,
          })
        },
      })
    const rows = [row(NOW - HOUR, '235.40')]
    const recorded = async () => ({ rows, since: NOW - DAY })
    const busy = failing(503)
    const series = await service(busy.client, recorded).history('AAPLon', '3m')
    expect(busy.asked).toEqual(['AAPLon 1day/3month'])
    expect(series).toMatchObject({
      source: 'recorded',
      interval: '1day',
      rejectedCandles: 0,
      note: "The service's history could not be fetched (HTTP 503); shown: what Tokenwatch recorded.",
    })
    expect(series.points.map((p) => p.close)).toEqual(['235.40'])
    const refused = failing(400)
    await service(refused.client, recorded).history('AAPLon', '1m')
    expect(refused.asked).toEqual(['AAPLon 1hour/1month'])
  })

  it('a thrown non-error is said as text; an unknown symbol is thrown as the asker’s mistake', async () => {
    const { client } = scripted({
      candles: () => {
        throw 'socket closed' as unknown as Error
      },
    })
    expect((await service(client).history('AAPLon', '1w')).note).toBe(
      "The service's history could not be fetched (socket closed); shown: what Tokenwatch recorded.",
    )
    const unknown = scripted({
      candles: () => {
        throw new ApiError({
          kind: 'not-found',
          status: 404,
          code: 'ASSET_NOT_FOUND',
          message: 'No such asset',
        })
      },
    })
    await expect(service(unknown.client).history('ZZZZon', '1w')).rejects.toThrow('No such asset')
  })

  it('a missing candle endpoint, or no client: what was recorded, on its own multiplier steps', async () => {
    // The first row is older than the week shown.
    const rows = [
      row(NOW - 8 * DAY, '230.10', '1.000000000000000000'),
      row(NOW - 3 * DAY, '235.10', '1.000000000000000000'),
      row(NOW - HOUR, '235.40', '1.000700000000000000'),
    ]
    const recorded = async () => ({ rows, since: NOW - 3 * DAY })
    for (const client of [scripted({ missing: true }).client, null]) {
      const series = await service(client, recorded).history('AAPLon', '1w')
      expect(series).toMatchObject({ source: 'recorded', interval: '1hour', rejectedCandles: 0 })
      expect(series.note).toMatch(
        /^This service publishes no history; Tokenwatch has been recording it since /,
      )
      expect(series.multiplierChanges).toEqual([
        { t: NOW - HOUR, from: '1.000000000000000000', to: '1.000700000000000000' },
      ])
      expect(series.points.map((p) => p.premium)).toEqual(['0.001277683134582624', '0.001854068421270358'])
    }
    const endpointGone = scripted({ candles: () => ({ available: false }) })
    const none = await service(endpointGone.client, async () => ({ rows: [], since: null })).history(
      'AAPLon',
      '1w',
    )
    expect(none.note).toBe('This service publishes no history; Tokenwatch has recorded nothing of it yet.')
    expect(endpointGone.asked).toEqual(['AAPLon 1hour/1month'])
  })

  it('a missing multiplier history: the candles without steps, no premium', async () => {
    const { client } = scripted({
      candles: () => ok(answer([candle(NOW - HOUR, '235.10')], [candle(NOW - HOUR, '234.80')])),
      multiplier: () => ({ available: false }),
    })
    const series = await service(client).history('AAPLon', '1w')
    expect(series.multiplierChanges).toEqual([])
    expect(series.points.map((p) => [p.close, p.multiplier, p.premium])).toEqual([['235.10', null, null]])
  })

  it('every candle rejected: the note counts them and gives the first reason, cleaned', async () => {
    const rejected = [
      { symbol: 'AAPLon', reason: 'high\u0007 below low\n' },
      { symbol: 'AAPLon', reason: 'no time' },
    ]
    const { client } = scripted({ candles: () => ok(answer([], [], rejected)) })
    const series = await service(client).history('AAPLon', '1w')
    expect(series.note).toBe(
      'Every candle the service sent was rejected (2, the first: high  below low); ' +
        'shown: what Tokenwatch recorded.',
    )
    expect(series.rejectedCandles).toBe(2)
  })
})
