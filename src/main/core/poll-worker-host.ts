import { ENDPOINT_NAMES } from '../../shared/ipc-contract'
import { ApiError } from './api-errors'
import { deltaPieces } from './delta-pieces'
import { LocalPollFeed, type LocalPollFeedOptions } from './poll-feed'
import type { EndpointStatuses, FromPollWorker, ToPollWorker } from './poll-worker-protocol'

/**
 * The worker's side of WorkerPollFeed: a LocalPollFeed driven by the main thread's messages, its
 * deltas and status posted back. Kept apart from the worker's entry file so that tests can serve
 * a feed over any message port.
 */

export interface MessagePortLike {
  postMessage(message: FromPollWorker): void
  on(event: 'message', listener: (message: ToPollWorker) => void): void
}

/** `options`: the app's worker passes none (real time); the benchmarks pass a virtual clock. */
export function servePollFeed(port: MessagePortLike, options: LocalPollFeedOptions = {}): LocalPollFeed {
  const feed: LocalPollFeed = new LocalPollFeed(
    {
      onDelta: (delta) => {
        for (const piece of deltaPieces(delta)) port.postMessage({ type: 'delta', delta: piece })
      },
      onStatusChange: () =>
        port.postMessage({ type: 'status', endpoints: statuses(), plan: feed.pollPlan() }),
    },
    options,
  )
  const statuses = (): EndpointStatuses =>
    Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, feed.endpointStatus(name)])) as EndpointStatuses

  const listAssets = (id: number) =>
    feed.listAssets().then(
      (assets) => port.postMessage({ type: 'listing', id, assets }),
      (error: unknown) =>
        port.postMessage({
          type: 'listing-failed',
          id,
          kind: error instanceof ApiError ? error.kind : 'invalid-response',
          message: error instanceof Error ? error.message : String(error),
        }),
    )

  port.on('message', (message) => {
    switch (message.type) {
      case 'connect':
        return feed.connect(message.connection)
      case 'cadences':
        return feed.setCadences(message.cadences)
      case 'seed':
        return feed.seed(message.snapshot)
      case 'watchlist':
        return feed.setWatchlist(message.symbols)
      case 'start':
        void feed.start().then(() =>
          port.postMessage({
            type: 'started',
            snapshot: feed.snapshot(),
            endpoints: statuses(),
            plan: feed.pollPlan(),
          }),
        )
        return
      case 'fullSnapshot':
        return port.postMessage({ type: 'fullSnapshot', id: message.id, snapshot: feed.snapshot() })
      case 'stop':
        void feed.stop().then(() => port.postMessage({ type: 'stopped' }))
        return
      case 'refresh':
        return feed.refreshNow()
      case 'reset':
        return feed.reset()
      case 'hidden':
        return feed.setHidden(message.hidden)
      case 'paused':
        return feed.setPaused(message.reason, message.paused)
      case 'listAssets':
        void listAssets(message.id)
        return
      case 'saveSnapshot':
        void feed.saveSnapshot(message.userDataDir).then(
          () => port.postMessage({ type: 'saved', id: message.id, problem: null }),
          (error: unknown) =>
            port.postMessage({ type: 'saved', id: message.id, problem: (error as Error).message }),
        )
        return
    }
  })
  port.postMessage({ type: 'ready' })
  return feed
}
