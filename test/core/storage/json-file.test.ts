import { spawn, spawnSync } from 'node:child_process'
import fs, { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import writeFileAtomic from 'write-file-atomic'
import { corruptFileName, JsonFile, type JsonFileProblem } from '../../../src/main/core/storage/json-file'
import { failFsCall, makeTempDir } from './storage-helpers'

const counterSchema = z.object({ count: z.number().int().nonnegative(), note: z.string() })
type Counter = z.output<typeof counterSchema>
const FIXED_NOW = new Date('2025-03-04T05:06:07.089Z')

/**
 * The library's own name for its temporary file (exported for tests, untyped): what a write killed before its
 * rename leaves.
 */
const tempNameOf = (writeFileAtomic as unknown as { _getTmpname(file: string): string })._getTmpname

function counterFile(dir: string, onProblem?: (problem: JsonFileProblem) => void) {
  return new JsonFile<Counter>(
    path.join(dir, 'counter.json'),
    counterSchema,
    () => ({ count: 0, note: 'default' }),
    {
      now: () => FIXED_NOW,
      onProblem,
    },
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('JsonFile.read', () => {
  it('gives the defaults and no problem when the file does not exist', async () => {
    const file = counterFile(makeTempDir())
    expect(await file.read()).toEqual({ value: { count: 0, note: 'default' }, problem: null })
  })

  it('reads back what it wrote', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 3, note: 'three' })
    expect(await file.read()).toEqual({ value: { count: 3, note: 'three' }, problem: null })
  })

  it.each([
    ['unparseable JSON', '{"count": 3, "note": "tru', /is not valid JSON/],
    ['an empty file', '', /is not valid JSON/],
    ['content that fails the schema', '{"count": -1, "note": "x"}', /has invalid content \(count: /],
  ])(
    'moves %s aside under a dated name, reports it and uses the defaults',
    async (_what, content, reason) => {
      const dir = makeTempDir()
      const reported: JsonFileProblem[] = []
      const file = counterFile(dir, (problem) => reported.push(problem))
      writeFileSync(file.path, content)

      const { value, problem } = await file.read()

      expect(value).toEqual({ count: 0, note: 'default' })
      const movedTo = path.join(dir, 'counter.json.corrupt-2025-03-04T05-06-07.089Z')
      expect(problem).toEqual({
        kind: 'corrupt',
        message: expect.stringMatching(reason),
        movedTo,
        reason: expect.stringMatching(reason),
      })
      expect(problem?.message).toContain(movedTo)
      expect(reported).toEqual([problem])
      // Kept, byte for byte, and out of the way.
      expect(readFileSync(movedTo, 'utf8')).toBe(content)
      expect(existsSync(file.path)).toBe(false)
    },
  )

  it('names a moved-aside file with the ISO time, colons replaced', () => {
    const name = corruptFileName('/data/settings.json', new Date())
    expect(path.basename(name)).toMatch(/^settings\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/)
  })

  it(
    'reports a file it cannot read without moving or replacing it, ' + 'and update refuses to write over it',
    async () => {
      const dir = makeTempDir()
      const file = counterFile(dir)
      mkdirSync(file.path) // reading a folder fails with EISDIR, for root too

      const { value, problem } = await file.read()
      expect(value).toEqual({ count: 0, note: 'default' })
      expect(problem).toEqual({
        kind: 'unreadable',
        message: expect.stringContaining('a folder is in the way (EISDIR)'),
      })
      await expect(file.update((current) => ({ ...current, count: 1 }))).rejects.toThrow(
        /Not saving: .*could not be read/,
      )
      expect(statSync(file.path).isDirectory()).toBe(true)
    },
  )
})

describe('JsonFile.write', () => {
  it('writes the whole file with mode 0600 and leaves no temp file behind', async () => {
    const dir = makeTempDir()
    const file = counterFile(path.join(dir, 'nested', 'folder'))
    for (let count = 1; count <= 20; count += 1) await file.write({ count, note: 'n'.repeat(count * 100) })

    expect(readdirSync(path.dirname(file.path))).toEqual(['counter.json'])
    expect(statSync(file.path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ count: 20, note: 'n'.repeat(2000) })
  })

  it('never lets a reader see a partial file while writes are under way', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 0, note: '' })
    const writes = Array.from({ length: 30 }, (_, count) =>
      file.write({ count, note: 'x'.repeat(50_000 * (count % 3)) }),
    )
    let reads = 0
    let settled = false
    void Promise.all(writes).finally(() => (settled = true))
    while (!settled) {
      // Throws on a torn or empty file.
      counterSchema.parse(JSON.parse(readFileSync(file.path, 'utf8')))
      reads += 1
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(reads).toBeGreaterThan(0)
  })

  it('flushes the new content to the disk before it takes the place of the file', async () => {
    const file = counterFile(makeTempDir())
    const steps: string[] = []
    const { fsync, rename } = fs
    vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, callback: fs.NoParamCallback) => {
      steps.push('fsync')
      fsync(fd, callback)
    }) as never)
    vi.spyOn(fs, 'rename').mockImplementation(((from: string, to: string, callback: fs.NoParamCallback) => {
      steps.push('rename')
      rename(from, to, callback)
    }) as never)
    await file.write({ count: 1, note: 'x' })
    expect(steps).toEqual(['fsync', 'rename'])
  })

  it('refuses content that fails the schema, leaving the file as it was', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 1, note: 'kept' })
    await expect(file.write({ count: 1.5, note: 'bad' })).rejects.toThrow(
      /Not saving .*counter\.json: the new content is invalid \(count: /,
    )
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ count: 1, note: 'kept' })
  })

  it('with checkWrites off writes without the check, and the read still refuses what fails it', async () => {
    const dir = makeTempDir()
    const unchecked = new JsonFile<Counter>(
      path.join(dir, 'counter.json'),
      counterSchema,
      () => ({ count: 0, note: 'default' }),
      { now: () => FIXED_NOW, checkWrites: false },
    )
    await unchecked.write({ count: 1.5, note: 'unchecked' })
    expect(JSON.parse(readFileSync(unchecked.path, 'utf8'))).toEqual({ count: 1.5, note: 'unchecked' })
    const { value, problem } = await unchecked.read()
    expect(value).toEqual({ count: 0, note: 'default' })
    expect(problem).toMatchObject({ kind: 'corrupt', movedTo: corruptFileName(unchecked.path, FIXED_NOW) })
  })

  it('on a full disk (ENOSPC) keeps the previous file, cleans up and says which file and why', async () => {
    const dir = makeTempDir()
    const reported: JsonFileProblem[] = []
    const file = counterFile(dir, (problem) => reported.push(problem))
    await file.write({ count: 1, note: 'before' })
    failFsCall('write', 'ENOSPC')

    const message = `Could not save ${file.path}: the disk is full (ENOSPC)`
    // The system error stays attached as the cause, for whoever logs it.
    await expect(file.write({ count: 2, note: 'after' })).rejects.toMatchObject({
      message,
      cause: { code: 'ENOSPC' },
    })
    expect(reported).toEqual([{ kind: 'write-failed', message }])
    vi.restoreAllMocks()
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ count: 1, note: 'before' })
    expect(readdirSync(dir)).toEqual(['counter.json'])
  })

  it('in a folder it may not write to keeps the previous file and says why', async () => {
    const dir = makeTempDir()
    const folder = path.join(dir, 'readonly')
    const file = counterFile(folder)
    await file.write({ count: 1, note: 'before' })
    fs.chmodSync(folder, 0o500)
    try {
      const probe = path.join(folder, 'probe')
      const permissionsBypassed = (() => {
        try {
          writeFileSync(probe, '')
          fs.rmSync(probe)
          return true
        } catch {
          return false
        }
      })()
      // root (as in CI) writes anyway; there the read-only file system is simulated instead.
      if (permissionsBypassed) failFsCall('open', 'EROFS')

      await expect(file.write({ count: 2, note: 'after' })).rejects.toThrow(
        permissionsBypassed
          ? `Could not save ${file.path}: the file system is read-only (EROFS)`
          : `Could not save ${file.path}: permission denied (EACCES)`,
      )
    } finally {
      vi.restoreAllMocks()
      fs.chmodSync(folder, 0o700)
    }
    expect(JSON.parse(readFileSync(file.path, 'utf8'))).toEqual({ count: 1, note: 'before' })
    expect(readdirSync(folder)).toEqual(['counter.json'])
  })

  it('says so when a folder is in the way of the file', async () => {
    const file = counterFile(makeTempDir())
    mkdirSync(file.path)
    await expect(file.write({ count: 2, note: 'x' })).rejects.toThrow(`Could not save ${file.path}: `)
  })
})

describe('JsonFile.update', () => {
  it('hands mutate the value on disk and saves its result', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    await file.write({ count: 5, note: 'disk' })
    const seen: Counter[] = []
    const result = await file.update((current) => {
      seen.push(current)
      return { ...current, count: current.count + 1 }
    })
    expect(seen).toEqual([{ count: 5, note: 'disk' }])
    expect(result).toEqual({ count: 6, note: 'disk' })
    expect((await file.read()).value).toEqual(result)
    expect(readdirSync(dir)).toEqual(['counter.json']) // lock released
  })

  it('moves a corrupt file aside, reports it and builds on the defaults', async () => {
    const dir = makeTempDir()
    const reported: JsonFileProblem[] = []
    const file = counterFile(dir, (problem) => reported.push(problem))
    writeFileSync(file.path, 'not json')
    expect(await file.update((current) => ({ ...current, count: current.count + 1 }))).toEqual({
      count: 1,
      note: 'default',
    })
    expect(reported.map((problem) => problem.kind)).toEqual(['corrupt'])
    expect(readdirSync(dir).sort()).toEqual(['counter.json', 'counter.json.corrupt-2025-03-04T05-06-07.089Z'])
  })

  it('does not write when mutate throws, and releases the lock', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 1, note: 'kept' })
    await expect(
      file.update(() => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await lockfile.check(file.path, { realpath: false })).toBe(false)
    expect((await file.read()).value).toEqual({ count: 1, note: 'kept' })
  })

  it('says which file it could not lock and why, keeping the system error as the cause', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'blocked'), '')
    const file = counterFile(path.join(dir, 'blocked', 'folder'))
    await expect(file.update((current) => current)).rejects.toMatchObject({
      message: `Could not lock ${file.path} for writing: a file is in the way of the folder (ENOTDIR)`,
      cause: { code: 'ENOTDIR' },
    })
  })

  it('does not save when another process took over its lock meanwhile, and says to try again', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 1, note: 'kept' })
    const lock = vi.spyOn(lockfile, 'lock')
    const takenOver = Object.assign(new Error('Unable to update lock within the stale threshold'), {
      code: 'ECOMPROMISED',
    })
    const update = file.update((current) => {
      // What proper-lockfile reports when its timer finds the lock replaced under it.
      lock.mock.calls[0]?.[1]?.onCompromised?.(takenOver)
      return { ...current, count: 2 }
    })
    await expect(update).rejects.toMatchObject({
      message: `Not saving ${file.path}: another process took over its lock; try again`,
      cause: takenOver,
    })
    expect((await file.read()).value).toEqual({ count: 1, note: 'kept' })
  })

  it('waits for a lock another writer holds, then goes ahead', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 1, note: 'x' })
    const release = await lockfile.lock(file.path, { realpath: false })
    let updated = false
    const update = file
      .update((current) => ({ ...current, count: current.count + 1 }))
      .then(() => (updated = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(updated).toBe(false)
    await release()
    await update
    expect((await file.read()).value.count).toBe(2)
  })

  it('takes over a lock left behind by a writer that was killed', async () => {
    const file = counterFile(makeTempDir())
    await file.write({ count: 1, note: 'x' })
    // What a killed process leaves: the lock folder, no longer refreshed.
    mkdirSync(`${file.path}.lock`)
    const longAgo = new Date(Date.now() - 60_000)
    fs.utimesSync(`${file.path}.lock`, longAgo, longAgo)

    // A lock judged live would be waited for until the retries ran out ("Could not lock").
    await file.update((current) => ({ ...current, count: current.count + 1 }))
    expect((await file.read()).value.count).toBe(2)
    // Taken over and released: no lock is left behind.
    expect(existsSync(`${file.path}.lock`)).toBe(false)
  })
})

describe('what a killed writer leaves (issue #45)', () => {
  it('a lock whose process is gone is taken over at once, not after it goes stale', async () => {
    const dir = makeTempDir()
    // Stale only after ten minutes: a takeover here cannot be proper-lockfile's staleness.
    const file = new JsonFile<Counter>(
      path.join(dir, 'counter.json'),
      counterSchema,
      () => ({ count: 0, note: 'default' }),
      { staleLockMs: 600_000 },
    )
    await file.write({ count: 1, note: 'x' })
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'json-file.lock-holder.child.ts'), file.path],
      {
        cwd: path.resolve(__dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    await new Promise<void>((resolve, reject) => {
      holder.once('exit', () => reject(new Error('the holder ended before taking the lock')))
      holder.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
    })
    holder.removeAllListeners('exit')
    const exited = new Promise((resolve) => holder.once('exit', resolve))
    holder.kill('SIGKILL')
    await exited
    expect(existsSync(`${file.path}.lock`)).toBe(true)

    await file.update((current) => ({ ...current, count: current.count + 1 }))
    expect((await file.read()).value.count).toBe(2)
    expect(readdirSync(dir).sort()).toEqual(['counter.json'])
  }, 60_000)

  it(
    'the temporary file of a write killed before its rename is removed ' +
      'at the next start; a fresh one is left',
    async () => {
      const dir = makeTempDir()
      const target = path.join(dir, 'counter.json')
      writeFileSync(target, JSON.stringify({ count: 3, note: 'kept' }))
      const leftover = tempNameOf(target)
      const inProgress = `${target}.4242`
      writeFileSync(leftover, '{"count": 4, "no')
      writeFileSync(inProgress, '{"count": 5, "no')
      const lastRun = new Date(Date.now() - 5 * 60_000)
      fs.utimesSync(leftover, lastRun, lastRun)

      const file = counterFile(dir)
      expect((await file.read()).value).toEqual({ count: 3, note: 'kept' })
      expect(readdirSync(dir).sort()).toEqual(['counter.json', 'counter.json.4242'])
    },
  )
})

describe('the temporary files of killed writes', () => {
  const NOW = Date.parse('2026-03-09T14:30:00Z')

  /** Writes each file with its modification time `ageMs` before NOW, on a clock fixed at NOW. */
  function filesAged(dir: string, files: Record<string, number>) {
    vi.spyOn(Date, 'now').mockReturnValue(NOW)
    for (const [name, ageMs] of Object.entries(files)) {
      const target = path.join(dir, name)
      writeFileSync(target, name === 'counter.json' ? JSON.stringify({ count: 3, note: 'kept' }) : '{"cou')
      fs.utimesSync(target, (NOW - ageMs) / 1000, (NOW - ageMs) / 1000)
    }
  }

  it('removes <file>.<digits> over a minute old; one a minute old, or of another name, stays', async () => {
    const dir = makeTempDir()
    const old = 61_000
    filesAged(dir, {
      'counter.json': old,
      'counter.json.4242': old,
      'counter.json.1717': 60_000,
      'counter.json.v2': old,
      'counter.json.1.bak': old,
      'counter.json.corrupt-2025-03-04T05-06-07.089Z': old,
      'backups.json.1234': old, // another file's, its name as long as this one's
    })

    expect((await counterFile(dir).read()).value).toEqual({ count: 3, note: 'kept' })
    expect(readdirSync(dir).sort()).toEqual([
      'backups.json.1234',
      'counter.json',
      'counter.json.1.bak',
      'counter.json.1717',
      'counter.json.corrupt-2025-03-04T05-06-07.089Z',
      'counter.json.v2',
    ])
  })

  it('looks for them once, at the first read: one left later waits for the next start', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    await file.read()
    filesAged(dir, { 'counter.json.4242': 120_000 })
    await file.read()
    expect(readdirSync(dir)).toEqual(['counter.json.4242'])
    await counterFile(dir).read()
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('whose lock it is', () => {
  /** The id of a process that ran on this computer and has ended. */
  let gonePid = 0
  beforeAll(() => {
    gonePid = spawnSync(process.execPath, ['-e', '']).pid ?? 0
  })

  /**
   * A fresh lock folder (never stale) with an owner file naming it, a process gone and this
   * computer, then changed by `owner`.
   */
  function leaveLock(file: JsonFile<Counter>, owner: Record<string, unknown> = {}) {
    mkdirSync(`${file.path}.lock`)
    const folder = statSync(`${file.path}.lock`)
    const said = { host: os.hostname(), pid: gonePid, ino: folder.ino, birth: folder.birthtimeMs, ...owner }
    writeFileSync(`${file.path}.lock-owner`, JSON.stringify(said))
  }

  /** A lock not taken over fails at once ("Could not lock") instead of being waited for. */
  function lockWithoutWaiting() {
    const lock = lockfile.lock.bind(lockfile)
    vi.spyOn(lockfile, 'lock').mockImplementation((file, options) => lock(file, { ...options, retries: 0 }))
  }

  it('while a change is under way its owner file names this computer, this process, this lock', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    let owner: unknown
    let mode = 0
    await file.update((current) => {
      const folder = statSync(`${file.path}.lock`)
      owner = { said: JSON.parse(readFileSync(`${file.path}.lock-owner`, 'utf8')), folder }
      mode = statSync(`${file.path}.lock-owner`).mode & 0o777
      return { ...current, count: 1 }
    })
    const { said, folder } = owner as { said: unknown; folder: fs.Stats }
    expect(said).toEqual({
      host: os.hostname(),
      pid: process.pid,
      ino: folder.ino,
      birth: folder.birthtimeMs,
    })
    expect(mode).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['counter.json'])
  })

  it('releases the lock though its owner file could not be written', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    const writeFile = fs.promises.writeFile.bind(fs.promises)
    vi.spyOn(fs.promises, 'writeFile').mockImplementation((target, ...rest) =>
      String(target).endsWith('.lock-owner')
        ? Promise.reject(Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' }))
        : writeFile(target, ...rest),
    )
    expect(await file.update((current) => ({ ...current, count: 1 }))).toEqual({ count: 1, note: 'default' })
    expect(readdirSync(dir)).toEqual(['counter.json'])
    expect(await lockfile.check(file.path, { realpath: false })).toBe(false)
  })

  it('a lock left by a process of this computer that no longer runs is taken over at once', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    leaveLock(file)
    lockWithoutWaiting()
    expect(await file.update((current) => ({ ...current, count: 1 }))).toEqual({ count: 1, note: 'default' })
    expect(readdirSync(dir)).toEqual(['counter.json'])
  })

  it.each([
    ['another computer', { host: 'another-computer' }],
    ['a lock before this one (another folder)', { ino: -1 }],
    ['a lock before this one (a folder made at another time)', { birth: -1 }],
    ['a process still running', { pid: process.pid }],
  ])('a lock whose owner file names %s is not taken over', async (_what, owner) => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    leaveLock(file, owner)
    lockWithoutWaiting()
    await expect(file.update((current) => ({ ...current, count: 1 }))).rejects.toThrow(
      `Could not lock ${file.path} for writing`,
    )
    expect(readdirSync(dir).sort()).toEqual(['counter.json.lock', 'counter.json.lock-owner'])
  })

  it('a lock held by a process running as another user (EPERM) is not taken over', async () => {
    const dir = makeTempDir()
    const file = counterFile(dir)
    leaveLock(file)
    lockWithoutWaiting()
    vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' })
    })
    await expect(file.update((current) => ({ ...current, count: 1 }))).rejects.toThrow(
      `Could not lock ${file.path} for writing`,
    )
    expect(readdirSync(dir).sort()).toEqual(['counter.json.lock', 'counter.json.lock-owner'])
  })

  it('a lock that cannot be taken for another reason than its holder fails at once, unretried', async () => {
    const file = counterFile(makeTempDir())
    const lock = vi
      .spyOn(lockfile, 'lock')
      .mockRejectedValue(Object.assign(new Error('EACCES: simulated'), { code: 'EACCES' }))
    await expect(file.update((current) => current)).rejects.toThrow(
      `Could not lock ${file.path} for writing: permission denied (EACCES)`,
    )
    expect(lock).toHaveBeenCalledTimes(1)
  })
})
