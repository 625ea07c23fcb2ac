import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Garbage collection on demand, without starting node with --expose-gc: the flag is set at run
 * time and `gc` is taken from a fresh context, where V8 installs it once the flag is on.
 */
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void

/**
 * Empties the young generation, so that one timed run does not pay for the last one's garbage.
 * (A full collection would also shrink the young generation, and the next run would then pay for
 * growing it again: that is not what a poll every few seconds sees.)
 */
export function collectYoungGarbage(): void {
  gc({ type: 'minor' })
}

/** The heap in use after full collections, in bytes. */
export function heapUsedAfterGc(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
