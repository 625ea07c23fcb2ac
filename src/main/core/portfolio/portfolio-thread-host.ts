import { computePortfolio } from './portfolio-compute'
import type { PortfolioAnswer, PortfolioAsk } from './portfolio-thread'

/** The thread's end of its channel (node:worker_threads' parentPort). */
export interface PortfolioPort {
  postMessage(message: PortfolioAnswer): void
  on(event: 'message', listener: (message: PortfolioAsk) => void): void
}

/**
 * The portfolio's thread (src/main/portfolio-worker.ts): each ask computed in turn and answered
 * under its id. A computation that throws (a ledger the replay refuses) is answered with its words;
 * the thread goes on serving.
 */
export function servePortfolio(port: PortfolioPort): void {
  port.on('message', ({ id, input }) => {
    try {
      port.postMessage({ id, report: computePortfolio(input) })
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
    }
  })
}
