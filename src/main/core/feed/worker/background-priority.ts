import { constants, setPriority } from 'node:os'

/**
 * Lowers the calling thread's CPU priority to Chromium's "background" (nice 10), for the poll
 * worker: on a busy machine the window's main thread, which every click, IPC message and tray
 * menu waits on, then gets a core before the worker's parsing does. Measured at 10,000 listed
 * assets on two cores, the main thread's longest stalls were mostly time spent runnable but
 * waiting for a core (BENCHMARKS.md, main thread).
 *
 * Only on Linux, where a thread's nice value is its own (setpriority(2), "Bugs"), as Chromium's
 * background threads do it. On macOS and Windows the same call lowers the whole process, the
 * window's thread included, so it is not made there. Returns whether the priority was lowered.
 */
export function runInBackground(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL)
    return true
  } catch {
    // A sandbox that forbids it: the worker polls all the same, at the usual priority.
    return false
  }
}
