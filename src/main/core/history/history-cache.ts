import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Clock } from '../clock'

/**
 * The service's history answers kept for their documented lifetime, in memory and on disk (so a
 * range switch or a restart within it paints without a request). The candle endpoint documents a
 * 1 s cache, an older page 30 s; we keep answers the longer of the two: a candle of a closed
 * bucket never changes, and the open one is joined with what was recorded since.
 */

export const HISTORY_CACHE_LIFETIME_MS = 30_000

interface Entry {
  at: number
  value: unknown
}

export class HistoryCache {
  private readonly memory = new Map<string, Entry>()

  /** `folder`: where the disk copies go; null keeps them in memory only (the CLI, tests). */
  constructor(
    private readonly folder: string | null,
    private readonly clock: Clock,
  ) {}

  /** The value kept under `key` if it is younger than the lifetime. */
  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.memory.get(key) ?? (await this.fromDisk(key))
    if (!entry || this.clock.now() - entry.at >= HISTORY_CACHE_LIFETIME_MS || entry.at > this.clock.now())
      return undefined
    this.memory.set(key, entry)
    return entry.value as T
  }

  async set(key: string, value: unknown): Promise<void> {
    const entry = { at: this.clock.now(), value }
    this.memory.set(key, entry)
    if (this.folder === null) return
    // A cache: a failed write costs a request later, never the answer now.
    try {
      await mkdir(this.folder, { recursive: true })
      const file = this.fileOf(key)
      await writeFile(`${file}.tmp`, JSON.stringify(entry))
      await rename(`${file}.tmp`, file)
    } catch {
      // Nothing to do: the memory copy stands.
    }
  }

  private async fromDisk(key: string): Promise<Entry | undefined> {
    if (this.folder === null) return undefined
    try {
      const entry = JSON.parse(await readFile(this.fileOf(key), 'utf8')) as Partial<Entry>
      return typeof entry.at === 'number' && 'value' in entry
        ? { at: entry.at, value: entry.value }
        : undefined
    } catch {
      return undefined
    }
  }

  /** Keys are built from a checked symbol and fixed words; the name keeps only safe characters anyway. */
  private fileOf(key: string): string {
    return path.join(this.folder as string, `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.json`)
  }
}
