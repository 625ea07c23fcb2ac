import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { constants, setPriority } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { RUN_TYPESCRIPT, TYPESCRIPT_ENV } from './fresh-process'

/**
 * The simulator in a process of its own (`npm run sim`), so that a benchmark of the core's
 * threads counts none of the simulator's work: not its event loop, not its CPU, not its heap.
 */

export interface SimProcess {
  url: string
  apiKey: string
  /**
   * The simulator's symbols in listing order, as the all-assets endpoints list them. From the
   * simulator itself: fetching them would leave this process a heap grown by the parse of every
   * asset (140 MB at 10,000), whose shrinking later, in the middle of a measurement, is no work
   * of the app's main thread, which never parses a whole list.
   */
  symbols: string[]
  /** Where its gRPC streams listen ('127.0.0.1:PORT'). */
  grpcAddress: string | null
  /** With `logRequests`: every request received so far, in order (else always empty). */
  requests(): SimRequest[]
  /** With `stampWrites`: the epoch ms its market time started at (BENCH_INSTANT), else null. */
  startedAt: number | null
  /** With `stampWrites`: each streamed price written so far, in order (else always empty). */
  writes(): StampedWrite[]
  close(): Promise<void>
}

export interface SimRequest {
  /** Milliseconds since the simulator started. */
  atMs: number
  /** The path and query asked for. */
  path: string
}

export interface StampedWrite {
  /** performance.timeOrigin + performance.now() in the simulator as the price was written. */
  atMs: number
  symbol: string
  price: string
}

/** `speed`: how much faster than real time the simulated market's time runs (see sim-child.ts). */
export async function startSimProcess(
  assets: number,
  speed = 1,
  logRequests = false,
  stampWrites = false,
): Promise<SimProcess> {
  const apiKey = 'bench-sim-process-key-0123456789'
  const child = spawn(
    process.execPath,
    [
      ...RUN_TYPESCRIPT,
      join(__dirname, 'sim-child.ts'),
      apiKey,
      String(assets),
      String(speed),
      ...(logRequests ? ['log-requests'] : []),
      ...(stampWrites ? ['stamp-writes'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: TYPESCRIPT_ENV },
  )
  // The simulator stands for a service on another machine, whose work is no load on the user's:
  // here it shares the two cores with the app it serves, so it takes them only when the app leaves
  // them free (on a busy core it answers later, which a poll waits for off the main thread).
  if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW)
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const exitedEarly = once(child, 'exit').then(([code]) => {
    throw new Error(`the simulator exited (${String(code)}) before saying where it listens`)
  })
  const nextLine = async () => {
    const next = await Promise.race([lines.next(), exitedEarly])
    return next.done ? '' : next.value
  }
  const line = await nextLine()
  const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1]
  if (!url) throw new Error(`the simulator said "${line}" instead of where it listens`)
  const symbols = JSON.parse(await nextLine()) as string[]
  const grpcAddress = /^grpc (127\.0\.0\.1:\d+)$/.exec(await nextLine())?.[1] ?? null
  const startedAt = stampWrites
    ? Number(/^started ([\d.]+)$/.exec(await nextLine())?.[1] ?? Number.NaN)
    : null
  const requests: SimRequest[] = []
  const writes: StampedWrite[] = []
  if (logRequests || stampWrites)
    void (async () => {
      for (let line = await nextLine(); line !== ''; line = await nextLine()) {
        const [, atMs, path] = /^request (\d+) (.*)$/.exec(line) ?? []
        if (atMs !== undefined && path !== undefined) requests.push({ atMs: Number(atMs), path })
        const [, writtenAt, symbol, price] = /^wrote ([\d.]+) (\S+) (\S+)$/.exec(line) ?? []
        if (writtenAt !== undefined && symbol !== undefined && price !== undefined)
          writes.push({ atMs: Number(writtenAt), symbol, price })
      }
    })().catch(() => {
      // The simulator was closed: no more requests to log.
    })
  return {
    url,
    apiKey,
    symbols,
    grpcAddress,
    requests: () => [...requests],
    startedAt,
    writes: () => writes,
    close: async () => {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}
