import type { SomeCommandHandlers } from '../../command-handlers'
import type { CommandContext } from './command-context'

type SettingsCommand = 'getSettings' | 'updateSettings' | 'togglePin'

/** The window's settings. A new base URL or demo choice connects again; new cadences apply at once. */
export function settingsCommands(context: CommandContext): SomeCommandHandlers<SettingsCommand> {
  const { settings, feed, statusChanged, tellShell, reconnect, pinUnavailable } = context
  return {
    getSettings: async () => settings.get(),
    updateSettings: async (patch) => {
      const before = settings.get()
      const after = await settings.patch(patch)
      if (
        after.baseUrl !== before.baseUrl ||
        after.demo !== before.demo ||
        after.streamAddress !== before.streamAddress
      )
        await reconnect()
      feed.setCadences(after.cadences)
      statusChanged()
      tellShell(after)
      return after
    },
    togglePin: async () => {
      if (pinUnavailable !== undefined) throw new Error(pinUnavailable)
      const after = await settings.patch({ pinned: !settings.get().pinned })
      tellShell(after)
      statusChanged()
      return after.pinned
    },
  }
}
