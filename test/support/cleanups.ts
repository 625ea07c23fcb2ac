import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/**
 * Undo after each test, newest first: `cleanups.push(...)` what a test started, `tempDir()` for a
 * folder removed afterwards. Call once at the top of a test file.
 */
export function cleanupAfterEach(prefix: string) {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }
  return { cleanups, tempDir }
}
