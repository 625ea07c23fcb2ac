import type { SomeCommandHandlers } from '../command-handlers'
import type { PollFeed } from '../feed/poll-feed'
import type { HistoryService } from './history-service'

/** What the history command uses: what the feed polls, and the history beyond 24 hours. */
export interface HistoryCommandContext {
  feed: Pick<PollFeed, 'status' | 'snapshot'>
  history: HistoryService
}

/**
 * The detail chart's history (issue #31): asked for the symbol the window has open, on demand.
 * Only a symbol the app polls (a watched, alerted or held one) is asked of the service: the
 * window cannot make main fetch the history of every symbol there is.
 */
export function historyCommands({ feed, history }: HistoryCommandContext): SomeCommandHandlers<'getHistory'> {
  return {
    getHistory: async ({ symbol, range }) => {
      if (
        !feed.status().plan.symbols.includes(symbol) &&
        !feed.snapshot().assets.some((asset) => asset.symbol === symbol)
      )
        throw new Error(`${symbol} is not on a watched list.`)
      return history.history(symbol, range)
    },
  }
}
