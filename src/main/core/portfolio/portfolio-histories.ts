import type { CostMethod, Transaction } from '../../../shared/holdings'
import type { PortfolioRange } from '../../../shared/portfolio'
import { INTERVAL_MS } from '../api/wire/candle-pairs'
import { isAboutTheAsset } from '../api/optional-endpoints'
import type { HistoryService } from '../history/history-service'
import type { PortfolioInput, TokenHistory } from './portfolio-compute'

/**
 * What the portfolio is computed from, asked of the same HistoryService the detail chart asks
 * (one data path: the service's candles and multiplier history joined with the app's recording,
 * cached alike): each token the ledger names, and the benchmark token. A token the service does
 * not know (delisted, renamed) has no history here, and is valued at its last trade
 * (portfolio-compute.ts says so); any other failure has already degraded inside HistoryService to
 * what was recorded, said in its note.
 */

const DAY_MS = 86_400_000

async function tokenHistory(
  history: HistoryService,
  symbol: string,
  range: PortfolioRange,
): Promise<TokenHistory | null> {
  try {
    const series = await history.history(symbol, range)
    const bucketMs = (INTERVAL_MS as Record<string, number | undefined>)[series.interval] ?? DAY_MS
    return { points: series.points, bucketMs, source: series.source, note: series.note }
  } catch (error) {
    if (isAboutTheAsset(error)) return null
    throw error
  }
}

export async function portfolioInput(options: {
  history: HistoryService
  transactions: readonly Transaction[]
  method: CostMethod
  range: PortfolioRange
  benchmarkSymbol: string
  asOf: number
}): Promise<PortfolioInput> {
  const { history, range } = options
  const symbols = [...new Set(options.transactions.map((transaction) => transaction.symbol))].sort()
  const histories = new Map<string, TokenHistory>()
  // One after another: history's own queue runs one request at a time anyway.
  for (const symbol of symbols) {
    const found = await tokenHistory(history, symbol, range)
    if (found !== null) histories.set(symbol, found)
  }
  return {
    range,
    method: options.method,
    transactions: options.transactions,
    histories,
    benchmarkSymbol: options.benchmarkSymbol,
    benchmark: await tokenHistory(history, options.benchmarkSymbol, range),
    asOf: options.asOf,
  }
}
