import { withoutHistories } from '../../../shared/domain'
import type { SomeCommandHandlers } from '../command-handlers'
import type { AppStatus } from '../../../shared/status'
import type { PollFeed } from './poll-feed'

/** What the feed's commands use: the feed, and the app's status as the window is shown it. */
export interface FeedCommandContext {
  feed: PollFeed
  status(): AppStatus
}

type FeedCommand =
  | 'getSnapshot'
  | 'getStatus'
  | 'refreshNow'
  | 'setPaused'
  | 'setWindowVisible'
  | 'setOnline'
  | 'listAssets'
  | 'setDepthSymbol'
  | 'setChartSymbol'

/** What the window reads of the feed, and how it steers polling (pause, visibility, network). */
export function feedCommands({ feed, status }: FeedCommandContext): SomeCommandHandlers<FeedCommand> {
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
    setDepthSymbol: async ({ symbol }) => {
      feed.setDepthSymbol?.(symbol)
      return null
    },
    setChartSymbol: async ({ symbol }) => {
      feed.setChartSymbol?.(symbol)
      return null
    },
  }
}
