import { renderToStaticMarkup } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { PortfolioHistory } from '../../src/renderer/holdings/PortfolioHistory'
import { initialPortfolio, portfolioStore } from '../../src/renderer/holdings/portfolio-store'
import { portfolioHistoryStore } from '../../src/renderer/holdings/portfolio-history-store'
import { clockStore } from '../../src/renderer/store/clock-store'
import { computePortfolio } from '../../src/main/core/portfolio/portfolio-compute'
import type { PortfolioReport } from '../../src/shared/portfolio'
import { AS_OF, LEDGER, fixtureInput, historyOf } from '../core/portfolio/portfolio-fixture'

/**
 * What the Holdings tab's chart section says for an empty report (issue #49's "a range with no
 * holdings: said, no chart"), rendered as the page's first frame is (no browser), from reports
 * main's own code makes out of the fixture's portfolio (portfolio-empty-range.test.ts has why each
 * is empty). The tab shows only while something is held, so the stores say AAPLon is held.
 */

function render(report: PortfolioReport): string {
  portfolioHistoryStore.setState({
    range: '1w',
    entries: new Map([['1w', { state: 'shown', view: { report, attribution: [] }, fetchedAt: AS_OF }]]),
  })
  return renderToStaticMarkup(<PortfolioHistory />)
}

beforeEach(() => {
  portfolioStore.setState({ ...initialPortfolio, tabShown: true, held: ['AAPLon'] })
  clockStore.setState({ now: AS_OF + 60_000 })
})

describe('the portfolio chart over a range with nothing to draw (issue #49)', () => {
  it('says "No holdings in this range." and draws no chart after everything was sold', () => {
    const sold = computePortfolio(
      fixtureInput({
        range: '1w',
        transactions: LEDGER.filter((tx) => tx.symbol === 'TSLAon'),
        histories: new Map([['TSLAon', historyOf('TSLAon', 8)]]),
      }),
    )
    const html = render(sold)
    expect(html).toContain('No holdings in this range.')
    expect(html).not.toContain('portfolio-figures')
    expect(html).not.toContain('portfolio-attribution')
    expect(html).not.toContain('Loading the chart')
  })

  it('says no prices, not no holdings, when the tokens held have no history in the range', () => {
    const unpriced = computePortfolio(
      fixtureInput({
        range: '1w',
        histories: new Map([['AAPLon', { ...historyOf('AAPLon'), points: [] }]]),
      }),
    )
    const html = render(unpriced)
    expect(html).not.toContain('No holdings in this range.')
    expect(html).toContain('No prices in this range for the tokens held: no chart.')
    expect(html).not.toContain('portfolio-attribution')
  })
})
