import { BroadcastChannel } from 'node:worker_threads'
import { heapUsedAfterGc } from './gc'

/**
 * The heap of every thread of this process that answers on one BroadcastChannel: the benchmark's
 * poll worker answers (after full collections, in its own isolate) when asked, so that the core's
 * heap is counted across its two threads without a hook in the app's code.
 */

const CHANNEL = 'tokenwatch-bench-heap'

/** In a worker: answer every request with this thread's heap after full collections. */
export function answerHeapRequests(): void {
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = (event) => {
    if ((event as { data?: unknown }).data === 'measure') channel.postMessage({ heapUsed: heapUsedAfterGc() })
  }
  // Not a reason to keep the worker alive.
  channel.unref()
}

/** On the main thread: the heap of the one worker that answers, after full collections. */
export function workerHeapAfterGc(timeoutMs = 10_000): Promise<number> {
  const channel = new BroadcastChannel(CHANNEL)
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no worker answered the heap request')), timeoutMs)
    channel.onmessage = (event) => {
      const data = (event as { data?: { heapUsed?: unknown } }).data ?? {}
      if (typeof data.heapUsed !== 'number') return
      clearTimeout(timer)
      resolve(data.heapUsed)
    }
    channel.postMessage('measure')
  }).finally(() => channel.close())
}
