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

/**
 * What the portfolio's thread is asked: one computation, answered under the same `id`. The ledger
 * is left out (null) when it is the one the thread was last sent, which it keeps: copying 20,000
 * transactions to it took 12 ms of the main thread an ask, for a ledger that seldom changes.
 */
export interface PortfolioAsk {
  id: number
  input: Omit<PortfolioInput, 'transactions'> & { transactions: PortfolioInput['transactions'] | null }
}

/** What it says: that it loaded, then each ask's report or the words it failed with. */
export type PortfolioFromThread =
  | { type: 'ready' }
  | { type: 'answer'; id: number; report: PortfolioReport }
  | { type: 'failed'; id: number; error: string }

/** What PortfolioThread uses of its worker thread (node:worker_threads' Worker). */
export interface PortfolioWorkerThread {
  postMessage(message: PortfolioAsk): void
  on(event: 'message', listener: (message: PortfolioFromThread) => void): this
  on(event: 'messageerror', listener: (error: Error) => void): this
  on(event: 'error', listener: (error: Error & { code?: string }) => void): this
  on(event: 'exit', listener: (exitCode: number) => void): this
  ref(): void
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

const NOT_COMPUTED = 'The portfolio could not be computed'

interface Pending {
  resolve: (report: PortfolioReport) => void
  reject: (error: Error) => void
}

/**
 * The portfolio computed on a worker thread, started when first asked and kept (a range asked
 * next runs on code already compiled). The input is copied to it (structured clone) and the report
 * copied back; asks are answered in turn. The thread holds the process open only while an ask
 * waits (ref'd then, unref'd when idle), so an idle one never keeps a process from ending.
 *
 * A thread that dies refuses what it was asked, in words, and the next ask starts another; one that
 * runs out of its memory says so (asking again would not help). A thread that dies before it has
 * loaded is a broken install: that is said to every ask from then on, and none is started again.
 */
export class PortfolioThread implements PortfolioComputer {
  private thread: PortfolioWorkerThread | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  /** Set when a thread could not load: every ask is refused with it. */
  private broken: Error | null = null
  private closed = false
  /**
   * The ledger the current thread was last sent, kept there. Compared by identity: the holdings
   * file replaces its array of transactions on every change (holdings-file.ts), never edits it.
   */
  private ledgerSent: PortfolioInput['transactions'] | null = null

  constructor(private readonly options: PortfolioThreadOptions) {}

  async compute(input: PortfolioInput): Promise<PortfolioReport> {
    if (this.closed) throw new Error(`${NOT_COMPUTED}: the app is closing.`)
    if (this.broken) throw this.broken
    const thread = this.thread ?? this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      try {
        thread.ref()
        const kept = input.transactions === this.ledgerSent
        thread.postMessage({ id, input: kept ? { ...input, transactions: null } : input })
        this.ledgerSent = input.transactions
      } catch (error) {
        this.settled(id)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const thread = this.thread
    this.thread = null
    this.refuseAll(new Error(`${NOT_COMPUTED}: the app is closing.`))
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
    this.ledgerSent = null
    let loaded = false
    thread.on('message', (message) => {
      if (message.type === 'ready') {
        loaded = true
        return
      }
      const pending = this.settled(message.id)
      if (message.type === 'failed') pending?.reject(new Error(message.error))
      else pending?.resolve(message.report)
    })
    const ended = (error: Error) => {
      if (this.thread !== thread) return
      this.thread = null
      if (!loaded) this.broken = error
      this.refuseAll(error)
    }
    thread.on('messageerror', (error) =>
      ended(
        new Error(`${NOT_COMPUTED}: its answer could not be read (${error.message}). Ask again to retry.`),
      ),
    )
    thread.on('error', (error) => ended(this.failure(error, loaded)))
    thread.on('exit', (code) =>
      ended(
        loaded
          ? new Error(`${NOT_COMPUTED}: its thread stopped (exit code ${code}). Ask again to retry.`)
          : this.failure(new Error(`exit code ${code}`), false),
      ),
    )
    // Listening to its messages holds the process open; only a waiting ask should (compute, settled).
    thread.unref()
    this.thread = thread
    return thread
  }

  /** The words for a thread that failed: out of memory, never loaded, or a crash worth a retry. */
  private failure(error: Error & { code?: string }, loaded: boolean): Error {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new Error(
        `${NOT_COMPUTED}: the ledger and its histories need more than the ${HEAP_LIMIT_MB} MB ` +
          `its thread may use.`,
      )
    if (!loaded)
      return new Error(
        `The portfolio cannot be computed: its thread could not start (${error.message}); ` +
          `the app's files may be damaged, and reinstalling it should help.`,
      )
    return new Error(`${NOT_COMPUTED}: its thread failed (${error.message}). Ask again to retry.`)
  }

  /** Takes ask `id` off the waiting list; with none left, the thread no longer holds the process. */
  private settled(id: number): Pending | undefined {
    const pending = this.pending.get(id)
    this.pending.delete(id)
    if (this.pending.size === 0) this.thread?.unref()
    return pending
  }

  private refuseAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error)
    this.pending.clear()
  }
}
