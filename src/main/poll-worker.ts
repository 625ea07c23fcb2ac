import { parentPort } from 'node:worker_threads'
import { runInBackground } from './core/feed/worker/background-priority'
import { servePollFeed } from './core/feed/worker/poll-worker-host'
import type { ToPollWorker } from './core/feed/worker/poll-worker-protocol'

/**
 * The poll worker's entry (its own bundle, out/main/poll-worker.js): the app's poll pipeline,
 * off the main thread. See WorkerPollFeed for the other side.
 */
if (!parentPort) throw new Error('poll-worker.js runs as a worker thread of the app, not on its own')
const port = parentPort
// Its parsing waits for a free core rather than the window's thread
// (core/feed/worker/background-priority.ts).
runInBackground()
servePollFeed({
  postMessage: (message) => port.postMessage(message),
  on: (event, listener) => port.on(event, (message: ToPollWorker) => listener(message)),
})
