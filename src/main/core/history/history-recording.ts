import type { DatabaseSync } from 'node:sqlite'
import type { AssetQuote, Delta } from '../../../shared/domain'
import type { Clock } from '../clock'
import {
  HISTORY_DB_FILE,
  type OpenedHistoryDb,
  historyDbProblem,
  needsUpgrade,
  openHistoryDb,
} from './history-db'
import { HistoryRecorder } from './history-recorder'
import { applyRetention } from './history-retention'
import type { RecordedHistory, RecordingPort } from '../recording-port'

/**
 * The recording's life in the thread that polls (the app's poll worker; the CLI's and the tests'
 * own thread): the database opened on `start`, every delta written, the retention applied once
 * an hour, and one sentence for the status bar when something is wrong with it. Recording never
 * stops the prices: a failure here is said and recording pauses. An older file is migrated
 * elsewhere when the thread can (`upgrade`): the prices go on meanwhile, and what they bring is
 * kept to be written once the file is ready.
 */

export const RETENTION_EVERY_MS = 3_600_000
/**
 * Deltas kept while the file is migrated elsewhere: a year's file takes tens of seconds, a few
 * hundred deltas of polls and streamed frames; past this the oldest give way (a hole, not memory).
 */
export const MAX_DELTAS_DURING_UPGRADE = 5_000

/** Brings an older file in a folder to the current schema off this thread; the damaged file set aside. */
export type HistoryUpgrade = (folder: string) => Promise<string | null>

export class HistoryRecording implements RecordingPort {
  private db: DatabaseSync | null = null
  private recorder: HistoryRecorder | null = null
  private problem: string | null = null
  private retentionTimer: unknown = null
  /** Deltas waiting for a migration elsewhere to end; null when none is under way. */
  private waiting: Delta[] | null = null
  /** Counts starts and stops, so that a migration ending after either is let go. */
  private generation = 0

  constructor(
    private readonly clock: Clock,
    private readonly onNotice: () => void,
    private readonly upgrade: HistoryUpgrade | null = null,
  ) {}

  /** Opens history.sqlite in `folder`; the quotes are what the feed holds already. */
  start(folder: string, known: readonly AssetQuote[]): void {
    this.stop()
    if (this.upgrade && needsUpgrade(folder)) this.upgradeThenOpen(this.upgrade, folder, known)
    else this.open(folder, known, () => openHistoryDb(folder, () => this.clock.now()))
  }

  private upgradeThenOpen(upgrade: HistoryUpgrade, folder: string, known: readonly AssetQuote[]): void {
    const generation = this.generation
    this.waiting = []
    this.say('Upgrading the price history file; prices go on and are recorded when it is done.')
    const settle = (setAside: string | null, error: unknown) => {
      if (generation !== this.generation) return
      const waiting = this.waiting ?? []
      this.waiting = null
      this.say(null)
      this.open(folder, known, () => {
        if (error !== null) throw error
        // Migrated: this opening only checks the file.
        return { db: openHistoryDb(folder, () => this.clock.now()).db, setAside }
      })
      for (const delta of waiting) this.recordDelta(delta)
    }
    upgrade(folder).then(
      (setAside) => settle(setAside, null),
      (error: unknown) => settle(null, error),
    )
  }

  private open(folder: string, known: readonly AssetQuote[], opening: () => OpenedHistoryDb): void {
    try {
      const opened = opening()
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
    this.generation++
    if (this.waiting) {
      // Stopped while migrating: the migration ends on its own; recording does not start after it.
      this.waiting = null
      this.say(null)
    }
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
    if (this.waiting) {
      if (this.waiting.push(delta) > MAX_DELTAS_DURING_UPGRADE) this.waiting.shift()
      return
    }
    if (!this.recorder) return
    try {
      this.recorder.recordDelta(delta)
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      this.say(`Recording price history failed and is paused: ${why}.`)
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
