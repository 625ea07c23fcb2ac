import { type PortfolioInput, computePortfolio } from './portfolio-compute'
import type { PortfolioAsk, PortfolioFromThread } from './portfolio-thread'

/** The thread's end of its channel (node:worker_threads' parentPort). */
export interface PortfolioPort {
  postMessage(message: PortfolioFromThread): void
  on(event: 'message', listener: (message: PortfolioAsk) => void): void
}

/**
 * The portfolio's thread (src/main/portfolio-worker.ts): says it is ready once loaded, then
 * computes each ask in turn and answers it under its id. A computation that throws (a ledger the
 * replay refuses) is answered with its words; the thread goes on serving.
 */
export function servePortfolio(port: PortfolioPort): void {
  // The ledger last sent: an ask without one is of the same ledger (PortfolioAsk).
  let ledger: PortfolioInput['transactions'] = []
  port.on('message', ({ id, input }) => {
    try {
      ledger = input.transactions ?? ledger
      port.postMessage({ type: 'answer', id, report: computePortfolio({ ...input, transactions: ledger }) })
    } catch (error) {
      port.postMessage({ type: 'failed', id, error: error instanceof Error ? error.message : String(error) })
    }
  })
  port.postMessage({ type: 'ready' })
}
