import { describe, expect, it } from 'vitest'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import { DAYS, LEDGER, fixtureInput, historyOf } from './portfolio-fixture'

/**
 * Which ranges give the Holdings chart's empty report (issue #49, bad input: "a range with no
 * holdings"), on the fixture's portfolio and fixed market time (portfolio-fixture.ts). Every range
 * ends now, and the tab shows only while something is held now, so the two real ways in are a
 * range that starts after everything was sold, and tokens held with no price in the range at all.
 */

/** TSLAon alone (bought on 4 March, sold on 11 March) over a week whose candles start at day `from`. */
const tslaWeekFrom = (from: number) =>
  computePortfolio(
    fixtureInput({
      range: '1w',
      transactions: LEDGER.filter((tx) => tx.symbol === 'TSLAon'),
      histories: new Map([['TSLAon', historyOf('TSLAon', from)]]),
    }),
  )

describe('the portfolio over a range with nothing held (issue #49)', () => {
  it('is empty over a week that starts after everything was sold', () => {
    // The week's candles from 12 March on, the day after the sale.
    const report = tslaWeekFrom(8)
    expect(report.empty).toBe(true)
    expect(report.series).toEqual([])
    expect(report.source).toBe('service')
    expect(report.notes).toContain('Nothing was held in this range.')
  })

  it('is not empty over a week in which the sale falls', () => {
    const report = tslaWeekFrom(5)
    expect(report.empty).toBe(false)
    expect(report.series.map((point) => point.t)).toEqual(DAYS.slice(5))
    expect(report.series.at(-1)?.value).toBe('0')
  })

  it('is empty, from no prices, while tokens are held whose history is empty', () => {
    const report = computePortfolio(
      fixtureInput({
        range: '1w',
        histories: new Map([
          ['AAPLon', { ...historyOf('AAPLon'), points: [] }],
          ['NVDAon', { ...historyOf('NVDAon'), points: [] }],
        ]),
      }),
    )
    expect(report.empty).toBe(true)
    // The only thing telling this apart from "nothing was held": no history had a price.
    expect(report.source).toBe('none')
  })
})
