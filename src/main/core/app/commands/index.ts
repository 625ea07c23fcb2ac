import type { CommandHandlers } from '../../command-handlers'
import { alertCommands } from '../../alerts/commands'
import type { CommandContext } from './command-context'
import { feedCommands } from '../../feed/commands'
import { historyCommands } from '../../history/commands'
import { holdingsCommands } from '../../holdings/commands'
import { atBidsCommands } from '../../holdings/at-bids'
import { keyCommands } from './keys'
import { listCommands } from '../../lists/commands'
import { pageCommands } from './page'
import { portfolioCommands } from '../../portfolio/commands'
import { serviceStatusCommands } from '../../service-status/commands'
import { settingsCommands } from './settings'
import { walletCommands } from '../../wallets/commands'

/**
 * Every contract channel's handler, one module per capability (as Signal Desktop installs one
 * channel module per capability). `satisfies`: a channel without a handler is a type error here.
 */
export function commandHandlers(context: CommandContext): CommandHandlers {
  return {
    ...feedCommands(context),
    ...listCommands(context),
    ...settingsCommands(context),
    ...keyCommands(context),
    ...pageCommands(),
    ...alertCommands(context),
    ...holdingsCommands(context),
    ...atBidsCommands(context),
    ...serviceStatusCommands(context),
    ...historyCommands(context),
    ...walletCommands(context),
    ...portfolioCommands(context),
  } satisfies CommandHandlers
}
