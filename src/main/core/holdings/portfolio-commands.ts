import type { SomeCommandHandlers } from '../app/dispatch'
import type { CommandContext } from '../app/commands/command-context'

/** The positions as main keeps them, for a window that starts (it then follows the pushes). */
export function portfolioCommands(context: CommandContext): SomeCommandHandlers<'getPortfolio'> {
  return { getPortfolio: async () => context.positions.current() }
}
