import { parentPort } from 'node:worker_threads'
import { runInBackground } from './core/feed/worker/background-priority'
import { servePortfolio } from './core/portfolio/portfolio-thread-host'

/**
 * The portfolio's thread (its own bundle, out/main/portfolio-worker.js): the Holdings tab's
 * portfolio computed off the main thread. See PortfolioThread for the other side.
 */
if (!parentPort) throw new Error('portfolio-worker.js runs as a worker thread of the app, not on its own')
const port = parentPort
// The person asked for it, but the window's thread, which every click and price waits on, gets a
// core first (core/feed/worker/background-priority.ts): the chart comes a little later on a busy
// machine rather than the window stalling.
runInBackground()
servePortfolio({
  postMessage: (message) => port.postMessage(message),
  on: (event, listener) => port.on(event, listener),
})
