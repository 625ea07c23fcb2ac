import type { InvokeName, InvokeParsedArgs, InvokeResult } from '../../shared/ipc-contract'

/**
 * The shape of a command: one handler per contract channel, given the checked arguments and
 * returning the channel's result. At the core's root beside clock.ts because every room's
 * commands.ts implements some channels and no room may import app/, where they are joined.
 */
export type CommandHandlers = {
  [N in InvokeName]: (args: InvokeParsedArgs<N>) => Promise<InvokeResult<N>>
}

/** The handlers of some channels: what one capability's command module provides. */
export type SomeCommandHandlers<N extends InvokeName> = Pick<CommandHandlers, N>
