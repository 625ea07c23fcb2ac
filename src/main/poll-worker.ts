import { parentPort, workerData } from 'node:worker_threads'
import { runInBackground } from './core/feed/worker/background-priority'
import { servePollFeed } from './core/feed/worker/poll-worker-host'
import type { ToPollWorker } from './core/feed/worker/poll-worker-protocol'
import { isHistoryUpgradeJob, runHistoryUpgrade, upgradeOnThread } from './core/history/history-upgrade'

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
    // This same file, bundled (out/main/poll-worker.js) or run from source with tsx (the tests).
    { upgradeHistory: upgradeOnThread(__filename) },
  )
}
