import { parentPort, workerData } from 'node:worker_threads'
import { runInBackground } from '../../src/main/core/feed/worker/background-priority'
import type { HeldDepthUpdate } from '../../src/main/core/feed/stream/held-depth-stream'

/**
 * The poll worker's side of the held-depth bench (held-depth.ts): at the poll worker's priority, it
 * posts the main thread one held-depth update every `gapMs`, as HeldDepthStream pushes them (every
 * held symbol's newest ladder), in the poll worker's message shape. It says "ready" first.
 */
if (!parentPort) throw new Error('run as a worker thread')
const port = parentPort
runInBackground()
const { updates, gapMs } = workerData as { updates: HeldDepthUpdate[]; gapMs: number }
port.postMessage('ready')
updates.forEach((update, index) =>
  setTimeout(() => port.postMessage({ type: 'heldDepth', update }), (index + 1) * gapMs),
)
