import { LocalPollFeed } from '../feed/local-poll-feed'
import type { FeedEvents } from '../feed/poll-feed'
import { HistoryRecording } from '../history/history-recording'
import type { ThisThread } from './app-core-options'

/**
 * The poll pipeline on the calling thread, on AppCore's clock (the tests' and the benchmarks'
 * virtual clocks need that), recording history there too. The app passes a WorkerPollFeed
 * instead; this module is not imported by AppCore, so the app's main thread never loads the
 * pipeline's fetching, parsing and streaming code (the gRPC client among it).
 */
export function pollOnThisThread(events: FeedEvents, { clock, random }: ThisThread): LocalPollFeed {
  return new LocalPollFeed(events, {
    clock,
    random,
    recording: (onNotice) => new HistoryRecording(clock, onNotice),
  })
}
