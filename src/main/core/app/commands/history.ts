import type { SomeCommandHandlers } from '../dispatch'

/**
 * A symbol's history beyond 24 hours. Until the history service is wired in, the command answers
 * that there is none to give, which the chart says in words.
 */
export function historyCommands(): SomeCommandHandlers<'getHistory'> {
  return {
    getHistory: async () => {
      throw new Error('History beyond 24 hours is not available yet')
    },
  }
}
