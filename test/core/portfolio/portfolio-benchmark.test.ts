import { describe, expect, it } from 'vitest'
import { type TokenHistory, computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import { DAYS, DAY_MS, PRICES, fixtureInput, historyOf } from './portfolio-fixture'

/**
 * The two benchmarks, "had you bought the benchmark token" and "had you held the stocks", where
 * they cannot follow the portfolio's money: a sale that takes more than the benchmark then held,
 * a price the benchmark has not got. On the fixture's portfolio (portfolio-fixture.ts).
 */

const SYMBOLS = Object.keys(PRICES)

/** A benchmark token's daily history from its closes, one a fixture day from `from`. */
function benchmark(closes: string[], from = 0): TokenHistory {
  return {
    points: closes.map((close, i) => ({
      t: DAYS[from + i] as number,
      ...{ open: close, high: close, low: close, close },
      ...{ underlyingClose: null, underlyingCarried: false, multiplier: null, premium: null },
    })),
    bucketMs: DAY_MS,
    source: 'service',
    note: null,
  }
}

const STEADY = [
  '681.35',
  '684.20',
  '679.90',
  '682.45',
  '685.10',
  '683.75',
  '686.30',
  '688.05',
  '687.40',
  '689.95',
]

describe('the benchmarks where they cannot follow the money', () => {
  it('follows the money into the benchmark token when its price is known at every point', () => {
    const report = computePortfolio(fixtureInput({ benchmark: benchmark(STEADY) }))
    expect(report.notes.some((note) => note.startsWith('Had you bought SPYon'))).toBe(false)
    expect(report.benchmarkSeries.every((point) => point.token !== null)).toBe(true)
  })

  it('empties the benchmark token where a sale takes more than it then held, and says so', () => {
    // SPYon halves on Tuesday 10 March: TSLAon's sale on the 11th (20 at 244.10, less 0.99) takes
    // 4,881.01, more than the SPYon bought with the portfolio's money is then worth.
    const halved = [...STEADY.slice(0, 6), '340.60', '341.25', '342.10', '343.05']
    const report = computePortfolio(fixtureInput({ benchmark: benchmark(halved) }))
    expect(report.notes).toContain('Had you bought SPYon: a sale took more than it then held.')
    // Nothing held after the sale on the 11th; AAPLon's buy on the 12th (104.10) buys it again.
    expect(report.benchmarkSeries[7]?.token).toBe('0.0000000000')
    expect(report.benchmarkSeries[8]?.token).not.toBe('0.0000000000')
  })

  it('draws no benchmark token where it has no price at a point that needs one, and says so', () => {
    const report = computePortfolio(fixtureInput({ benchmark: benchmark(STEADY.slice(2), 2) }))
    expect(report.notes).toContain('Had you bought SPYon: it has no price at every point of the range.')
    expect(report.benchmarkSeries.every((point) => point.token === null)).toBe(true)
    expect(report.figures.benchmark.token).toBeNull()
  })

  it('draws no benchmark token where its price is 0 at a point that needs one (nothing to buy with)', () => {
    // SPYon quoted at 0 on Thursday 5 March, the day of AAPLon's buy t4.
    const zero = STEADY.map((close, i) => (i === 3 ? '0' : close))
    const report = computePortfolio(fixtureInput({ benchmark: benchmark(zero) }))
    expect(report.notes).toContain('Had you bought SPYon: it has no price at every point of the range.')
    expect(report.figures.benchmark.token).toBeNull()
  })

  it("says where a sale took more than the token's stock then held, had the stocks been held", () => {
    // TSLAon's stock falls to 198.40 on the 11th while the token sells at 244.10: the stock
    // bought with the same money is then worth less than the sale's proceeds.
    const history = historyOf('TSLAon')
    const points = history.points.map((point, i) =>
      i === 7 ? { ...point, underlyingClose: '198.40' } : point,
    )
    const histories = new Map(SYMBOLS.map((s) => [s, s === 'TSLAon' ? { ...history, points } : historyOf(s)]))
    const report = computePortfolio(fixtureInput({ histories }))
    expect(report.notes).toContain(
      'Had you held the stocks: a sale of TSLAon took more than its stock then held.',
    )
  })

  it("draws no stocks benchmark where a token's stock price is unknown, and says so", () => {
    const history = historyOf('NVDAon')
    const points = history.points.map((point, i) => (i === 7 ? { ...point, underlyingClose: null } : point))
    const histories = new Map(SYMBOLS.map((s) => [s, s === 'NVDAon' ? { ...history, points } : historyOf(s)]))
    const report = computePortfolio(fixtureInput({ histories }))
    expect(report.notes).toContain(
      "Had you held the stocks: NVDAon's stock price is unknown, so it cannot be said.",
    )
    expect(report.figures.benchmark.stocks).toBeNull()
  })
})

describe('the benchmarks whatever the decimals prices are written with', () => {
  it('follows the same money to the same 10 decimals where every price is written with 30 decimals', () => {
    // The stocks' and the benchmark token's closes with 28 zeros more: the same values, held at
    // 10^-30 (and the fair values at 10^-34). The holdings are truncated 60 places past a share.
    const zeros = '0'.repeat(28)
    const padded = (history: TokenHistory): TokenHistory => ({
      ...history,
      points: history.points.map((point) => ({
        ...point,
        close: point.close + zeros,
        underlyingClose: point.underlyingClose === null ? null : point.underlyingClose + zeros,
      })),
    })
    const plain = computePortfolio(fixtureInput({ benchmark: benchmark(STEADY) }))
    const long = computePortfolio(
      fixtureInput({
        histories: new Map(SYMBOLS.map((symbol) => [symbol, padded(historyOf(symbol))])),
        benchmark: padded(benchmark(STEADY)),
      }),
    )
    expect(long.benchmarkSeries).toEqual(plain.benchmarkSeries)
    expect(long.figures.benchmark).toEqual(plain.figures.benchmark)
    expect(plain.benchmarkSeries.every((point) => point.stocks !== null && point.token !== null)).toBe(true)
    expect(long.series).toEqual(plain.series)
  })
})
