import { serialize } from 'node:v8'
import { answerOnChannel, askWorker } from './worker-channel'

/**
 * What the poll worker posts to the main thread, by time and size, for the floor of the main
 * thread's event-loop delay (event-loop-floor.ts) to post the same sizes at the same times.
 * The size is that of V8's serialisation, which is what postMessage copies.
 */

export interface PostedMessage {
  /** Date.now() when posted. */
  at: number
  bytes: number
}

/** In the worker: `post`, recording every message; the log answers askWorker('posted'). */
export function recordingPosts<T>(post: (message: T) => void): (message: T) => void {
  const posted: PostedMessage[] = []
  answerOnChannel('posted', () => posted)
  return (message) => {
    posted.push({ at: Date.now(), bytes: serialize(message).byteLength })
    post(message)
  }
}

/** On the main thread: every message the poll worker has posted so far. */
export function postedByWorker(): Promise<PostedMessage[]> {
  return askWorker<PostedMessage[]>('posted')
}
