import type { CommandHandlers } from '../dispatch'
import { alertCommands } from './alerts'
import type { CommandContext } from './command-context'
import { feedCommands } from './feed'
import { historyCommands } from './history'
import { holdingsCommands } from './holdings'
import { keyCommands } from './keys'
import { listCommands } from './lists'
import { portfolioCommands } from './portfolio'
import { serviceStatusCommands } from './service-status'
import { settingsCommands } from './settings'
import { transferCommands } from './transfer'

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
    ...alertCommands(context),
    ...transferCommands(context),
    ...holdingsCommands(context),
    ...portfolioCommands(context),
    ...serviceStatusCommands(context),
    ...historyCommands(context),
  } satisfies CommandHandlers
}
