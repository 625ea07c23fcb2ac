import { BroadcastChannel, parentPort, threadId } from 'node:worker_threads'

/**
 * A stand-in poll worker that the test drives: it reports every message WorkerPollFeed sends it,
 * and posts, throws or exits when the test says so (`{ worker, post | crash | exit }`), over a
 * BroadcastChannel named by
 * TOKENWATCH_SCRIPTED_WORKER_CHANNEL (see test/core/feed/worker/worker-poll-feed.lifecycle.test.ts). With
 * TOKENWATCH_SCRIPTED_WORKER_BROKEN set it throws while loading, as a broken install would.
 */
const channel = new BroadcastChannel(process.env.TOKENWATCH_SCRIPTED_WORKER_CHANNEL)
channel.postMessage({ worker: threadId, spawned: true })
if (process.env.TOKENWATCH_SCRIPTED_WORKER_BROKEN) throw new Error('broken install')
parentPort.on('message', (message) => channel.postMessage({ worker: threadId, received: message }))
channel.onmessage = ({ data }) => {
  if (data.worker !== threadId) return
  if (data.post) parentPort.postMessage(data.post)
  if (data.crash) throw new Error(data.crash)
  if (data.exit !== undefined) process.exit(data.exit)
}
parentPort.postMessage({ type: 'ready' })
