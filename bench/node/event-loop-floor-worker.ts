import { parentPort, workerData } from 'node:worker_threads'
import { runInBackground } from '../../src/main/core/feed/worker/background-priority'
import type { PostedMessage } from './message-log'

/**
 * The worker of the event-loop floor (event-loop-floor.ts): at the poll worker's priority, it
 * posts the main thread messages of the sizes the poll worker posted, at the same offsets from
 * the first, each a string of that many bytes, and does nothing else. It says "ready" first, so
 * that the main thread counts the offsets from the same instant.
 */
if (!parentPort) throw new Error('run as a worker thread')
const port = parentPort
runInBackground()
const posted = (workerData as { posted: PostedMessage[] }).posted
const first = posted[0]?.at ?? 0
port.postMessage('ready')
for (const { at, bytes } of posted) setTimeout(() => port.postMessage('x'.repeat(bytes)), at - first)
