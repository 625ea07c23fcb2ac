import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'

/** A problem with the file; a corrupt file moved aside says where to and why, always both. */
export type JsonFileProblem =
  | {
      kind: 'corrupt'
      message: string
      /** Where a corrupt file was moved, so nothing the person had is lost. */
      movedTo: string
      /** What was wrong with it: "is not valid JSON", "has invalid content (...)". */
      reason: string
    }
  | {
      kind: 'corrupt' | 'unreadable' | 'write-failed'
      message: string
      movedTo?: undefined
      reason?: undefined
    }

export interface JsonFileOptions {
  /** Stamps the name of a file moved aside. */
  now?: () => Date
  /**
   * Called with every problem: those `read` returns, those found during `update` (which returns
   * only the value) and failed writes (which also throw), so the file's owner can tell the person.
   */
  onProblem?: (problem: JsonFileProblem) => void
  /** A lock older than this is taken over: its holder was killed before it could release it. */
  staleLockMs?: number
  /**
   * Default true: `write` checks the value against the schema first. False for a file the app
   * writes often from values it built itself from checked data, where the check is the write's
   * main cost; what is read back is checked either way.
   */
  checkWrites?: boolean
}

/**
 * Waiting for another process's lock: short at first (a settings write takes a few ms), and long
 * enough in total to outlast a lock left behind by a killed process, which goes stale after
 * `staleLockMs`.
 */
const LOCK_RETRIES = { retries: 60, factor: 1.3, minTimeout: 5, maxTimeout: 500, randomize: true }
const DEFAULT_STALE_LOCK_MS = 10_000
/**
 * write-file-atomic's temporary file is `<file>.<32-bit number>`; one older than this is not a
 * write in progress (that takes milliseconds) but what a killed write left behind.
 */
const LEFTOVER_TEMP_MS = 60_000

/** Whether a process of this id is running on this computer (EPERM: running, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Plain words for the errors a person can act on; anything else keeps its own message. */
const FS_ERROR_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'a folder is in the way',
  ENOTDIR: 'a file is in the way of the folder',
  EMFILE: 'too many files are open',
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const reason = code ? FS_ERROR_REASONS[code] : undefined
  const message = error instanceof Error ? error.message : String(error)
  return reason ? `${reason} (${code})` : message
}

/**
 * `settings.json` moved aside at 2025-01-02T03:04:05.678Z becomes
 * `settings.json.corrupt-2025-01-02T03-04-05.678Z`.
 */
export function corruptFileName(filePath: string, at: Date): string {
  return `${filePath}.corrupt-${at.toISOString().replace(/:/g, '-')}`
}

/** The first few schema issues as one line: "watchlist.3: not a valid token symbol; theme: ...". */
export function describeSchemaIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/**
 * A JSON file that is validated on read and written atomically. What is on disk is either the
 * previous complete version or the new complete version, never a mix; a file that cannot be used
 * is kept aside under another name and reported, never silently replaced.
 */
export class JsonFile<T> {
  private readonly now: () => Date
  private readonly onProblem: (problem: JsonFileProblem) => void
  private readonly staleLockMs: number
  private readonly checkWrites: boolean
  private leftoversRemoved = false

  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly defaults: () => T,
    options: JsonFileOptions = {},
  ) {
    this.now = options.now ?? (() => new Date())
    this.onProblem = options.onProblem ?? (() => {})
    this.staleLockMs = options.staleLockMs ?? DEFAULT_STALE_LOCK_MS
    this.checkWrites = options.checkWrites ?? true
  }

  /**
   * Reads and validates. Missing file: defaults. Unparseable or invalid: moved aside, defaults, and a
   * problem.
   */
  async read(): Promise<{ value: T; problem: JsonFileProblem | null }> {
    await this.removeLeftovers()
    const result = await this.readOnce()
    if (result.problem) this.onProblem(result.problem)
    return result
  }

  /**
   * Atomic write: a temp file in the same folder, fsync, rename; mode 0600. The value is checked
   * against the schema first (unless `checkWrites` is false). On failure the previous file stays
   * as it was and the Error says which file and why.
   */
  async write(value: T): Promise<void> {
    const text = `${JSON.stringify(this.checkWrites ? this.checked(value) : value, null, 2)}\n`
    try {
      await this.ensureFolder()
      // A fresh options object each time: write-file-atomic fills in missing fields on it.
      await writeFileAtomic(this.path, text, { mode: 0o600, fsync: true })
    } catch (error) {
      const message = `Could not save ${this.path}: ${describeFsError(error)}`
      this.onProblem({ kind: 'write-failed', message })
      throw new Error(message, { cause: error })
    }
  }

  /**
   * Read-modify-write under a lock shared with other processes (the app and the CLI), so two
   * writers at once lose neither's change. `mutate` gets the value as it is on disk now, and
   * returns it unchanged, or a new value: it never changes the one it gets.
   */
  async update(mutate: (current: T) => T): Promise<T> {
    let lostLock: Error | null = null
    let release: () => Promise<void>
    try {
      await this.ensureFolder()
      release = await this.lock((error) => {
        lostLock = error
      })
    } catch (error) {
      throw new Error(`Could not lock ${this.path} for writing: ${describeFsError(error)}`, { cause: error })
    }
    try {
      const { value: current, problem } = await this.read()
      // Writing over a file we could not read would destroy whatever it holds.
      if (problem?.kind === 'unreadable') throw new Error(`Not saving: ${problem.message}`)
      const next = mutate(current)
      // Nothing changed (the callers build a new value for any change): nothing to write.
      if (next === current) return current
      if (lostLock) {
        throw new Error(`Not saving ${this.path}: another process took over its lock; try again`, {
          cause: lostLock,
        })
      }
      await this.write(next)
      return next
    } finally {
      await release().catch(() => {
        // The lock was already taken over or removed; nothing left to release.
      })
    }
  }

  private get ownerPath(): string {
    return `${this.path}.lock-owner`
  }

  /**
   * proper-lockfile's lock (a folder, refreshed while held), with who holds it written beside it:
   * a lock whose process is gone is taken over at once rather than after `staleLockMs`. The owner
   * file names the lock folder it belongs to (inode and birth), so an old one is never read as
   * the owner of a newer lock.
   */
  private async lock(onCompromised: (error: Error) => void): Promise<() => Promise<void>> {
    const options = {
      realpath: false, // the file itself may not exist yet
      stale: this.staleLockMs,
      // The default throws from a timer, which would crash the process.
      onCompromised,
    }
    let release: () => Promise<void>
    try {
      release = await lockfile.lock(this.path, { ...options, retries: 0 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      await this.takeOverAbandonedLock()
      release = await lockfile.lock(this.path, { ...options, retries: LOCK_RETRIES })
    }
    const folder = await fs.stat(`${this.path}.lock`)
    const owner = { host: os.hostname(), pid: process.pid, ino: folder.ino, birth: folder.birthtimeMs }
    await fs.writeFile(this.ownerPath, JSON.stringify(owner), { mode: 0o600 }).catch(() => {
      // Without it a killed holder's lock goes stale after staleLockMs, as before.
    })
    return async () => {
      await fs.rm(this.ownerPath, { force: true })
      await release()
    }
  }

  /**
   * Removes the lock when the owner file says a process on this computer holds it and that process is gone.
   */
  private async takeOverAbandonedLock(): Promise<void> {
    try {
      const owner = JSON.parse(await fs.readFile(this.ownerPath, 'utf8')) as Record<string, unknown>
      const folder = await fs.stat(`${this.path}.lock`)
      const abandoned =
        owner.host === os.hostname() &&
        owner.ino === folder.ino &&
        owner.birth === folder.birthtimeMs &&
        typeof owner.pid === 'number' &&
        !isRunning(owner.pid)
      if (!abandoned) return
      await fs.rm(this.ownerPath, { force: true })
      await fs.rmdir(`${this.path}.lock`)
    } catch {
      // No owner said, or the lock went meanwhile: wait for it as for any other.
    }
  }

  /** Once: the temporary files of writes killed mid-way (old enough not to be a write in progress). */
  private async removeLeftovers(): Promise<void> {
    if (this.leftoversRemoved) return
    this.leftoversRemoved = true
    const base = path.basename(this.path)
    const names = await fs.readdir(path.dirname(this.path)).catch(() => [] as string[])
    for (const name of names) {
      if (!name.startsWith(`${base}.`) || !/^\d+$/.test(name.slice(base.length + 1))) continue
      const leftover = path.join(path.dirname(this.path), name)
      const stat = await fs.stat(leftover).catch(() => null)
      if (stat?.isFile() && stat.mtimeMs < Date.now() - LEFTOVER_TEMP_MS) {
        // Gone meanwhile, or not ours to remove: left as it is.
        await fs.rm(leftover).catch(() => undefined)
      }
    }
  }

  private checked(value: T): T {
    const checked = this.schema.safeParse(value)
    if (!checked.success) {
      throw new Error(
        `Not saving ${this.path}: the new content is invalid (${describeSchemaIssues(checked.error)})`,
      )
    }
    return checked.data
  }

  private async readOnce(): Promise<{ value: T; problem: JsonFileProblem | null }> {
    let text: string
    try {
      text = await fs.readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: this.defaults(), problem: null }
      return {
        value: this.defaults(),
        problem: { kind: 'unreadable', message: `${this.path} could not be read: ${describeFsError(error)}` },
      }
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return this.setAside('is not valid JSON')
    }
    const checked = this.schema.safeParse(parsed)
    if (!checked.success) return this.setAside(`has invalid content (${describeSchemaIssues(checked.error)})`)
    return { value: checked.data, problem: null }
  }

  private async setAside(what: string): Promise<{ value: T; problem: JsonFileProblem }> {
    const movedTo = corruptFileName(this.path, this.now())
    try {
      await fs.rename(this.path, movedTo)
    } catch (error) {
      const message = `${this.path} ${what} and could not be moved aside: ${describeFsError(error)}`
      return { value: this.defaults(), problem: { kind: 'corrupt', message } }
    }
    const message = `${this.path} ${what}; it was moved aside to ${movedTo}`
    return { value: this.defaults(), problem: { kind: 'corrupt', message, movedTo, reason: what } }
  }

  private async ensureFolder(): Promise<void> {
    await fs.mkdir(path.dirname(this.path), { recursive: true, mode: 0o700 })
  }
}
