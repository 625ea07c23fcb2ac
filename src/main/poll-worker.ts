import { parentPort, workerData } from 'node:worker_threads'
import { runInBackground } from './core/feed/worker/background-priority'
import { servePollFeed } from './core/feed/worker/poll-worker-host'
import type { ToPollWorker } from './core/feed/worker/poll-worker-protocol'
import { isHistoryUpgradeJob, runHistoryUpgrade, upgradeOnThread } from './core/history/history-upgrade'
import { HistoryRecording } from './core/history/history-recording'
import { realClock } from './core/clock'

/**
 * The poll worker's entry (its own bundle, out/main/poll-worker.js): the app's poll pipeline,
 * off the main thread. See WorkerPollFeed for the other side.
 */
if (!parentPort) throw new Error('poll-worker.js runs as a worker thread of the app, not on its own')
const port = parentPort
if (isHistoryUpgradeJob(workerData)) {
  // Started by the poll worker below to migrate an older history file while it goes on polling.
  runHistoryUpgrade(workerData, port)
} else {
  // Its parsing waits for a free core rather than the window's thread
  // (core/feed/worker/background-priority.ts).
  runInBackground()
  servePollFeed(
    {
      postMessage: (message) => port.postMessage(message),
      on: (event, listener) => port.on(event, (message: ToPollWorker) => listener(message)),
    },
    // The recording is written here, where the prices come in; an older file is migrated on a
    // thread of this same file, bundled (out/main/poll-worker.js) or run from source with tsx (the tests).
    {
      recording: (onNotice) => new HistoryRecording(realClock, onNotice, upgradeOnThread(__filename)),
    },
  )
}
