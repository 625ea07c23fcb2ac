import { existsSync, writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { servePollFeed } from '../../src/main/core/feed/worker/poll-worker-host'
import { HistoryRecording } from '../../src/main/core/history/history-recording'
import { realClock } from '../../src/main/core/clock'
import type { FromPollWorker, ToPollWorker } from '../../src/main/core/feed/worker/poll-worker-protocol'

/**
 * A poll worker that dies once, as a real one would on an uncaught error: the app's own worker
 * code, except that the first "refresh now" it is told throws (a test's refreshNow is the
 * trigger). A marker file, named by TOKENWATCH_TEST_CRASH_MARKER, tells the restarted worker
 * that the crash already happened.
 */
const marker = process.env.TOKENWATCH_TEST_CRASH_MARKER
if (!parentPort || !marker) throw new Error('run as a worker, with TOKENWATCH_TEST_CRASH_MARKER set')
const port = parentPort
servePollFeed(
  {
    postMessage: (message: FromPollWorker) => port.postMessage(message),
    on: (event, listener) =>
      port.on(event, (message: ToPollWorker) => {
        if (message.type === 'refresh' && !existsSync(marker)) {
          writeFileSync(marker, 'crashed once')
          throw new Error('planted crash')
        }
        listener(message)
      }),
  },
  { recording: (onNotice) => new HistoryRecording(realClock, onNotice) },
)
