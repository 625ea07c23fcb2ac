import type { SomeCommandHandlers } from '../../command-handlers'

/**
 * The window's page saying it is live. The core only checks the call (no arguments), as it checks
 * every command; what it means is the shell's: the one-off messages held for the page go out
 * (src/main/electron/page-messages.ts, told by the IPC bridge once this answered).
 */
export function pageCommands(): SomeCommandHandlers<'pageLive'> {
  return { pageLive: async () => null }
}
