import path from 'node:path'
import type { ApiClient } from '../api/api-client'
import { HistoryQueue } from './history-queue'
import type { Clock } from '../clock'
import { clientForConnection } from '../feed/connection-client'
import type { FeedConnection } from '../feed/poll-feed'
import type { RecordingLink } from '../recording-port'
import { HistoryCache } from './history-cache'
import { HistoryService } from './history-service'

/**
 * History in the app: a client of its own on the connection the feed polls (so its requests
 * never queue behind the price polls, which run in the poll worker on theirs), its queue and
 * cache, and the recorded part read through the recording's port (recording-port.ts) from the
 * thread that polls, where history.sqlite is written.
 */
export class AppHistory {
  readonly service: HistoryService
  private client: ApiClient | null = null
  private started = false

  constructor(
    private readonly recording: RecordingLink,
    private readonly clock: Clock,
    private readonly userDataDir: string,
  ) {
    this.service = new HistoryService({
      client: () => this.client,
      queue: new HistoryQueue({ clock }),
      cache: new HistoryCache(path.join(userDataDir, 'history-cache'), clock),
      clock,
      recorded: (symbol, from, daily) =>
        recording.read(symbol, from, daily).catch(() => ({ rows: [], since: null })),
    })
  }

  /**
   * The feed was connected: history asks the same service with the same key; and from the first
   * connection on, the feed records what it takes in (in the poll worker, into history.sqlite).
   */
  connected(connection: FeedConnection): void {
    if (!this.started) this.recording.start(this.userDataDir)
    this.started = true
    void this.client?.close()
    this.client = clientForConnection(connection, this.clock)
  }

  /** History's one storage problem, the recording's (history.sqlite set aside, a full disk), or null. */
  problem(): string | null {
    return this.recording.notice()
  }

  async close(): Promise<void> {
    await this.client?.close()
    this.client = null
  }
}
