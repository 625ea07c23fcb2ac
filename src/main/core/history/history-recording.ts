import type { DatabaseSync } from 'node:sqlite'
import type { AssetQuote, Delta } from '../../../shared/domain'
import type { Clock } from '../clock'
import { HISTORY_DB_FILE, historyDbProblem, openHistoryDb } from './history-db'
import { HistoryRecorder } from './history-recorder'
import { applyRetention } from './history-retention'
import type { RecordedHistory } from './history-service'

/**
 * The recording's life in the thread that polls (the app's poll worker; the CLI's and the tests'
 * own thread): the database opened on `start`, every delta written, the retention applied once
 * an hour, and one sentence for the status bar when something is wrong with it. Recording never
 * stops the prices: a failure here is said and recording pauses.
 */

export const RETENTION_EVERY_MS = 3_600_000

export class HistoryRecording {
  private db: DatabaseSync | null = null
  private recorder: HistoryRecorder | null = null
  private problem: string | null = null
  private retentionTimer: unknown = null

  constructor(
    private readonly clock: Clock,
    private readonly onNotice: () => void,
  ) {}

  /** Opens history.sqlite in `folder`; the quotes are what the feed holds already. */
  start(folder: string, known: readonly AssetQuote[]): void {
    this.stop()
    try {
      const opened = openHistoryDb(folder, () => this.clock.now())
      this.db = opened.db
      this.recorder = new HistoryRecorder(opened.db, { onProblem: (message) => this.say(message) })
      this.recorder.know(known)
      if (opened.setAside)
        this.say(
          `The price history file was damaged and was set aside (${opened.setAside}` +
            `); recording started afresh.`,
        )
      this.keepRetention()
    } catch (error) {
      this.say(
        `Price history is not being recorded: ${HISTORY_DB_FILE} could ` +
          `not be used (${historyDbProblem(error, folder)}).`,
      )
    }
  }

  stop(): void {
    if (this.retentionTimer !== null) this.clock.clearTimeout(this.retentionTimer)
    this.retentionTimer = null
    try {
      this.recorder?.flush()
    } catch {
      // Closing anyway: what could not be written is lost, as in a crash.
    }
    this.recorder = null
    this.db?.close()
    this.db = null
  }

  /** The status bar's sentence about recording, or null. */
  notice(): string | null {
    return this.problem
  }

  recordDelta(delta: Delta): void {
    if (!this.recorder) return
    try {
      this.recorder.recordDelta(delta)
    } catch (error) {
      this.say(
        `Recording price history failed and is paused: ${error instanceof Error ? error.message : String(error)}.`,
      )
      this.stop()
    }
  }

  read(symbol: string, from: number, daily = false): RecordedHistory {
    return this.recorder ? this.recorder.read(symbol, from, daily) : { rows: [], since: null }
  }

  private keepRetention(): void {
    const run = () => {
      try {
        this.recorder?.flush()
        if (this.db) applyRetention(this.db, this.clock.now())
      } catch {
        // Retried in an hour; recording itself goes on.
      }
      this.retentionTimer = this.clock.setTimeout(run, RETENTION_EVERY_MS)
    }
    run()
  }

  private say(message: string | null): void {
    if (message === this.problem) return
    this.problem = message
    this.onNotice()
  }
}
