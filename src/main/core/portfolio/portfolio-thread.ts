import { Worker } from 'node:worker_threads'
import type { PortfolioReport } from '../../../shared/portfolio'
import { type PortfolioInput, computePortfolio } from './portfolio-compute'

/**
 * Where the portfolio is computed. The Holdings tab's chart asks for a range and the whole ledger
 * is replayed over a year of every held token's candles: half a second of CPU for 20,000
 * transactions over 100 tokens (BENCHMARKS.md, "The portfolio over time"), which on the app's main
 * thread would freeze the window's IPC, the tray and every price push for as long. The app computes
 * it on a thread of its own (PortfolioThread, src/main/portfolio-worker.ts); the tests and the
 * command line, which have no window to keep moving, compute it where they are (computedHere).
 */
export interface PortfolioComputer {
  compute(input: PortfolioInput): Promise<PortfolioReport>
  /** Ends the thread, if any; what was asked and not answered is refused. */
  close(): Promise<void>
}

/** On the calling thread. */
export const computedHere: PortfolioComputer = {
  compute: async (input) => computePortfolio(input),
  close: async () => {},
}

/** What the portfolio's thread is asked: one computation, answered under the same `id`. */
export interface PortfolioAsk {
  id: number
  input: PortfolioInput
}

export type PortfolioAnswer = { id: number; report: PortfolioReport } | { id: number; error: string }

/** What PortfolioThread uses of its worker thread (node:worker_threads' Worker). */
export interface PortfolioWorkerThread {
  postMessage(message: PortfolioAsk): void
  on(event: 'message', listener: (message: PortfolioAnswer) => void): this
  on(event: 'error', listener: (error: Error) => void): this
  on(event: 'exit', listener: (exitCode: number) => void): this
  unref(): void
  terminate(): Promise<number>
}

export interface PortfolioThreadOptions {
  /** The thread's script: out/main/portfolio-worker.js in the app. */
  script: string | URL
  /** For tests that run the TypeScript source (`['--import', 'tsx']`). */
  execArgv?: string[]
  /** Starts the thread; a test hands in one that fails. */
  thread?: (script: string | URL, execArgv: string[] | undefined) => PortfolioWorkerThread
}

/**
 * A year of 100 tokens' candles and 20,000 transactions replays within an old generation of 64 MB
 * (the bench's year, run under that limit); a ledger or a history that would take sixteen times
 * that ends this thread, not the app.
 */
const HEAP_LIMIT_MB = 1_024

interface Pending {
  resolve: (report: PortfolioReport) => void
  reject: (error: Error) => void
}

/**
 * The portfolio computed on a worker thread, started when first asked and kept (a range asked
 * next runs on code already compiled), unref'd so that it never keeps the app from quitting. The
 * input is copied to it (structured clone) and the report copied back; asks are answered in turn.
 * A thread that dies (out of memory, a crash) refuses what it was asked, in words, and the next ask
 * starts a new one.
 */
export class PortfolioThread implements PortfolioComputer {
  private thread: PortfolioWorkerThread | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  constructor(private readonly options: PortfolioThreadOptions) {}

  compute(input: PortfolioInput): Promise<PortfolioReport> {
    const thread = this.thread ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      thread.postMessage({ id, input })
    })
  }

  async close(): Promise<void> {
    const thread = this.thread
    this.thread = null
    this.refuseAll('the app is closing')
    await thread?.terminate()
  }

  private start(): PortfolioWorkerThread {
    const {
      script,
      execArgv,
      thread: startThread = (path, argv) =>
        new Worker(path, {
          execArgv: argv,
          // The thread's name, as the OS lists the app's threads (Linux's /proc/<pid>/task/*/comm).
          name: 'portfolio',
          resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
        }),
    } = this.options
    const thread = startThread(script, execArgv)
    thread.unref()
    thread.on('message', (answer) => {
      const pending = this.pending.get(answer.id)
      if (!pending) return
      this.pending.delete(answer.id)
      if ('error' in answer) pending.reject(new Error(answer.error))
      else pending.resolve(answer.report)
    })
    const ended = (reason: string) => {
      if (this.thread !== thread) return
      this.thread = null
      this.refuseAll(reason)
    }
    thread.on('error', (error) => ended(`it failed (${error.message})`))
    thread.on('exit', (code) => ended(`it stopped (exit code ${code})`))
    this.thread = thread
    return thread
  }

  private refuseAll(reason: string): void {
    for (const { reject } of this.pending.values())
      reject(new Error(`The portfolio could not be computed: ${reason}. Ask again to retry.`))
    this.pending.clear()
  }
}
