import type { SomeCommandHandlers } from '../../command-handlers'
import type { CommandContext } from './command-context'

type KeyCommand = 'setKey' | 'clearKey' | 'getKeyStatus'

/**
 * The API key of the configured service: set, cleared, or asked about. The key goes into the
 * vault and never comes back out through a command: the status says at most its last 4 characters.
 */
export function keyCommands({ settings, vault, reconnect }: CommandContext): SomeCommandHandlers<KeyCommand> {
  return {
    setKey: async ({ key }) => {
      const baseUrl = settings.get().baseUrl
      await vault.set(baseUrl, key)
      await reconnect()
      return vault.status(baseUrl)
    },
    clearKey: async () => {
      const baseUrl = settings.get().baseUrl
      await vault.clear(baseUrl)
      await reconnect()
      return vault.status(baseUrl)
    },
    getKeyStatus: async () => vault.status(settings.get().baseUrl),
  }
}
