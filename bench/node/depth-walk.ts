import { performance } from 'node:perf_hooks'
import { readDepth } from '../../src/main/core/depth/depth-reading'
import type { SoftQuoteDepthMessage } from '../../src/main/core/depth/depth-message'
import type { WalkAmount } from '../../src/shared/depth'
import { walkLadder } from '../../src/shared/depth-walk'
import { uint64 } from '../../test/support/uint64'
import { type Metric, median, metric, round } from '../report'

/**
 * What a size would cost now (issue #47): one walk of a 200-level ladder side, as the detail panel's
 * form walks it at each keystroke and each new ladder, budget 1 ms. Sizes that reach the last level
 * (the walk's worst case), in tokens and in dollars; prices with 8 decimals and quantities with 6, as
 * the simulator sends them.
 */

export const DEPTH_WALK_BUDGET_MS = 1

export interface DepthWalkOptions {
  levels: number
  walks: number
}

function benchLadder(levels: number): SoftQuoteDepthMessage {
  const level = (i: number, side: 1 | -1) => ({
    price: `${236 + side * (0.0025 + i * 0.0015)}`.replace(/(\.\d{8})\d+$/, '$1'),
    quantity: `${120 + i * 37}.${String((i * 7919) % 1_000_000).padStart(6, '0')}`,
  })
  return {
    symbol: 'AAPLon',
    ticker: 'AAPL',
    session_type: 'regular',
    error: '',
    timestamp: uint64('1763478007000000000'),
    bids: Array.from({ length: levels }, (_, i) => level(i, -1)),
    asks: Array.from({ length: levels }, (_, i) => level(i, 1)),
  }
}

export function depthWalkMetrics(options: DepthWalkOptions, log: (line: string) => void): Metric[] {
  const ladder = readDepth(benchLadder(options.levels))
  const amounts: readonly WalkAmount[] = [
    { unit: 'tokens', amount: '1000000.5' },
    { unit: 'dollars', amount: '250000000.40' },
  ]
  const metrics: Metric[] = []
  for (const amount of amounts) {
    const times: number[] = []
    for (let walk = 0; walk < options.walks; walk++) {
      const started = performance.now()
      const outcome = walkLadder(ladder, { side: 'buy', amount, displayPrice: '236.00', fairValue: '235.90' })
      times.push(performance.now() - started)
      if (!outcome.ok || outcome.walk.levelsUsed !== options.levels)
        throw new Error('the bench walk did not reach every level')
    }
    log(
      `depth: ${options.levels} levels in ${amount.unit}, ${times.length}` +
        ` walks, median ${round(median(times))} ms`,
    )
    metrics.push(
      metric(
        `depth.walk.${amount.unit}.medianMs`,
        options.levels,
        round(median(times)),
        'ms',
        DEPTH_WALK_BUDGET_MS,
      ),
    )
  }
  return metrics
}
