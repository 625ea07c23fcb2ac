import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, vi } from 'vitest'

/**
 * Shared by the persistence and secrets tests: a fresh temporary folder per test (removed after
 * it), a way to look for a secret in every file under a folder, and simulated disk failures.
 */

const created: string[] = []

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
})

export function makeTempDir(prefix = 'tw-persistence-', parent = os.tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, prefix))
  created.push(dir)
  return dir
}

export function listFilesRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
}

/** Every file under `dir` whose bytes contain `secret`. */
export function filesContaining(dir: string, secret: string): string[] {
  return listFilesRecursive(dir).filter((file) => readFileSync(file).includes(secret))
}

/**
 * Makes one callback-style fs function fail with `code` (ENOSPC, EROFS...), the way
 * write-file-atomic calls it. Undo with `vi.restoreAllMocks()`.
 */
export function failFsCall(name: 'write' | 'open' | 'rename', code: string) {
  const error = Object.assign(new Error(`${code}: simulated failure, ${name}`), { code, syscall: name })
  return vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
    const callback = args.at(-1) as (error: Error) => void
    process.nextTick(callback, error)
  }) as never)
}
