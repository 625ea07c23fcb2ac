import { withoutHistories } from '../../../shared/domain'
import type { SomeCommandHandlers } from '../command-handlers'
import type { AppStatus } from '../../../shared/status'
import type { AssetListing, PollFeed } from './poll-feed'

/** What the feed's commands use: the feed, its listing, and the app's status as the window is shown it. */
export interface FeedCommandContext {
  feed: PollFeed
  listing: AssetListing
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
export function feedCommands({
  feed,
  listing,
  status,
}: FeedCommandContext): SomeCommandHandlers<FeedCommand> {
  return {
    getSnapshot: async (args) =>
      args?.history === false ? withoutHistories(feed.snapshot()) : feed.fullSnapshot(),
    getStatus: async () => status(),
    refreshNow: async () => {
      feed.refreshNow()
      return null
    },
    setPaused: async ({ paused }) => {
      feed.setActivity({ reason: 'user', paused })
      return paused
    },
    setWindowVisible: async ({ visible }) => {
      feed.setActivity({ hidden: !visible })
      return null
    },
    setOnline: async ({ online }) => {
      feed.setActivity({ reason: 'offline', paused: !online })
      return null
    },
    listAssets: async () => listing.listAssets(),
    setDepthSymbol: async ({ symbol }) => {
      feed.setInterest({ depthSymbol: symbol })
      return null
    },
    setChartSymbol: async ({ symbol }) => {
      feed.setInterest({ chartSymbol: symbol })
      return null
    },
  }
}
