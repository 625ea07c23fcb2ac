import type { SomeCommandHandlers } from '../app/dispatch'
import type { CommandContext } from '../app/commands/command-context'

/**
 * The detail chart's history (issue #31): asked for the symbol the window has open, on demand.
 * Only a symbol the app polls (a watched, alerted or held one) is asked of the service: the
 * window cannot make main fetch the history of every symbol there is.
 */
export function historyCommands({ feed, history }: CommandContext): SomeCommandHandlers<'getHistory'> {
  return {
    getHistory: async ({ symbol, range }) => {
      if (
        !feed.pollPlan().symbols.includes(symbol) &&
        !feed.snapshot().assets.some((asset) => asset.symbol === symbol)
      )
        throw new Error(`${symbol} is not on a watched list.`)
      return history.history(symbol, range)
    },
  }
}
