import { performance } from 'node:perf_hooks'
import { buildCatalog } from '../../src/main/sim/market/catalog'
import type { ListedAsset } from '../../src/shared/domain'
import { listingIndexOf, searchAssets } from '../../src/renderer/watchlist/search'
import { type Metric, median, metric, round } from '../report'

/**
 * The add-symbol search, one keystroke at a time, over the simulator's listing: every prefix of
 * what traders type ("b", "br", "brk", "brk-", "brk-b"...) is searched as the renderer does, with
 * the index built once per listing, when it arrives (reported on its own: it is one task on the
 * renderer's main thread too).
 */

export const SEARCH_KEYSTROKE_BUDGET_MS = 50

/** The queries of the search's table test, typed letter by letter. */
const TYPED = [
  'brk-b',
  'BRK/B',
  'coca cola',
  'procter gamble',
  'berkshire class b',
  'mcdonalds',
  'jp morgan',
  'nestle',
  'google',
  'coke',
  'general motors holdings',
]
/** As the search shows them (SymbolSearch's MAX_RESULTS). */
const SHOWN = 12

export interface SearchBenchOptions {
  listedSizes: readonly number[]
  rounds: number
}

function listingOf(size: number): ListedAsset[] {
  return buildCatalog(size, 1).map(({ symbol, ticker, name }) => ({ symbol, ticker, name }))
}

function keystrokes(): string[] {
  return TYPED.flatMap((query) => [...query].map((_, end) => query.slice(0, end + 1)))
}

export function searchMetrics(options: SearchBenchOptions, log: (line: string) => void): Metric[] {
  const metrics: Metric[] = []
  for (const size of options.listedSizes) {
    const listing = listingOf(size)
    const startedAt = performance.now()
    listingIndexOf(listing)
    const indexMs = performance.now() - startedAt
    const times: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      for (const typed of keystrokes()) {
        const before = performance.now()
        searchAssets(listing, typed, SHOWN)
        times.push(performance.now() - before)
      }
    }
    const slowest = Math.max(...times)
    log(`search: ${size} listed, ${times.length} keystrokes, median ${round(median(times))} ms`)
    metrics.push(
      metric('search.keystroke.maxMs', size, round(slowest), 'ms', SEARCH_KEYSTROKE_BUDGET_MS),
      metric('search.keystroke.medianMs', size, round(median(times)), 'ms', null),
      metric('search.index.buildMs', size, round(indexMs), 'ms', SEARCH_KEYSTROKE_BUDGET_MS),
    )
  }
  return metrics
}
