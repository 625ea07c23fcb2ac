import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildCatalog } from '../../src/main/sim/market/catalog'
import type { ListedAsset } from '../../src/shared/domain'
import { indexOneSlice, listingIndexOf, searchAssets } from '../../src/renderer/watchlist/search'
import { type Metric, median, metric, round } from '../report'
import { runInFreshProcess } from './fresh-process'
import { collectYoungGarbage } from './gc'

/**
 * The add-symbol search, one keystroke at a time, over the simulator's listing: every prefix of
 * what traders type ("b", "br", "brk", "brk-", "brk-b"...) is searched as the renderer does, with
 * the index built once per listing, when it arrives, a slice per task (its longest slice judged,
 * the median of INDEX_BUILDS builds: the longest the window's main thread is held).
 */

export const SEARCH_KEYSTROKE_BUDGET_MS = 50
/** A slice of the index's build may hold the window's thread for one frame at most. */
const INDEX_SLICE_BUDGET_MS = 16.7

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

/** Index builds, a build as the window makes one when a listing arrives. */
const INDEX_BUILDS = 3

interface IndexBuild {
  /** The whole build: its slices' times added up. */
  totalMs: number
  /** Its longest slice: the longest the window's thread is held. */
  longestSliceMs: number
}

/**
 * Each build of a listing of its own (the index is kept per listing), one listing alive at a time
 * as in the window, after the young generation is emptied, sliced as the window slices it (one
 * slice after another here, with no other task between them): one build alone read whatever
 * collection fell inside it (36.8 ms at 10,000 in one full run, 67.2 ms in a later one). Returns
 * the builds and the last listing, indexed, for the keystrokes.
 */
function indexBuilds(size: number): { builds: IndexBuild[]; listing: ListedAsset[] } {
  const builds: IndexBuild[] = []
  let listing: ListedAsset[] = []
  for (let build = 0; build < INDEX_BUILDS; build++) {
    listing = listingOf(size)
    collectYoungGarbage()
    const index = listingIndexOf(listing)
    const slices: number[] = []
    let left = true
    while (left) {
      const startedAt = performance.now()
      left = indexOneSlice(index)
      slices.push(performance.now() - startedAt)
    }
    builds.push({ totalMs: slices.reduce((sum, ms) => sum + ms, 0), longestSliceMs: Math.max(...slices) })
  }
  return { builds, listing }
}

/**
 * The suite in a process of its own, as the window's renderer is: in the bench's process the
 * builds paid for what the suites before had left in its heap (47.2 ms at 10,000 listed run alone,
 * 94.7 ms after the main-thread suite, 2 December); in a process of its own they read the same
 * each run (88-98 ms in four runs that day: the collections the index's own 10 MB cause).
 */
export function searchMetricsInFreshProcess(
  options: SearchBenchOptions,
  log: (line: string) => void,
): Promise<Metric[]> {
  return runInFreshProcess<Metric[]>(join(__dirname, 'search-keystrokes-child.ts'), options, log)
}

export function searchMetrics(options: SearchBenchOptions, log: (line: string) => void): Metric[] {
  const metrics: Metric[] = []
  for (const size of options.listedSizes) {
    // Typed into the last listing indexed: a keystroke finds its index built, as in the window.
    const { builds, listing } = indexBuilds(size)
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
      metric(
        'search.index.longestSliceMs',
        size,
        round(median(builds.map((build) => build.longestSliceMs))),
        `ms (the median of ${builds.length} builds' longest slices, each build of a listing of its own)`,
        INDEX_SLICE_BUDGET_MS,
      ),
      metric(
        'search.index.buildMs',
        size,
        round(median(builds.map((build) => build.totalMs))),
        'ms (information: a whole build, its slices added up; median of the builds)',
        null,
      ),
      metric(
        'search.index.slowestBuildMs',
        size,
        round(Math.max(...builds.map((build) => build.totalMs))),
        'ms (information)',
        null,
      ),
    )
  }
  return metrics
}
