import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/core/api/api-errors'
import type { HistoryService } from '../../../src/main/core/history/history-service'
import { portfolioInput } from '../../../src/main/core/portfolio/portfolio-histories'
import type { HistoryPoint, HistoryRange, HistorySeries } from '../../../src/shared/history'
import { AS_OF, LEDGER, PRICES, historyOf } from './portfolio-fixture'

/**
 * What the portfolio is computed from: each token the ledger names asked of the history service
 * once, in order of symbol, then the benchmark; a token the service does not know left out, any
 * other failure passed on. The service here is a stand-in that answers from the fixture.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/** The benchmark's closes on the fixture's first two days. */
const SPY_POINTS: HistoryPoint[] = (
  [
    ['2026-03-02', '681.35'],
    ['2026-03-03', '684.20'],
  ] as const
).map(([day, close]) => ({
  ...{ t: Date.parse(`${day}T00:00:00Z`), open: close, high: close, low: close, close },
  ...{ underlyingClose: close, underlyingCarried: false, multiplier: '1', premium: null },
}))

const pointsOf = (symbol: string) => (symbol in PRICES ? historyOf(symbol).points : SPY_POINTS)

function series(symbol: string, range: HistoryRange, interval: string): HistorySeries {
  const points = [...pointsOf(symbol)]
  return {
    ...{ symbol, range, interval, source: 'both', note: 'Recorded since 2 March.' },
    ...{ points, multiplierChanges: [], rejectedCandles: 0, asOf: AS_OF },
  }
}

const unknownAsset = () =>
  new ApiError({ kind: 'not-found', status: 404, code: 'ASSET_NOT_FOUND', message: 'No such asset' })

/** A history service answering for `known` symbols with the given bucket, ApiError otherwise. */
function service(known: Record<string, string>, failure = unknownAsset) {
  const asked: string[] = []
  const history = {
    history: async (symbol: string, range: HistoryRange) => {
      asked.push(`${symbol} ${range}`)
      const interval = known[symbol]
      if (interval === undefined) throw failure()
      return series(symbol, range, interval)
    },
  } as unknown as HistoryService
  return { history, asked }
}

/** The ledger latest first: TSLAon's sale comes before NVDAon's last buy. */
const NEWEST_FIRST = [...LEDGER].reverse()
const options = { transactions: NEWEST_FIRST, method: 'fifo', range: '1m', asOf: AS_OF } as const

describe('portfolioInput: the histories the portfolio is computed from', () => {
  it('asks for each ledger token once, by symbol, then the benchmark, keeping their answers', async () => {
    const { history, asked } = service({ AAPLon: '1day', NVDAon: '1day', TSLAon: '1hour', SPYon: '1day' })
    const input = await portfolioInput({ ...options, history, benchmarkSymbol: 'SPYon' })
    expect(asked).toEqual(['AAPLon 1m', 'NVDAon 1m', 'TSLAon 1m', 'SPYon 1m'])
    expect([...input.histories.keys()]).toEqual(['AAPLon', 'NVDAon', 'TSLAon'])
    expect(input.histories.get('AAPLon')).toEqual({
      points: historyOf('AAPLon').points,
      bucketMs: DAY_MS,
      source: 'both',
      note: 'Recorded since 2 March.',
    })
    expect(input.histories.get('TSLAon')?.bucketMs).toBe(HOUR_MS)
    expect(input.benchmark?.points).toEqual(SPY_POINTS)
    expect(input).toMatchObject({ range: '1m', method: 'fifo', benchmarkSymbol: 'SPYon', asOf: AS_OF })
    expect(input.transactions).toBe(NEWEST_FIRST)
  })

  it('takes a bucket the service does not name (recorded points) as a day', async () => {
    const { history } = service({ AAPLon: 'raw', NVDAon: '1min', TSLAon: '1day', SPYon: 'raw' })
    const input = await portfolioInput({ ...options, history, benchmarkSymbol: 'SPYon' })
    expect(input.histories.get('AAPLon')?.bucketMs).toBe(DAY_MS)
    expect(input.histories.get('NVDAon')?.bucketMs).toBe(60_000)
    expect(input.benchmark?.bucketMs).toBe(DAY_MS)
  })

  it('leaves out a token the service does not know, and a benchmark it does not know', async () => {
    const { history, asked } = service({ AAPLon: '1day', TSLAon: '1day' })
    const input = await portfolioInput({ ...options, history, benchmarkSymbol: 'QQQon' })
    expect(asked).toEqual(['AAPLon 1m', 'NVDAon 1m', 'TSLAon 1m', 'QQQon 1m'])
    expect([...input.histories.keys()]).toEqual(['AAPLon', 'TSLAon'])
    expect(input.benchmark).toBeNull()
  })

  it('passes on a failure that is not about the asset (the service rate-limiting)', async () => {
    const limited = () =>
      new ApiError({ kind: 'rate-limited', status: 429, code: 'RATE_LIMITED', message: 'Slow down' })
    const { history } = service({ AAPLon: '1day' }, limited)
    await expect(portfolioInput({ ...options, history, benchmarkSymbol: 'SPYon' })).rejects.toThrow(
      'Slow down',
    )
  })
})
