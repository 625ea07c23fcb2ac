import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { RUN_TYPESCRIPT } from './fresh-process'
import type { PostedMessage } from './message-log'

/**
 * The floor of the main thread's event-loop delay: the same process shape with an idle main
 * thread. A worker at the poll worker's priority posts it messages of the sizes the poll worker
 * posted during the measured run, at the same times (message-log.ts), and the main thread only
 * receives them; its delay is measured over the same stretch of the log as the subject's. What is
 * left in it is what the host and the runtime cost an idle thread that receives that traffic:
 * scheduling, the copy of each message, garbage collection.
 */

export interface PostLog {
  posted: PostedMessage[]
  /** Date.now() when the subject's delay histogram was switched on and off. */
  from: number
  to: number
}

export interface DelayReading {
  p99Ms: number
  maxMs: number
}

/** `logFile`: a PostLog as JSON (too long for a command line at 10,000 listed). */
export async function eventLoopFloorRun(logFile: string): Promise<DelayReading> {
  const { posted, from, to } = JSON.parse(readFileSync(logFile, 'utf8')) as PostLog
  const first = posted[0]?.at ?? from
  const worker = new Worker(join(__dirname, 'event-loop-floor-worker.ts'), {
    workerData: { posted },
    execArgv: RUN_TYPESCRIPT,
  })
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject)
      worker.once('message', () => resolve())
    })
    // Received and dropped: the copy into this thread is all the floor's main thread does.
    worker.on('message', () => undefined)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, from - first)))
    histogram.enable()
    await new Promise((resolve) => setTimeout(resolve, to - from))
    histogram.disable()
    return { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 }
  } finally {
    await worker.terminate()
  }
}
