import { describe, expect, it } from 'vitest'
import { computePortfolio } from '../../../src/main/core/portfolio/portfolio-compute'
import type { PortfolioAsk, PortfolioFromThread } from '../../../src/main/core/portfolio/portfolio-thread'
import { type PortfolioPort, servePortfolio } from '../../../src/main/core/portfolio/portfolio-thread-host'
import type { Transaction } from '../../../src/shared/holdings'
import { LEDGER, fixtureInput } from './portfolio-fixture'

/**
 * The thread's end of the channel (portfolio-thread-host.ts) on the calling thread, over a port
 * the test plays: what it says and answers, ask by ask. portfolio-thread.test.ts runs it in a
 * real worker thread, where its work is out of sight of a coverage count.
 */

/** A port that records what the host says and hands it asks. */
function playedPort(): {
  port: PortfolioPort
  said: PortfolioFromThread[]
  ask: (ask: PortfolioAsk) => void
} {
  const said: PortfolioFromThread[] = []
  let listener: ((message: PortfolioAsk) => void) | null = null
  const port: PortfolioPort = {
    postMessage: (message) => void said.push(message),
    on: (_event, handler) => void (listener = handler),
  }
  return { port, said, ask: (ask) => listener?.(ask) }
}

/** t5 sells 7.25 AAPLon of the 5 held: the replay refuses it. */
const OVERSOLD: Transaction[] = LEDGER.map((transaction) =>
  transaction.id === 't5' ? { ...transaction, quantity: '7.25' } : transaction,
)

describe("the portfolio thread's host", () => {
  it('says it is ready once listening, then answers each ask under its id', () => {
    const { port, said, ask } = playedPort()
    servePortfolio(port)
    expect(said).toEqual([{ type: 'ready' }])
    const month = fixtureInput()
    ask({ id: 7, input: month })
    expect(said[1]).toEqual({ type: 'answer', id: 7, report: computePortfolio(month) })
  })

  it('computes an ask without a ledger on the last one sent, an empty one before any', () => {
    const { port, said, ask } = playedPort()
    servePortfolio(port)
    const week = fixtureInput({ range: '1w' })
    ask({ id: 1, input: { ...week, transactions: null } })
    expect(said[1]).toEqual({
      type: 'answer',
      id: 1,
      report: computePortfolio({ ...week, transactions: [] }),
    })
    const shorter = LEDGER.slice(0, 6)
    ask({ id: 2, input: { ...week, transactions: shorter } })
    ask({ id: 3, input: { ...fixtureInput(), transactions: null } })
    expect(said[3]).toEqual({
      type: 'answer',
      id: 3,
      report: computePortfolio(fixtureInput({ transactions: shorter })),
    })
  })

  it("answers a ledger the replay refuses with the replay's words, and goes on serving", () => {
    const { port, said, ask } = playedPort()
    servePortfolio(port)
    ask({ id: 4, input: fixtureInput({ transactions: OVERSOLD }) })
    expect(said[1]).toMatchObject({ type: 'failed', id: 4 })
    const failed = said[1] as Extract<PortfolioFromThread, { type: 'failed' }>
    expect(failed.error).toMatch(/^The sell of 7\.25 AAPLon at .* is more than the 5 AAPLon held then$/)
    ask({ id: 5, input: fixtureInput() })
    expect(said[2]).toEqual({ type: 'answer', id: 5, report: computePortfolio(fixtureInput()) })
  })
})
