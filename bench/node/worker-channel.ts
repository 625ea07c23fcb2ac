import { BroadcastChannel } from 'node:worker_threads'
import { heapUsedAfterGc } from './gc'

/**
 * Questions the benchmark's main thread asks its poll worker over a BroadcastChannel, without a
 * hook in the app's code: the worker's heap after full collections (so that the core's heap is
 * counted across its two threads), and the log of the messages it posted (message-log.ts).
 */

const CHANNEL = 'tokenwatch-bench-worker'

/** In a worker: answer `question` with `answer()` whenever it is asked. */
export function answerOnChannel(question: string, answer: () => unknown): void {
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = (event) => {
    if ((event as { data?: unknown }).data === question) channel.postMessage({ question, answer: answer() })
  }
  // Not a reason to keep the worker alive.
  channel.unref()
}

/** On the main thread: the answer of the one worker that answers `question`. */
export function askWorker<T>(question: string, timeoutMs = 10_000): Promise<T> {
  const channel = new BroadcastChannel(CHANNEL)
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no worker answered "${question}"`)), timeoutMs)
    channel.onmessage = (event) => {
      const data = (event as { data?: { question?: unknown; answer?: T } }).data ?? {}
      if (data.question !== question) return
      clearTimeout(timer)
      resolve(data.answer as T)
    }
    channel.postMessage(question)
  }).finally(() => channel.close())
}

/** In a worker: answer every heap question with this thread's heap after full collections. */
export function answerHeapRequests(): void {
  answerOnChannel('heap', heapUsedAfterGc)
}

/** On the main thread: the heap of the one worker that answers, after full collections. */
export function workerHeapAfterGc(): Promise<number> {
  return askWorker<number>('heap')
}
