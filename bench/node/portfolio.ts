import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { replayLedger } from '../../src/main/core/holdings/ledger-replay'
import {
  type PortfolioInput,
  type TokenHistory,
  computePortfolio,
} from '../../src/main/core/portfolio/portfolio-compute'
import {
  type PortfolioComputer,
  PortfolioThread,
  computedHere,
} from '../../src/main/core/portfolio/portfolio-thread'
import type { HistoryPoint } from '../../src/shared/history'
import type { Transaction } from '../../src/shared/holdings'
import { medianOfFreshRuns } from './fresh-process'
import { type Metric, metric, round } from '../report'

/**
 * The portfolio over time (issue #49): a year of daily points over 100 tokens and 20,000
 * transactions, series and figures (returns, both benchmarks, the attribution) computed once in a
 * fresh process (cold, as when the Holdings tab first asks), from histories already at hand (the
 * history cache's part is the history suite's). Budget 150 ms, a plain limit: no floor does the
 * same work. Beside it, for context, the replay of the same ledger alone in a fresh process of
 * its own, and the ratio between the two: what the portfolio adds over the ledger's own replay.
 * Also for context, the calling thread's longest event-loop delay while the same portfolio is
 * computed on it and on the app's portfolio thread (portfolio-thread.ts), each in a fresh
 * process: how long the app's main thread stalls when the Holdings tab asks a range.
 */

export interface PortfolioBenchSizes {
  symbols: number
  days: number
  transactions: number
  /** Fresh processes per figure; the median is reported. */
  runs: number
}

export interface PortfolioBenchRequest extends PortfolioBenchSizes {
  /**
   * `portfolio`, `replay-only`: the computation's own time. `main-thread-here`,
   * `main-thread-thread`: the calling thread's longest event-loop delay while the portfolio is
   * computed on it, or on the app's portfolio thread (the built out/main/portfolio-worker.js).
   */
  mode: 'portfolio' | 'replay-only' | 'main-thread-here' | 'main-thread-thread'
}

const BUDGET_MS = 150
const DAY_MS = 86_400_000
const FIRST_DAY = Date.parse('2025-11-03T00:00:00Z')
/** Monday 2 November 2026, 16:00 ET: the last day's bucket closes at "now". */
const AS_OF = FIRST_DAY + 364 * DAY_MS + 21 * 3_600_000

/** A deterministic walk (no Math.random): the token near stock x multiplier, a premium that wanders. */
function benchHistory(symbol: number, days: number): TokenHistory {
  const points: HistoryPoint[] = []
  let multiplier = 1
  const splitDay = symbol % 10 === 0 ? 150 + symbol : -1
  for (let day = 0; day < days; day++) {
    if (day % 91 === 45) multiplier = Math.round(multiplier * 1.0025 * 1e6) / 1e6
    if (day === splitDay) multiplier *= 4
    const stockCents = 10_000 + symbol * 37 + ((day * 7919 + symbol * 104_729) % 2_001) - 1_000
    const stock = (stockCents / 100 / (day >= splitDay && splitDay >= 0 ? 4 : 1)).toFixed(4)
    const premiumBasisPoints = ((day * 31 + symbol * 17) % 41) - 20
    const close = (
      (stockCents / 100) *
      (1 + premiumBasisPoints / 10_000) *
      (multiplier / (splitDay >= 0 && day >= splitDay ? 4 : 1))
    ).toFixed(4)
    points.push({
      t: FIRST_DAY + day * DAY_MS,
      ...{ open: close, high: close, low: close, close },
      ...{ underlyingClose: stock, underlyingCarried: false, multiplier: String(multiplier), premium: null },
    })
  }
  return { points, bucketMs: DAY_MS, source: 'service', note: null }
}

/** 20,000 trades spread over the year's days and the tokens, a sale every third trade of a token. */
function benchLedger({ symbols, days, transactions }: PortfolioBenchSizes): Transaction[] {
  const held = new Map<number, number>()
  return Array.from({ length: transactions }, (_, i) => {
    const symbol = (i * 7919) % symbols
    const count = held.get(symbol) ?? 0
    held.set(symbol, count + 1)
    const sell = count % 3 === 2
    const day = Math.floor((i * days) / transactions)
    return {
      id: `t${i + 1}`,
      time: new Date(FIRST_DAY + day * DAY_MS + 15 * 3_600_000 + (i % 3_600) * 1_000).toISOString(),
      symbol: `S${symbol}on`,
      side: sell ? 'sell' : 'buy',
      quantity: sell ? '0.5' : `${1 + (i % 7)}.25`,
      price: `${100 + (i % 97)}.${String(i % 100).padStart(2, '0')}`,
      fee: i % 4 === 0 ? '0' : '0.35',
      note: null,
    }
  })
}

export function benchPortfolioInput(sizes: PortfolioBenchSizes): PortfolioInput {
  const histories = new Map<string, TokenHistory>()
  for (let symbol = 0; symbol < sizes.symbols; symbol++)
    histories.set(`S${symbol}on`, benchHistory(symbol, sizes.days))
  return {
    range: '1y',
    method: 'average',
    transactions: benchLedger(sizes),
    histories,
    benchmarkSymbol: 'SPYon',
    benchmark: benchHistory(sizes.symbols + 1, sizes.days),
    asOf: AS_OF,
  }
}

/** The built portfolio thread, as the app starts it (`npx electron-vite build` first). */
const BUILT_THREAD = join(__dirname, '../../out/main/portfolio-worker.js')

/**
 * The longest the calling thread's event loop waited (ms) while `computer` computed `input` and
 * the report came back: what the app's main thread stalls for when the Holdings tab asks a range.
 */
async function mainThreadLongestMs(computer: PortfolioComputer, input: PortfolioInput): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const turn = () => new Promise((resolve) => setTimeout(resolve, 5))
  try {
    // The monitor counts a delay from its second tick on: the computation starts after a few.
    await turn()
    if ((await computer.compute(input)).empty) throw new Error('the bench portfolio came out empty')
    // One more turn of the loop, so that the last stretch before the answer is counted.
    await turn()
  } finally {
    delay.disable()
    await computer.close()
  }
  return delay.max / 1e6
}

/** One timed run, in the process it is called in (the child's side). */
export async function timePortfolio(request: PortfolioBenchRequest): Promise<number> {
  const input = benchPortfolioInput(request)
  if (request.mode === 'main-thread-here') return mainThreadLongestMs(computedHere, input)
  if (request.mode === 'main-thread-thread')
    return mainThreadLongestMs(new PortfolioThread({ script: BUILT_THREAD }), input)
  const started = performance.now()
  if (request.mode === 'replay-only') {
    if (!replayLedger(input.transactions, input.method).ok)
      throw new Error('the bench ledger does not replay')
  } else if (computePortfolio(input).empty) throw new Error('the bench portfolio came out empty')
  return performance.now() - started
}

export async function portfolioMetrics(
  sizes: PortfolioBenchSizes,
  log: (line: string) => void,
): Promise<Metric[]> {
  const child = join(__dirname, 'portfolio-child.ts')
  const timed = (mode: PortfolioBenchRequest['mode']) =>
    medianOfFreshRuns(child, { ...sizes, mode }, sizes.runs, `portfolio ${mode}`, log)
  const replay = await timed('replay-only')
  const portfolio = await timed('portfolio')
  const stalledHere = await timed('main-thread-here')
  const stalledThread = await timed('main-thread-thread')
  return [
    metric(
      'portfolio.mainThread.computedHere.longestDelayMs',
      sizes.transactions,
      round(stalledHere),
      'ms',
      null,
    ),
    metric(
      'portfolio.mainThread.onItsThread.longestDelayMs',
      sizes.transactions,
      round(stalledThread),
      'ms',
      null,
    ),
    metric('portfolio.replayOnly.coldMs', sizes.transactions, round(replay), 'ms', null),
    metric('portfolio.seriesAndFigures.coldMs', sizes.transactions, round(portfolio), 'ms', BUDGET_MS),
    metric(
      'portfolio.seriesAndFigures.ratioToReplay',
      sizes.transactions,
      round(portfolio / replay),
      'x',
      null,
    ),
  ]
}
