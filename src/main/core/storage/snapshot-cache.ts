import path from 'node:path'
import type { Clock } from '../clock'
import type { Snapshot } from '../../../shared/domain'
import { JsonFile, type JsonFileProblem } from './json-file'
import { snapshotSchema } from './snapshot-cache-schema'

export const SNAPSHOT_CACHE_FILE_NAME = 'last-snapshot.json'

/**
 * The last snapshot, kept so the next start shows the last known prices (marked stale) at once.
 * Only a cache: a file that cannot be used is moved aside and the app starts without it. Saves are
 * throttled by SnapshotCacheSchedule (below).
 */
export class SnapshotCache {
  private readonly file: JsonFile<Snapshot | null>

  constructor(userDataDir: string, options: { onProblem?: (problem: JsonFileProblem) => void } = {}) {
    this.file = new JsonFile<Snapshot | null>(
      path.join(userDataDir, SNAPSHOT_CACHE_FILE_NAME),
      snapshotSchema.nullable(),
      () => null,
      // Saved every 30 s from the snapshot state's records, which were checked when they arrived:
      // checking them again cost most of a save (BENCHMARKS.md).
      { ...options, checkWrites: false },
    )
  }

  async load(): Promise<Snapshot | null> {
    return (await this.file.read()).value
  }

  save(snapshot: Snapshot): Promise<void> {
    return this.file.write(snapshot)
  }
}

/** The last snapshot is written to disk at most this often (and on stop). */
export const SNAPSHOT_CACHE_INTERVAL_MS = 30_000

/**
 * When the cache is written: after a change at most every SNAPSHOT_CACHE_INTERVAL_MS, at once when
 * forced (on stop). `write` does the work where the snapshot lives (in the app, the poll worker:
 * checking and serialising hundreds of histories takes tens of milliseconds). A failed write is
 * kept as a problem for the status bar until a write succeeds.
 */
export class SnapshotCacheSchedule {
  private lastWriteAt = 0
  private lastProblem: string | null = null

  constructor(
    private readonly write: () => Promise<void>,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  async changed({ force }: { force: boolean }): Promise<void> {
    const now = this.clock.now()
    if (!force && now - this.lastWriteAt < SNAPSHOT_CACHE_INTERVAL_MS) return
    this.lastWriteAt = now
    try {
      await this.write()
      this.lastProblem = null
    } catch (error) {
      this.lastProblem = `The last prices could not be saved for the next start: ${(error as Error).message}`
    }
  }

  /** Why the last prices could not be saved for the next start, until a save succeeds. */
  problem(): string | null {
    return this.lastProblem
  }
}
