import { parentPort } from 'node:worker_threads'
import { runInBackground } from '../../src/main/core/feed/worker/background-priority'
import type { Clock } from '../../src/main/core/clock'
import { servePollFeed } from '../../src/main/core/feed/worker/poll-worker-host'
import { HistoryRecording } from '../../src/main/core/history/history-recording'
import type { ToPollWorker } from '../../src/main/core/feed/worker/poll-worker-protocol'
import { answerHeapRequests } from './worker-channel'
import { recordingPosts } from './message-log'
import { BENCH_INSTANT } from './bench-instant'

/**
 * The app's poll worker (servePollFeed, as in src/main/poll-worker.ts) on a clock that starts at
 * the benchmarks' fixed instant and runs TOKENWATCH_BENCH_SPEED times faster than real time:
 * every cadence, backoff and stale timer shrinks by that factor, so ten minutes of polling take
 * a fraction of that. Not faster than the two cores can carry: the worker and the simulator
 * must leave the main thread a core, as the app's real cadences do. It also tells its heap and
 * the sizes and times of the messages it posted when asked (worker-channel.ts, message-log.ts;
 * only with TOKENWATCH_BENCH_RECORD_POSTS set, so that the heap suite weighs no log).
 */
if (!parentPort) throw new Error('run as a worker thread')
const port = parentPort
// At the priority the app's worker runs at (src/main/poll-worker.ts).
runInBackground()
const speed = Number(process.env.TOKENWATCH_BENCH_SPEED)
if (!(speed >= 1)) throw new Error('set TOKENWATCH_BENCH_SPEED to 1 or more')

const startedAt = Date.now()
const fastClock: Clock = {
  now: () => BENCH_INSTANT + (Date.now() - startedAt) * speed,
  setTimeout: (callback, ms) => setTimeout(callback, ms / speed),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}
servePollFeed(
  {
    postMessage: process.env.TOKENWATCH_BENCH_RECORD_POSTS
      ? recordingPosts((message) => port.postMessage(message))
      : (message) => port.postMessage(message),
    on: (event, listener) => port.on(event, (message: ToPollWorker) => listener(message)),
  },
  // Recording as the app's worker does, on the same clock.
  { clock: fastClock, recording: (onNotice) => new HistoryRecording(fastClock, onNotice) },
)
answerHeapRequests()
