import { spawnSync } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import {
  type PortfolioAsk,
  PortfolioThread,
  type PortfolioWorkerThread,
} from '../../../src/main/core/portfolio/portfolio-thread'
import type { Transaction } from '../../../src/shared/holdings'
import type { PortfolioReport } from '../../../src/shared/portfolio'
import { LEDGER, fixtureInput } from './portfolio-fixture'

/**
 * The portfolio on a thread of its own, as the app computes it (src/main/portfolio-worker.ts, run
 * from source through tsx): the same report as on the calling thread, the replay's refusal in its
 * own words, and a thread that dies refusing what it was asked, the next ask starting another.
 */

const SCRIPT = join(__dirname, '../../../src/main/portfolio-worker.ts')
const TSX = ['--import', 'tsx']

const threads: PortfolioThread[] = []
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()))
})

/** A PortfolioThread on the real script, counting the worker threads it starts and what it asks. */
function realThread(): { thread: PortfolioThread; started: () => number; asked: PortfolioAsk[] } {
  let started = 0
  const asked: PortfolioAsk[] = []
  const thread = new PortfolioThread({
    script: SCRIPT,
    execArgv: TSX,
    thread: (script, execArgv) => {
      started++
      const worker = new Worker(script, { execArgv })
      const post = worker.postMessage.bind(worker)
      worker.postMessage = (ask: PortfolioAsk) => {
        asked.push(ask)
        post(ask)
      }
      return worker as unknown as PortfolioWorkerThread
    },
  })
  threads.push(thread)
  return { thread, started: () => started, asked }
}

/**
 * A worker thread played by the test: `ready` says it loaded (as the real one does first); asked
 * anything, it fails as `fail` says, the way Node reports it ('error', then 'exit').
 */
class PlayedThread extends EventEmitter {
  asked: PortfolioAsk[] = []
  refs: string[] = []
  terminated = false
  constructor(
    ready: boolean,
    private readonly fail: (ask: PortfolioAsk) => void,
  ) {
    super()
    if (ready) setImmediate(() => this.emit('message', { type: 'ready' }))
  }
  postMessage(ask: PortfolioAsk): void {
    this.asked.push(ask)
    setImmediate(() => this.fail(ask))
  }
  ref(): void {
    this.refs.push('ref')
  }
  unref(): void {
    this.refs.push('unref')
  }
  async terminate(): Promise<number> {
    this.terminated = true
    return 1
  }
  crash(error: Error & { code?: string }, code = 1): void {
    this.emit('error', error)
    this.emit('exit', code)
  }
}

/** A PortfolioThread on played threads, each made by `make`; all it started are in `started`. */
function playedThreads(make: (index: number) => PlayedThread) {
  const started: PlayedThread[] = []
  const thread = new PortfolioThread({
    script: 'unused.js',
    thread: () => {
      const next = make(started.length)
      started.push(next)
      return next as unknown as PortfolioWorkerThread
    },
  })
  threads.push(thread)
  return { thread, started }
}

/** t5 sells 2 AAPLon of the 5 held; 7.25 is more than was ever bought. */
const OVERSOLD: Transaction[] = LEDGER.map((transaction) =>
  transaction.id === 't5' ? { ...transaction, quantity: '7.25' } : transaction,
)

describe("the portfolio's thread", () => {
  it('answers with the report the calling thread computes, for each ask in turn, on one thread', async () => {
    const { thread, started } = realThread()
    const month = fixtureInput()
    const fifo = fixtureInput({ method: 'fifo', range: '1w' })
    const [first, second] = await Promise.all([thread.compute(month), thread.compute(fifo)])
    expect(first).toEqual(computePortfolio(month))
    expect(second).toEqual(computePortfolio(fifo))
    expect(second?.method).toBe('fifo')
    expect(started()).toBe(1)
  })

  it('sends the ledger once while it is the same, and again when it changes', async () => {
    const { thread, asked } = realThread()
    const month = fixtureInput()
    const week = fixtureInput({ range: '1w' })
    // The holdings file hands out a new array on each change: the first six trades, say.
    const shorter = fixtureInput({ transactions: LEDGER.slice(0, 6) })
    expect(await thread.compute(month)).toEqual(computePortfolio(month))
    expect(await thread.compute(week)).toEqual(computePortfolio(week))
    expect(await thread.compute(shorter)).toEqual(computePortfolio(shorter))
    expect(await thread.compute(fixtureInput({ transactions: shorter.transactions, range: '1w' }))).toEqual(
      computePortfolio(fixtureInput({ transactions: shorter.transactions, range: '1w' })),
    )
    expect(asked.map((ask) => ask.input.transactions?.length ?? 'kept')).toEqual([8, 'kept', 6, 'kept'])
  })

  it("refuses a ledger the replay refuses, in the replay's words, and goes on serving", async () => {
    const { thread, started } = realThread()
    let inProcess = ''
    try {
      computePortfolio(fixtureInput({ transactions: OVERSOLD }))
    } catch (error) {
      inProcess = (error as Error).message
    }
    expect(inProcess).toMatch(/^The sell of 7\.25 AAPLon at .* is more than the 5 AAPLon held then$/)
    await expect(thread.compute(fixtureInput({ transactions: OVERSOLD }))).rejects.toThrow(inProcess)
    expect((await thread.compute(fixtureInput())).empty).toBe(false)
    expect(started()).toBe(1)
  })

  it('refuses what a crashed thread was asked, in words, and starts another for the next ask', async () => {
    const { thread, started } = playedThreads(
      () =>
        new PlayedThread(true, () => (started.at(-1) as PlayedThread).crash(new Error('a planted crash'))),
    )
    // Answers come after the thread said it loaded.
    await new Promise((resolve) => setImmediate(resolve))
    await expect(thread.compute(fixtureInput())).rejects.toThrow(
      'The portfolio could not be computed: its thread failed (a planted crash). Ask again to retry.',
    )
    await expect(thread.compute(fixtureInput())).rejects.toThrow('its thread failed (a planted crash)')
    expect(started.map((one) => one.asked.length)).toEqual([1, 1])
  })

  it('says a thread out of its memory is too small for the ledger, without offering a retry', async () => {
    const outOfMemory = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    })
    const { thread, started } = playedThreads(
      () => new PlayedThread(true, () => (started.at(-1) as PlayedThread).crash(outOfMemory)),
    )
    await new Promise((resolve) => setImmediate(resolve))
    const refused = thread.compute(fixtureInput())
    await expect(refused).rejects.toThrow(
      'The portfolio could not be computed: the ledger and its histories need more than the 1024 MB ' +
        'its thread may use.',
    )
    await expect(refused).rejects.not.toThrow('Ask again')
  })

  it('refuses every ask, and starts no other thread, when its thread could not load', async () => {
    const { thread, started } = playedThreads(
      () =>
        new PlayedThread(false, () =>
          (started.at(-1) as PlayedThread).crash(new Error("Cannot find module 'portfolio-worker.js'")),
        ),
    )
    const words =
      'The portfolio cannot be computed: its thread could not start ' +
      "(Cannot find module 'portfolio-worker.js'); the app's files may be damaged, " +
      'and reinstalling it should help.'
    await expect(thread.compute(fixtureInput())).rejects.toThrow(words)
    await expect(thread.compute(fixtureInput())).rejects.toThrow(words)
    expect(started).toHaveLength(1)
  })

  it('holds the process open only while an ask waits', async () => {
    const played = new PlayedThread(true, (ask) =>
      played.emit('message', { type: 'answer', id: ask.id, report: computePortfolio(fixtureInput()) }),
    )
    const { thread } = playedThreads(() => played)
    await thread.compute(fixtureInput())
    // Unref'd once started (listening would hold it), ref'd for the ask, unref'd once answered.
    expect(played.refs).toEqual(['unref', 'ref', 'unref'])
  })

  it('lets a process that asked once end without closing it (the real thread)', async () => {
    const text = JSON.stringify
    const threadModule = text(join(__dirname, '../../../src/main/core/portfolio/portfolio-thread.ts'))
    const script = [
      `const { PortfolioThread } = await import(${threadModule})`,
      `const { fixtureInput } = await import(${text(join(__dirname, 'portfolio-fixture.ts'))})`,
      `const thread = new PortfolioThread({ script: ${text(SCRIPT)}, execArgv: ${text(TSX)} })`,
      `console.log('points', (await thread.compute(fixtureInput())).series.length)`,
    ].join('\n')
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(child.signal, 'the process did not end by itself').toBeNull()
    expect(child.stdout.trim()).toBe('points 10')
    expect(child.status).toBe(0)
  })

  it('refuses what is asked while the app closes and after, and ends its thread', async () => {
    const silent = new PlayedThread(true, () => {})
    const { thread } = playedThreads(() => silent)
    const asked = thread.compute(fixtureInput())
    await thread.close()
    await expect(asked).rejects.toThrow('The portfolio could not be computed: the app is closing.')
    await expect(thread.compute(fixtureInput())).rejects.toThrow('the app is closing')
    expect(silent.terminated).toBe(true)
  })
  it('refuses an ask its thread cannot be sent (an input it cannot copy), and lets go', async () => {
    class Uncopyable extends PlayedThread {
      override postMessage(): void {
        throw new DOMException('() => {} could not be cloned.', 'DataCloneError')
      }
    }
    const played = new Uncopyable(true, () => {})
    const { thread } = playedThreads(() => played)
    await expect(thread.compute(fixtureInput())).rejects.toThrow('() => {} could not be cloned.')
    // Ref'd for the ask, unref'd once it was refused: nothing left waiting.
    expect(played.refs).toEqual(['unref', 'ref', 'unref'])
  })

  it('starts its own worker thread on the script when none is handed in', async () => {
    const thread = new PortfolioThread({ script: SCRIPT, execArgv: TSX })
    threads.push(thread)
    const month = fixtureInput({ range: '1w' })
    expect(await thread.compute(month)).toEqual(computePortfolio(month))
  })
  it('refuses an ask whose answer cannot be read, and starts another for the next', async () => {
    const { thread, started } = playedThreads(
      () =>
        new PlayedThread(true, () =>
          (started.at(-1) as PlayedThread).emit('messageerror', new Error('a planted bad copy')),
        ),
    )
    await new Promise((resolve) => setImmediate(resolve))
    await expect(thread.compute(fixtureInput())).rejects.toThrow(
      'The portfolio could not be computed: its answer could not be read (a planted bad copy). ' +
        'Ask again to retry.',
    )
    await expect(thread.compute(fixtureInput())).rejects.toThrow('its answer could not be read')
    expect(started).toHaveLength(2)
  })

  it('says a loaded thread stopped by itself, with its exit code, and may be asked again', async () => {
    const { thread, started } = playedThreads(
      () => new PlayedThread(true, () => (started.at(-1) as PlayedThread).emit('exit', 3)),
    )
    await new Promise((resolve) => setImmediate(resolve))
    await expect(thread.compute(fixtureInput())).rejects.toThrow(
      'The portfolio could not be computed: its thread stopped (exit code 3). Ask again to retry.',
    )
    await expect(thread.compute(fixtureInput())).rejects.toThrow('its thread stopped (exit code 3)')
    expect(started).toHaveLength(2)
  })

  it('calls a thread that exits before it loaded, without an error, a damaged install', async () => {
    const { thread, started } = playedThreads(
      () => new PlayedThread(false, () => (started.at(-1) as PlayedThread).emit('exit', 1)),
    )
    const words =
      'The portfolio cannot be computed: its thread could not start (exit code 1); ' +
      "the app's files may be damaged, and reinstalling it should help."
    await expect(thread.compute(fixtureInput())).rejects.toThrow(words)
    await expect(thread.compute(fixtureInput())).rejects.toThrow(words)
    expect(started).toHaveLength(1)
  })

  it('holds the process open while any ask waits, and lets go after the last answer', async () => {
    const report = { empty: true } as PortfolioReport
    const played = new PlayedThread(true, () => {})
    const { thread } = playedThreads(() => played)
    const first = thread.compute(fixtureInput())
    const second = thread.compute(fixtureInput())
    const [one, two] = played.asked as [PortfolioAsk, PortfolioAsk]
    played.emit('message', { type: 'answer', id: one.id, report })
    expect(await first).toBe(report)
    // One ask still waits: the thread still holds the process.
    expect(played.refs).toEqual(['unref', 'ref', 'ref'])
    played.emit('message', { type: 'answer', id: two.id, report })
    expect(await second).toBe(report)
    expect(played.refs).toEqual(['unref', 'ref', 'ref', 'unref'])
  })

  it('forgets what a crashed thread was asked: the next thread lets go once it has answered', async () => {
    const report = { empty: true } as PortfolioReport
    const { thread, started } = playedThreads((index) => {
      const played: PlayedThread = new PlayedThread(true, (ask) =>
        index === 0
          ? played.crash(new Error('a planted crash'))
          : played.emit('message', { type: 'answer', id: ask.id, report }),
      )
      return played
    })
    await new Promise((resolve) => setImmediate(resolve))
    await expect(thread.compute(fixtureInput())).rejects.toThrow('a planted crash')
    expect(await thread.compute(fixtureInput())).toBe(report)
    expect((started[1] as PlayedThread).refs).toEqual(['unref', 'ref', 'unref'])
  })
})
