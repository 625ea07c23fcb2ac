import { type Snapshot, withoutHistories } from '../../../../shared/domain'
import { packHistories } from '../../../../shared/packed-histories'
import { ApiError } from '../../api/api-errors'
import { PIECE_GAP_MS, PacedQueue, deltaPieces } from './delta-pieces'
import { LocalPollFeed, type LocalPollFeedOptions } from '../local-poll-feed'
import type { FromPollWorker, PollWorkerAnswer, ToPollWorker } from './poll-worker-protocol'

/**
 * The worker's side of WorkerPollFeed: a LocalPollFeed driven by the main thread's messages, its
 * deltas and status posted back. Kept apart from the worker's entry file so that tests can serve
 * a feed over any message port.
 */

export interface MessagePortLike {
  postMessage(message: FromPollWorker): void
  on(event: 'message', listener: (message: ToPollWorker) => void): void
}

/**
 * `options`: the app's worker passes its recording (real time); the benchmarks pass a virtual clock.
 */
export function servePollFeed(port: MessagePortLike, options: LocalPollFeedOptions = {}): LocalPollFeed {
  const outbox = new PacedQueue<FromPollWorker>(
    (message) => port.postMessage(message),
    (message) => message.type === 'delta',
    PIECE_GAP_MS,
  )
  let lastNotice: string | null = null
  const feed: LocalPollFeed = new LocalPollFeed(
    {
      onDelta: (delta) => {
        for (const piece of deltaPieces(delta)) outbox.push({ type: 'delta', delta: packHistories(piece) })
      },
      onStatusChange: () => {
        // The recording's sentence rides on the status events; sent only when it changed.
        const notice = feed.recording.notice()
        if (notice !== lastNotice) outbox.push({ type: 'recordingNotice', notice })
        lastNotice = notice
        const { endpoints, plan } = feed.status()
        outbox.push({ type: 'status', endpoints, plan })
      },
      onDepth: (view) => outbox.push({ type: 'depth', view }),
      onHeldDepth: (update) => outbox.push({ type: 'heldDepth', update }),
      onDayCandles: (view) => outbox.push({ type: 'dayCandles', view }),
    },
    options,
  )
  /** The cached snapshot the main thread seeds the feed with, given to it as it starts. */
  let seed: Snapshot | null = null

  const answer = (id: number, work: Promise<PollWorkerAnswer>) =>
    void work.then(
      (value) => outbox.push({ type: 'answer', id, value }),
      (error: unknown) =>
        outbox.push({
          type: 'failed',
          id,
          kind: error instanceof ApiError ? error.kind : null,
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
        seed = message.snapshot
        return
      case 'watchlist':
        return feed.setInterest({ watchlist: message.symbols })
      case 'start':
        void feed.start(seed).then(() => {
          const { endpoints, plan } = feed.status()
          outbox.push({ type: 'started', snapshot: withoutHistories(feed.snapshot()), endpoints, plan })
        })
        seed = null
        return
      case 'fullSnapshot':
        return answer(message.id, feed.fullSnapshot())
      case 'stop':
        void feed.stop().then(() => outbox.push({ type: 'stopped' }))
        return
      case 'refresh':
        return feed.refreshNow()
      case 'reset':
        return feed.refreshNow({ afresh: true })
      // Straight to the scheduler that owns the pause reasons; the feed's streams follow it.
      case 'hidden':
        return feed.scheduler.setHidden(message.hidden)
      case 'paused':
        return feed.scheduler.setPaused(message.reason, message.paused)
      case 'recording':
        return feed.recording.start(message.userDataDir)
      case 'recordedHistory':
        return answer(message.id, feed.recording.read(message.symbol, message.from, message.daily))
      case 'depthSymbol':
        return feed.setInterest({ depthSymbol: message.symbol })
      case 'heldDepthSymbols':
        return feed.setInterest({ heldDepthSymbols: message.symbols })
      case 'chartSymbol':
        return feed.setInterest({ chartSymbol: message.symbol })
      case 'listAssets':
        return answer(message.id, feed.listAssets())
      case 'assetPauses':
        return answer(message.id, feed.assetPauses())
      case 'saveSnapshot':
        return answer(
          message.id,
          feed.saveSnapshot(message.userDataDir).then(() => null),
        )
    }
  })
  outbox.push({ type: 'ready' })
  return feed
}
