import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { benchPortfolioInput } from '../../../bench/node/portfolio'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'

/**
 * The bench's portfolio (bench/node/portfolio.ts) at its smoke size, by both cost methods, to the
 * byte: the figures written out as JSON and hashed. The hashes were taken from tree 5b9a40c,
 * before the computation was made faster for the bench (issue #49): a change of speed must leave
 * every string the same. A change that means to alter a figure changes these hashes, and says
 * why in its commit.
 */

const SMOKE = { symbols: 10, days: 60, transactions: 500, runs: 1 }

const EXPECTED: Record<'average' | 'fifo', string> = {
  average: '4e51073d9708cbed1ad3dcbdb1a30c2fab503587cb02267171b00245f8c89acb',
  fifo: '4ff57f537b0ac62ce87f0aa31ca7dbd3bcaaea6697e626d30a259055bac7d84f',
}

describe('the bench portfolio: the same strings as before the speed-up', () => {
  for (const method of ['average', 'fifo'] as const) {
    it(`${method} cost: series, figures, positions and notes hash as on 5b9a40c`, () => {
      const report = computePortfolio({ ...benchPortfolioInput(SMOKE), method })
      expect(report.empty).toBe(false)
      expect(report.series).toHaveLength(SMOKE.days)
      const hash = createHash('sha256').update(JSON.stringify(report)).digest('hex')
      expect(hash).toBe(EXPECTED[method])
    })
  }
})
