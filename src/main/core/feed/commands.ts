import { withoutHistories } from '../../../shared/domain'
import type { SomeCommandHandlers } from '../app/dispatch'
import type { CommandContext } from '../app/commands/command-context'

type FeedCommand =
  'getSnapshot' | 'getStatus' | 'refreshNow' | 'setPaused' | 'setWindowVisible' | 'setOnline' | 'listAssets'

/** What the window reads of the feed, and how it steers polling (pause, visibility, network). */
export function feedCommands({ feed, status }: CommandContext): SomeCommandHandlers<FeedCommand> {
  return {
    getSnapshot: async (args) =>
      args?.history === false ? withoutHistories(feed.snapshot()) : feed.fullSnapshot(),
    getStatus: async () => status(),
    refreshNow: async () => {
      feed.refreshNow()
      return null
    },
    setPaused: async ({ paused }) => {
      feed.setPaused('user', paused)
      return paused
    },
    setWindowVisible: async ({ visible }) => {
      feed.setHidden(!visible)
      return null
    },
    setOnline: async ({ online }) => {
      feed.setPaused('offline', !online)
      return null
    },
    listAssets: async () => feed.listAssets(),
  }
}
