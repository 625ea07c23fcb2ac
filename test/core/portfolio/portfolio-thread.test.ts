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

/** A PortfolioThread on the real script, counting the worker threads it starts. */
function realThread(): { thread: PortfolioThread; started: () => number } {
  let started = 0
  const thread = new PortfolioThread({
    script: SCRIPT,
    execArgv: TSX,
    thread: (script, execArgv) => {
      started++
      return new Worker(script, { execArgv }) as unknown as PortfolioWorkerThread
    },
  })
  threads.push(thread)
  return { thread, started: () => started }
}

/** A worker thread that never answers and exits with `code` when asked anything. */
class DyingThread extends EventEmitter {
  asked: PortfolioAsk[] = []
  terminated = false
  constructor(private readonly code: number) {
    super()
  }
  postMessage(ask: PortfolioAsk): void {
    this.asked.push(ask)
    setImmediate(() => this.emit('exit', this.code))
  }
  unref(): void {}
  async terminate(): Promise<number> {
    this.terminated = true
    return this.code
  }
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

  it('refuses what a dying thread was asked, in words, and starts another for the next ask', async () => {
    const dying: DyingThread[] = []
    const thread = new PortfolioThread({
      script: 'unused.js',
      thread: () => {
        const next = new DyingThread(dying.length === 0 ? 134 : 1)
        dying.push(next)
        return next as unknown as PortfolioWorkerThread
      },
    })
    threads.push(thread)
    await expect(thread.compute(fixtureInput())).rejects.toThrow(
      'The portfolio could not be computed: it stopped (exit code 134). Ask again to retry.',
    )
    await expect(thread.compute(fixtureInput())).rejects.toThrow('it stopped (exit code 1)')
    expect(dying.map((one) => one.asked.length)).toEqual([1, 1])
  })

  it('refuses what is still asked when the app closes, and ends its thread', async () => {
    const silent = Object.assign(new DyingThread(0), { postMessage: (ask: PortfolioAsk) => void ask })
    const thread = new PortfolioThread({
      script: 'unused.js',
      thread: () => silent as unknown as PortfolioWorkerThread,
    })
    const asked = thread.compute(fixtureInput())
    await thread.close()
    await expect(asked).rejects.toThrow('The portfolio could not be computed: the app is closing.')
    expect(silent.terminated).toBe(true)
  })
})
