import path from 'node:path'
import type { Snapshot } from '../../../shared/domain'
import { JsonFile, type JsonFileProblem } from './json-file'
import { snapshotSchema } from './snapshot-cache-schema'

export const SNAPSHOT_CACHE_FILE_NAME = 'last-snapshot.json'

/**
 * The last snapshot, kept so the next start shows the last known prices (marked stale) at once.
 * Only a cache: a file that cannot be used is moved aside and the app starts without it. The caller
 * throttles `save`.
 */
export class SnapshotCache {
  private readonly file: JsonFile<Snapshot | null>

  constructor(userDataDir: string, options: { onProblem?: (problem: JsonFileProblem) => void } = {}) {
    this.file = new JsonFile<Snapshot | null>(
      path.join(userDataDir, SNAPSHOT_CACHE_FILE_NAME),
      snapshotSchema.nullable(),
      () => null,
      // Saved every 30 s from the snapshot state's records, which were checked when they arrived: checking
      // them again cost more than the rest of the save (14 of 18 ms with 20 symbols' histories).
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
